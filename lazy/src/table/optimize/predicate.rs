//! Predicate pushdown: a filter moves as far down as it keeps its meaning,
//! so fewer rows flow through derived columns, sorts, group-bys and joins.
//!
//! A filter moves below
//! - a projection, always;
//! - derived columns it does not read, unless one of them is positional
//!   (UDF results, row numbers) or has a dtype decided by the data (which
//!   fewer rows could change);
//! - a stable sort (NumPy's quicksort orders ties by position, so it is a
//!   barrier);
//! - another filter, merging with it;
//! - a group-by, for the conjuncts that read only the keys;
//! - an inner join, each conjunct to the side whose columns it reads;
//! - a concat, copied into every input.
//!
//! A node read by more than one consumer (after CSE) is never rewritten,
//! and a predicate that is itself positional stays where it is.

use super::{Op, QNode, Query, Stats};
use crate::table::column::Name;
use crate::table::expr::{BinOp, Expr};
use crate::table::plan::JoinHow;
use std::sync::Arc;

fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Binary(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other.clone()),
    }
}

fn and_all(parts: Vec<Expr>) -> Option<Expr> {
    parts.into_iter().reduce(|a, b| Expr::Binary(BinOp::And, Arc::new(a), Arc::new(b)))
}

fn subset(cols: &[Name], of: &[Name]) -> bool {
    cols.iter().all(|c| of.contains(c))
}

pub fn run(q: &mut Query, stats: &mut Stats) {
    // Repeat until nothing moves (each move goes strictly down).
    for _ in 0..64 {
        let mut moved = false;
        for f in q.topo_order() {
            if push_one(q, f, stats) {
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}

/// Makes `slot` an identity (what a filter becomes once all of it moved).
fn make_identity(q: &mut Query, slot: usize) {
    let out = q.nodes[slot].out.clone();
    q.nodes[slot].op = Op::Select(out);
    q.nodes[slot].origin = None;
}

fn new_filter(q: &mut Query, input: usize, predicate: Expr) -> usize {
    let n = &q.nodes[input];
    let node = QNode {
        op: Op::Filter(predicate),
        inputs: vec![input],
        out: n.out.clone(),
        types: n.types.clone(),
        origin: None,
    };
    q.push(node)
}

fn push_one(q: &mut Query, f: usize, stats: &mut Stats) -> bool {
    let Op::Filter(p) = &q.nodes[f].op else { return false };
    let p = p.clone();
    if p.is_positional() {
        return false;
    }
    let x = q.nodes[f].inputs[0];
    if q.consumers()[x] != 1 {
        return false;
    }
    let cols = p.column_list();
    let swap = match &q.nodes[x].op {
        Op::Select(_) => true,
        Op::WithColumns(exprs) => exprs.iter().all(|(name, e)| {
            !cols.contains(name) && !e.is_positional() && q.nodes[x].type_of(name).is_some()
        }),
        Op::Sort { algo: crate::table::plan::SortAlgo::Stable, limit: None, .. } => true,
        _ => false,
    };
    if swap {
        // f: Filter over x: Op over y  =>  f: Op over x: Filter over y.
        let y = q.nodes[x].inputs[0];
        let op_x = std::mem::replace(&mut q.nodes[x].op, Op::Filter(p));
        q.nodes[f].op = op_x;
        q.nodes[x].out = q.nodes[y].out.clone();
        q.nodes[x].types = q.nodes[y].types.clone();
        q.nodes[f].origin = None;
        q.nodes[x].origin = None;
        stats.pushed_filters += 1;
        return true;
    }
    match q.nodes[x].op.clone() {
        Op::Filter(lower) => {
            q.nodes[x].op = Op::Filter(Expr::Binary(BinOp::And, Arc::new(lower), Arc::new(p)));
            q.nodes[x].origin = None;
            make_identity(q, f);
            stats.pushed_filters += 1;
            true
        }
        Op::Aggregate { keys, .. } => {
            let mut parts = Vec::new();
            conjuncts(&p, &mut parts);
            let (down, stay): (Vec<Expr>, Vec<Expr>) =
                parts.into_iter().partition(|c| subset(&c.column_list(), &keys));
            let Some(down) = and_all(down) else { return false };
            let y = q.nodes[x].inputs[0];
            let nf = new_filter(q, y, down);
            q.nodes[x].inputs[0] = nf;
            q.nodes[x].origin = None;
            match and_all(stay) {
                Some(rest) => q.nodes[f].op = Op::Filter(rest),
                None => make_identity(q, f),
            }
            stats.pushed_filters += 1;
            true
        }
        Op::Join { how: JoinHow::Inner | JoinHow::Cross, .. } => {
            let (l, r) = (q.nodes[x].inputs[0], q.nodes[x].inputs[1]);
            let (lcols, rcols) = (q.nodes[l].out.clone(), q.nodes[r].out.clone());
            let mut parts = Vec::new();
            conjuncts(&p, &mut parts);
            let (mut to_l, mut to_r, mut stay) = (Vec::new(), Vec::new(), Vec::new());
            for c in parts {
                let cc = c.column_list();
                if !cc.is_empty() && subset(&cc, &lcols) {
                    to_l.push(c);
                } else if !cc.is_empty() && subset(&cc, &rcols) {
                    to_r.push(c);
                } else {
                    stay.push(c);
                }
            }
            if to_l.is_empty() && to_r.is_empty() {
                return false;
            }
            if let Some(e) = and_all(to_l) {
                let nf = new_filter(q, l, e);
                q.nodes[x].inputs[0] = nf;
            }
            if let Some(e) = and_all(to_r) {
                let nf = new_filter(q, r, e);
                q.nodes[x].inputs[1] = nf;
            }
            q.nodes[x].origin = None;
            match and_all(stay) {
                Some(rest) => q.nodes[f].op = Op::Filter(rest),
                None => make_identity(q, f),
            }
            stats.pushed_filters += 1;
            true
        }
        Op::Concat => {
            let inputs = q.nodes[x].inputs.clone();
            let mut new_inputs = Vec::new();
            for i in inputs {
                new_inputs.push(new_filter(q, i, p.clone()));
            }
            q.nodes[x].inputs = new_inputs;
            q.nodes[x].origin = None;
            make_identity(q, f);
            stats.pushed_filters += 1;
            true
        }
        _ => false,
    }
}
