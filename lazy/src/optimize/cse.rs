//! Common-subexpression elimination: plan nodes computing the same op over
//! the same inputs are merged into the first one.

use crate::plan::{Id, Plan, PlanOp};
use crate::FastMap as HashMap;
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

/// A cheap summary of `key`: nodes with different fingerprints compute
/// different values, so only nodes sharing one are compared by their full
/// keys (formatting every node's key cost a step of a short loop more
/// than its arithmetic).
#[derive(Hash, PartialEq, Eq)]
struct Fingerprint {
    op: Option<std::mem::Discriminant<crate::graph::Op>>,
    /// The buffer an input reads, or a one-value input's bits.
    source: u64,
    inputs: Vec<Id>,
    dtype: crate::DType,
    /// The layout a view or an input reads its data through (views of
    /// one array differ only there).
    layout: Option<crate::layout::Layout>,
}

fn fingerprint(plan: &Plan, id: Id) -> Fingerprint {
    let n = &plan.nodes[id];
    let (op, source, layout) = match &n.op {
        PlanOp::Input => match n.input_array() {
            Some(a) if a.size() == 1 => (None, a.get_flat(0).to_bits_key().1, None),
            Some(a) => (None, Arc::as_ptr(&a.buffer) as u64, Some(a.layout.clone())),
            None => (None, u64::MAX - id as u64, None),
        },
        PlanOp::Op(op @ crate::graph::Op::View { layout }) => (Some(std::mem::discriminant(op)), 0, Some(layout.clone())),
        PlanOp::Op(op) => (Some(std::mem::discriminant(op)), 0, None),
    };
    Fingerprint { op, source, inputs: n.inputs.clone(), dtype: n.dtype, layout }
}

/// Returns the number of nodes merged away.
pub fn run(plan: &mut Plan) -> usize {
    // The nodes kept so far by fingerprint, and the full keys of those
    // that were compared.
    let mut kept: HashMap<Fingerprint, Vec<Id>> = HashMap::default();
    let mut keys: HashMap<Id, String> = HashMap::default();
    let mut canonical: Vec<Id> = (0..plan.nodes.len()).collect();
    let mut merged = 0;
    for id in 0..plan.nodes.len() {
        if plan.nodes[id].dead {
            continue;
        }
        let inputs: Vec<Id> = plan.nodes[id].inputs.iter().map(|&i| canonical[i]).collect();
        plan.nodes[id].inputs = inputs;
        let same = kept.entry(fingerprint(plan, id)).or_default();
        let found = if same.is_empty() {
            None
        } else {
            let k = key(plan, id);
            same.iter().copied().find(|&other| *keys.entry(other).or_insert_with(|| key(plan, other)) == k)
        };
        match found {
            Some(first) => {
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
            None => same.push(id),
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
