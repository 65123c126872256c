//! Dead-node elimination: projections that pass their input through
//! unchanged are bypassed, and nodes no longer reachable from the root
//! (replaced by CSE, emptied by pushdown) are dropped from the arena.

use super::{Op, Query, Stats};

pub fn run(q: &mut Query, stats: &mut Stats) {
    // Bypass identity projections (not the root: it names the result).
    let order = q.topo_order();
    let mut target: Vec<usize> = (0..q.nodes.len()).collect();
    for &i in &order {
        let inputs: Vec<usize> = q.nodes[i].inputs.iter().map(|&j| target[j]).collect();
        q.nodes[i].inputs = inputs;
        if i == q.root {
            continue;
        }
        if let Op::Select(cols) = &q.nodes[i].op {
            let input = q.nodes[i].inputs[0];
            if *cols == q.nodes[input].out {
                target[i] = input;
            }
        }
    }
    // Keep only reachable nodes, renumbered in input-first order.
    let order = q.topo_order();
    let mut new_index = vec![usize::MAX; q.nodes.len()];
    let mut nodes = Vec::with_capacity(order.len());
    for &i in &order {
        new_index[i] = nodes.len();
        let mut n = q.nodes[i].clone();
        n.inputs = n.inputs.iter().map(|&j| new_index[j]).collect();
        nodes.push(n);
    }
    stats.dropped_nodes += q.nodes.len() - nodes.len();
    q.root = new_index[q.root];
    q.nodes = nodes;
}
