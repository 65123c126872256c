//! When to run: the laziness policy, forcing, and its statistics.
//!
//! - `HIPY_LAZY=off` runs every node as soon as it is built, through the
//!   same plan, optimizer and kernels (a one-node plan).
//! - Otherwise nodes stay pending until forced. Small arrays whose inputs
//!   are all computed run at once (`HIPY_LAZY_EAGER_BELOW`, default 4096
//!   elements; 0 makes everything lazy), and when forces keep arriving right
//!   after single ops (a Python loop over small values), the runtime runs
//!   the next ops eagerly for a while.
//! - A node at the end of a chain of [`DEPTH_LIMIT`] pending ops is run
//!   when it is built: a loop of steps that never looks at its arrays
//!   would otherwise pile every step into one graph, its memory and its
//!   planning growing with the number of steps.
//! - Forcing one node also runs every pending reduction still held by Python
//!   that reads the same data, so `a.sum()` and `a.max()` forced together
//!   read `a` once.
//! - `HIPY_LAZY_LOG=1` prints each multi-op plan and its schedule to stderr.
//! - `HIPY_TABLE_CHUNK_ROWS` sets the rows per chunk of a table plan's
//!   chunked chains (`table::exec::pipeline`; default 32768; tests set a
//!   few rows so that small frames run chunked too).

use crate::buffer::Array;
use crate::exec;
use crate::graph::{Node, NodeRef, Op};
use crate::optimize;
use crate::plan::Plan;
use crate::FastSet as HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};

#[derive(Clone, Debug)]
pub struct Config {
    pub lazy: bool,
    pub eager_below: usize,
    pub log: bool,
    pub table_chunk_rows: usize,
}

/// What an embedder chose (`hipy::Builder::lazy`) before the first use of
/// `config()`; `HIPY_LAZY` applies otherwise.
pub static PRESET_LAZY: Mutex<Option<bool>> = Mutex::new(None);

pub fn config() -> &'static Config {
    static CONFIG: OnceLock<Config> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let preset = *PRESET_LAZY.lock().unwrap_or_else(|e| e.into_inner());
        let lazy = preset.unwrap_or_else(|| !matches!(std::env::var("HIPY_LAZY").as_deref(), Ok("off") | Ok("0")));
        let eager_below = std::env::var("HIPY_LAZY_EAGER_BELOW")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(4096);
        let log = matches!(std::env::var("HIPY_LAZY_LOG").as_deref(), Ok("1"));
        let table_chunk_rows = std::env::var("HIPY_TABLE_CHUNK_ROWS")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or(1 << 15);
        Config { lazy, eager_below, log, table_chunk_rows }
    })
}

/// How the binary's allocator gives a thread's freed memory back to the
/// system ([`set_memory_release`]).
static RELEASE: OnceLock<fn()> = OnceLock::new();

/// Registers `f`, which gives the calling thread's freed memory back to
/// the system (the binary owns the global allocator).
pub fn set_memory_release(f: fn()) {
    let _ = RELEASE.set(f);
}

/// Gives back the memory freed on each thread of the pool and on this
/// one, after a phase that freed much of it on threads that will not
/// allocate as much again soon (a CSV scan's blocks: blocks a thread frees
/// that another allocated would otherwise stay resident).
pub fn release_memory() {
    if let Some(&f) = RELEASE.get() {
        rayon::broadcast(|_| f());
        f();
    }
}

/// Counters since start-up (for tests and `hipy` diagnostics).
#[derive(Debug, Default)]
pub struct Stats {
    pub forces: AtomicU64,
    pub loops: AtomicU64,
    pub kernels: AtomicU64,
    pub fused_ops: AtomicU64,
    pub stored_arrays: AtomicU64,
    pub merged: AtomicU64,
    pub reused: AtomicU64,
    pub co_forced: AtomicU64,
    pub eager_ops: AtomicU64,
    /// Forces that ran the optimized plan of an identical earlier one.
    pub plans_reused: AtomicU64,
}

