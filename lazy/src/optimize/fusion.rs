//! Fusion: turns the plan into a schedule of fused loops and kernels.
//!
//! Generators and elementwise ops of the same shape are evaluated together,
//! chunk by chunk, in one loop; full reductions that consume them are
//! accumulated in the same loop ("sinks"), so `(a * b + c).sum()` reads `a`,
//! `b` and `c` once and stores nothing. Several reductions forced together
//! over the same data share one loop.
//!
//! Each node gets a *stage*: the earliest pass in which its inputs are
//! available. A value crossing a stage boundary (a reduction result used by
//! elementwise code, the input of a matmul, ...) has to be stored; an
//! elementwise value wanted in a later stage is either stored or recomputed
//! there, whichever the cost model says is cheaper.

use super::cost::{op_cost, READ, REREAD_LIMIT, STORE_THRESHOLD};
use crate::plan::{Id, Plan};
use crate::schedule::{FusedLoop, Output, Schedule, Step, Target};
use crate::FastMap as HashMap;
use std::collections::BTreeMap;

/// Whether the value of `i` can flow into `u` chunk by chunk.
fn fuses(plan: &Plan, i: Id, u: Id) -> bool {
    let (p, c) = (&plan.nodes[i], &plan.nodes[u]);
    if !p.is_fusable() {
        return false;
    }
    (c.is_fusable() && c.shape == p.shape) || c.is_full_reduction(p.shape.len())
}

struct UnionFind(Vec<usize>);

impl UnionFind {
    fn find(&mut self, x: usize) -> usize {
        let mut r = x;
        while self.0[r] != r {
            r = self.0[r];
        }
        let mut y = x;
        while self.0[y] != r {
            let next = self.0[y];
            self.0[y] = r;
            y = next;
        }
        r
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.0[ra.max(rb)] = ra.min(rb);
        }
    }
}

pub fn run(plan: &Plan) -> Schedule {
    let n = plan.nodes.len();
    let users = plan.users();
    let live = |id: Id| !plan.nodes[id].dead;

    // Stages.
    let mut stage = vec![0usize; n];
    let mut ready = vec![0usize; n];
    for id in (0..n).filter(|&id| live(id)) {
        let node = &plan.nodes[id];
        if node.is_input() {
            continue;
        }
        let s = node
            .inputs
            .iter()
            .map(|&i| if fuses(plan, i, id) { stage[i] } else { ready[i] })
            .max()
            .unwrap_or(0);
        stage[id] = s;
        ready[id] = s + 1;
    }

    // What to store, by cost: a node's cost is that of every unstored
    // fusable node it is computed from (each counted once, even when
    // shared), plus one read per stored input. Only `cost >=
    // STORE_THRESHOLD` matters, and every fusable op costs at least 1, so
    // a set below the threshold has fewer than STORE_THRESHOLD members:
    // sets are short sorted lists, and a node whose cost reaches the
    // threshold is marked saturated instead (so is every node computed
    // from it, its set being a superset). A long chain of steps fused into
    // one loop then costs linear time, not quadratic.
    let mut stored = vec![false; n];
    let mut below: Vec<Option<Vec<Id>>> = vec![Some(Vec::new()); n];
    for id in (0..n).filter(|&id| live(id)) {
        let node = &plan.nodes[id];
        if !node.is_fusable() {
            stored[id] = true;
            continue;
        }
        let mut set = Some(vec![id]);
        let mut reads = 0u32;
        for &i in &node.inputs {
            if fuses(plan, i, id) && !stored[i] {
                set = match (set, &below[i]) {
                    (Some(mut s), Some(b)) => {
                        s.extend_from_slice(b);
                        Some(s)
                    }
                    _ => None,
                };
            } else {
                reads += READ;
            }
        }
        let c = match &mut set {
            Some(s) => {
                s.sort_unstable();
                s.dedup();
                s.iter().map(|&k| plan.nodes[k].op().map_or(0, op_cost)).fold(reads, u32::saturating_add)
            }
            None => STORE_THRESHOLD,
        };
        below[id] = if c >= STORE_THRESHOLD { None } else { set };
        let needs_whole = users[id].iter().any(|&u| !fuses(plan, id, u));
        let wanted_later =
            node.escapes || users[id].iter().any(|&u| fuses(plan, id, u) && stage[u] > stage[id]);
        // A value Python keeps and earlier forces already recomputed twice
        // is evidently read again and again (a loop): store it.
        let reread = node.escapes
            && node.node.as_ref().is_some_and(|n| n.times_recomputed() >= REREAD_LIMIT);
        stored[id] = node.root || needs_whole || (wanted_later && c >= STORE_THRESHOLD) || reread;
    }

    // Who can observe a node after this force.
    let mut dies = vec![false; n];
    for id in (0..n).rev().filter(|&id| live(id)) {
        let node = &plan.nodes[id];
        dies[id] = !node.escapes
            && !node.root
            && users[id].iter().all(|&u| (stored[u] && !plan.nodes[u].is_input()) || dies[u]);
    }
    let write_back: Vec<bool> =
        (0..n).map(|id| live(id) && stored[id] && !dies[id] && !plan.nodes[id].is_input()).collect();
    for id in (0..n).filter(|&id| live(id) && !stored[id] && plan.nodes[id].escapes) {
        if let Some(node) = &plan.nodes[id].node {
            node.note_recomputed();
        }
    }

    // Group the nodes homed in each stage into loops.
    let is_member = |id: Id| {
        let node = &plan.nodes[id];
        live(id)
            && (node.is_fusable()
                || node.inputs.len() == 1 && node.is_full_reduction(plan.nodes[node.inputs[0]].shape.len()))
    };
    let max_stage = (0..n).filter(|&id| live(id)).map(|id| stage[id]).max().unwrap_or(0);
    // The live nodes of each stage, in id order (a long chain of steps has
    // as many stages as steps: no pass over every node per stage).
    let mut by_stage: Vec<Vec<Id>> = vec![Vec::new(); max_stage + 1];
    for id in (0..n).filter(|&id| live(id)) {
        by_stage[stage[id]].push(id);
    }
    // Union-find over plan ids plus one extra element per (read, shape) of
    // each stage; stages never share a set, so one serves them all.
    let mut uf = UnionFind((0..n + 8).collect());
    let mut next_extra = n;
    let mut steps = Vec::new();
    for s in 0..=max_stage {
        let members: Vec<Id> = by_stage[s].iter().copied().filter(|&id| is_member(id)).collect();
        let mut extra: HashMap<(Id, Vec<usize>), usize> = HashMap::default();
        for &u in &members {
            let loop_shape = loop_shape_of(plan, u);
            for &i in &plan.nodes[u].inputs {
                if fuses(plan, i, u) && stage[i] == s {
                    uf.union(i, u);
                } else {
                    let e = *extra.entry((i, loop_shape.clone())).or_insert_with(|| {
                        next_extra += 1;
                        next_extra - 1
                    });
                    if e >= uf.0.len() {
                        let len = uf.0.len();
                        uf.0.extend(len..len * 2);
                    }
                    uf.union(e, u);
                }
            }
        }
        let mut groups: BTreeMap<usize, Vec<Id>> = BTreeMap::new();
        for &u in &members {
            groups.entry(uf.find(u)).or_default().push(u);
        }
        for (_, group) in groups {
            if let Some(l) = build_loop(plan, &group, &stage, &stored, s) {
                steps.push(Step::Loop(l));
            }
        }
        for &id in &by_stage[s] {
            let node = &plan.nodes[id];
            if !node.is_input() && !is_member(id) {
                steps.push(Step::Kernel(id));
            }
        }
    }

    let mut last_use = vec![None; n];
    for (k, step) in steps.iter().enumerate() {
        match step {
            Step::Loop(l) => {
                for &r in &l.reads {
                    last_use[r] = Some(k);
                }
            }
            Step::Kernel(id) => {
                for &i in &plan.nodes[*id].inputs {
                    last_use[i] = Some(k);
                }
            }
        }
    }
    Schedule { steps, stored, write_back, dies, last_use, in_place: vec![false; n] }
}

