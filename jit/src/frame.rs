//! Stack frames. A root loop's frame (below the six callee-saved registers its entry
//! pushes), from `rsp` up: outgoing stack arguments, the saved exit-buffer pointer,
//! the temporary slot for move cycles, spill slots. Inside compiled code `rsp` never
//! moves, except that a bridge that needs more room lowers it by `extra` bytes on
//! entry (see `bridge`): its own outgoing arguments and spill slots are then at the
//! bottom, and its parent's frame `extra` bytes up.

use crate::regs::{call_arg_locations, Loc};
use hipy_optimizer::{Opcode, Trace};

/// Frame offsets from `rsp` that every op may use (inside compiled code `rsp` never
/// moves, except that a bridge lowers it by a fixed amount on entry).
#[derive(Clone, Copy, Debug)]
pub struct FrameLayout {
    /// Where the entry saved the exit-buffer pointer.
    pub exit_buf: i32,
    /// The temporary slot for breaking move cycles.
    pub temp: i32,
}

impl FrameLayout {
    /// The same slots seen from an `rsp` that is `by` bytes lower.
    pub fn shifted(self, by: i32) -> FrameLayout {
        FrameLayout {
            exit_buf: self.exit_buf + by,
            temp: self.temp + by,
        }
    }
}

/// The frame a trace's code runs in, as its bridges inherit it. Offsets are from
/// that code's `rsp`.
#[derive(Clone, Debug)]
pub struct FrameShape {
    /// How far `rsp` is below the root loop's `rsp` (0 for the root).
    pub below_root: i32,
    pub layout: FrameLayout,
    /// Outgoing stack-argument slots at `[rsp + 0..]`.
    pub arg_slots: usize,
    /// Every spill slot of the frame.
    pub spill_slots: Vec<i32>,
}

/// What the code generator starts from: the frame, the spill slots, the exit cells.
pub struct Setup {
    pub frame: FrameLayout,
    /// Outgoing stack-argument slots available at `[rsp + 0..]`.
    pub arg_slots: usize,
    /// Spill slots free at the start (a bridge reuses its parent's frame).
    pub free_slots: Vec<i32>,
    /// Start of the spill area that grows when `free_slots` run out.
    pub next_slot: i32,
    /// Address of the trace's `ExitCell`s (one per exit, in order).
    pub cells_addr: u64,
    /// Address of the random-exit generator's state.
    pub prng_addr: u64,
    /// The loop-wide number of the trace's first exit.
    pub first_exit: u32,
    /// `Some` when compiling a bridge.
    pub bridge: Option<BridgeSetup>,
}

/// How a bridge's code fits into its loop's frame.
pub struct BridgeSetup {
    /// Where each input is on entry (relative to the bridge's `rsp`).
    pub input_locs: Vec<Loc>,
    /// The root loop's input locations at its head (relative to the bridge's `rsp`).
    pub head_locs: Vec<Loc>,
    /// Address of the root loop's head.
    pub head_addr: u64,
    /// Bytes the bridge subtracts from `rsp` on entry (a multiple of 16).
    pub extra: i32,
    /// How far the bridge's `rsp` is below the root loop's.
    pub below_root: i32,
    /// The root loop's frame size (`Codegen::frame_size` of the root).
    pub root_frame_size: i32,
}

/// The number of 8-byte stack slots the trace's calls pass arguments in.
pub fn max_stack_args(t: &Trace) -> usize {
    t.ops
        .iter()
        .filter(|op| op.opcode == Opcode::Call)
        .filter_map(|op| op.func.map(|f| call_arg_locations(&t.func(f).args).1))
        .max()
        .unwrap_or(0)
}

impl Setup {
    /// A root loop's frame: outgoing arguments, the exit-buffer pointer, the temporary
    /// slot, then spill slots.
    pub fn root(t: &Trace, cells_addr: u64, prng_addr: u64) -> Setup {
        let arg_slots = max_stack_args(t);
        let exit_buf = 8 * arg_slots as i32;
        Setup {
            frame: FrameLayout {
                exit_buf,
                temp: exit_buf + 8,
            },
            arg_slots,
            free_slots: Vec::new(),
            next_slot: exit_buf + 16,
            cells_addr,
            prng_addr,
            first_exit: 0,
            bridge: None,
        }
    }
}

/// A location seen from an `rsp` that is `by` bytes lower.
pub fn shift(l: Loc, by: i32) -> Loc {
    match l {
        Loc::Stack(o) => Loc::Stack(o + by),
        r => r,
    }
}

/// Rounds up to a multiple of 16 (`rsp` stays aligned for calls).
pub fn round16(x: i32) -> i32 {
    (x + 15) & !15
}
