//! Limit pushdown: `head(k)` (a slice from a non-negative offset) moves
//! below projections and derived columns towards the scan, and turns the
//! sort below it into a top-k sort, which orders only the rows that can be
//! among the first `offset + k`.
//!
//! Derived columns are sliced with it when that keeps their values: row
//! numbers are shifted by the offset, UDF results sliced alike; columns
//! whose dtype depends on the data stop it.

use super::{Op, Query, Stats};
use crate::table::expr::Expr;

pub fn run(q: &mut Query, stats: &mut Stats) {
    for _ in 0..64 {
        let mut moved = false;
        for s in q.topo_order() {
            if push_one(q, s, stats) {
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}

fn push_one(q: &mut Query, s: usize, stats: &mut Stats) -> bool {
    let Op::Slice { offset, len: Some(k) } = q.nodes[s].op else { return false };
    if offset < 0 {
        return false;
    }
    let x = q.nodes[s].inputs[0];
    if q.consumers()[x] != 1 {
        return false;
    }
    let end = offset as usize + k;
    match &mut q.nodes[x].op {
        Op::Sort { limit, .. } => {
            if limit.is_some_and(|l| l <= end) {
                return false;
            }
            *limit = Some(end);
            q.nodes[x].origin = None;
            stats.pushed_limits += 1;
            return true;
        }
        Op::Slice { offset: o2, len: l2 } if *o2 >= 0 => {
            // Slice(offset, k) of Slice(o2, l2) = Slice(o2 + offset, ...).
            let new_len = match *l2 {
                Some(l) => l.saturating_sub(offset as usize).min(k),
                None => k,
            };
            let new_off = *o2 + offset;
            *o2 = new_off;
            *l2 = Some(new_len);
            q.nodes[x].origin = None;
            let out = q.nodes[s].out.clone();
            q.nodes[s].op = Op::Select(out);
            stats.pushed_limits += 1;
            return true;
        }
        _ => {}
    }
    let movable = match &q.nodes[x].op {
        Op::Select(_) => true,
        Op::WithColumns(exprs) => exprs.iter().all(|(name, e)| match e {
            Expr::RowIndex { .. } | Expr::Data(_) => true,
            e => !e.is_positional() && q.nodes[x].type_of(name).is_some(),
        }),
        _ => false,
    };
    if !movable {
        return false;
    }
    // s: Slice over x: Op over y  =>  s: Op over x: Slice over y.
    let y = q.nodes[x].inputs[0];
    let mut op_x = std::mem::replace(&mut q.nodes[x].op, Op::Slice { offset, len: Some(k) });
    if let Op::WithColumns(exprs) = &mut op_x {
        for (_, e) in exprs.iter_mut() {
            match e {
                Expr::RowIndex { start, step } => *start += offset * *step,
                Expr::Data(c) => {
                    let from = (offset as usize).min(c.len());
                    let n = k.min(c.len() - from);
                    *c = c.slice(from, n);
                }
                _ => {}
            }
        }
    }
    q.nodes[s].op = op_x;
    q.nodes[x].out = q.nodes[y].out.clone();
    q.nodes[x].types = q.nodes[y].types.clone();
    q.nodes[s].origin = None;
    q.nodes[x].origin = None;
    stats.pushed_limits += 1;
    true
}