/// The iteration shape of the loop a member belongs to.
fn loop_shape_of(plan: &Plan, id: Id) -> Vec<usize> {
    let node = &plan.nodes[id];
    if node.is_fusable() {
        node.shape.to_vec()
    } else {
        plan.nodes[node.inputs[0]].shape.to_vec()
    }
}

/// Builds one loop from the members homed in it: pulls in cheap values from
/// earlier stages that are recomputed rather than stored, drops computes
/// nobody in the loop needs, and lists what the loop reads.
fn build_loop(
    plan: &Plan,
    group: &[Id],
    stage: &[usize],
    stored: &[bool],
    s: usize,
) -> Option<FusedLoop> {
    let sinks: Vec<Id> = group.iter().copied().filter(|&id| !plan.nodes[id].is_fusable()).collect();
    let homed: Vec<Id> = group.iter().copied().filter(|&id| plan.nodes[id].is_fusable()).collect();
    let outputs: Vec<Id> = homed.iter().copied().filter(|&id| stored[id]).collect();

    // Needed computes: walk back from outputs and sink inputs.
    let mut needed: Vec<Id> = Vec::new();
    let mut work: Vec<Id> = outputs.clone();
    for &k in &sinks {
        work.push(plan.nodes[k].inputs[0]);
    }
    // An input flows in chunk by chunk when it fuses: homed in this stage, or
    // from an earlier stage and recomputed because it was not stored.
    let computed_here =
        |i: Id, u: Id| fuses(plan, i, u) && (stage[i] == s || !stored[i]);
    let mut visited = crate::FastSet::default();
    while let Some(id) = work.pop() {
        if !visited.insert(id) {
            continue;
        }
        let node = &plan.nodes[id];
        if !node.is_fusable() || (stage[id] != s && stored[id]) {
            continue;
        }
        needed.push(id);
        for &i in &node.inputs {
            if computed_here(i, id) {
                work.push(i);
            }
        }
    }
    // A sink's input may itself be a read (a stored array).
    needed.sort_unstable();
    needed.dedup();
    if needed.is_empty() && sinks.is_empty() {
        return None;
    }
    let mut reads = Vec::new();
    let mut add_read = |i: Id| {
        if !reads.contains(&i) {
            reads.push(i);
        }
    };
    for &id in &needed {
        for &i in &plan.nodes[id].inputs {
            if needed.binary_search(&i).is_err() {
                add_read(i);
            }
        }
    }
    for &k in &sinks {
        let i = plan.nodes[k].inputs[0];
        if needed.binary_search(&i).is_err() {
            add_read(i);
        }
    }
    reads.sort_unstable();
    let shape = if let Some(&first) = needed.first() {
        plan.nodes[first].shape.clone()
    } else {
        plan.nodes[plan.nodes[sinks[0]].inputs[0]].shape.clone()
    };
    Some(FusedLoop {
        shape,
        reads,
        computes: needed,
        outputs: outputs.into_iter().map(|id| Output { id, target: Target::Fresh }).collect(),
        sinks,
    })
}
