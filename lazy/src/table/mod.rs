//! Lazy tables: the engine behind hipy's `pandas`.
//!
//! Kept in three parts like the array engine (and Polars' lazy engine):
//! - the logical plan ([`plan`], [`expr`]): nodes built by DataFrame and
//!   Series calls over Arrow columns ([`column`]), read from memory or
//!   from arrays of the lazy array graph ([`source`]), or from CSV files
//!   ([`csv`]);
//! - the optimizer ([`optimize`]): CSE, predicate, limit and projection
//!   pushdown, dead-node removal, on a copy of the plan; it never runs
//!   anything;
//! - the executor ([`exec`]): Arrow kernels (arrow-arith, arrow-ord,
//!   arrow-select, arrow-string, arrow-csv) and the pandas-specific ones
//!   (group-by arithmetic, NumPy's sort order, hash joins), and a fused
//!   loop for numeric expression trees ([`exec::fused`]).
//!
//! [`collect`] is the one entry point that runs a plan.

pub mod column;
pub mod csv;
pub mod csv_fast;
pub mod csv_join;
pub mod csv_text;
pub mod error;
pub mod exec;
pub mod expr;
pub mod optimize;
pub mod plan;
pub mod source;

pub use column::{ColType, Column, Name, Table};
pub use error::{Error, Kind, Result};
pub use expr::{BinOp, Expr, ListAggOp, Lit, StrOp, UnOp};
pub use plan::{Agg, AggOp, JoinHow, Plan, PlanRef, SortAlgo, SortKey};

use std::sync::atomic::{AtomicU64, Ordering};

/// Counters since start-up (for tests and diagnostics).
#[derive(Debug, Default)]
pub struct Stats {
    pub collects: AtomicU64,
    pub pushed_filters: AtomicU64,
    pub pushed_limits: AtomicU64,
    pub pruned_columns: AtomicU64,
    pub merged_nodes: AtomicU64,
}

pub fn stats() -> &'static Stats {
    static STATS: std::sync::OnceLock<Stats> = std::sync::OnceLock::new();
    STATS.get_or_init(Stats::default)
}

/// The optimized query computing `columns` of `plan`.
pub fn optimized(plan: &PlanRef, columns: &[Name]) -> optimize::Query {
    let mut q = optimize::Query::build(plan, columns);
    let s = optimize::optimize(&mut q);
    let st = stats();
    st.pushed_filters.fetch_add(s.pushed_filters as u64, Ordering::Relaxed);
    st.pushed_limits.fetch_add(s.pushed_limits as u64, Ordering::Relaxed);
    st.pruned_columns.fetch_add(s.pruned_columns as u64, Ordering::Relaxed);
    st.merged_nodes.fetch_add(s.merged_nodes as u64, Ordering::Relaxed);
    q
}

/// Computes `columns` of `plan`, every row. Computing all of a plan's
/// columns keeps the result on the plan node, and so does `keep`.
pub fn collect(plan: &PlanRef, columns: &[Name]) -> Result<Table> {
    collect_keep(plan, columns, false)
}

pub fn collect_keep(plan: &PlanRef, columns: &[Name], keep: bool) -> Result<Table> {
    if let Some(t) = plan.cached_columns(columns) {
        return Ok(t);
    }
    let q = optimized(plan, columns);
    if crate::runtime::config().log {
        eprintln!("[hipy-lazy] table plan:\n{}", optimize::explain::dump(&q));
    }
    stats().collects.fetch_add(1, Ordering::Relaxed);
    let t = exec::execute(&q)?;
    plan.set_rows(t.num_rows);
    let all = plan.names();
    if keep || (all.len() == columns.len() && all.iter().all(|n| columns.contains(n))) {
        plan.set_cached(t.clone());
    }
    Ok(t)
}

/// The number of rows (computing as little as possible).
pub fn num_rows(plan: &PlanRef) -> Result<usize> {
    if let Some(n) = plan.known_rows() {
        return Ok(n);
    }
    Ok(collect(plan, &[])?.num_rows)
}

/// The number of rows of a frame whose columns are `columns` (`len(df)`).
/// A plan that recomputes cheaply is only counted: later plans over it run
/// it again rather than hold all its columns (a filtered copy of every
/// column of a frame, for one number). Otherwise the columns are computed
/// and kept on the node, so later plans over it start from them.
pub fn count_rows(plan: &PlanRef, columns: &[Name]) -> Result<usize> {
    if let Some(n) = plan.known_rows() {
        return Ok(n);
    }
    if plan.recomputes_cheaply() {
        return num_rows(plan);
    }
    Ok(collect_keep(plan, columns, true)?.num_rows)
}

/// The type of every column, computing the plan when some type depends on
/// the data.
pub fn resolve_types(plan: &PlanRef) -> Result<Vec<(Name, ColType)>> {
    if plan.schema.iter().all(|(_, t)| t.is_some()) {
        return Ok(plan.schema.iter().map(|(n, t)| (n.clone(), t.unwrap())).collect());
    }
    let t = collect(plan, &plan.names())?;
    Ok(t.columns.iter().map(|(n, c)| (n.clone(), c.col_type())).collect())
}

/// `hipy.explain`: the optimized plan computing `columns`.
pub fn explain(plan: &PlanRef, columns: &[Name]) -> String {
    if plan.cached().is_some() {
        return format!("Computed (rows={})\n", plan.known_rows().unwrap_or(0));
    }
    optimize::explain::dump(&optimized(plan, columns))
}
