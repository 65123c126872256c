//! In-place reuse of dying temporaries (Cunctator's reduceTmp): a loop that
//! must store a new array writes it over a buffer it reads for the last
//! time, when nothing else can see that buffer any more.

use crate::plan::{Plan, PlanOp};
use crate::schedule::{Schedule, Step, Target};

/// Whether step `k` may write over the buffer of node `r`, which it reads:
/// `r` dies, `k` reads it last and nothing else can see its buffer.
pub fn may_overwrite(plan: &Plan, schedule: &Schedule, r: usize, k: usize) -> bool {
    let rn = &plan.nodes[r];
    schedule.dies[r]
        && schedule.last_use[r] == Some(k)
        && match &rn.op {
            // A source buffer: only its graph node may hold it, and it must
            // be exactly the array, densely.
            PlanOp::Input => rn.node.as_ref().is_some_and(|node| node.done_buffer_is_unshared()),
            // A temporary stored by an earlier step of this plan. (A view
            // shares its input's buffer: not its own to overwrite.)
            PlanOp::Op(op) => schedule.stored[r] && !matches!(op, crate::graph::Op::View { .. }),
        }
}

/// Returns the number of outputs (and scans) that reuse a buffer.
pub fn run(plan: &Plan, schedule: &mut Schedule) -> usize {
    let mut taken = vec![false; plan.nodes.len()];
    let mut reused = 0;
    for k in 0..schedule.steps.len() {
        if let Step::Kernel(id) = schedule.steps[k] {
            // A running scan (a copy of its input, scanned in place) can
            // scan its input's own buffer instead.
            let node = &plan.nodes[id];
            if let Some(crate::graph::Op::Cumulative { .. }) = node.op() {
                let x = node.inputs[0];
                if !taken[x] && plan.nodes[x].dtype == node.dtype && may_overwrite(plan, schedule, x, k) {
                    taken[x] = true;
                    schedule.in_place[id] = true;
                    reused += 1;
                }
            }
            continue;
        }
        let Step::Loop(l) = &schedule.steps[k] else { continue };
        let mut l = l.clone();
        for out in l.outputs.iter_mut() {
            let o = &plan.nodes[out.id];
            let candidate = l.reads.iter().copied().find(|&r| {
                let rn = &plan.nodes[r];
                !taken[r] && rn.dtype == o.dtype && rn.shape == l.shape && may_overwrite(plan, schedule, r, k)
            });
            if let Some(r) = candidate {
                taken[r] = true;
                out.target = Target::Reuse(r);
                reused += 1;
            }
        }
        schedule.steps[k] = Step::Loop(l);
    }
    reused
}
