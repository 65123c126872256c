//! Pass tests over hand-built plans: each shows the plan or schedule text
//! after the passes, as before/after listings.

use super::{cse, dce, fusion, optimize, reuse, sink};
use crate::buffer::{Array, Buffer};
use crate::dtype::{DType, Scalar};
use crate::graph::{BinaryOp, Node, Op, ReduceOp, UnaryOp};
use crate::plan::{Plan, PlanOp};

const N: usize = 1000;

fn input(plan: &mut Plan, v: f64) -> usize {
    let node = Node::source(Array::from_buffer(Buffer::F64(vec![v; N]), &[N]));
    // Keep the node alive through the plan only.
    let id = plan.add_input(&node);
    drop(node);
    id
}

fn constant(plan: &mut Plan, v: f64) -> usize {
    let node = Node::constant(Scalar::F64(v));
    plan.add_input(&node)
}

fn bin(plan: &mut Plan, op: BinaryOp, a: usize, b: usize) -> usize {
    let shape = plan.nodes[a].shape.clone();
    plan.add(PlanOp::Op(Op::Binary(op)), vec![a, b], DType::Float64, &shape)
}

fn un(plan: &mut Plan, op: UnaryOp, a: usize) -> usize {
    let shape = plan.nodes[a].shape.clone();
    plan.add(PlanOp::Op(Op::Unary(op)), vec![a], DType::Float64, &shape)
}

fn full_reduce(plan: &mut Plan, op: ReduceOp, a: usize) -> usize {
    let axes = (0..plan.nodes[a].shape.len()).collect();
    plan.add(PlanOp::Op(Op::Reduce { op, axes, keepdims: false }), vec![a], DType::Float64, &[])
}

#[test]
fn fusion_puts_a_chain_and_its_reduction_in_one_loop() {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let b = input(&mut p, 2.0);
    let two = constant(&mut p, 2.0);
    let x = bin(&mut p, BinaryOp::Add, a, b);
    let y = bin(&mut p, BinaryOp::Mul, x, two);
    let z = un(&mut p, UnaryOp::Sqrt, y);
    let s = full_reduce(&mut p, ReduceOp::Sum, z);
    p.set_root(s);
    let schedule = fusion::run(&p);
    assert_eq!(
        schedule.dump(&p),
        "step 0: loop (1000,) reads [%0 %1 %2] computes [%3 %4 %5] reduces [%6]\n"
    );
}

#[test]
fn reductions_forced_together_read_their_input_once() {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let s = full_reduce(&mut p, ReduceOp::Sum, a);
    let m = full_reduce(&mut p, ReduceOp::Max, a);
    let b = input(&mut p, 3.0);
    let t = full_reduce(&mut p, ReduceOp::Min, b);
    for r in [s, m, t] {
        p.set_root(r);
    }
    let schedule = fusion::run(&p);
    assert_eq!(
        schedule.dump(&p),
        "step 0: loop (1000,) reads [%0] reduces [%1 %2]\n\
         step 1: loop (1000,) reads [%3] reduces [%4]\n"
    );
}

#[test]
fn cheap_values_are_recomputed_across_a_reduction() {
    // y = x - mean(x) with x = a * 2: x is cheap, so stage 1 recomputes it.
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let two = constant(&mut p, 2.0);
    let x = bin(&mut p, BinaryOp::Mul, a, two);
    let m = full_reduce(&mut p, ReduceOp::Mean, x);
    let y = bin(&mut p, BinaryOp::Sub, x, m);
    p.set_root(y);
    let schedule = fusion::run(&p);
    assert_eq!(
        schedule.dump(&p),
        "step 0: loop (1000,) reads [%0 %1] computes [%2] reduces [%3]\n\
         step 1: loop (1000,) reads [%0 %1 %3] computes [%2 %4] stores [%4]\n"
    );
}

#[test]
fn expensive_values_are_stored_across_a_reduction() {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let x = un(&mut p, UnaryOp::Exp, a);
    let m = full_reduce(&mut p, ReduceOp::Mean, x);
    let y = bin(&mut p, BinaryOp::Sub, x, m);
    p.set_root(y);
    let schedule = fusion::run(&p);
    assert_eq!(
        schedule.dump(&p),
        "step 0: loop (1000,) reads [%0] computes [%1] stores [%1] reduces [%2]\n\
         step 1: loop (1000,) reads [%1 %2] computes [%3] stores [%3]\n"
    );
}

