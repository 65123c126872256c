//! Exits: the out-of-line stub of every op that may exit, the random-exit check, the
//! per-exit memory cell, and the per-exit description handed to the vm.
//!
//! A stub has two parts. The first counts the exit in its cell and jumps to the
//! address in the cell's `target`:
//! ```text
//! stub:   mov r11, cell ; inc qword [r11] ; jmp qword [r11 + 8]
//! store:  ...
//! ```
//! `target` is first the address of `store`, which stores the exit's values into the
//! exit buffer (registers first, then stack slots through `rax`, whose own value is
//! already stored by then), puts the exit number in `eax` and leaves through the
//! epilogue. Attaching a bridge writes the bridge's entry address into `target`: the
//! guard then goes to the bridge with every exit value still where it was (its
//! `ExitInfo::locations`), in the same frame. Nothing in the code buffer is patched,
//! so a bridge may live anywhere in the address space.

use crate::emit::{emit, Emitter};
use crate::regs::{Loc, R11};
use dynasmrt::{AssemblyOffset, DynamicLabel, DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Operand, SnapId, Trace, Type, ValueId};
use std::sync::atomic::AtomicU64;

/// The memory of one exit that its stub reads and writes (16 bytes, `#[repr(C)]`: the
/// stub addresses `target` as `[cell + 8]`).
#[repr(C)]
pub struct ExitCell {
    /// Times the guard failed (whether it then left or went into a bridge).
    pub count: AtomicU64,
    /// Where the stub continues: its own `store` part, or a bridge's entry.
    pub target: AtomicU64,
}

impl ExitCell {
    pub fn new() -> ExitCell {
        ExitCell {
            count: AtomicU64::new(0),
            target: AtomicU64::new(0),
        }
    }
}

impl Default for ExitCell {
    fn default() -> ExitCell {
        ExitCell::new()
    }
}

/// Offsets of a stub's two parts in its code buffer.
#[derive(Clone, Copy, Debug)]
pub struct StubOffsets {
    pub stub: AssemblyOffset,
    pub store: AssemblyOffset,
}

/// An exit whose stub is still to be emitted.
pub struct PendingExit {
    pub label: DynamicLabel,
    /// The exit's number in its loop (all traces), and its index in its trace.
    pub exit_no: u32,
    pub local: usize,
    pub op_index: usize,
    /// Where each exit value is at the guard.
    pub locs: Vec<Loc>,
    pub values: Vec<ValueId>,
}

/// What the vm needs to know about one exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitInfo {
    /// The trace the exiting op belongs to: 0 for the root loop, `k` for the `k`-th
    /// bridge attached (`Attached::trace`).
    pub trace: u32,
    /// Index in that trace's `Trace::ops` of the op that exits.
    pub op_index: usize,
    pub snapshot: SnapId,
    /// The values in the exit buffer, in order: the snapshot's distinct values
    /// (frames outermost first, slots in order, then virtual fields), then the
    /// guard's drop list (`Trace::exit_values`).
    pub values: Vec<ValueId>,
    /// The type of each value (a bridge's inputs have these types).
    pub types: Vec<Type>,
    /// For each value: an object the exit does not own (in neither exit list of the
    /// guard). A bridge borrows exactly these inputs.
    pub borrowed: Vec<bool>,
    /// Where each value is at the guard, relative to the `rsp` of the exiting trace's
    /// code (a bridge starts with its inputs there).
    pub locations: Vec<Loc>,
    /// Offset of the stub's first instruction in its trace's code buffer.
    pub stub_offset: AssemblyOffset,
}

impl ExitInfo {
    /// The raw bits of value `v` in an exit buffer filled by this exit.
    pub fn value_of(&self, buffer: &[u64], v: ValueId) -> Option<u64> {
        let k = self.values.iter().position(|&x| x == v)?;
        buffer.get(k).copied()
    }

    /// The raw bits of a snapshot operand at this exit: a value from the buffer, or
    /// a constant (f64 as its bits, an object constant as its address).
    pub fn operand_bits(&self, trace: &Trace, buffer: &[u64], o: Operand) -> Option<u64> {
        match o {
            Operand::Value(v) => self.value_of(buffer, v),
            Operand::Int(k) => Some(k as u64),
            Operand::Float(bits) => Some(bits),
            Operand::Obj(c) => trace.consts.get(c.index()).map(|c| c.addr),
        }
    }
}

/// Emits the stub of one exit (see the module documentation).
pub fn emit_stub(
    e: &mut Emitter,
    exit: &PendingExit,
    exit_buf_slot: i32,
    cell_addr: u64,
    epilogue: DynamicLabel,
) -> StubOffsets {
    let stub = e.offset();
    e.bind(exit.label);
    let cell = cell_addr as i64;
    emit!(e
        ; mov r11, QWORD cell
        ; inc QWORD [r11]
        ; jmp QWORD [r11 + 8]
    );
    let store = e.offset();
    emit!(e; mov Rq(R11), QWORD [rsp + exit_buf_slot]);
    for (k, loc) in exit.locs.iter().enumerate() {
        let off = 8 * k as i32;
        match *loc {
            Loc::Gpr(r) => emit!(e; mov QWORD [Rq(R11) + off], Rq(r)),
            Loc::Xmm(x) => emit!(e; movsd QWORD [Rq(R11) + off], Rx(x)),
            Loc::Stack(_) => {}
        }
    }
    for (k, loc) in exit.locs.iter().enumerate() {
        let off = 8 * k as i32;
        if let Loc::Stack(s) = *loc {
            emit!(e; mov rax, QWORD [rsp + s] ; mov QWORD [Rq(R11) + off], rax);
        }
    }
    let exit_no = exit.exit_no as i32;
    emit!(e
        ; mov eax, DWORD exit_no
        ; jmp =>epilogue
    );
    StubOffsets { stub, store }
}

/// The random-exit check: advances a xorshift64 state in memory and jumps to the exit
/// when the low bits under `mask` are all zero. Preserves every register but `r11`
/// and the flags (it runs before the op's own checks).
pub fn emit_random_check(e: &mut Emitter, state_addr: u64, mask: u32, exit: DynamicLabel) {
    let addr = state_addr as i64;
    let mask = mask as i32;
    emit!(e
        ; push rax
        ; push rcx
        ; mov Rq(R11), QWORD addr
        ; mov rax, QWORD [Rq(R11)]
        ; mov rcx, rax ; shl rcx, 13 ; xor rax, rcx
        ; mov rcx, rax ; shr rcx, 7 ; xor rax, rcx
        ; mov rcx, rax ; shl rcx, 17 ; xor rax, rcx
        ; mov QWORD [Rq(R11)], rax
        ; test eax, DWORD mask
        ; pop rcx
        ; pop rax
        ; jz =>exit
    );
}
