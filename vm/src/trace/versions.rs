//! Loop versions: one loop compiled more than once, for inputs of different
//! classes.
//!
//! A loop's trace guards the classes of its object inputs early on (the
//! `guard_class` ops on inputs before its loop body starts). A frame whose
//! inputs have other classes (`count_down(Int(n))`, then
//! `count_down(Flt(x))`) would fail such a guard at every entry and run
//! through a bridge that ends back at the loop's head, where the guard fails
//! again: every iteration would leave the loop body and allocate what the
//! bridge cannot keep virtual. Instead, the interpreter checks those classes
//! before it enters: a frame that does not fit enters the version recorded
//! for its classes, and once it misses often enough with none fitting, the
//! loop is recorded again from that frame as a new version (at most
//! `MAX_VERSIONS`).

use std::rc::Rc;

use hipy_optimizer::{Opcode, Operand, Trace};
use rustpython_vm::AsObject;

use super::{with_state, CompiledTrace};
use crate::frame::Frame;

/// Versions a loop gets besides its first trace.
const MAX_VERSIONS: usize = 3;
/// Entries that fit no version before the loop is recorded again.
const MISSES_BEFORE_VERSION: u32 = 8;

/// The classes a root trace requires of its object inputs, as (loop-frame
/// slot, type object address): its `guard_class` ops on inputs before the
/// loop body (before the `label` of a peeled loop, in the whole trace
/// otherwise). `header_nulls` says which slots are inputs (the unbound ones
/// are not).
pub(super) fn entry_classes(trace: &Trace, header_nulls: &[bool]) -> Vec<(usize, u64)> {
    let slots: Vec<usize> = (0..header_nulls.len()).filter(|&i| !header_nulls[i]).collect();
    let end = trace.label_index().unwrap_or(trace.ops.len());
    let mut classes: Vec<(usize, u64)> = Vec::new();
    for op in &trace.ops[..end] {
        if op.opcode != Opcode::GuardClass {
            continue;
        }
        let (Some(Operand::Value(v)), Some(Operand::Obj(c))) = (op.args.first(), op.args.get(1)) else { continue };
        let Some(k) = trace.inputs.iter().position(|i| i == v) else { continue };
        let Some(&slot) = slots.get(k) else { continue };
        if !classes.iter().any(|&(s, _)| s == slot) {
            classes.push((slot, trace.consts[c.index()].addr));
        }
    }
    classes
}

/// Whether frame `f`'s inputs have the classes trace `ct` requires.
fn fits(ct: &CompiledTrace, f: &Frame) -> bool {
    ct.entry_classes.iter().all(|&(slot, class)| {
        f.slots.get(slot).and_then(|s| s.as_ref()).is_some_and(|o| o.class().as_object() as *const _ as u64 == class)
    })
}

/// What the interpreter does at the back-edge of loop `jump`, whose trace
/// is `main`.
pub(super) enum Pick {
    Enter(Rc<CompiledTrace>),
    /// Record a new version from this frame.
    Record,
}

pub(super) fn pick(f: &Frame, jump: u32, main: Rc<CompiledTrace>) -> Pick {
    if fits(&main, f) {
        return Pick::Enter(main);
    }
    with_state(&f.code, jump, f.push, |st| {
        if let Some(v) = st.versions.iter().find(|v| fits(v, f)) {
            return Pick::Enter(v.clone());
        }
        if st.versions.len() >= MAX_VERSIONS || st.blacklisted {
            return Pick::Enter(main);
        }
        st.version_misses += 1;
        if st.version_misses < MISSES_BEFORE_VERSION {
            return Pick::Enter(main);
        }
        st.version_misses = 0;
        Pick::Record
    })
}
