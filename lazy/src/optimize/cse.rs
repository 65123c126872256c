//! Common-subexpression elimination: plan nodes computing the same op over
//! the same inputs are merged into the first one.

use crate::plan::{Id, Plan, PlanOp};
use std::collections::HashMap;
use std::sync::Arc;

/// The identity of what a node computes, given its (already merged) inputs.
fn key(plan: &Plan, id: Id) -> String {
    let n = &plan.nodes[id];
    let what = match &n.op {
        // The same buffer seen through the same layout is the same value.
        PlanOp::Input => match n.input_array() {
            // One value (a Python scalar, a reduction result) is keyed by
            // the value itself, so equal constants merge.
            Some(a) if a.size() == 1 => format!("const {:?}", a.get_flat(0).to_bits_key()),
            Some(a) => format!("input {:p} {:?}", Arc::as_ptr(&a.buffer), a.layout),
            None => format!("input #{id}"),
        },
        PlanOp::Op(op) => format!("{op:?}"),
    };
    format!("{what} {:?} {} {:?}", n.inputs, n.dtype, n.shape)
}

/// Returns the number of nodes merged away.
pub fn run(plan: &mut Plan) -> usize {
    let mut seen: HashMap<String, Id> = HashMap::new();
    let mut canonical: Vec<Id> = (0..plan.nodes.len()).collect();
    let mut merged = 0;
    for id in 0..plan.nodes.len() {
        if plan.nodes[id].dead {
            continue;
        }
        let inputs: Vec<Id> = plan.nodes[id].inputs.iter().map(|&i| canonical[i]).collect();
        plan.nodes[id].inputs = inputs;
        let k = key(plan, id);
        match seen.get(&k) {
            Some(&first) => {
                canonical[id] = first;
                let (escapes, root) = (plan.nodes[id].escapes, plan.nodes[id].root);
                let keep = &mut plan.nodes[first];
                keep.escapes |= escapes;
                keep.root |= root;
                let dup = &mut plan.nodes[id];
                dup.dead = true;
                dup.replaced_by = Some(first);
                merged += 1;
            }
            None => {
                seen.insert(k, id);
            }
        }
    }
    let mut roots = Vec::new();
    for &r in &plan.roots {
        let c = canonical[r];
        if !roots.contains(&c) {
            roots.push(c);
        }
    }
    plan.roots = roots;
    merged
}