/// `x_k = x_{k-1} * c` for k in 1..=len, then `x - mean(x)`: is the chain
/// stored for the second pass, or recomputed there?
fn chain_across_a_reduction(len: usize) -> String {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let c = constant(&mut p, 1.5);
    let mut x = a;
    for _ in 0..len {
        x = bin(&mut p, BinaryOp::Mul, x, c);
    }
    let m = full_reduce(&mut p, ReduceOp::Mean, x);
    let y = bin(&mut p, BinaryOp::Sub, x, m);
    p.set_root(y);
    let schedule = fusion::run(&p);
    schedule.dump(&p).lines().next().unwrap().to_string()
}

#[test]
fn a_chain_is_stored_from_the_length_its_cost_reaches_the_threshold() {
    // x_1 costs itself and two reads; each further link adds itself and
    // its constant's read: x_k costs k + 1, the threshold is 24.
    assert!(!chain_across_a_reduction(22).contains("stores"));
    assert!(chain_across_a_reduction(23).ends_with("stores [%24] reduces [%25]"));
    assert!(chain_across_a_reduction(200).contains("stores [%201] reduces"));
}

#[test]
fn shared_values_count_once_in_a_cost() {
    // A diamond: y = x*x + x*c over an eleven-link chain x. Counted once,
    // y's cone is 14 ops (< 24: recomputed across the reduction); counted
    // once per path it would be 12 + 13 + 1 = 26 (stored).
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let c = constant(&mut p, 1.5);
    let mut x = a;
    for _ in 0..11 {
        x = bin(&mut p, BinaryOp::Mul, x, c);
    }
    let l = bin(&mut p, BinaryOp::Mul, x, x);
    let r = bin(&mut p, BinaryOp::Mul, x, c);
    let y = bin(&mut p, BinaryOp::Add, l, r);
    let m = full_reduce(&mut p, ReduceOp::Mean, y);
    let z = bin(&mut p, BinaryOp::Sub, y, m);
    p.set_root(z);
    let schedule = fusion::run(&p);
    let dump = schedule.dump(&p);
    assert!(dump.ends_with(&format!("%{y} %{z}] stores [%{z}]\n")), "{dump}");
    assert_eq!(dump.matches("stores").count(), 1, "{dump}");
}

#[test]
fn a_long_chain_of_steps_fuses_into_one_loop_in_linear_time() {
    // An explicit integrator's steps, 60 000 ops that nothing forces in
    // between: one loop; the cost sets stay short (this took minutes when
    // every node carried the set of all nodes below it).
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let h = constant(&mut p, 0.01);
    let (mut x, mut y) = (input(&mut p, 2.0), input(&mut p, 0.5));
    for _ in 0..10_000 {
        let xy = bin(&mut p, BinaryOp::Mul, x, y);
        let dx = bin(&mut p, BinaryOp::Sub, x, xy);
        let dy = bin(&mut p, BinaryOp::Sub, xy, y);
        let sx = bin(&mut p, BinaryOp::Mul, dx, h);
        let sy = bin(&mut p, BinaryOp::Mul, dy, a);
        x = bin(&mut p, BinaryOp::Add, x, sx);
        y = bin(&mut p, BinaryOp::Add, y, sy);
    }
    let s = full_reduce(&mut p, ReduceOp::Sum, x);
    p.set_root(s);
    p.set_root(y);
    let t = std::time::Instant::now();
    let schedule = fusion::run(&p);
    assert_eq!(schedule.steps.len(), 1);
    assert!(schedule.dump(&p).ends_with(&format!("stores [%{y}] reduces [%{s}]\n")));
    assert!(t.elapsed().as_secs_f64() < 5.0, "fusion took {:?}", t.elapsed());
}

