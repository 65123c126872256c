//! Exits: the out-of-line stub of every op that may exit, the random-exit check, and
//! the per-exit description handed to the vm.
//!
//! A stub stores the exit's values into the exit buffer (registers first, then stack
//! slots through `rax`, whose own value is already stored by then), counts the exit in
//! its counter, puts the exit number in `eax` and leaves through the epilogue.

use crate::emit::{emit, Emitter};
use crate::regs::{Loc, R11};
use dynasmrt::{AssemblyOffset, DynamicLabel, DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Operand, SnapId, Trace, ValueId};

/// An exit whose stub is still to be emitted.
pub struct PendingExit {
    pub label: DynamicLabel,
    pub exit_no: u32,
    pub op_index: usize,
    /// Where each exit value is at the guard.
    pub locs: Vec<Loc>,
    pub values: Vec<ValueId>,
}

/// What the vm needs to know about one exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitInfo {
    /// Index in `Trace::ops` of the op that exits.
    pub op_index: usize,
    pub snapshot: SnapId,
    /// The values in the exit buffer, in order: the snapshot's distinct values
    /// (frames outermost first, slots in order, then virtual fields), then the
    /// guard's drop list (`Trace::exit_values`).
    pub values: Vec<ValueId>,
    /// Where each value was at the guard (for attaching bridges later).
    pub locations: Vec<Loc>,
    /// Offset of the stub's first instruction in the code buffer (bridges patch it).
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

/// Emits the stub of one exit. Returns the stub's offset.
pub fn emit_stub(
    e: &mut Emitter,
    exit: &PendingExit,
    exit_buf_slot: i32,
    counter_addr: u64,
    epilogue: DynamicLabel,
) -> AssemblyOffset {
    let start = e.offset();
    e.bind(exit.label);
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
    let counter = counter_addr as i64;
    let exit_no = exit.exit_no as i32;
    emit!(e
        ; mov Rq(R11), QWORD counter
        ; lock add QWORD [Rq(R11)], 1
        ; mov eax, DWORD exit_no
        ; jmp =>epilogue
    );
    start
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
