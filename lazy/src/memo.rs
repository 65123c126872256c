//! Plan reuse: a Python loop that builds the same graph every iteration
//! (`u[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])`) gets the
//! optimized plan and schedule of its first iteration again, with the new
//! leaf data and scalars bound in, instead of running the passes again,
//! and the executor's loop programs with them ([`exec::Prepared`]).
//!
//! The cache is exact: its key holds everything the passes read, so two
//! plans with the same key are optimized alike. That is, node by node, in
//! build order:
//! - the op with all its fields (constants by their bits, view layouts,
//!   gather positions by identity: the cached plan keeps them alive), the
//!   input ids, dtype and shape;
//! - the flags set when the plan was built: root, escapes, and a value
//!   that earlier forces recomputed ([`REREAD_LIMIT`] times: fusion then
//!   stores it if it escapes);
//! - for a leaf: which earlier leaf it is the same value as (CSE merges
//!   one-element leaves of equal bits, and others seeing the same buffer
//!   through the same layout), and whether its buffer is unshared (a
//!   force may then write over it).
//!
//! Leaf data, one-element values (Python scalars) and buffer addresses
//! are parameters: they only reach the executor, which reads them from
//! the graph nodes bound to the plan. A pass that starts reading anything
//! else of a node must add it to [`key`].

use crate::exec;
use crate::optimize::cost::REREAD_LIMIT;
use crate::optimize::PassStats;
use crate::graph::{NodeState, Op};
use crate::layout::Layout;
use crate::plan::{Id, Plan, PlanOp};
use crate::schedule::Schedule;
use crate::FastMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Plans with more nodes than this are not kept (a loop's plan is small;
/// a large one-off graph would only hold memory).
const MAX_NODES: usize = 512;
/// Distinct plans kept at once.
const MAX_PLANS: usize = 64;

/// What the optimized plan is for: a force, or a slice assignment
/// computing its value into a region (its schedule targets the region).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Force = 0,
    Into = 1,
}

struct Entry {
    /// The optimized plan with no graph node bound.
    plan: Plan,
    schedule: Schedule,
    prepared: exec::Prepared,
    stats: PassStats,
    /// Plan ids that stand for a graph node (the select-sinking pass
    /// unbinds the nodes it rewrites).
    bound: Vec<bool>,
    /// Escaping values the schedule recomputes without storing: each run
    /// counts one more recomputation on their nodes, as fusion does.
    recomputed: Vec<Id>,
}

/// An optimized plan ready to run, with the graph nodes of this force bound.
pub struct Optimized {
    pub plan: Plan,
    pub schedule: Schedule,
    /// What earlier runs of the schedule built, for the executor.
    pub prepared: exec::Prepared,
    pub stats: PassStats,
    /// Whether the passes were skipped (a plan seen before).
    pub reused: bool,
    key: Option<Box<[u64]>>,
    bound: Vec<bool>,
    recomputed: Vec<Id>,
}

fn cache() -> &'static Mutex<HashMap<Box<[u64]>, Entry>> {
    static CACHE: OnceLock<Mutex<HashMap<Box<[u64]>, Entry>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::default()))
}

