//! hipy's x86-64 backend: compiles an optimized trace (`hipy_optimizer::Trace`) into a
//! machine-code loop with `dynasmrt`, runs it until a guard fails, and attaches
//! bridges (side traces) to exits that fail often.
//!
//! ```text
//! let loop_ = compile(&trace, &CompileOptions::new(layout))?;   // Rc<CompiledLoop> in the vm
//! let guard = unsafe { loop_.run_into(&inputs, &mut buf) }?;    // exit number; values in buf
//! let info = loop_.exit_info(guard);     // trace, op, snapshot, value order, types
//! // A hot exit: record a bridge from it (TraceBuilder::bridge), optimize, attach.
//! let a = loop_.attach_bridge(guard, &bridge, &opts)?;          // Attached
//! // From now on exit `guard` runs the bridge; its own exits are a.exits, and
//! // exit_info(k).trace == a.trace for them.
//! ```
//!
//! # API
//! - `compile(&Trace, &CompileOptions) -> Result<CompiledLoop, CompileError>`.
//! - `CompiledLoop::run(&self, &[u64]) -> Result<Exit, RunError>` and
//!   `run_into(&self, &[u64], &mut Vec<u64>) -> Result<u32, RunError>`: enter at the
//!   loop head, return the number of the exit taken (of the root or of any bridge).
//! - `attach_bridge(&self, exit: u32, bridge: &Trace, opts: &CompileOptions) ->
//!   Result<Attached, CompileError>`: `Attached { trace, exits, code_size,
//!   extra_stack }`. The bridge's exits get the numbers `exits` (a range after all
//!   earlier exits, in the order of the bridge's `Trace::exit_ops`), its trace the
//!   number `trace` (1 for the first bridge, then 2, ...; the root is 0).
//! - `exit_info(n) -> Option<&ExitInfo>`: `trace` (which trace's op), `op_index`,
//!   `snapshot` (in that trace), `values` (the exit buffer's order), `types`,
//!   `borrowed`, `locations`. References stay valid while bridges are attached.
//! - `exit_count(n)`, and `exit_counts() -> Vec<u64>` by exit number: how often each guard failed; for an
//!   exit with a bridge, how often the bridge was entered. `has_bridge(n)`.
//! - `exits() -> Vec<&ExitInfo>`, `num_exits()`, `num_traces()`, `max_exit_values()`
//!   (bridges included), `code()`/`code_size()` (root), `trace_code(k)`,
//!   `total_code_size()`.
//!
//! # Bridges
//! A bridge trace (`Trace::bridge` set; built with `TraceBuilder::bridge(name,
//! parent_trace, op_index)`) has one input per value of the exit it starts from, in
//! `ExitInfo::values` order, with `ExitInfo::types`; object inputs are owned except
//! those `ExitInfo::borrowed` says are borrowed (the exit's `drop` values are owned:
//! the bridge must release them). Its `jump` passes the root loop's input types.
//! `attach_bridge` checks all this and returns `CompileError::Bridge` on a mismatch,
//! on an exit that already has a bridge, or when a bridge without exits would take
//! over the loop's last exit. Bridges may start from exits of bridges.
//!
//! On a guard failure the stub counts the exit and jumps through the exit's cell
//! (`exits`): to its own store-and-return code, or, once a bridge is attached, to the
//! bridge's first instruction, with every exit value still in its register or stack
//! slot (`bridge`). The bridge's jump moves its values into the root's head locations
//! and jumps to the root's head.
//!
//! # Modules
//! - [`regs`]: locations, register roles, System V argument registers.
//! - [`frame`]: stack frame layouts of loops and bridges.
//! - [`liveness`]: last uses, call positions, use counts.
//! - [`regalloc`]: linear-scan allocation with spilling, done while emitting.
//! - [`moves`]: parallel moves (the jump's back-edge moves, call arguments).
//! - [`emit`]: the dynasmrt assembler with moves, constants, literal pool, conditions.
//! - [`codegen`]: the driver (frame, inputs, op walk, operand helpers, exit capture,
//!   entry and epilogue); lowering per family in `lower_int`, `lower_float`,
//!   `lower_obj` (guards and memory) and `lower_call` (calls and jump).
//! - [`exits`]: exit stubs and cells, the random-exit check, `ExitInfo`.
//! - [`helpers`]: `extern "C"` helpers the generated code calls (float `//`, `%`).
//! - [`compiled`]: `CompiledLoop`: the traces' code buffers, exit cells, running.
//! - [`bridge`]: compiling a bridge into its parent's frame, `attach_bridge`.
//! - [`append_only`]: the list that keeps traces and exits at stable addresses.
//!
//! # Calling convention of a compiled loop
//! Inputs are passed as raw 64-bit words (i64 and obj as their bits, f64 as
//! `to_bits`), in the order of `Trace::inputs`. A failing guard stores the values of
//! its exit into the exit buffer in the order of `ExitInfo::values` (the snapshot's
//! distinct values, then the drop list; see `Trace::exit_values`) and returns its exit
//! number. The root's exit numbers are the indexes of its ops that may exit
//! (`Trace::exit_ops`); a bridge's follow (`Attached::exits`).
//!
//! # Notes
//! - Re-entrant: the exit buffer belongs to the caller of `run_into`, so a helper may
//!   run Python code that enters the same loop again, and may even attach a bridge
//!   then (if the bridge's exits fit the exit buffers of the runs still active).
//! - Not `Sync` (exit counters are plain increments, bridges attach through `&self`):
//!   a loop is used on one thread, as the vm's `Rc` does.
//! - Random-exit mode fails only guards of `Resume` snapshots at random: a
//!   `RaisePending` exit needs a pending exception, a `Reoffer` exit a declined value;
//!   and never a `guard_nonnull`, whose failure means null (a non-null value there is
//!   a reference the exit lists do not hold). A bridge's guards fail at random when the bridge is
//!   compiled with random exits; a guard leading into a bridge fails into it.

