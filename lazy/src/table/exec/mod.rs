//! The table executor: runs an optimized [`Query`] node by node, inputs
//! first. A node's result is kept until its last consumer ran (so a
//! subplan shared after CSE is computed once), then dropped.

pub mod arith;
pub mod cast;
pub mod expr;
pub mod factorize;
pub mod fused;
pub mod groupby;
pub mod join;
pub mod lists;
pub mod npsort;
pub mod pipeline;
pub mod reduce;
pub mod sort;
pub mod strings;

use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::optimize::{Op, QNode, Query};
use crate::table::plan::slice_bounds;
use expr::Eval;

pub fn execute(q: &Query) -> Result<Table> {
    let times = timing();
    let order = q.topo_order();
    let mut remaining = q.consumers();
    let chains = pipeline::Chains::find(q, &remaining);
    let mut results: Vec<Option<Table>> = vec![None; q.nodes.len()];
    for &i in &order {
        if chains.absorbed(i) {
            continue;
        }
        let chain = chains.ending_at(i);
        // A chain reads the input of its first node.
        let node = &q.nodes[chain.map_or(i, |c| c[0])];
        let t = {
            let inputs: Vec<&Table> = node
                .inputs
                .iter()
                .map(|&j| results[j].as_ref().expect("inputs run first"))
                .collect();
            let t0 = times.then(std::time::Instant::now);
            let t = match chain {
                Some(chain) => pipeline::run(q, chain, inputs[0])?,
                None => run_node(node, &inputs)?,
            };
            if let Some(t0) = t0 {
                let chunked = if chain.is_some() { " (chunked chain)" } else { "" };
                eprintln!(
                    "[hipy-table] {:>8.3} ms {}  {}{chunked}",
                    t0.elapsed().as_secs_f64() * 1e3,
                    memory(),
                    crate::table::optimize::explain::node_line(q, i)
                );
            }
            t
        };
        for &j in &node.inputs {
            remaining[j] -= 1;
            if remaining[j] == 0 {
                results[j] = None;
            }
        }
        results[i] = Some(t);
    }
    Ok(results[q.root].take().expect("root ran"))
}

/// `HIPY_TABLE_TIMES=1`: the time of each executed node, to stderr.
fn timing() -> bool {
    static T: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *T.get_or_init(|| matches!(std::env::var("HIPY_TABLE_TIMES").as_deref(), Ok("1")))
}

/// The process's resident memory and its peak so far (Linux), as
/// `rss/peak MiB`, for `HIPY_TABLE_TIMES`.
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = |key: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()
    };
    match (kib("VmRSS:"), kib("VmHWM:")) {
        (Some(r), Some(p)) => format!("{:>5}/{:<5} MiB", r >> 10, p >> 10),
        _ => String::new(),
    }
}

fn run_node(node: &QNode, inputs: &[&Table]) -> Result<Table> {
    let out = &node.out;
    Ok(match &node.op {
        Op::Cached(t) => t.select(out)?,
        Op::Scan(s) => s.read(out)?,
        Op::CsvScan(c) => c.read(out)?,
        Op::Select(_) | Op::WithColumns(_) | Op::Filter(_) => run_row_local(node, inputs[0], None)?,
        Op::Slice { offset, len } => {
            let t = inputs[0];
            let (start, n) = slice_bounds(t.num_rows, *offset, *len);
            t.select(out)?.slice(start, n)
        }
        Op::Sort { keys, algo, limit } => {
            let idx = sort::sort_indices(inputs[0], keys, *algo, *limit)?;
            inputs[0].select(out)?.take(&idx)?
        }
        Op::Aggregate { keys, aggs, sort, dropna } => {
            groupby::aggregate(inputs[0], keys, aggs, *sort, *dropna)?.select(out)?
        }
        Op::Join { left_on, right_on, how, sort, coalesce } => {
            join::join(inputs[0], inputs[1], left_on, right_on, *how, *sort, *coalesce, out)?.select(out)?
        }
        Op::Concat => concat(inputs, out, node)?,
    })
}

/// A row-local node (a projection, derived columns, a filter) over
/// `input`: the node's whole input, or with `chunk_at` the chunk of it
/// from that row ([`pipeline`]).
fn run_row_local(node: &QNode, input: &Table, chunk_at: Option<usize>) -> Result<Table> {
    let eval = || match chunk_at {
        None => Eval::new(input),
        Some(first) => Eval::chunk(input, first),
    };
    let out = &node.out;
    Ok(match &node.op {
        Op::Select(cols) => input.select(cols)?,
        Op::WithColumns(exprs) => {
            let mut ev = eval();
            let mut computed: Vec<(Name, Column)> = Vec::with_capacity(exprs.len());
            for (name, e) in exprs {
                let c = ev.column(e)?;
                if c.len() != input.num_rows {
                    return Err(Error::value(format!(
                        "Length of values ({}) does not match length of index ({})",
                        c.len(),
                        input.num_rows
                    )));
                }
                computed.push((name.clone(), c));
            }
            let columns = out
                .iter()
                .map(|n| match computed.iter().find(|(m, _)| m == n) {
                    Some((_, c)) => Ok((n.clone(), c.clone())),
                    None => Ok((n.clone(), input.column(n)?.clone())),
                })
                .collect::<Result<_>>()?;
            Table::new(input.num_rows, columns)
        }
        Op::Filter(p) => {
            let mask = eval().mask(p)?;
            input.select(out)?.filter(&mask)?
        }
        _ => unreachable!("not a row-local node"),
    })
}

/// Rows of each input in turn; columns of different types are unified
/// (numbers to float64, anything else to objects).
fn concat(inputs: &[&Table], out: &[Name], node: &QNode) -> Result<Table> {
    let rows = inputs.iter().map(|t| t.num_rows).sum();
    let mut columns = Vec::new();
    for name in out {
        let parts: Vec<&Column> = inputs.iter().map(|t| t.column(name)).collect::<Result<_>>()?;
        let types: Vec<ColType> = parts.iter().map(|c| c.col_type()).collect();
        let target = match node.type_of(name) {
            Some(t) => t,
            None => unify(&types),
        };
        let cast: Vec<Column> = parts
            .iter()
            .map(|c| {
                if c.col_type() == target {
                    Ok((*c).clone())
                } else if target == ColType::Object {
                    let idx: Vec<Option<u32>> = (0..c.len() as u32).map(Some).collect();
                    c.take_opt(&idx, ColType::Object)
                } else {
                    c.cast(target)
                }
            })
            .collect::<Result<_>>()?;
        let refs: Vec<&Column> = cast.iter().collect();
        columns.push((name.clone(), Column::concat(&refs)?));
    }
    Ok(Table::new(rows, columns))
}

fn unify(types: &[ColType]) -> ColType {
    let first = types[0];
    if types.iter().all(|&t| t == first) {
        return first;
    }
    if types.iter().all(|t| matches!(t, ColType::Int64 | ColType::Float64)) {
        return ColType::Float64;
    }
    ColType::Object
}
