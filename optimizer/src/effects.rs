//! What an op does besides computing its result: the one place that says which ops
//! may run arbitrary code and which ops may be removed when their result is unused.

use crate::ir::*;

/// The op may run arbitrary Python code or write memory, so it may change the class
/// of any object whose class is not sealed (`obj.__class__ = ...`).
pub fn may_change_classes(trace: &Trace, op: &Op) -> bool {
    match op.opcode {
        Opcode::Call => {
            let fl = call_flags(trace, op);
            !(fl.pure || fl.incref)
        }
        Opcode::StoreField | Opcode::StoreIndexed | Opcode::SetfieldGc => true,
        _ => false,
    }
}

/// The op may release object references or run arbitrary code: an impure call (a
/// decref may free an object and run its `__del__`). Stores only overwrite memory;
/// releasing what a store replaced is a call of its own.
pub fn may_release_objects(trace: &Trace, op: &Op) -> bool {
    op.opcode == Opcode::Call && {
        let fl = call_flags(trace, op);
        !(fl.pure || fl.incref)
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
        Opcode::StoreField | Opcode::StoreIndexed | Opcode::SetfieldGc | Opcode::Jump => false,
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