/// Optimizes a freshly built plan, or takes the optimized plan of an
/// identical one and binds this plan's graph nodes into it. Hand it back
/// with [`Optimized::keep`] once it ran.
pub fn optimize(mut fresh: Plan, purpose: Purpose) -> Optimized {
    // (Plans that gather by position are not kept: the positions are new
    // for each mask, so they never match, and they are large.)
    let gathers = fresh.nodes.iter().any(|n| matches!(n.op(), Some(Op::Gather { .. } | Op::Partition { .. })));
    let key = (fresh.nodes.len() <= MAX_NODES && !gathers).then(|| key(&fresh, purpose));
    if let Some(k) = &key {
        let hit = cache().lock().unwrap_or_else(|e| e.into_inner()).remove(&k[..]);
        if let Some(mut e) = hit {
            for (id, n) in e.plan.nodes.iter_mut().enumerate() {
                if e.bound[id] {
                    n.node = fresh.nodes[id].node.take();
                }
            }
            for &id in &e.recomputed {
                if let Some(node) = &e.plan.nodes[id].node {
                    node.note_recomputed();
                }
            }
            return Optimized {
                plan: e.plan,
                schedule: e.schedule,
                prepared: e.prepared,
                stats: e.stats,
                reused: true,
                key,
                bound: e.bound,
                recomputed: e.recomputed,
            };
        }
    }
    let (schedule, stats) = crate::optimize::optimize(&mut fresh);
    let bound = fresh.nodes.iter().map(|n| n.node.is_some()).collect();
    let recomputed = (0..fresh.nodes.len())
        .filter(|&id| {
            let n = &fresh.nodes[id];
            !n.dead && !schedule.stored[id] && n.escapes && n.node.is_some()
        })
        .collect();
    Optimized { plan: fresh, schedule, prepared: exec::Prepared::default(), stats, reused: false, key, bound, recomputed }
}

impl Optimized {
    /// Returns the plan (unbound from its graph nodes) to the cache. The
    /// caller may have adjusted the schedule first; a later hit gets it so.
    pub fn keep(mut self) {
        let Some(key) = self.key.take() else { return };
        for n in &mut self.plan.nodes {
            n.node = None;
        }
        let entry = Entry {
            plan: self.plan,
            schedule: self.schedule,
            prepared: self.prepared,
            stats: self.stats,
            bound: self.bound,
            recomputed: self.recomputed,
        };
        let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= MAX_PLANS && !cache.contains_key(&key) {
            if let Some(old) = cache.keys().next().cloned() {
                cache.remove(&old);
            }
        }
        cache.insert(key, entry);
    }
}

/// Node flags in the key.
const ROOT: u64 = 1;
const ESCAPES: u64 = 2;
const REREAD: u64 = 4;
const UNSHARED: u64 = 8;

/// What identifies a leaf's value for CSE.
#[derive(PartialEq)]
enum Leaf {
    /// One element: its bits (and dtype and shape).
    Value(crate::DType, u64, crate::layout::Shape),
    /// A buffer seen through a layout.
    Data(usize, Layout),
}

/// The key of a plan: see the module's comment.
pub fn key(plan: &Plan, purpose: Purpose) -> Box<[u64]> {
    let mut k: Vec<u64> = Vec::with_capacity(plan.nodes.len() * 8 + 4);
    k.push(purpose as u64);
    k.push(plan.roots.len() as u64);
    k.extend(plan.roots.iter().map(|&r| r as u64));
    // The leaves so far with their classes (a plan has few: a linear
    // search is cheaper than hashing layouts).
    let mut leaves: Vec<(Leaf, Id)> = Vec::new();
    for (id, n) in plan.nodes.iter().enumerate() {
        let mut flags = 0;
        if n.root {
            flags |= ROOT;
        }
        if n.escapes {
            flags |= ESCAPES;
        }
        let node = n.node.as_ref();
        // (Whether or not this node escapes: CSE may merge an escaping
        // twin into it.)
        if node.is_some_and(|g| g.times_recomputed() >= REREAD_LIMIT) {
            flags |= REREAD;
        }
        // A leaf's value class: the first leaf CSE would merge it with.
        let mut class = u64::MAX;
        if let (PlanOp::Input, Some(g)) = (&n.op, node) {
            if let NodeState::Done(a) = &*g.state() {
                if a.layout.is_whole(a.buffer.len()) && Arc::strong_count(&a.buffer) == 1 {
                    flags |= UNSHARED;
                }
                let leaf = if a.size() == 1 {
                    let (d, bits) = a.get_flat(0).to_bits_key();
                    Leaf::Value(d, bits, a.layout.shape.clone())
                } else {
                    Leaf::Data(Arc::as_ptr(&a.buffer) as usize, a.layout.clone())
                };
                class = match leaves.iter().find(|(l, _)| *l == leaf) {
                    Some(&(_, first)) => first,
                    None => {
                        leaves.push((leaf, id));
                        id
                    }
                } as u64;
            }
        }
        k.push(flags | (n.dtype as u64) << 8 | (n.shape.len() as u64) << 16 | (n.inputs.len() as u64) << 24);
        k.extend(n.shape.iter().map(|&d| d as u64));
        k.extend(n.inputs.iter().map(|&i| i as u64));
        match &n.op {
            PlanOp::Input => k.push(class),
            PlanOp::Op(op) => op_words(op, &mut k),
        }
    }
    k.into_boxed_slice()
}