pub fn stats() -> &'static Stats {
    static STATS: OnceLock<Stats> = OnceLock::new();
    STATS.get_or_init(Stats::default)
}

/// A token the numpy module keeps while a Python object (an array or a
/// scalar) holds a pending node; the runtime's registry sees it weakly, so
/// it knows which pending values Python can still observe.
#[derive(Debug)]
pub struct Held(());

struct HeldEntry {
    token: Weak<Held>,
    node: Weak<Node>,
}

fn held_registry() -> &'static Mutex<Vec<HeldEntry>> {
    static REG: OnceLock<Mutex<Vec<HeldEntry>>> = OnceLock::new();
    REG.get_or_init(|| Mutex::new(Vec::new()))
}

/// Registers a pending node that a Python object now holds.
pub fn hold(node: &NodeRef) -> Arc<Held> {
    let token = Arc::new(Held(()));
    if !node.is_done() {
        let mut reg = held_registry().lock().unwrap_or_else(|e| e.into_inner());
        if reg.len() > 64 {
            reg.retain(|e| e.token.strong_count() > 0 && e.node.upgrade().is_some_and(|n| !n.is_done()));
        }
        reg.push(HeldEntry { token: Arc::downgrade(&token), node: Arc::downgrade(node) });
    }
    token
}

/// Overhead control: a streak of forces that each ran a single op means
/// laziness buys nothing here; run the next ops eagerly.
static TRIVIAL_STREAK: AtomicUsize = AtomicUsize::new(0);
static EAGER_BUDGET: AtomicUsize = AtomicUsize::new(0);
const STREAK_LIMIT: usize = 32;
const EAGER_SPELL: usize = 1024;

/// Whether all inputs are computed, and the largest array involved.
fn ready_and_work(node: &Node) -> (bool, usize) {
    node.with_pending(|_, inputs| {
        (
            inputs.iter().all(|i| i.is_done()),
            inputs.iter().map(|i| i.size()).chain([node.size()]).max().unwrap_or(0),
        )
    })
    .unwrap_or((true, node.size()))
}

/// The longest chain of pending ops a node may end: fusion has long paid
/// off by then (a fused loop of a thousand ops), and planning stays cheap.
pub const DEPTH_LIMIT: u32 = 1024;

/// Called on every node the numpy module builds: runs it now when the
/// policy says so, otherwise leaves it pending.
pub fn settle(node: NodeRef) -> NodeRef {
    if node.is_done() {
        return node;
    }
    if node.depth() >= DEPTH_LIMIT {
        force_all(&[node.clone()]);
        return node;
    }
    let cfg = config();
    let (ready, work) = ready_and_work(&node);
    let eager = !cfg.lazy
        || (ready && work < cfg.eager_below)
        || EAGER_BUDGET
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| b.checked_sub(1))
            .is_ok();
    if eager {
        stats().eager_ops.fetch_add(1, Ordering::Relaxed);
        match exec::direct::eval(&node) {
            Some(a) => node.set_done(a),
            None => force_all(&[node.clone()]),
        }
    }
    node
}

/// The node's value, computing it (and what is worth computing with it).
pub fn force(node: &NodeRef) -> Array {
    if let Some(a) = node.done() {
        return a;
    }
    force_all(&[node.clone()]);
    node.done().expect("forced node is done")
}

/// Pending nodes reachable from `roots` (and the done nodes they read),
/// and the source buffers they read.
fn footprint(roots: &[NodeRef]) -> (HashSet<usize>, HashSet<usize>) {
    let mut nodes = HashSet::default();
    let mut buffers = HashSet::default();
    let mut stack: Vec<NodeRef> = roots.to_vec();
    while let Some(n) = stack.pop() {
        if !nodes.insert(Arc::as_ptr(&n) as usize) {
            continue;
        }
        if n.with_pending(|_, inputs| stack.extend_from_slice(inputs)).is_none() {
            if let Some(a) = n.done() {
                buffers.insert(Arc::as_ptr(&a.buffer) as usize);
            }
        }
    }
    (nodes, buffers)
}