pub mod append_only;
pub mod bridge;
pub mod codegen;
pub mod compiled;
pub mod emit;
pub mod exits;
pub mod frame;
pub mod helpers;
pub mod liveness;
pub mod lower_call;
pub mod lower_float;
pub mod lower_int;
pub mod lower_obj;
pub mod moves;
pub mod regalloc;
pub mod regs;

pub use bridge::Attached;
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

/// How to increment and decrement a reference count inline. Calls to the
/// helpers `incref` and `decref` (by address) get a fast path that touches
/// the count word directly; anything unusual goes to the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineRefcounts {
    /// Offset of the count word in an object.
    pub offset: i32,
    /// Bits of the word holding the count.
    pub count_mask: u64,
    /// A bit that makes both operations no-ops (an immortal object).
    pub immortal_mask: u64,
    /// Bits that send both operations to the helper.
    pub slow_mask: u64,
    /// `incref(obj) -> obj`: adds one and returns its argument.
    pub incref: u64,
    /// `decref(obj)`: drops one reference, freeing the object at zero. Done
    /// inline only while the count stays above zero.
    pub decref: u64,
    /// The address of a byte that is non-zero when other threads may count
    /// references too: the inline paths count with plain (not atomic)
    /// instructions, so they test it first and leave it all to the helpers
    /// when it is set.
    pub threads_flag: u64,
}

/// How to store an f64 into a list item inline. Calls to the helper
/// `store(items, i, x)` (by address) first look at the old item `items[i]`:
/// an exact float whose count word is exactly 1 (one reference, no flag)
/// takes `x` in place; anything else goes to the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineFloatStore {
    /// `store(items: obj, i: i64, x: f64)`.
    pub store: u64,
    /// The float type: what an exact float's type pointer holds.
    pub float_type: u64,
    /// Offset of the count word in an object.
    pub count_offset: i32,
    /// As `InlineRefcounts::threads_flag`: when set, every store calls `store`.
    pub threads_flag: u64,
}

