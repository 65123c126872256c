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
    // A transfer changes nothing before its incref: go on from there.
    let mut from = 0;
    while let Some(i) = transfer_once(trace, from) {
        from = i;
    }
}

/// `vB = call incref(vA)`, a call that consumes `vB`, then `call decref(vA)`
/// with no use of `vA` between the consuming call and the decref, nor after
/// it: the consuming call may take the reference the trace owns to `vA`
/// instead (storing a call's result into a slot: `incref`, `store`,
/// `decref` become the store alone). Between the incref and the consuming
/// call the trace still owns `vA`, so ops and exits there read `vA` for
/// `vB`; past the call it owns neither, as before it owned only `vA` until
/// the decref, which no exit in between needed (nothing names `vA` there).
fn transfer_once(trace: &mut Trace, from: usize) -> Option<usize> {
    for i in from..trace.ops.len() {
        let op = &trace.ops[i];
        if !call_flags(trace, op).incref {
            continue;
        }
        let (Some(b), Some(&Operand::Value(a))) = (op.result, op.args.first()) else {
            continue;
        };
        let Some(k) = consumer(trace, i, b) else { continue };
        if uses(trace, k + 1, trace.ops.len(), b) {
            continue;
        }
        let Some(j) = decref_after(trace, k, a) else { continue };
        if uses(trace, j + 1, trace.ops.len(), a) {
            continue;
        }
        trace.ops.remove(j);
        trace.ops.remove(i);
        let mut subst = Subst::new();
        subst.set(b, Operand::Value(a));
        for op in trace.ops.iter_mut() {
            subst.apply_to_args(op);
        }
        subst.apply_to_snapshots(trace);
        return Some(i);
    }
    None
}

/// The first op after `i` that reads `b`, if it is a call that consumes it
/// there (once).
fn consumer(trace: &Trace, i: usize, b: ValueId) -> Option<usize> {
    let is_b = |o: &Operand| *o == Operand::Value(b);
    for k in i + 1..trace.ops.len() {
        let op = &trace.ops[k];
        if !op.args.iter().any(is_b) {
            continue;
        }
        let desc = match (op.opcode, op.func) {
            (Opcode::Call, Some(f)) => trace.funcs.get(f.index())?,
            _ => return None,
        };
        let mut positions = op.args.iter().enumerate().filter(|(_, o)| is_b(o));
        let (c, _) = positions.next()?;
        let guarded = op.guard.is_some();
        if positions.next().is_some() || !desc.consumes_arg(c) || guarded {
            return None;
        }
        return Some(k);
    }
    None
}

/// The `call decref(a)` after op `k` with no op reading `a` (or an exit
/// naming it) between.
fn decref_after(trace: &Trace, k: usize, a: ValueId) -> Option<usize> {
    for j in k + 1..trace.ops.len() {
        let op = &trace.ops[j];
        if op.opcode == Opcode::Call && call_flags(trace, op).decref && op.args.first() == Some(&Operand::Value(a)) {
            return Some(j);
        }
        if uses(trace, j, j + 1, a) || matches!(op.opcode, Opcode::Jump | Opcode::Exit | Opcode::Label) {
            return None;
        }
    }
    None
}

/// Whether an op in `from..to` reads `r` or an exit there names it.
fn uses(trace: &Trace, from: usize, to: usize, r: ValueId) -> bool {
    let is_r = |o: &Operand| *o == Operand::Value(r);
    trace.ops[from..to].iter().any(|op| {
        op.args.iter().any(is_r)
            || op.guard.as_ref().is_some_and(|g| {
                g.owned.contains(&r) || g.drop.contains(&r) || trace.snapshot(g.snapshot).values().contains(&r)
            })
    })
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
        if uses(trace, j + 1, trace.ops.len(), r) {
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

