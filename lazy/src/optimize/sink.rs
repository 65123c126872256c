//! Selects sunk below a common op: `where(c, f(a, k), f(b, k))` becomes
//! `f(where(c, a, b), k)` when both ways apply the same elementwise op to
//! operands that differ in one place, and nothing else reads the two ops:
//! one op per element instead of two. Staged branches often end the same
//! way (`abs(y - 0.25)` after an `if`/`else` that sets `y`).

use crate::graph::Op;
use crate::plan::{Id, Plan, PlanOp};

/// Rewrites select `w` if it can be sunk; returns the new select (in the
/// place of the later of the two ops) to try again.
fn sink_one(plan: &mut Plan, users: &[Vec<Id>], w: Id) -> Option<Id> {
    let n = &plan.nodes[w];
    if n.dead || !matches!(n.op(), Some(Op::Where)) {
        return None;
    }
    let (c, a, b) = (n.inputs[0], n.inputs[1], n.inputs[2]);
    let (na, nb) = (&plan.nodes[a], &plan.nodes[b]);
    let same_op = match (na.op(), nb.op()) {
        (Some(x), Some(y)) => x == y && x.is_elementwise() && !matches!(x, Op::Where),
        _ => false,
    };
    let alone = |id: Id| {
        let x = &plan.nodes[id];
        users[id].len() == 1 && !x.escapes && !x.root && !x.dead
    };
    if a == b || c == a || c == b || !same_op || !alone(a) || !alone(b) {
        return None;
    }
    if na.dtype != n.dtype || nb.dtype != n.dtype || na.shape != n.shape || nb.shape != n.shape {
        return None;
    }
    if na.inputs.len() != nb.inputs.len() {
        return None;
    }
    let differ: Vec<usize> = (0..na.inputs.len()).filter(|&p| na.inputs[p] != nb.inputs[p]).collect();
    let [p] = differ[..] else { return None };
    let (x, y) = (na.inputs[p], nb.inputs[p]);
    let (nx, ny) = (&plan.nodes[x], &plan.nodes[y]);
    if nx.dtype != ny.dtype || nx.shape != n.shape || ny.shape != n.shape {
        return None;
    }
    // The new select takes the later op's place, after all its inputs.
    let (s, gone) = if a > b { (a, b) } else { (b, a) };
    if c > s {
        return None;
    }
    let (op, mut inputs) = (na.op.clone(), na.inputs.clone());
    let dtype = nx.dtype;
    inputs[p] = s;
    let sel = &mut plan.nodes[s];
    sel.op = PlanOp::Op(Op::Where);
    sel.inputs = vec![c, x, y];
    sel.dtype = dtype;
    sel.node = None;
    plan.nodes[gone].dead = true;
    plan.nodes[gone].node = None;
    let top = &mut plan.nodes[w];
    top.op = op;
    top.inputs = inputs;
    Some(s)
}

/// Returns the number of selects sunk.
pub fn run(plan: &mut Plan) -> usize {
    let mut users = plan.users();
    let mut sunk = 0;
    for w in 0..plan.nodes.len() {
        let mut at = w;
        while let Some(s) = sink_one(plan, &users, at) {
            sunk += 1;
            users = plan.users();
            at = s;
        }
    }
    sunk
}