/// Pending values Python still holds that are worth computing together
/// with `roots`:
/// - reductions that read any of the same data (their results are tiny, and
///   sharing the pass means reading the data once);
/// - arrays that share expensive pending work with the plan (computing them
///   in the same loop does that work once instead of again later).
///
/// Each candidate's walk stops as soon as the answer is known, so a long
/// pending graph (a loop of steps nothing has forced) is not walked once
/// per candidate.
fn co_roots(roots: &[NodeRef]) -> Vec<NodeRef> {
    let candidates: Vec<NodeRef> = {
        let mut reg = held_registry().lock().unwrap_or_else(|e| e.into_inner());
        reg.retain(|e| e.token.strong_count() > 0 && e.node.upgrade().is_some_and(|n| !n.is_done()));
        reg.iter().filter_map(|e| e.node.upgrade()).collect()
    };
    if candidates.is_empty() {
        return vec![];
    }
    let (nodes, buffers) = footprint(roots);
    let mut picked: Vec<NodeRef> = Vec::new();
    for c in candidates {
        let key = Arc::as_ptr(&c) as usize;
        if nodes.contains(&key) || picked.iter().any(|p| Arc::ptr_eq(p, &c)) {
            continue;
        }
        let is_reduction = c.with_pending(|op, _| matches!(op, Op::Reduce { .. })).unwrap_or(false);
        let share = if is_reduction {
            reads_shared(&c, &nodes, &buffers)
        } else {
            shared_work_reaches(&c, &nodes, crate::optimize::cost::STORE_THRESHOLD)
        };
        if share {
            picked.push(c);
        }
    }
    picked
}

/// Whether `c` is computed from any node of `plan_nodes` or reads any of
/// `buffers`.
fn reads_shared(c: &NodeRef, plan_nodes: &HashSet<usize>, buffers: &HashSet<usize>) -> bool {
    let mut seen = HashSet::default();
    let mut stack = vec![c.clone()];
    while let Some(n) = stack.pop() {
        let key = Arc::as_ptr(&n) as usize;
        if plan_nodes.contains(&key) {
            return true;
        }
        if !seen.insert(key) {
            continue;
        }
        if n.with_pending(|_, inputs| stack.extend_from_slice(inputs)).is_none() {
            if n.done().is_some_and(|a| buffers.contains(&(Arc::as_ptr(&a.buffer) as usize))) {
                return true;
            }
        }
    }
    false
}

/// Whether the per-element cost of the pending nodes under `c` that are
/// also in `plan_nodes` reaches `threshold`.
fn shared_work_reaches(c: &NodeRef, plan_nodes: &HashSet<usize>, threshold: u32) -> bool {
    let mut seen = HashSet::default();
    let mut stack = vec![c.clone()];
    let mut cost = 0u32;
    while let Some(n) = stack.pop() {
        let key = Arc::as_ptr(&n) as usize;
        if !seen.insert(key) {
            continue;
        }
        n.with_pending(|op, inputs| {
            if plan_nodes.contains(&key) {
                cost = cost.saturating_add(crate::optimize::cost::op_cost(op));
            }
            stack.extend_from_slice(inputs);
        });
        if cost >= threshold {
            return true;
        }
    }
    false
}

/// The optimized plan and schedule that forcing `roots` would run, as
/// text (nothing runs; the graph is left as it is). Empty when nothing
/// is pending.
pub fn explain(roots: &[NodeRef]) -> String {
    let pending: Vec<NodeRef> = roots.iter().filter(|r| !r.is_done()).cloned().collect();
    if pending.is_empty() {
        return String::new();
    }
    let mut plan = Plan::build(&pending);
    drop(pending);
    let (schedule, _) = optimize::optimize(&mut plan);
    format!("{}{}", plan.dump(), schedule.dump(&plan))
}