#[test]
fn cse_merges_identical_subexpressions() {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let b = input(&mut p, 2.0);
    let x1 = bin(&mut p, BinaryOp::Mul, a, b);
    let x2 = bin(&mut p, BinaryOp::Mul, a, b);
    let e1 = un(&mut p, UnaryOp::Exp, x1);
    let e2 = un(&mut p, UnaryOp::Exp, x2);
    let y = bin(&mut p, BinaryOp::Add, e1, e2);
    p.set_root(y);
    assert_eq!(cse::run(&mut p), 2);
    assert_eq!(
        p.dump(),
        "%0 = input() : float64(1000,)\n\
         %1 = input() : float64(1000,)\n\
         %2 = mul(%0, %1) : float64(1000,)\n\
         %4 = exp(%2) : float64(1000,)\n\
         %6 = add(%4, %4) : float64(1000,) root\n"
    );
}

#[test]
fn dce_drops_nodes_no_root_needs() {
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let unused = un(&mut p, UnaryOp::Exp, a);
    let _unused2 = un(&mut p, UnaryOp::Sin, unused);
    let y = un(&mut p, UnaryOp::Sqrt, a);
    p.set_root(y);
    assert_eq!(dce::run(&mut p), 2);
    assert_eq!(p.dump(), "%0 = input() : float64(1000,)\n%3 = sqrt(%0) : float64(1000,) root\n");
}

#[test]
fn temp_reuse_writes_over_a_dying_kernel_output() {
    let mut p = Plan::default();
    let a = p.add(PlanOp::Input, vec![], DType::Float64, &[N, 4]);
    let b = p.add(PlanOp::Input, vec![], DType::Float64, &[4, N]);
    let m = p.add(PlanOp::Op(Op::MatMul), vec![a, b], DType::Float64, &[N, N]);
    let y = un(&mut p, UnaryOp::Sqrt, m);
    p.set_root(y);
    let mut schedule = fusion::run(&p);
    assert_eq!(reuse::run(&p, &mut schedule), 1);
    assert_eq!(
        schedule.dump(&p),
        "step 0: kernel matmul %2\nstep 1: loop (1000,1000) reads [%2] computes [%3] stores [%3 in %2]\n"
    );
}

#[test]
fn temp_reuse_writes_over_a_dead_source_but_not_a_live_one() {
    let mut p = Plan::default();
    let dead = input(&mut p, 1.0);
    let y = un(&mut p, UnaryOp::Sqrt, dead);
    p.set_root(y);
    let (schedule, stats) = optimize(&mut p);
    assert_eq!(stats.reused, 1);
    assert!(schedule.dump(&p).contains("stores [%1 in %0]"));

    // The same with the source still held by "Python".
    let mut p = Plan::default();
    let held = Node::source(Array::from_buffer(Buffer::F64(vec![4.0; N]), &[N]));
    let a = p.add_input(&held);
    p.nodes[a].escapes = true;
    let y = un(&mut p, UnaryOp::Sqrt, a);
    p.set_root(y);
    let (schedule, stats) = optimize(&mut p);
    assert_eq!(stats.reused, 0);
    assert!(schedule.dump(&p).contains("stores [%1]"));
}

#[test]
fn broadcast_inputs_split_loops() {
    // (a[:, None] style) a column of pending values broadcast over a matrix.
    let mut p = Plan::default();
    let col = p.add(PlanOp::Input, vec![], DType::Float64, &[N, 1]);
    let mat = p.add(PlanOp::Input, vec![], DType::Float64, &[N, 8]);
    let e = un(&mut p, UnaryOp::Exp, col);
    let y = p.add(PlanOp::Op(Op::Binary(BinaryOp::Mul)), vec![e, mat], DType::Float64, &[N, 8]);
    p.set_root(y);
    let schedule = fusion::run(&p);
    assert_eq!(
        schedule.dump(&p),
        "step 0: loop (1000,1) reads [%0] computes [%2] stores [%2]\n\
         step 1: loop (1000,8) reads [%1 %2] computes [%3] stores [%3]\n"
    );
}

