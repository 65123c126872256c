//! hipy's x86-64 backend: compiles an optimized trace (`hipy_optimizer::Trace`) into a
//! machine-code loop with `dynasmrt`, and runs it until a guard fails.
//!
//! ```text
//! let loop_ = compile(&trace, &CompileOptions::new(layout))?;
//! let exit = unsafe { loop_.run(&inputs) }?;      // Exit { guard, values }
//! let info = loop_.exit_info(exit.guard);         // op, snapshot, value order
//! ```
//!
//! # Modules
//! - [`regs`]: locations, register roles, System V argument registers.
//! - [`liveness`]: last uses, call positions, use counts.
//! - [`regalloc`]: linear-scan allocation with spilling, done while emitting.
//! - [`moves`]: parallel moves (the jump's back-edge moves, call arguments).
//! - [`emit`]: the dynasmrt assembler with moves, constants, literal pool, conditions.
//! - [`codegen`]: the driver (frame, inputs, op walk, operand helpers, exit capture,
//!   entry and epilogue); lowering per family in `lower_int`, `lower_float`,
//!   `lower_obj` (guards and memory) and `lower_call` (calls and jump).
//! - [`exits`]: exit stubs, the random-exit check, `ExitInfo`.
//! - [`helpers`]: `extern "C"` helpers the generated code calls (float `//`, `%`).
//! - [`compiled`]: `CompiledLoop`, which owns the code buffer and the exit counters.
//!
//! # Calling convention of a compiled loop
//! Inputs are passed as raw 64-bit words (i64 and obj as their bits, f64 as
//! `to_bits`), in the order of `Trace::inputs`. A failing guard stores the values of
//! its exit into the exit buffer in the order of `ExitInfo::values` (the snapshot's
//! distinct values, then the drop list; see `Trace::exit_values`) and returns its exit
//! number, the index of the op among the ops that may exit (`Trace::exit_ops`).
//!
//! # Notes
//! - Re-entrant and thread-safe: the exit buffer belongs to the caller of `run_into`,
//!   exit counters are updated with `lock add`. A helper may run Python code that
//!   enters the same loop again.
//! - Random-exit mode never fails guards of `RaisePending` snapshots at random (no
//!   exception would be pending).
//! - Ready for bridges: every exit has its own stub (`ExitInfo::stub_offset`, first
//!   instruction at least 5 bytes long, so it can be overwritten by a jump) and
//!   records where each of its values lived (`ExitInfo::locations`).

pub mod codegen;
pub mod compiled;
pub mod emit;
pub mod exits;
pub mod helpers;
pub mod liveness;
pub mod lower_call;
pub mod lower_float;
pub mod lower_int;
pub mod lower_obj;
pub mod moves;
pub mod regalloc;
pub mod regs;

pub use compiled::{CompiledLoop, Exit, RunError};
pub use exits::ExitInfo;

use hipy_optimizer::{IrError, Opcode, Trace};
use std::fmt;

/// Byte offsets of the object fields the backend reads inline. The vm probes them at
/// start-up and checks them against its object API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjLayout {
    /// Offset of an object's type pointer (read by `guard_class`, `load_type`).
    pub type_offset: i32,
    /// Offset of a float object's f64 payload (read by `unbox_float`).
    pub float_payload_offset: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    pub layout: ObjLayout,
    /// Test mode: with a seed, every guard (except those of exception-pending
    /// snapshots) also fails when a xorshift64 generator says so.
    pub random_exits: Option<u64>,
    /// In random-exit mode, each guard fails about once in this many runs (rounded up
    /// to a power of two; 1 makes every guard fail).
    pub random_exit_one_in: u32,
}

impl CompileOptions {
    pub fn new(layout: ObjLayout) -> CompileOptions {
        CompileOptions {
            layout,
            random_exits: None,
            random_exit_one_in: 8,
        }
    }

    pub fn with_random_exits(mut self, seed: u64) -> CompileOptions {
        self.random_exits = Some(seed);
        self
    }

    pub(crate) fn random_exit_mask(&self) -> u32 {
        self.random_exit_one_in.max(1).next_power_of_two() - 1
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The trace does not verify.
    InvalidTrace(IrError),
    /// The backend cannot compile this op.
    Unsupported {
        op: usize,
        opcode: &'static str,
        reason: &'static str,
    },
    /// The assembler failed (e.g. no executable memory).
    Assembler(String),
    /// A bug in the backend; the trace is not compiled.
    Internal(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::InvalidTrace(e) => write!(f, "invalid trace: {}", e),
            CompileError::Unsupported { op, opcode, reason } => {
                write!(
                    f,
                    "op {} ({}) is not supported by the backend: {}",
                    op, opcode, reason
                )
            }
            CompileError::Assembler(m) => write!(f, "assembler error: {}", m),
            CompileError::Internal(m) => write!(f, "internal backend error: {}", m),
        }
    }
}

impl std::error::Error for CompileError {}

/// Compiles a trace (verified here; exit lists as computed by the optimizer). A trace
/// must have at least one op that may exit.
pub fn compile(trace: &Trace, opts: &CompileOptions) -> Result<CompiledLoop, CompileError> {
    hipy_optimizer::verify(trace).map_err(CompileError::InvalidTrace)?;
    for (i, op) in trace.ops.iter().enumerate() {
        if matches!(
            op.opcode,
            Opcode::New | Opcode::GetfieldGc | Opcode::SetfieldGc
        ) {
            return Err(CompileError::Unsupported {
                op: i,
                opcode: op.opcode.name(),
                reason: "abstract object ops must be removed by allocation removal first",
            });
        }
    }
    if trace.exit_ops().is_empty() {
        return Err(CompileError::Unsupported {
            op: trace.ops.len().saturating_sub(1),
            opcode: "jump",
            reason: "a loop without any exit would never return to the interpreter",
        });
    }
    compiled::build(trace, opts)
}
