//! The table optimizer: the logical plan DAG a force reaches is copied into
//! an arena ([`Query`]), which the rules rewrite in order:
//! 1. [`cse`]: identical subplans (built twice by separate calls) become
//!    one node, and identical subexpressions one shared expression;
//! 2. [`predicate`]: filters move below projections, derived columns,
//!    stable sorts, group-bys (on key columns), inner joins and concats;
//! 3. [`limit`]: `head` after a sort becomes a top-k sort, and moves below
//!    row-preserving nodes down to scans;
//! 4. [`prune`]: each node computes only the columns its consumers read;
//!    derived columns nobody reads are dropped, scans read (and CSV files
//!    parse) only what is needed;
//! 5. [`dce`]: nodes no longer reachable are dropped.
//!
//! A rule never executes anything; [`crate::table::exec`] runs the result.

pub mod cse;
pub mod dce;
pub mod explain;
pub mod limit;
pub mod predicate;
pub mod prune;

use crate::table::column::{Name, Table};
use crate::table::csv::CsvSource;
use crate::table::expr::Expr;
use crate::table::plan::{Agg, JoinHow, PlanKind, PlanRef, SortAlgo, SortKey};
use crate::table::source::Source;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone)]
pub enum Op {
    /// Rows already computed (a forced plan node).
    Cached(Table),
    Scan(Arc<Source>),
    CsvScan(Arc<CsvSource>),
    Select(Vec<Name>),
    WithColumns(Vec<(Name, Expr)>),
    Filter(Expr),
    Slice { offset: i64, len: Option<usize> },
    /// With `limit`, only the first `limit` rows of the sorted order are
    /// needed (a top-k).
    Sort { keys: Vec<SortKey>, algo: SortAlgo, limit: Option<usize> },
    Aggregate { keys: Vec<Name>, aggs: Vec<Agg>, sort: bool, dropna: bool },
    Join { left_on: Vec<Name>, right_on: Vec<Name>, how: JoinHow, sort: bool, coalesce: bool },
    Concat,
}

#[derive(Clone)]
pub struct QNode {
    pub op: Op,
    pub inputs: Vec<usize>,
    /// The columns this node outputs, in order.
    pub out: Vec<Name>,
    /// Static types of the output (`None`: decided by the data), parallel
    /// to `out` before pruning; looked up by name.
    pub types: Vec<(Name, Option<crate::table::column::ColType>)>,
    /// The logical node this one computes, when it is one (its result
    /// can be stored back on it).
    pub origin: Option<PlanRef>,
}

impl QNode {
    pub fn type_of(&self, name: &str) -> Option<crate::table::column::ColType> {
        self.types.iter().find(|(n, _)| &**n == name).and_then(|(_, t)| *t)
    }
}

/// A query being optimized: an arena of nodes and the root.
#[derive(Clone)]
pub struct Query {
    pub nodes: Vec<QNode>,
    pub root: usize,
}

/// Pass statistics (for `explain` and tests).
#[derive(Debug, Default, Clone)]
pub struct Stats {
    pub merged_nodes: usize,
    pub pushed_filters: usize,
    pub pushed_limits: usize,
    pub pruned_columns: usize,
    pub dropped_nodes: usize,
}

impl Query {
    /// Copies the plan under `root` into an arena; forced nodes become
    /// leaves holding their rows.
    pub fn build(root: &PlanRef, columns: &[Name]) -> Query {
        let mut q = Query { nodes: Vec::new(), root: 0 };
        let mut memo: HashMap<usize, usize> = HashMap::new();
        let r = q.add(root, &mut memo);
        // The requested columns, in the requested order.
        let sel = q.push(QNode {
            op: Op::Select(columns.to_vec()),
            inputs: vec![r],
            out: columns.to_vec(),
            types: q.nodes[r].types.clone(),
            origin: None,
        });
        q.root = sel;
        q
    }

