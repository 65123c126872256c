//! Incref/decref pair cancellation.
//!
//! `vB = call incref(vA)` followed by `call decref(vB)`, with no use of `vB` after the
//! decref, is a no-op when nothing in between can release `vA`'s other owner: no op in
//! between may run arbitrary code or release references (`effects::may_release_objects`;
//! other increfs, pure calls and stores may come between). Both calls go and the ops in between read
//! `vA` instead of `vB`. Guards may come between: an exit there finds `vA` still held by
//! its owner (the list item a trace loaded, say) and takes a new reference to it, as it
//! does for any value the trace does not own. Nested pairs cancel from the inside out.
//! (The helpers are recognised by the `incref`/`decref` flags of their descriptors.)

use crate::effects::{call_flags, may_release_objects};
use crate::ir::*;
use crate::subst::Subst;

pub fn cancel_incref_decref(trace: &mut Trace) {
    // Cancelling an inner pair can make an outer pair adjacent: repeat until stable.
    while cancel_once(trace) {}
}

fn cancel_once(trace: &mut Trace) -> bool {
    let mut removed = vec![false; trace.ops.len()];
    let mut subst = Subst::new();
    for i in 0..trace.ops.len() {
        let op = &trace.ops[i];
        if removed[i] || !call_flags(trace, op).incref {
            continue;
        }
        let (Some(r), Some(&src)) = (op.result, op.args.first()) else {
            continue;
        };
        let Some(j) = matching_decref(trace, i, r) else {
            continue;
        };
        if used_after(trace, j, r) {
            continue;
        }
        removed[i] = true;
        removed[j] = true;
        subst.set(r, src);
    }
    if subst.is_empty() {
        return false;
    }
    let mut k = 0;
    trace.ops.retain(|_| {
        k += 1;
        !removed[k - 1]
    });
    for op in trace.ops.iter_mut() {
        subst.apply_to_args(op);
    }
    // vB is vA wherever vB exists, and no snapshot names vB after its decref.
    subst.apply_to_snapshots(trace);
    true
}

/// The index of `call decref(r)` after op `i`, if nothing that may release objects
/// comes first.
fn matching_decref(trace: &Trace, i: usize, r: ValueId) -> Option<usize> {
    for j in i + 1..trace.ops.len() {
        let op = &trace.ops[j];
        if op.opcode == Opcode::Call
            && call_flags(trace, op).decref
            && op.args.first() == Some(&Operand::Value(r))
        {
            return Some(j);
        }
        if may_release_objects(trace, op) || matches!(op.opcode, Opcode::Jump | Opcode::Exit | Opcode::Label) {
            return None;
        }
    }
    None
}

fn used_after(trace: &Trace, j: usize, r: ValueId) -> bool {
    let is_r = |o: &Operand| *o == Operand::Value(r);
    trace.ops[j + 1..].iter().any(|op| {
        op.args.iter().any(is_r)
            || op.guard.as_ref().is_some_and(|g| {
                g.owned.contains(&r)
                    || g.drop.contains(&r)
                    || trace.snapshot(g.snapshot).values().contains(&r)
            })
    })
}
