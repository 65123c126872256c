//! `hipy.explain`: the optimized query as an indented tree, root first.

use super::{Op, Query};
use crate::table::column::Name;
use crate::table::expr::{Expr, StrOp, UnOp};
use crate::table::plan::{JoinHow, SortAlgo};
use std::fmt::Write;

fn names(v: &[Name]) -> String {
    v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
}

pub fn expr(e: &Expr) -> String {
    match e {
        Expr::Col(n) => n.to_string(),
        Expr::Lit(l) => l.to_string(),
        Expr::Binary(op, a, b) => format!("({} {} {})", expr(a), op.symbol(), expr(b)),
        Expr::Unary(op, a) => match op {
            UnOp::Neg => format!("-{}", expr(a)),
            UnOp::Invert => format!("~{}", expr(a)),
            UnOp::Abs => format!("abs({})", expr(a)),
            UnOp::IsNull => format!("isna({})", expr(a)),
            UnOp::NotNull => format!("notna({})", expr(a)),
            UnOp::Round(d) => format!("round({}, {d})", expr(a)),
        },
        Expr::Cast(a, t) => format!("{}.astype({t})", expr(a)),
        Expr::FillNull(a, l) => format!("fillna({}, {l})", expr(a)),
        Expr::Str(op, a) => match op {
            StrOp::Contains { pat, .. } | StrOp::ContainsRegex { pat, .. } => {
                format!("{}.str.contains({pat:?})", expr(a))
            }
            StrOp::StartsWith(p) | StrOp::EndsWith(p) => format!("{}.str.{}({p:?})", expr(a), op.name()),
            _ => format!("{}.str.{}()", expr(a), op.name()),
        },
        Expr::Where(c, a, b) => format!("where({}, {}, {})", expr(c), expr(a), expr(b)),
        Expr::IsIn(a, l) => format!("{}.isin([{} values])", expr(a), l.len()),
        Expr::Concat(a, b, s) => format!("cat({}, {}, sep={s:?})", expr(a), expr(b)),
        Expr::Data(c) => format!("<{} computed values>", c.len()),
        Expr::RowIndex { start, step } => format!("row_number({start}, {step})"),
        Expr::ListAgg { list, body, agg } => format!("{}([{} for element in {}])", agg.name(), expr(body), expr(list)),
    }
}

/// One node's line of `explain`.
pub fn node_line(q: &Query, i: usize) -> String {
    line(q, i)
}

fn line(q: &Query, i: usize) -> String {
    let n = &q.nodes[i];
    match &n.op {
        Op::Cached(t) => format!("Computed rows={} columns=[{}]", t.num_rows, names(&n.out)),
        Op::Scan(s) => {
            let pending = s.pending_arrays(&n.out);
            let mut text = format!("Scan memory rows={} columns=[{}]", s.num_rows(), names(&n.out));
            if pending > 0 {
                write!(text, " ({pending} from array expressions, fused)").unwrap();
            }
            text
        }
        Op::CsvScan(c) => {
            let total = c.names().len();
            let parse = c.unparsed(&n.out).len();
            format!(
                "CsvScan {:?} columns=[{}] ({} of {} columns read, {} to parse; the others are never parsed)",
                c.describe(),
                names(&n.out),
                n.out.len(),
                total,
                parse
            )
        }
        Op::Select(cols) => format!("Select [{}]", names(cols)),
        Op::WithColumns(exprs) => {
            let parts: Vec<String> = exprs.iter().map(|(n, e)| format!("{n} = {}", expr(e))).collect();
            format!("WithColumns {}", parts.join(", "))
        }
        Op::Filter(p) => format!("Filter {}", expr(p)),
        Op::Slice { offset, len } => match len {
            Some(l) if *offset >= 0 => format!("Slice rows {}..{}", offset, *offset as usize + l),
            Some(l) => format!("Slice last {} rows, {l} of them", -offset),
            None => format!("Slice rows from {offset}"),
        },
        Op::Sort { keys, algo, limit } => {
            let ks: Vec<String> = keys
                .iter()
                .map(|k| format!("{} {}", k.column, if k.descending { "desc" } else { "asc" }))
                .collect();
            let mut text = format!(
                "Sort [{}] ({})",
                ks.join(", "),
                match algo {
                    SortAlgo::Quick => "numpy quicksort order",
                    SortAlgo::Stable => "stable",
                }
            );
            if let Some(l) = limit {
                write!(text, " top-{l}").unwrap();
            }
            text
        }
        Op::Aggregate { keys, aggs, sort, .. } => {
            let a: Vec<String> = aggs
                .iter()
                .map(|a| match &a.input {
                    Some(c) => format!("{} = {}({c})", a.out, a.op.name()),
                    None => format!("{} = size()", a.out),
                })
                .collect();
            format!("Aggregate by [{}]{} {}", names(keys), if *sort { " sorted" } else { "" }, a.join(", "))
        }
        Op::Join { left_on, right_on, how, .. } => format!(
            "Join {} on [{}] = [{}]",
            match how {
                JoinHow::Inner => "inner",
                JoinHow::Left => "left",
                JoinHow::Right => "right",
                JoinHow::Outer => "outer",
                JoinHow::Cross => "cross",
            },
            names(left_on),
            names(right_on)
        ),
        Op::Concat => "Concat".to_string(),
    }
}

/// The tree under the root; a node read twice is printed once and then
/// referred to by number.
pub fn dump(q: &Query) -> String {
    let mut out = String::new();
    let consumers = q.consumers();
    let mut printed = vec![false; q.nodes.len()];
    fn go(q: &Query, i: usize, depth: usize, consumers: &[usize], printed: &mut [bool], out: &mut String) {
        let pad = "  ".repeat(depth);
        if printed[i] {
            writeln!(out, "{pad}(node #{i}, shared)").unwrap();
            return;
        }
        printed[i] = true;
        let shared = if consumers[i] > 1 { format!(" [#{i}, shared]") } else { String::new() };
        writeln!(out, "{pad}{}{shared}", line(q, i)).unwrap();
        for &j in &q.nodes[i].inputs {
            go(q, j, depth + 1, consumers, printed, out);
        }
    }
    go(q, q.root, 0, &consumers, &mut printed, &mut out);
    out
}
