//! Dead-code elimination: nodes no root needs are never computed.
//!
//! Arrays Python dropped before they were observed mostly never reach a plan
//! at all (their `Arc`d graph nodes are freed); this pass removes what is
//! left, such as nodes only CSE duplicates used.

use crate::plan::Plan;

/// Returns the number of nodes removed.
pub fn run(plan: &mut Plan) -> usize {
    let mut needed = vec![false; plan.nodes.len()];
    for &r in &plan.roots {
        needed[r] = true;
    }
    for id in (0..plan.nodes.len()).rev() {
        if needed[id] && !plan.nodes[id].dead {
            for &i in &plan.nodes[id].inputs {
                needed[i] = true;
            }
        }
    }
    let mut removed = 0;
    for (id, n) in plan.nodes.iter_mut().enumerate() {
        if !needed[id] && !n.dead {
            n.dead = true;
            removed += 1;
        }
    }
    removed
}
