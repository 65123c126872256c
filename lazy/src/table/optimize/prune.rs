//! Projection pushdown (column pruning) and dead derived columns.
//!
//! Walking from the root down, each node learns which of its columns its
//! consumers read; it outputs only those, drops derived columns and
//! aggregations nobody reads, and asks its inputs only for what it needs.
//! Scans read only the needed columns: array columns that are never read
//! are never computed, CSV columns never converted.

use super::{Op, Query, Stats};
use crate::table::column::Name;

fn add(need: &mut Option<Vec<Name>>, cols: impl IntoIterator<Item = Name>) {
    let v = need.get_or_insert_with(Vec::new);
    for c in cols {
        if !v.contains(&c) {
            v.push(c);
        }
    }
}

pub fn run(q: &mut Query, stats: &mut Stats) {
    let order = q.topo_order();
    let mut need: Vec<Option<Vec<Name>>> = vec![None; q.nodes.len()];
    need[q.root] = Some(q.nodes[q.root].out.clone());
    for &i in order.iter().rev() {
        let req = need[i].clone().unwrap_or_default();
        let input_outs: Vec<Vec<Name>> = q.nodes[i].inputs.iter().map(|&j| q.nodes[j].out.clone()).collect();
        let node = &mut q.nodes[i];
        let keep_keys: Vec<Name> = match &node.op {
            Op::Aggregate { keys, .. } => keys.clone(),
            _ => vec![],
        };
        let out: Vec<Name> =
            node.out.iter().filter(|c| req.contains(c) || keep_keys.contains(c)).cloned().collect();
        stats.pruned_columns += node.out.len() - out.len();
        node.out = out.clone();
        let inputs = node.inputs.clone();
        match &mut node.op {
            Op::Cached(_) | Op::Scan(_) | Op::CsvScan(_) => {}
            Op::Select(cols) => {
                cols.retain(|c| out.contains(c));
                add(&mut need[inputs[0]], cols.clone());
            }
            Op::WithColumns(exprs) => {
                let before = exprs.len();
                exprs.retain(|(n, _)| out.contains(n));
                stats.pruned_columns += before - exprs.len();
                let defined: Vec<Name> = exprs.iter().map(|(n, _)| n.clone()).collect();
                let mut want: Vec<Name> = out.iter().filter(|c| !defined.contains(c)).cloned().collect();
                for (_, e) in exprs.iter() {
                    e.columns(&mut want);
                }
                add(&mut need[inputs[0]], want);
            }
            Op::Filter(p) => {
                let mut want = out.clone();
                p.columns(&mut want);
                add(&mut need[inputs[0]], want);
            }
            Op::Slice { .. } => add(&mut need[inputs[0]], out.clone()),
            Op::Sort { keys, .. } => {
                let mut want = out.clone();
                want.extend(keys.iter().map(|k| k.column.clone()));
                add(&mut need[inputs[0]], want);
            }
            Op::Aggregate { keys, aggs, .. } => {
                let before = aggs.len();
                aggs.retain(|a| out.contains(&a.out));
                stats.pruned_columns += before - aggs.len();
                let mut want = keys.clone();
                want.extend(aggs.iter().filter_map(|a| a.input.clone()));
                add(&mut need[inputs[0]], want);
            }
            Op::Join { left_on, right_on, .. } => {
                let (l, r) = (inputs[0], inputs[1]);
                let lcols: Vec<Name> = out.iter().filter(|c| input_outs[0].contains(c)).cloned().collect();
                let rcols: Vec<Name> = out.iter().filter(|c| input_outs[1].contains(c)).cloned().collect();
                let (lo, ro) = (left_on.clone(), right_on.clone());
                add(&mut need[l], lcols.into_iter().chain(lo));
                add(&mut need[r], rcols.into_iter().chain(ro));
            }
            Op::Concat => {
                for &inp in &inputs {
                    add(&mut need[inp], out.clone());
                }
            }
        }
    }
}