fn scalar_words(s: crate::Scalar, k: &mut Vec<u64>) {
    let (d, bits) = s.to_bits_key();
    k.push(d as u64);
    k.push(bits);
}

fn layout_words(l: &Layout, k: &mut Vec<u64>) {
    k.push(l.shape.len() as u64);
    k.extend(l.shape.iter().map(|&d| d as u64));
    k.extend(l.strides.iter().map(|&s| s as u64));
    k.push(l.offset as u64);
}

/// An op and all its fields, exactly (floats by their bits).
fn op_words(op: &Op, k: &mut Vec<u64>) {
    match op {
        Op::Arange { start, second, delta } => {
            k.push(1);
            for s in [start, second, delta] {
                scalar_words(*s, k);
            }
        }
        Op::Linspace { start, stop, num, endpoint } => {
            k.extend([2, start.to_bits(), stop.to_bits(), *num as u64, *endpoint as u64]);
        }
        Op::Full(v) => {
            k.push(3);
            scalar_words(*v, k);
        }
        Op::Unary(u) => k.extend([4, *u as u64]),
        Op::Binary(b) => k.extend([5, *b as u64]),
        Op::Where => k.push(6),
        Op::Cast => k.push(7),
        Op::Reduce { op, axes, keepdims } => {
            k.extend([8, *op as u64, *keepdims as u64, axes.len() as u64]);
            k.extend(axes.iter().map(|&a| a as u64));
        }
        Op::MatMul => k.push(9),
        Op::Sort { axis } => k.extend([10, *axis as u64]),
        Op::Partition { axis, kth } => k.extend([11, *axis as u64, Arc::as_ptr(&kth.0) as u64]),
        Op::ArgSort { axis } => k.extend([12, *axis as u64]),
        Op::Cumulative { op, axis } => k.extend([13, *op as u64, axis.map_or(u64::MAX, |a| a as u64)]),
        Op::Concat { axis } => k.extend([14, *axis as u64]),
        Op::View { layout } => {
            k.push(15);
            layout_words(layout, k);
        }
        Op::Gather { positions } => k.extend([16, Arc::as_ptr(&positions.0) as u64]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::{Array, Buffer};
    use crate::dtype::{DType, Scalar};
    use crate::graph::{self, BinaryOp, Node, NodeRef};

    fn source(v: Vec<f64>) -> NodeRef {
        let n = v.len();
        Node::source(Array::from_buffer(Buffer::F64(v), &[n]))
    }

    /// `a * c + b * d` over fresh leaves.
    fn graph_of(a: &NodeRef, b: &NodeRef, c: f64, d: f64) -> NodeRef {
        let x = graph::binary(BinaryOp::Mul, a, &Node::constant(Scalar::F64(c))).unwrap();
        let y = graph::binary(BinaryOp::Mul, b, &Node::constant(Scalar::F64(d))).unwrap();
        graph::binary(BinaryOp::Add, &x, &y).unwrap()
    }

    fn key_of(root: &NodeRef) -> Box<[u64]> {
        key(&Plan::build(std::slice::from_ref(root)), Purpose::Force)
    }

    #[test]
    fn new_data_and_new_scalars_give_the_same_key() {
        let (a, b) = (source(vec![1.0; 100]), source(vec![2.0; 100]));
        let (a2, b2) = (source(vec![5.0; 100]), source(vec![6.0; 100]));
        assert_eq!(key_of(&graph_of(&a, &b, 2.0, 3.0)), key_of(&graph_of(&a2, &b2, 4.0, 5.0)));
    }

    #[test]
    fn what_the_passes_read_changes_the_key() {
        let (a, b) = (source(vec![1.0; 100]), source(vec![2.0; 100]));
        let base = key_of(&graph_of(&a, &b, 2.0, 3.0));
        // Equal scalars merge into one value.
        assert_ne!(base, key_of(&graph_of(&a, &b, 2.0, 2.0)));
        // ... but not zero and negative zero.
        assert_eq!(base, key_of(&graph_of(&a, &b, 0.0, -0.0)));
        // One buffer read twice through the same layout merges too.
        assert_ne!(base, key_of(&graph_of(&a, &a, 2.0, 3.0)));
        // A dtype, a shape.
        let f = graph::astype(&b, DType::Float32);
        assert_ne!(base, key_of(&graph_of(&a, &f, 2.0, 3.0)));
        let (c, d) = (source(vec![1.0; 101]), source(vec![2.0; 101]));
        assert_ne!(base, key_of(&graph_of(&c, &d, 2.0, 3.0)));
        // A view instead of the array itself.
        let (e, g) = (source(vec![1.0; 200]), source(vec![2.0; 200]));
        let half = |x: &NodeRef| graph::view(x, crate::layout::Layout { shape: smallvec::smallvec![100], strides: smallvec::smallvec![2], offset: 0 });
        assert_ne!(base, key_of(&graph_of(&half(&e), &half(&g), 2.0, 3.0)));
        // A buffer someone else holds (it may not be written over).
        let shared = a.done().unwrap();
        assert_ne!(base, key_of(&graph_of(&a, &b, 2.0, 3.0)));
        drop(shared);
        assert_eq!(base, key_of(&graph_of(&a, &b, 2.0, 3.0)));
        // A temporary that Python keeps.
        let x = graph::binary(BinaryOp::Mul, &a, &Node::constant(Scalar::F64(2.0))).unwrap();
        let y = graph::binary(BinaryOp::Mul, &b, &Node::constant(Scalar::F64(3.0))).unwrap();
        let s = graph::binary(BinaryOp::Add, &x, &y).unwrap();
        assert_ne!(base, key_of(&s), "x and y escape");
        drop((x, y));
        assert_eq!(base, key_of(&s));
        // A different constant inside an op.
        let full = |v: f64| graph::binary(BinaryOp::Add, &a, &graph::full(&[100], Scalar::F64(v))).unwrap();
        assert_ne!(key_of(&full(1.0)), key_of(&full(2.0)));
    }

    #[test]
    fn a_reused_plan_computes_with_its_new_leaves() {
        let run = |c: f64, d: f64, v: f64| {
            let (a, b) = (source(vec![v; 4993]), source(vec![1.0; 4993]));
            let root = graph_of(&a, &b, c, d);
            drop((a, b));
            let opt = optimize(Plan::build(std::slice::from_ref(&root)), Purpose::Force);
            let mut opt = opt;
            let reused = opt.reused;
            crate::exec::execute_into(&opt.plan, &opt.schedule, None, &mut opt.prepared);
            opt.keep();
            (root.done().unwrap().get_flat(4992), reused)
        };
        let first = run(2.0, 3.0, 7.0);
        assert_eq!(first.0, Scalar::F64(17.0));
        assert_eq!(run(4.0, 5.0, 1.5), (Scalar::F64(11.0), true));
        assert_eq!(run(-1.0, 0.5, 2.0), (Scalar::F64(-1.5), true));
        // Equal constants: another plan (one merged scalar).
        assert_eq!(run(2.0, 2.0, 3.0), (Scalar::F64(8.0), false));
        assert_eq!(run(0.5, 0.5, 3.0), (Scalar::F64(2.0), true));
    }
}