/// How to run `x ** 0.5` inline. Calls to the helper `pow(x, y)` (by
/// address) with `y == 0.5` and `2^-900 <= x <= 2^1000` take `s = sqrt(x)`
/// when `s` is not a power of two and `|s*s - x| <= 0.8 * s * ulp(s)` (the
/// residual by a fused multiply-add): the cases where the vm's helper
/// returns `s` itself (see `hp_pow` in the vm); anything else calls it.
/// Only for CPUs with FMA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineSqrtPow {
    /// `pow(x: f64, y: f64) -> f64`.
    pub pow: u64,
}

impl InlineSqrtPow {
    /// 2^-900: from here up, the residual `s*s - x` is exact.
    pub const LOWEST: f64 = f64::from_bits((1023 - 900) << 52);
    /// 2^1000: up to here, `s*s` cannot overflow.
    pub const HIGHEST: f64 = f64::from_bits((1023 + 1000) << 52);
    /// `|s*s - x| <= RESIDUAL_BOUND * s * ulp(s)`: the exact root is within
    /// 0.4 ulp of `s` (the root minus `s` is about `-(s*s - x) / 2s`).
    pub const RESIDUAL_BOUND: f64 = 0.8;
}

/// How to unbox a small int inline. Calls to the helper `unbox(obj) -> i64`
/// (by address) read an exact int whose magnitude is one limb below 2^63
/// directly: the word at `tag_offset` equals `tag` for a one-limb value, the
/// limb is the word at `limb_offset`, and the byte at `sign_offset` is
/// non-zero for a value >= 0. Anything else calls the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineUnboxInt {
    pub unbox: u64,
    /// The int type: what an exact int's type pointer holds.
    pub int_type: u64,
    pub tag_offset: i32,
    pub tag: u64,
    pub limb_offset: i32,
    pub sign_offset: i32,
}

/// How to read and write an instance attribute through a cached hint inline
/// (needs `InlineRefcounts`). Calls to the helpers `get(obj, name, hint) ->
/// obj` and `set(obj, name, value, hint) -> i64` (by address) look, while the
/// threads flag is clear, at the instance dict pointer at `dict_offset`
/// (signed) from the object: a non-null dict whose type pointer is
/// `dict_type` and whose u32 stamp at `stamp_offset` equals the hint's high
/// half (non-zero) has the attribute at entry `index` (the hint's low half):
/// the entry array is the word at `entries_offset`, and entry `index`'s value
/// pointer is at `index * stride + value_offset` in it. `get` returns that
/// value counted one up, as `incref` would; `set` stores the (borrowed) value
/// there counted one up, counts the old value one down when that does not
/// free it, and returns 0. `slot_set(obj, offset, value)` stores the
/// (consumed) value into the `__slots__` cell at `offset` from the object,
/// counting the old value (if any) one down when that does not free it.
/// `absent(obj, name, hint) -> i64` (1 when the instance dict has the name)
/// answers 0 for an object without a dict, and for a dict whose stamp is the
/// hint's high half when that is a shape (`shapes`, inclusive: stamps that
/// stand for a key sequence). `set` stores inline only into a dict the cycle
/// collector tracks (`tracked_bit` set in the byte at `gc_bits_offset` from
/// the dict) or a value whose type is one of `atom_types` (exact types whose
/// objects cannot be part of a cycle): a dict of atoms is left untracked,
/// and the helper tracks it when anything else is stored. Anything else
/// calls the helper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineAttrs {
    pub get: u64,
    pub set: u64,
    pub slot_set: u64,
    pub absent: u64,
    pub shapes: (u32, u32),
    pub dict_offset: i32,
    pub dict_type: u64,
    pub stamp_offset: i32,
    pub entries_offset: i32,
    pub stride: i32,
    pub value_offset: i32,
    pub gc_bits_offset: i32,
    pub tracked_bit: u8,
    pub atom_types: [u64; 4],
}