/// Adds what one force did to the statistics.
fn count(exec_stats: &exec::ExecStats, opt: &crate::memo::Optimized) {
    let s = stats();
    s.forces.fetch_add(1, Ordering::Relaxed);
    s.loops.fetch_add(exec_stats.loops as u64, Ordering::Relaxed);
    s.kernels.fetch_add(exec_stats.kernels as u64, Ordering::Relaxed);
    s.fused_ops.fetch_add(exec_stats.fused_ops as u64, Ordering::Relaxed);
    s.stored_arrays.fetch_add(exec_stats.stored_arrays as u64, Ordering::Relaxed);
    s.merged.fetch_add(opt.stats.merged as u64, Ordering::Relaxed);
    s.reused.fetch_add(opt.stats.reused as u64, Ordering::Relaxed);
    s.plans_reused.fetch_add(opt.reused as u64, Ordering::Relaxed);
}

/// Computes `roots` (and co-forced reductions) in one optimized plan.
pub fn force_all(roots: &[NodeRef]) {
    let mut all: Vec<NodeRef> = roots.iter().filter(|r| !r.is_done()).cloned().collect();
    if all.is_empty() {
        return;
    }
    let extra = if config().lazy { co_roots(&all) } else { vec![] };
    stats().co_forced.fetch_add(extra.len() as u64, Ordering::Relaxed);
    all.extend(extra);
    let plan = Plan::build(&all);
    drop(all);
    let mut opt = crate::memo::optimize(plan, crate::memo::Purpose::Force);
    let ops = opt.plan.nodes.iter().filter(|n| !n.dead && !n.is_input()).count();
    if config().log && ops > 1 {
        eprintln!("[hipy-lazy] plan:\n{}[hipy-lazy] schedule:\n{}", opt.plan.dump(), opt.schedule.dump(&opt.plan));
    }
    let exec_stats = exec::execute_into(&opt.plan, &opt.schedule, None, &mut opt.prepared);
    count(&exec_stats, &opt);
    opt.keep();

    if config().lazy {
        if ops <= 1 {
            if TRIVIAL_STREAK.fetch_add(1, Ordering::Relaxed) + 1 >= STREAK_LIMIT {
                TRIVIAL_STREAK.store(0, Ordering::Relaxed);
                EAGER_BUDGET.store(EAGER_SPELL, Ordering::Relaxed);
            }
        } else {
            TRIVIAL_STREAK.store(0, Ordering::Relaxed);
        }
    }
}

