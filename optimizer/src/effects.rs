//! What an op does besides computing its result: the one place that says which ops
//! may run arbitrary code and which ops may be removed when their result is unused.

use crate::ir::*;

/// The op may run arbitrary Python code or write memory, so it may change the class
/// of any object whose class is not sealed (`obj.__class__ = ...`).
pub fn may_change_classes(trace: &Trace, op: &Op) -> bool {
    match op.opcode {
        Opcode::Call => !writes_refcounts_at_most(call_flags(trace, op)),
        Opcode::StoreField | Opcode::StoreIndexed | Opcode::SetfieldGc => true,
        _ => false,
    }
}

/// The op may release object references or run arbitrary code: an impure call (a
/// decref may free an object and run its `__del__`). Stores only overwrite memory;
/// releasing what a store replaced is a call of its own.
pub fn may_release_objects(trace: &Trace, op: &Op) -> bool {
    op.opcode == Opcode::Call && !writes_refcounts_at_most(call_flags(trace, op))
}

/// A callee that writes no memory but reference counts and runs no code.
fn writes_refcounts_at_most(fl: FuncFlags) -> bool {
    fl.pure || fl.incref || fl.refcounts_only
}

/// The memory an op may write, as far as loads (`load_field`, `load_indexed`,
/// `unbox_float`) can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    /// Nothing a load reads (reference counts at most).
    Nothing,
    /// The word at this byte offset of one object or buffer (`store_field`).
    Field(i64),
    /// One word of an item buffer (`store_indexed`).
    Item,
    /// Anything: the op may run Python code.
    Anything,
}

pub fn writes(trace: &Trace, op: &Op) -> Writes {
    match op.opcode {
        Opcode::Call if writes_refcounts_at_most(call_flags(trace, op)) => Writes::Nothing,
        // Its guard follows: past it, the call wrote the item and nothing else.
        Opcode::Call if call_flags(trace, op).item_store => Writes::Item,
        Opcode::Call | Opcode::SetfieldGc => Writes::Anything,
        Opcode::StoreField => Writes::Field(op.imm),
        Opcode::StoreIndexed => Writes::Item,
        _ => Writes::Nothing,
    }
}

/// The op has no effect except its result: if the result is unused the op can go.
/// Ops that may exit, stores, impure calls and the jump are never removable. Loads
/// (`load_field`, `load_indexed`, ...) are removable, but they read memory that
/// stores and impure calls change: no pass may merge or move loads across those.
pub fn removable_if_unused(trace: &Trace, op: &Op) -> bool {
    if op.result.is_none() || op.guard.is_some() {
        return false;
    }
    match op.opcode {
        Opcode::Call => call_flags(trace, op).pure,
        Opcode::StoreField | Opcode::StoreIndexed | Opcode::SetfieldGc | Opcode::Jump | Opcode::Label => false,
        _ => true,
    }
}

/// The flags of a call's callee (all false for anything else).
pub fn call_flags(trace: &Trace, op: &Op) -> FuncFlags {
    match (op.opcode, op.func) {
        (Opcode::Call, Some(f)) => trace
            .funcs
            .get(f.index())
            .map(|d| d.flags)
            .unwrap_or_default(),
        _ => FuncFlags::default(),
    }
}