    pub fn push(&mut self, n: QNode) -> usize {
        self.nodes.push(n);
        self.nodes.len() - 1
    }

    fn add(&mut self, p: &PlanRef, memo: &mut HashMap<usize, usize>) -> usize {
        let key = Arc::as_ptr(p) as usize;
        if let Some(&i) = memo.get(&key) {
            return i;
        }
        let out: Vec<Name> = p.names();
        let types = p.schema.clone();
        let (op, inputs) = if let Some(t) = p.cached() {
            (Op::Cached(t), vec![])
        } else {
            let ins: Vec<usize> = p.inputs().into_iter().map(|i| self.add(i, memo)).collect();
            let op = match &p.kind {
                PlanKind::Source(s) => Op::Scan(s.clone()),
                PlanKind::Csv(c) => Op::CsvScan(c.clone()),
                PlanKind::Select { columns, .. } => Op::Select(columns.clone()),
                PlanKind::WithColumns { exprs, .. } => Op::WithColumns(exprs.clone()),
                PlanKind::Filter { predicate, .. } => Op::Filter(predicate.clone()),
                PlanKind::Slice { offset, len, .. } => Op::Slice { offset: *offset, len: *len },
                PlanKind::Sort { keys, algo, .. } => Op::Sort { keys: keys.clone(), algo: *algo, limit: None },
                PlanKind::Aggregate { keys, aggs, sort, dropna, .. } => {
                    Op::Aggregate { keys: keys.clone(), aggs: aggs.clone(), sort: *sort, dropna: *dropna }
                }
                PlanKind::Join { left_on, right_on, how, sort, coalesce, .. } => Op::Join {
                    left_on: left_on.clone(),
                    right_on: right_on.clone(),
                    how: *how,
                    sort: *sort,
                    coalesce: *coalesce,
                },
                PlanKind::Concat { .. } => Op::Concat,
            };
            (op, ins)
        };
        let i = self.push(QNode { op, inputs, out, types, origin: Some(p.clone()) });
        memo.insert(key, i);
        i
    }

    /// How many nodes read each node's output (the root counts as read).
    pub fn consumers(&self) -> Vec<usize> {
        let mut c = vec![0usize; self.nodes.len()];
        let order = self.topo_order();
        for &i in &order {
            for &j in &self.nodes[i].inputs {
                c[j] += 1;
            }
        }
        c[self.root] += 1;
        c
    }

    /// Nodes reachable from the root, inputs before the nodes reading them.
    pub fn topo_order(&self) -> Vec<usize> {
        let mut order = Vec::new();
        let mut state = vec![0u8; self.nodes.len()];
        let mut stack = vec![(self.root, false)];
        while let Some((n, done)) = stack.pop() {
            if done {
                order.push(n);
                continue;
            }
            if state[n] != 0 {
                continue;
            }
            state[n] = 1;
            stack.push((n, true));
            for &i in self.nodes[n].inputs.iter().rev() {
                if state[i] == 0 {
                    stack.push((i, false));
                }
            }
        }
        order
    }
}

/// Runs every rule over the query.
pub fn optimize(q: &mut Query) -> Stats {
    let mut stats = Stats::default();
    cse::run(q, &mut stats);
    predicate::run(q, &mut stats);
    limit::run(q, &mut stats);
    prune::run(q, &mut stats);
    reuse_kept(q);
    dce::run(q, &mut stats);
    stats
}

/// Nodes whose needed columns an earlier force kept (`collect_keep`) read
/// them instead of computing them again; what is below them becomes dead.
fn reuse_kept(q: &mut Query) {
    for i in q.topo_order() {
        let n = &q.nodes[i];
        if matches!(n.op, Op::Cached(_)) {
            continue;
        }
        let Some(origin) = &n.origin else { continue };
        if let Some(t) = origin.cached_columns(&n.out) {
            q.nodes[i].op = Op::Cached(t);
            q.nodes[i].inputs.clear();
        }
    }
}