/// A slice assignment: writes `node`'s value (broadcastable to `region`'s
/// shape) into the elements of `storage` that `region` selects, converting
/// C-style to the storage's dtype.
///
/// A pending elementwise value is computed straight into the region, in
/// the loop that computes it (no temporary array). The watch bits keep it
/// exact: a value that reads the storage's own data holds the buffer, so
/// the write goes to a copy (copy-on-write) while the loop reads the old
/// values, as `u[1:-1] = u[:-2] + u[2:]` requires. `node` itself is left
/// pending (if Python still holds it, it is computed again when observed).
pub fn write_into(storage: &crate::buffer::Storage, region: &crate::layout::Layout, node: NodeRef) {
    let dtype = storage.dtype();
    if node.done().is_none() && node.shape == region.shape {
        let value = if node.dtype == dtype { node.clone() } else { crate::graph::astype(&node, dtype) };
        let plan = Plan::build(std::slice::from_ref(&value));
        let mut opt = crate::memo::optimize(plan, crate::memo::Purpose::Into);
        let root = opt.plan.roots[0];
        // (A plan reused from an earlier assignment has its target set.)
        let target = opt.schedule.steps.iter_mut().find_map(|s| match s {
            crate::schedule::Step::Loop(l) => l.outputs.iter_mut().find(|o| o.id == root),
            crate::schedule::Step::Kernel(_) => None,
        });
        if let Some(out) = target {
            out.target = crate::schedule::Target::Into;
            if config().log {
                eprintln!(
                    "[hipy-lazy] plan (into a region):\n{}[hipy-lazy] schedule:\n{}",
                    opt.plan.dump(),
                    opt.schedule.dump(&opt.plan)
                );
            }
            let exec_stats = storage.write_region(region, |buffer| {
                let dest = exec::Destination { buffer, layout: region.clone() };
                exec::execute_into(&opt.plan, &opt.schedule, Some(dest), &mut opt.prepared)
            });
            count(&exec_stats, &opt);
            opt.keep();
            TRIVIAL_STREAK.store(0, Ordering::Relaxed);
            return;
        }
    }
    let value = force(&node);
    // The region's own elements written back where they are (`v += x` on a
    // view `v = a[...]` ends in `a[...] = v`): nothing changes.
    if value.layout == *region && storage.read(|b| std::ptr::eq(Arc::as_ptr(&value.buffer), b)) {
        return;
    }
    storage.write_region(region, |buffer| exec::write::copy_into(buffer, region, &value));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::Buffer;
    use crate::graph::{self, BinaryOp, ReduceOp, UnaryOp};

    fn big_source(n: usize) -> NodeRef {
        Node::source(Array::from_buffer(Buffer::F64((0..n).map(|i| i as f64).collect()), &[n]))
    }

    #[test]
    fn forcing_one_reduction_computes_the_held_ones_over_the_same_data() {
        let a = big_source(50_000);
        let s = graph::reduce(ReduceOp::Sum, &a, None, false).unwrap();
        let m = graph::reduce(ReduceOp::Max, &a, None, false).unwrap();
        let (_hs, _hm) = (hold(&s), hold(&m));
        assert_eq!(force(&s).get_flat(0), crate::Scalar::F64((0..50_000).map(|i| i as f64).sum()));
        assert!(m.is_done(), "the max was computed in the same pass");
        // Not held by anything Python can see: left alone.
        let unheld = graph::reduce(ReduceOp::Min, &a, None, false).unwrap();
        let p = graph::reduce(ReduceOp::Prod, &a, None, false).unwrap();
        let _hp = hold(&p);
        force(&p);
        assert!(!unheld.is_done());
    }

    #[test]
    fn held_arrays_sharing_expensive_work_are_computed_together() {
        let a = big_source(20_000);
        let e = graph::unary(UnaryOp::Exp, &a).unwrap();
        let x = graph::binary(BinaryOp::Add, &e, &a).unwrap();
        let y = graph::binary(BinaryOp::Mul, &e, &a).unwrap();
        let cheap = graph::binary(BinaryOp::Sub, &a, &a).unwrap();
        let (_hx, _hy, _hc) = (hold(&x), hold(&y), hold(&cheap));
        drop(e);
        force(&x);
        assert!(y.is_done(), "y shares exp(a) with x");
        assert!(!cheap.is_done(), "cheap shares only the source");
    }

    #[test]
    fn a_chain_of_pending_ops_runs_when_it_reaches_the_depth_limit() {
        let one = Node::constant(crate::Scalar::F64(1.0));
        let mut x = big_source(10_000);
        let mut at_limit = None;
        for step in 1..=3000u32 {
            x = settle(graph::binary(BinaryOp::Add, &x, &one).unwrap());
            assert!(x.depth() <= DEPTH_LIMIT);
            if step == DEPTH_LIMIT {
                at_limit = Some(x.clone());
            }
        }
        assert!(at_limit.unwrap().is_done(), "the op ending a chain of DEPTH_LIMIT was run when built");
        assert_eq!(force(&x).get_flat(5), crate::Scalar::F64(3005.0));
    }

    #[test]
    fn dropped_pending_nodes_are_never_computed() {
        let a = big_source(10_000);
        let unused = graph::unary(UnaryOp::Exp, &a).unwrap();
        let weak = Arc::downgrade(&unused);
        drop(unused);
        assert!(weak.upgrade().is_none(), "a dropped node is freed, not kept for later");
        let y = graph::binary(BinaryOp::Mul, &a, &a).unwrap();
        let mut plan = Plan::build(&[y.clone()]);
        let (schedule, _) = optimize::optimize(&mut plan);
        let stats = exec::execute(&plan, &schedule);
        assert_eq!(stats.fused_ops, 1);
        assert!(y.is_done());
    }
}
