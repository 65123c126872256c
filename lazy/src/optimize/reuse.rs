//! In-place reuse of dying temporaries (Cunctator's reduceTmp): a loop that
//! must store a new array writes it over a buffer it reads for the last
//! time, when nothing else can see that buffer any more.

use crate::plan::{Plan, PlanOp};
use crate::schedule::{Schedule, Step, Target};

/// Returns the number of outputs that reuse a buffer.
pub fn run(plan: &Plan, schedule: &mut Schedule) -> usize {
    let mut taken = vec![false; plan.nodes.len()];
    let mut reused = 0;
    for k in 0..schedule.steps.len() {
        let Step::Loop(l) = &schedule.steps[k] else { continue };
        let mut l = l.clone();
        for out in l.outputs.iter_mut() {
            let o = &plan.nodes[out.id];
            let candidate = l.reads.iter().copied().find(|&r| {
                let rn = &plan.nodes[r];
                !taken[r]
                    && schedule.dies[r]
                    && schedule.last_use[r] == Some(k)
                    && rn.dtype == o.dtype
                    && rn.shape == l.shape
                    && match &rn.op {
                        // A source buffer: only its graph node may hold it,
                        // and it must be exactly the array, densely.
                        PlanOp::Input => rn.node.as_ref().is_some_and(|node| {
                            node.done_buffer_is_unshared()
                        }),
                        // A temporary stored by an earlier step of this plan.
                        // (A view shares its input's buffer: not its own to overwrite.)
                        PlanOp::Op(op) => schedule.stored[r] && !matches!(op, crate::graph::Op::View { .. }),
                    }
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