#[test]
fn executing_a_fused_plan_matches_the_unfused_values() {
    use crate::graph;
    let n = 10_000;
    let a = Node::source(Array::from_buffer(Buffer::F64((0..n).map(|i| i as f64 * 0.5).collect()), &[n]));
    let b = graph::linspace(0.0, 1.0, n, true);
    let x = graph::binary(BinaryOp::Mul, &a, &b).unwrap();
    let y = graph::unary(UnaryOp::Sqrt, &x).unwrap();
    let s = graph::reduce(ReduceOp::Sum, &y, None, false).unwrap();
    let m = graph::reduce(ReduceOp::Max, &y, None, false).unwrap();
    let mut p = Plan::build(&[s.clone(), m.clone()]);
    let (schedule, _) = optimize(&mut p);
    let stats = crate::exec::execute(&p, &schedule);
    assert_eq!(stats.loops, 1);
    assert_eq!(stats.stored_arrays, 0);
    let want: Vec<f64> = (0..n)
        .map(|i| (i as f64 * 0.5 * graph::linspace_value(0.0, 1.0, n, true, i)).sqrt())
        .collect();
    let want_sum = crate::exec::reduce::pairwise_sum(&want);
    assert_eq!(s.done().unwrap().get_flat(0), Scalar::F64(want_sum));
    let want_max = want.iter().cloned().fold(f64::MIN, f64::max);
    assert_eq!(m.done().unwrap().get_flat(0), Scalar::F64(want_max));
    // x and y were never stored: nothing kept them.
    assert!(!x.is_done() && !y.is_done());
}

#[test]
fn a_value_recomputed_by_earlier_forces_is_stored_next_time() {
    use crate::graph;
    let n = 10_000;
    let a = Node::source(Array::from_buffer(Buffer::F64(vec![1.0; n]), &[n]));
    let x = graph::binary(BinaryOp::Mul, &a, &a).unwrap();
    let dump_for = |x: &crate::graph::NodeRef| {
        let y = graph::unary(UnaryOp::Neg, x).unwrap();
        let mut p = Plan::build(&[y]);
        let schedule = fusion::run(&p);
        let _ = cse::run(&mut p);
        schedule.dump(&p)
    };
    // `x` is held (by this test) and cheap: recomputed, not stored...
    assert!(dump_for(&x).contains("stores [%2]"));
    assert!(dump_for(&x).contains("stores [%2]"));
    // ...until two forces have recomputed it: then it is stored.
    assert!(dump_for(&x).contains("stores [%1 %2]"), "{}", dump_for(&x));
}

#[test]
fn selects_sink_below_ops_both_ways_end_with() {
    // where(c, abs(a - k), abs(b - k)) -> abs(where(c, a, b) - k); a select
    // whose ways are read elsewhere, or differ in two operands, stays.
    let mut p = Plan::default();
    let a = input(&mut p, 1.0);
    let b = input(&mut p, 2.0);
    let k = constant(&mut p, 0.25);
    let c = p.add(PlanOp::Op(Op::Binary(BinaryOp::Lt)), vec![a, b], DType::Bool, &[N]);
    let x = bin(&mut p, BinaryOp::Sub, a, k);
    let ax = un(&mut p, UnaryOp::Abs, x);
    let y = bin(&mut p, BinaryOp::Sub, b, k);
    let ay = un(&mut p, UnaryOp::Abs, y);
    let w = p.add(PlanOp::Op(Op::Where), vec![c, ax, ay], DType::Float64, &[N]);
    let u = bin(&mut p, BinaryOp::Mul, a, k);
    let v = bin(&mut p, BinaryOp::Mul, b, b);
    let w2 = p.add(PlanOp::Op(Op::Where), vec![c, u, v], DType::Float64, &[N]);
    p.set_root(w);
    p.set_root(w2);
    assert_eq!(sink::run(&mut p), 2);
    assert_eq!(
        p.dump(),
        "%0 = input() : float64(1000,)\n\
         %1 = input() : float64(1000,)\n\
         %2 = input() : float64()\n\
         %3 = lt(%0, %1) : bool(1000,)\n\
         %6 = where(%3, %0, %1) : float64(1000,)\n\
         %7 = sub(%6, %2) : float64(1000,)\n\
         %8 = abs(%7) : float64(1000,) root\n\
         %9 = mul(%0, %2) : float64(1000,)\n\
         %10 = mul(%1, %1) : float64(1000,)\n\
         %11 = where(%3, %9, %10) : float64(1000,) root\n"
    );
}
