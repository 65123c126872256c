//! Common subexpression elimination.
//!
//! - Subplans: two nodes with the same operation over the same inputs
//!   compute the same rows (a filter written twice, the same frame
//!   derived in two branches of a concat or a self-merge); the later one
//!   is replaced by the earlier, so the executor computes it once.
//! - Expressions: structurally equal subexpressions of one node become one
//!   shared `Arc`, which the executor evaluates once per node.

use super::{Op, Query, Stats};
use crate::table::expr::Expr;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

fn op_hash(op: &Op) -> u64 {
    let mut h = DefaultHasher::new();
    std::mem::discriminant(op).hash(&mut h);
    match op {
        Op::Cached(t) => (t as *const _ as usize).hash(&mut h),
        Op::Scan(s) => (Arc::as_ptr(s) as usize).hash(&mut h),
        Op::CsvScan(s) => (Arc::as_ptr(s) as usize).hash(&mut h),
        Op::Select(c) => c.hash(&mut h),
        Op::WithColumns(e) => e.hash(&mut h),
        Op::Filter(e) => e.hash(&mut h),
        Op::Slice { offset, len } => (offset, len).hash(&mut h),
        Op::Sort { keys, algo, limit } => (keys, algo, limit).hash(&mut h),
        Op::Aggregate { keys, aggs, sort, dropna } => (keys, aggs, sort, dropna).hash(&mut h),
        Op::Join { left_on, right_on, how, sort, coalesce } => (left_on, right_on, how, sort, coalesce).hash(&mut h),
        Op::Concat => {}
    }
    h.finish()
}

fn op_eq(a: &Op, b: &Op) -> bool {
    match (a, b) {
        (Op::Cached(_), Op::Cached(_)) => false,
        (Op::Scan(x), Op::Scan(y)) => Arc::ptr_eq(x, y),
        (Op::CsvScan(x), Op::CsvScan(y)) => Arc::ptr_eq(x, y),
        (Op::Select(x), Op::Select(y)) => x == y,
        (Op::WithColumns(x), Op::WithColumns(y)) => x == y,
        (Op::Filter(x), Op::Filter(y)) => x == y,
        (Op::Slice { offset: o1, len: l1 }, Op::Slice { offset: o2, len: l2 }) => o1 == o2 && l1 == l2,
        (Op::Sort { keys: k1, algo: a1, limit: l1 }, Op::Sort { keys: k2, algo: a2, limit: l2 }) => {
            k1 == k2 && a1 == a2 && l1 == l2
        }
        (
            Op::Aggregate { keys: k1, aggs: a1, sort: s1, dropna: d1 },
            Op::Aggregate { keys: k2, aggs: a2, sort: s2, dropna: d2 },
        ) => k1 == k2 && a1 == a2 && s1 == s2 && d1 == d2,
        (
            Op::Join { left_on: l1, right_on: r1, how: h1, sort: s1, coalesce: c1 },
            Op::Join { left_on: l2, right_on: r2, how: h2, sort: s2, coalesce: c2 },
        ) => l1 == l2 && r1 == r2 && h1 == h2 && s1 == s2 && c1 == c2,
        (Op::Concat, Op::Concat) => true,
        _ => false,
    }
}

pub fn run(q: &mut Query, stats: &mut Stats) {
    // Nodes in input-first order, so inputs are already canonical.
    let order = q.topo_order();
    let mut canon: Vec<usize> = (0..q.nodes.len()).collect();
    let mut seen: HashMap<(u64, Vec<usize>), Vec<usize>> = HashMap::new();
    for &i in &order {
        let inputs: Vec<usize> = q.nodes[i].inputs.iter().map(|&j| canon[j]).collect();
        q.nodes[i].inputs = inputs.clone();
        let key = (op_hash(&q.nodes[i].op), inputs);
        let bucket = seen.entry(key).or_default();
        match bucket.iter().find(|&&j| op_eq(&q.nodes[j].op, &q.nodes[i].op) && q.nodes[j].out == q.nodes[i].out) {
            Some(&j) if i != q.root => {
                canon[i] = j;
                stats.merged_nodes += 1;
            }
            _ => bucket.push(i),
        }
    }
    // Shared subexpressions inside each node.
    for n in &mut q.nodes {
        let mut interned: HashMap<Expr, Arc<Expr>> = HashMap::new();
        match &mut n.op {
            Op::WithColumns(exprs) => {
                for (_, e) in exprs.iter_mut() {
                    *e = intern(e, &mut interned);
                }
            }
            Op::Filter(e) => *e = intern(e, &mut interned),
            _ => {}
        }
    }
}

/// The expression with every compound subexpression replaced by the one
/// shared `Arc` for its structure.
fn intern(e: &Expr, table: &mut HashMap<Expr, Arc<Expr>>) -> Expr {
    let mut sub = |a: &Arc<Expr>| -> Arc<Expr> {
        if matches!(**a, Expr::Col(_) | Expr::Lit(_)) {
            return a.clone();
        }
        let inner = intern(a, table);
        if let Some(shared) = table.get(&inner) {
            return shared.clone();
        }
        let shared = Arc::new(inner.clone());
        table.insert(inner, shared.clone());
        shared
    };
    match e {
        Expr::Binary(o, a, b) => Expr::Binary(*o, sub(a), sub(b)),
        Expr::Concat(a, b, s) => Expr::Concat(sub(a), sub(b), s.clone()),
        Expr::Unary(o, a) => Expr::Unary(*o, sub(a)),
        Expr::Cast(a, t) => Expr::Cast(sub(a), *t),
        Expr::FillNull(a, l) => Expr::FillNull(sub(a), l.clone()),
        Expr::Str(o, a) => Expr::Str(o.clone(), sub(a)),
        Expr::IsIn(a, l) => Expr::IsIn(sub(a), l.clone()),
        Expr::Where(c, a, b) => Expr::Where(sub(c), sub(a), sub(b)),
        Expr::ListAgg { list, body, agg } => Expr::ListAgg { list: sub(list), body: body.clone(), agg: *agg },
        other => other.clone(),
    }
}
