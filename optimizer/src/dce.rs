//! Dead-code elimination: removes ops whose result nothing uses, when the op has no
//! other effect (`effects::removable_if_unused`). Uses are op arguments, snapshot
//! slots and virtual fields of the guards that stay, their ownership lists, and the
//! jump. Guards, ops that may exit, stores and impure calls always stay.

use crate::effects::removable_if_unused;
use crate::ir::*;

pub fn eliminate_dead_code(trace: &mut Trace) {
    let mut used = vec![false; trace.num_value_ids()];
    let mut snap_seen = vec![false; trace.snapshots.len()];
    let mut keep = vec![true; trace.ops.len()];
    for i in (0..trace.ops.len()).rev() {
        let op = &trace.ops[i];
        let dead = removable_if_unused(trace, op) && op.result.is_some_and(|r| !used[r.index()]);
        if dead {
            keep[i] = false;
            continue;
        }
        for a in &op.args {
            mark(&mut used, *a);
        }
        if let Some(g) = &op.guard {
            for v in g.owned.iter().chain(&g.drop) {
                used[v.index()] = true;
            }
            let s = g.snapshot.index();
            if !snap_seen[s] {
                snap_seen[s] = true;
                for src in trace.snapshots[s].sources() {
                    if let Source::Val(o) | Source::Bool(o) = *src {
                        mark(&mut used, o);
                    }
                }
            }
        }
    }
    let mut i = 0;
    trace.ops.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}

fn mark(used: &mut [bool], o: Operand) {
    if let Operand::Value(v) = o {
        used[v.index()] = true;
    }
}