/// What `guard_no_interrupt` reads: it exits when `*flag & mask` is non-zero or
/// when the word at `count` is at least the word at `limit` (unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InterruptCheck {
    /// The address of a byte of request bits.
    pub flag: u64,
    pub mask: u8,
    /// The addresses of two 64-bit words.
    pub count: u64,
    pub limit: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    pub layout: ObjLayout,
    /// Inline reference counting (None: every incref/decref is a call).
    pub refcounts: Option<InlineRefcounts>,
    /// Inline float stores into list items (None: always the helper).
    pub float_store: Option<InlineFloatStore>,
    /// Inline square roots for `x ** 0.5` (None: always the helper).
    pub sqrt_pow: Option<InlineSqrtPow>,
    /// Inline unboxing of small ints (None: always the helper).
    pub unbox_int: Option<InlineUnboxInt>,
    /// Inline instance attribute reads and writes (None: always the helpers).
    pub attrs: Option<InlineAttrs>,
    /// What `guard_no_interrupt` tests (None: it never exits).
    pub interrupts: Option<InterruptCheck>,
    /// Test mode: with a seed, every guard (except those of exception-pending
    /// snapshots) also fails when a xorshift64 generator says so.
    pub random_exits: Option<u64>,
    /// In random-exit mode, each guard fails about once in this many runs (rounded up
    /// to a power of two; 1 makes every guard fail).
    pub random_exit_one_in: u32,
    /// Where a residual call with a call site (a `call` whose `imm` is not 0)
    /// writes that site while the callee runs, clearing it on return: the
    /// address of the compiling thread's word (compiled code runs on the
    /// thread that compiled it). None: call sites are not written.
    pub site_cell: Option<u64>,
}

impl CompileOptions {
    pub fn new(layout: ObjLayout) -> CompileOptions {
        CompileOptions {
            layout,
            refcounts: None,
            float_store: None,
            sqrt_pow: None,
            unbox_int: None,
            attrs: None,
            interrupts: None,
            random_exits: None,
            random_exit_one_in: 8,
            site_cell: None,
        }
    }

    pub fn with_refcounts(mut self, rc: InlineRefcounts) -> CompileOptions {
        self.refcounts = Some(rc);
        self
    }

    pub fn with_float_store(mut self, fs: InlineFloatStore) -> CompileOptions {
        self.float_store = Some(fs);
        self
    }

    pub fn with_sqrt_pow(mut self, sp: InlineSqrtPow) -> CompileOptions {
        self.sqrt_pow = Some(sp);
        self
    }

    /// Inline attribute reads and writes; ignored without inline refcounts.
    pub fn with_attrs(mut self, a: InlineAttrs) -> CompileOptions {
        self.attrs = Some(a);
        self
    }

    pub fn with_unbox_int(mut self, u: InlineUnboxInt) -> CompileOptions {
        self.unbox_int = Some(u);
        self
    }

    pub fn with_interrupts(mut self, check: InterruptCheck) -> CompileOptions {
        self.interrupts = Some(check);
        self
    }

    pub fn with_site_cell(mut self, cell: u64) -> CompileOptions {
        self.site_cell = Some(cell);
        self
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
    /// A bridge that does not fit its exit or its loop (see `attach_bridge`).
    Bridge(String),
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
            CompileError::Bridge(m) => write!(f, "cannot attach the bridge: {}", m),
            CompileError::Internal(m) => write!(f, "internal backend error: {}", m),
        }
    }
}

impl std::error::Error for CompileError {}

/// Compiles a loop trace (verified here; exit lists as computed by the optimizer). A
/// trace must have at least one op that may exit. Bridges are compiled by
/// `CompiledLoop::attach_bridge`.
pub fn compile(trace: &Trace, opts: &CompileOptions) -> Result<CompiledLoop, CompileError> {
    check_trace(trace)?;
    if trace.bridge.is_some() {
        return Err(CompileError::Bridge(
            "a bridge is compiled by attaching it to its loop (attach_bridge)".into(),
        ));
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

/// The checks every trace passes before code generation: it verifies, and it has no
/// op the backend cannot compile.
pub(crate) fn check_trace(trace: &Trace) -> Result<(), CompileError> {
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
    Ok(())
}
