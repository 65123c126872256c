//! hipy's trace IR and its optimizer.
//!
//! A trace is one recorded iteration of a hot loop: typed SSA ops (`i64`, `f64`, `obj`)
//! with guards, each guard holding a snapshot of the interpreter frames to resume from,
//! ending with a `jump` back to the loop head. Nothing here knows about RustPython:
//! objects are opaque pointers, object-specific work is a residual call to an
//! `extern "C"` helper or an inline read at an offset the vm passes to the backend.
//! The contract with the recorder and the backend is `brief/JIT-IR.md`.
//!
//! # Modules (one concern each)
//! - [`ir`]: values, operands, opcodes, ops, `Trace`.
//! - [`snapshot`]: snapshots (frames, sources, virtual objects) and their text form.
//! - [`builder`]: `TraceBuilder`, the recorder's API (below).
//! - [`text`] / [`parse`]: the text form (printer and parser; they round-trip). Used by
//!   `HIPY_JIT_LOG` and by the optimizer tests, which are IR text in, IR text out.
//! - [`verify`]: well-formedness checks, run before and after the pipeline.
//! - [`semantics`]: what ops compute on constants, with Python semantics (floor
//!   division, modulo, shifts); shared by folding and the backend's float helpers.
//! - [`effects`]: which ops may run arbitrary code, which may be removed when unused.
//! - [`subst`]: replacing a value by an equal operand.
//! - Passes: [`virtualize`] (allocation removal: virtual objects, forced where they
//!   escape), [`fold`] (constant folding, known guards, class knowledge), [`loads`]
//!   (load forwarding), [`guards`] (redundant-guard removal), [`prefetch`] (prefetches for
//!   strided item accesses), [`refcount`] (incref/decref pairs), [`dce`] (dead
//!   code), [`ownership`] (owned references; the `owned`/`drop` exit lists of guards).
//! - [`optimize`]: the pipeline that chains the passes.
//!
//! # Recording with `TraceBuilder`
//! ```
//! use hipy_optimizer::*;
//! let mut b = TraceBuilder::new("sum_squares");
//! let i = b.input(Type::I64);          // loop-header values, in order
//! let n = b.input(Type::I64);
//! let acc = b.input(Type::I64);
//! // A snapshot: frames outermost first (code id, pc, localsplus + stack sources).
//! let frame = |pc| Frame { code: 0x10, pc, slots: vec![
//!     Source::Val(i.into()), Source::Val(n.into()), Source::Val(acc.into())] };
//! let s0 = b.snapshot(SnapshotKind::Resume, vec![frame(12)]);
//! let lt = b.op(Opcode::IntLt, &[i.into(), n.into()]);
//! b.guard_true(lt, s0);                 // exit to pc 12 if the loop condition is false
//! let s1 = b.snapshot(SnapshotKind::Resume, vec![frame(20)]);
//! let sq = b.op_exit(Opcode::IntMulOvf, &[i.into(), i.into()], s1);
//! let acc2 = b.op_exit(Opcode::IntAddOvf, &[acc.into(), sq.into()], s1);
//! let i2 = b.op(Opcode::IntAdd, &[i.into(), 1i64.into()]);
//! let mut trace = b.finish_with_jump(&[i2.into(), n.into(), acc2.into()]).unwrap();
//! let before = trace.to_string();        // text form, for HIPY_JIT_LOG
//! let stats = optimize(&mut trace).unwrap();
//! assert_eq!(parse(&trace.to_string()).unwrap(), trace);
//! # let _ = (before, stats);
//! ```
//! - `input(ty)` declares loop-header values; `const_obj(addr, name, sealed)` and
//!   `func(FuncDesc)` add (interned) object constants and call targets.
//! - `op(opcode, args)` appends an op with a result that never exits; `op_exit(opcode,
//!   args, snap)` one that may exit (`int_*_ovf`, `int_floordiv`, `float_div`, ...).
//! - `guard_true/false/eq_i64/class/identity/nonnull/bounds(..., snap)`, or
//!   `guard(opcode, args, snap)`.
//! - `load_field`, `store_field`, `new_object`, `getfield_gc`, `setfield_gc`,
//!   `call(func, args) -> Option<ValueId>`.
//! - `load_indexed(base, index, offset, ty)` / `store_indexed(base, index, value,
//!   offset)`: the word at `base + index * 8 + offset` (a list's items: read the
//!   buffer pointer with `load_field(list, OFF, Type::Obj)`, then `load_indexed(buf,
//!   i, 0, Type::Obj)`, after a `guard_bounds`; the backend does no bounds check).
//! - `snapshot(kind, frames)` / `snapshot_with_virtuals`: several guards may share one.
//! - `finish_with_jump(args)` appends the jump and returns the verified trace, or the
//!   first error (misuse of the builder or a verifier error).
//!
//! # Bridges
//! A bridge is a trace that starts at a guard's exit (of a loop or of another bridge)
//! and ends with a `jump` to the root loop's head. `TraceBuilder::bridge(name, parent,
//! op_index)` declares its inputs (the exit values, in exit-buffer order; see
//! [`BridgeInfo`] for their ownership); the rest is recorded as for a loop, and
//! `optimize` treats it the same way.
//!
//! Then `optimize(&mut trace)` runs the passes and fills in every guard's exit lists,
//! and `hipy_jit::compile` turns the trace into machine code. Passes assume a verified
//! trace; `optimize` verifies first.

pub mod builder;
pub mod dce;
pub mod effects;
pub mod exit_facts;
pub mod fold;
pub mod guards;
pub mod ir;
pub mod loads;
pub mod optimize;
pub mod ownership;
pub mod parse;
pub mod peel;
pub mod prefetch;
pub mod refcount;
pub mod semantics;
pub mod snapshot;
pub mod subst;
pub mod text;
pub mod verify;
pub mod virtualize;

pub use builder::TraceBuilder;
pub use ir::*;
pub use optimize::{optimize, optimize_with, OptStats, Pass, DEFAULT_PASSES, RANDOM_EXIT_PASSES};
pub use parse::{parse, ParseError};
pub use text::{to_text, to_text_annotated, to_text_annotated_from};
pub use verify::verify;
