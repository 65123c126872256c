//! The logical table plan: nodes built by DataFrame/Series calls.
//!
//! Nodes are immutable and shared (`Arc`); a DataFrame holds the node of
//! its current contents, and every operation builds a new node on top. A
//! node's schema (column names, and types where they do not depend on the
//! data) is known when it is built. Nothing runs until something forces a
//! node ([`crate::table::force`]); the result of a forced node is kept on
//! it, so observing the same frame twice computes it once.

use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::expr::Expr;
use crate::table::source::{CsvSource, Source};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub type PlanRef = Arc<Plan>;

/// Columns and their static types (`None`: decided by the data).
pub type Schema = Vec<(Name, Option<ColType>)>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AggOp {
    Sum,
    Mean,
    Count,
    Size,
    Min,
    Max,
    First,
    Last,
    Nunique,
    Std,
    Var,
    Median,
    Prod,
    Any,
    All,
}

impl AggOp {
    pub fn name(self) -> &'static str {
        match self {
            AggOp::Sum => "sum",
            AggOp::Mean => "mean",
            AggOp::Count => "count",
            AggOp::Size => "size",
            AggOp::Min => "min",
            AggOp::Max => "max",
            AggOp::First => "first",
            AggOp::Last => "last",
            AggOp::Nunique => "nunique",
            AggOp::Std => "std",
            AggOp::Var => "var",
            AggOp::Median => "median",
            AggOp::Prod => "prod",
            AggOp::Any => "any",
            AggOp::All => "all",
        }
    }

    pub fn from_name(s: &str) -> Option<AggOp> {
        Some(match s {
            "sum" => AggOp::Sum,
            "mean" => AggOp::Mean,
            "count" => AggOp::Count,
            "size" => AggOp::Size,
            "min" => AggOp::Min,
            "max" => AggOp::Max,
            "first" => AggOp::First,
            "last" => AggOp::Last,
            "nunique" => AggOp::Nunique,
            "std" => AggOp::Std,
            "var" => AggOp::Var,
            "median" => AggOp::Median,
            "prod" => AggOp::Prod,
            "any" => AggOp::Any,
            "all" => AggOp::All,
            _ => return None,
        })
    }

    /// The result type of the aggregation of a column of type `t`.
    pub fn result_type(self, t: Option<ColType>) -> Result<Option<ColType>> {
        use ColType::*;
        let Some(t) = t else {
            return Ok(match self {
                AggOp::Count | AggOp::Size | AggOp::Nunique => Some(Int64),
                AggOp::Mean | AggOp::Std | AggOp::Var | AggOp::Median => Some(Float64),
                AggOp::Any | AggOp::All => Some(Bool),
                _ => None,
            });
        };
        let numeric_only = |what: &str| -> Result<Option<ColType>> {
            match t {
                Int64 | Float64 | Bool => Ok(Some(Float64)),
                _ => Err(Error::type_error(format!(
                    "agg function failed [how->{what},dtype->{}]",
                    if t == Str { "str" } else { "object" }
                ))),
            }
        };
        Ok(match self {
            AggOp::Count | AggOp::Size | AggOp::Nunique => Some(Int64),
            AggOp::Mean | AggOp::Median | AggOp::Std | AggOp::Var => numeric_only(self.name())?,
            AggOp::Sum | AggOp::Prod => match t {
                Bool | Int64 => Some(Int64),
                Float64 => Some(Float64),
                Str if self == AggOp::Sum => Some(Str),
                _ => return Err(Error::unsupported(format!("groupby {} of {t} columns", self.name()))),
            },
            AggOp::Min | AggOp::Max | AggOp::First | AggOp::Last => match t {
                Object | StrList => return Err(Error::unsupported(format!("groupby {} of object columns", self.name()))),
                t => Some(t),
            },
            AggOp::Any | AggOp::All => Some(Bool),
        })
    }
}

/// One aggregation: `out = op(input)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Agg {
    pub out: Name,
    pub op: AggOp,
    /// `None` for `size`.
    pub input: Option<Name>,
    /// `ddof` for std/var.
    pub ddof: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortAlgo {
    /// NumPy's `kind="quicksort"` (what pandas uses by default for one
    /// key): ties come out in the order NumPy's sort leaves them.
    Quick,
    /// Ties keep their order (`kind="stable"`/`"mergesort"`, several keys).
    Stable,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SortKey {
    pub column: Name,
    pub descending: bool,
    pub nulls_first: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JoinHow {
    Inner,
    Left,
    Right,
    Outer,
    Cross,
}

pub enum PlanKind {
    /// In-memory columns (from Python lists, ndarrays, computed results).
    Source(Arc<Source>),
    Csv(Arc<CsvSource>),
    /// These input columns, in this order.
    Select { input: PlanRef, columns: Vec<Name> },
    /// The input's columns plus (or replaced by) computed ones.
    WithColumns { input: PlanRef, exprs: Vec<(Name, Expr)> },
    Filter { input: PlanRef, predicate: Expr },
    /// Rows `offset..offset+len` (a negative offset counts from the end).
    Slice { input: PlanRef, offset: i64, len: Option<usize> },
    Sort { input: PlanRef, keys: Vec<SortKey>, algo: SortAlgo },
    /// Group-by: one row per distinct key, the keys' columns first.
    Aggregate { input: PlanRef, keys: Vec<Name>, aggs: Vec<Agg>, sort: bool, dropna: bool },
    /// Rows of `left` and `right` with equal keys; the output has the left
    /// columns, then the right ones. With `coalesce`, left key columns take
    /// the right keys' values on rows only the right side has.
    Join {
        left: PlanRef,
        right: PlanRef,
        left_on: Vec<Name>,
        right_on: Vec<Name>,
        how: JoinHow,
        sort: bool,
        coalesce: bool,
    },
    /// Rows of each input in turn (same column names; types unified).
    Concat { inputs: Vec<PlanRef> },
}

pub struct Plan {
    pub kind: PlanKind,
    pub schema: Schema,
    id: u64,
    /// Computed rows: all columns once the node was forced, or the columns
    /// some force kept.
    cached: Mutex<Option<Table>>,
    /// The number of rows, once known.
    rows: Mutex<Option<usize>>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl std::fmt::Debug for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Plan#{}", self.id)
    }
}

fn lookup(schema: &Schema, name: &str) -> Result<Option<ColType>> {
    schema
        .iter()
        .find(|(n, _)| &**n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| Error::new(crate::table::error::Kind::Key, format!("internal: no column {name}")))
}

impl Plan {
    fn make(kind: PlanKind, schema: Schema) -> PlanRef {
        Arc::new(Plan {
            kind,
            schema,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            cached: Mutex::new(None),
            rows: Mutex::new(None),
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn col_type(&self, name: &str) -> Result<Option<ColType>> {
        lookup(&self.schema, name)
    }

    pub fn has_column(&self, name: &str) -> bool {
        self.schema.iter().any(|(n, _)| &**n == name)
    }

    pub fn names(&self) -> Vec<Name> {
        self.schema.iter().map(|(n, _)| n.clone()).collect()
    }

    /// The computed rows, when every column of the node is computed.
    pub fn cached(&self) -> Option<Table> {
        let g = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        match &*g {
            Some(t) if self.schema.iter().all(|(n, _)| t.get(n).is_some()) => Some(t.clone()),
            _ => None,
        }
    }

    /// The computed columns `names`, if all of them were kept.
    pub fn cached_columns(&self, names: &[Name]) -> Option<Table> {
        let g = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        match &*g {
            Some(t) if names.iter().all(|n| t.get(n).is_some()) => t.select(names).ok(),
            _ => None,
        }
    }

    /// Keeps computed columns of this node (all its rows) for later plans.
    pub fn set_cached(&self, t: Table) {
        *self.rows.lock().unwrap_or_else(|e| e.into_inner()) = Some(t.num_rows);
        let mut g = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        match &mut *g {
            Some(old) if old.num_rows == t.num_rows => {
                for (n, c) in t.columns {
                    if old.get(&n).is_none() {
                        old.columns.push((n, c));
                    }
                }
            }
            slot => *slot = Some(t),
        }
    }

    /// The row count, if known without running anything.
    pub fn known_rows(&self) -> Option<usize> {
        if let Some(n) = *self.rows.lock().unwrap_or_else(|e| e.into_inner()) {
            return Some(n);
        }
        let n = match &self.kind {
            PlanKind::Source(s) => Some(s.num_rows()),
            PlanKind::Csv(c) => c.known_rows(),
            PlanKind::Select { input, .. } | PlanKind::WithColumns { input, .. } => input.known_rows(),
            PlanKind::Sort { input, .. } => input.known_rows(),
            PlanKind::Slice { input, offset, len } => input.known_rows().map(|n| slice_bounds(n, *offset, *len).1),
            PlanKind::Concat { inputs } => inputs.iter().map(|i| i.known_rows()).sum(),
            _ => None,
        };
        if let Some(n) = n {
            self.set_rows(n);
        }
        n
    }

    /// Whether running the plan again costs about what keeping its columns
    /// would save: every node down to computed ones is a scan (in-memory
    /// columns, or a CSV file whose parsed columns its source keeps), a
    /// selection, a slice, or a filter or derived columns over cheap
    /// expressions. Sorts, group-bys, joins, concatenations and string work
    /// are not.
    pub fn recomputes_cheaply(&self) -> bool {
        if self.cached().is_some() {
            return true;
        }
        match &self.kind {
            PlanKind::Source(_) | PlanKind::Csv(_) => true,
            PlanKind::Select { input, .. } | PlanKind::Slice { input, .. } => input.recomputes_cheaply(),
            PlanKind::Filter { input, predicate } => predicate.recomputes_cheaply() && input.recomputes_cheaply(),
            PlanKind::WithColumns { input, exprs } => {
                exprs.iter().all(|(_, e)| e.recomputes_cheaply()) && input.recomputes_cheaply()
            }
            PlanKind::Sort { .. } | PlanKind::Aggregate { .. } | PlanKind::Join { .. } | PlanKind::Concat { .. } => false,
        }
    }

    pub fn set_rows(&self, n: usize) {
        *self.rows.lock().unwrap_or_else(|e| e.into_inner()) = Some(n);
    }

    pub fn inputs(&self) -> Vec<&PlanRef> {
        match &self.kind {
            PlanKind::Source(_) | PlanKind::Csv(_) => vec![],
            PlanKind::Select { input, .. }
            | PlanKind::WithColumns { input, .. }
            | PlanKind::Filter { input, .. }
            | PlanKind::Slice { input, .. }
            | PlanKind::Sort { input, .. }
            | PlanKind::Aggregate { input, .. } => vec![input],
            PlanKind::Join { left, right, .. } => vec![left, right],
            PlanKind::Concat { inputs } => inputs.iter().collect(),
        }
    }

    // -- Constructors. Each checks its column references and computes the
    // schema.

    pub fn source(source: Arc<Source>) -> PlanRef {
        let schema = source.schema();
        Plan::make(PlanKind::Source(source), schema)
    }

    pub fn table(t: Table) -> PlanRef {
        Plan::source(Arc::new(Source::from_table(t)))
    }

    pub fn csv(csv: Arc<CsvSource>) -> PlanRef {
        let schema = csv.schema();
        Plan::make(PlanKind::Csv(csv), schema)
    }

    pub fn select(input: &PlanRef, columns: Vec<Name>) -> Result<PlanRef> {
        let schema = columns.iter().map(|c| Ok((c.clone(), input.col_type(c)?))).collect::<Result<_>>()?;
        Ok(Plan::make(PlanKind::Select { input: input.clone(), columns }, schema))
    }

    pub fn with_columns(input: &PlanRef, exprs: Vec<(Name, Expr)>) -> Result<PlanRef> {
        let mut schema = input.schema.clone();
        for (name, e) in &exprs {
            let t = e.col_type(&|n| input.col_type(n))?;
            match schema.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = t,
                None => schema.push((name.clone(), t)),
            }
        }
        // A source with all its rows computed takes computed columns in.
        if let (PlanKind::Source(src), true) =
            (&input.kind, exprs.iter().all(|(_, e)| matches!(e, Expr::Data(_))))
        {
            let mut cols = Vec::new();
            for (name, e) in &exprs {
                if let Expr::Data(c) = e {
                    if c.len() != src.num_rows() {
                        return Err(Error::value(format!(
                            "Length of values ({}) does not match length of index ({})",
                            c.len(),
                            src.num_rows()
                        )));
                    }
                    cols.push((name.clone(), c.clone()));
                }
            }
            return Ok(Plan::source(Arc::new(src.with_columns(cols))));
        }
        Ok(Plan::make(PlanKind::WithColumns { input: input.clone(), exprs }, schema))
    }

    pub fn filter(input: &PlanRef, predicate: Expr) -> Result<PlanRef> {
        match predicate.col_type(&|n| input.col_type(n))? {
            Some(ColType::Bool) | None => {}
            Some(t) => return Err(Error::type_error(format!("a filter must be boolean, not {t}"))),
        }
        Ok(Plan::make(PlanKind::Filter { input: input.clone(), predicate }, input.schema.clone()))
    }

    pub fn slice(input: &PlanRef, offset: i64, len: Option<usize>) -> PlanRef {
        Plan::make(PlanKind::Slice { input: input.clone(), offset, len }, input.schema.clone())
    }

    pub fn sort(input: &PlanRef, keys: Vec<SortKey>, algo: SortAlgo) -> Result<PlanRef> {
        for k in &keys {
            input.col_type(&k.column)?;
        }
        Ok(Plan::make(PlanKind::Sort { input: input.clone(), keys, algo }, input.schema.clone()))
    }

    pub fn aggregate(input: &PlanRef, keys: Vec<Name>, aggs: Vec<Agg>, sort: bool, dropna: bool) -> Result<PlanRef> {
        let mut schema = Schema::new();
        for k in &keys {
            schema.push((k.clone(), input.col_type(k)?));
        }
        for a in &aggs {
            let t = match &a.input {
                Some(c) => input.col_type(c)?,
                None => Some(ColType::Int64),
            };
            schema.push((a.out.clone(), a.op.result_type(t)?));
        }
        Ok(Plan::make(PlanKind::Aggregate { input: input.clone(), keys, aggs, sort, dropna }, schema))
    }

    pub fn join(
        left: &PlanRef,
        right: &PlanRef,
        left_on: Vec<Name>,
        right_on: Vec<Name>,
        how: JoinHow,
        sort: bool,
        coalesce: bool,
    ) -> Result<PlanRef> {
        if left_on.len() != right_on.len() {
            return Err(Error::value("len(right_on) must equal len(left_on)"));
        }
        for (l, r) in left_on.iter().zip(&right_on) {
            let (tl, tr) = (left.col_type(l)?, right.col_type(r)?);
            if let (Some(a), Some(b)) = (tl, tr) {
                let numeric = |t: ColType| matches!(t, ColType::Int64 | ColType::Float64);
                if a != b && !(numeric(a) && numeric(b)) {
                    return Err(Error::value(format!(
                        "You are trying to merge on {} and {} columns for key '{l}'. If you wish to proceed you should use pd.concat",
                        a.name(),
                        b.name()
                    )));
                }
            }
        }
        // Rows missing on one side change the other side's dtypes: known
        // only from the data, except for inner joins.
        let left_may_miss = matches!(how, JoinHow::Right | JoinHow::Outer);
        let right_may_miss = matches!(how, JoinHow::Left | JoinHow::Outer);
        let mut schema = Schema::new();
        for (n, t) in &left.schema {
            let keyed = coalesce && left_on.contains(n);
            schema.push((n.clone(), if left_may_miss && !keyed { None } else { *t }));
        }
        for (n, t) in &right.schema {
            if schema.iter().any(|(m, _)| m == n) {
                return Err(Error::value(format!("internal: column {n} on both sides of a join")));
            }
            schema.push((n.clone(), if right_may_miss { None } else { *t }));
        }
        Ok(Plan::make(
            PlanKind::Join { left: left.clone(), right: right.clone(), left_on, right_on, how, sort, coalesce },
            schema,
        ))
    }

    pub fn concat(inputs: Vec<PlanRef>) -> Result<PlanRef> {
        let first = inputs.first().ok_or_else(|| Error::value("No objects to concatenate"))?;
        let mut schema = first.schema.clone();
        for p in &inputs[1..] {
            if p.schema.len() != schema.len() {
                return Err(Error::value("internal: concat of different columns"));
            }
            for (slot, (n, t)) in schema.iter_mut().zip(&p.schema) {
                if slot.0 != *n {
                    return Err(Error::value("internal: concat of different columns"));
                }
                slot.1 = match (slot.1, *t) {
                    (Some(a), Some(b)) if a == b => Some(a),
                    (Some(ColType::Int64 | ColType::Float64), Some(ColType::Int64 | ColType::Float64)) => {
                        Some(ColType::Float64)
                    }
                    (Some(_), Some(_)) => Some(ColType::Object),
                    _ => None,
                };
            }
        }
        Ok(Plan::make(PlanKind::Concat { inputs }, schema))
    }

    /// A node's columns with their expression/source, for `explain`.
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            PlanKind::Source(_) => "Source",
            PlanKind::Csv(_) => "CsvScan",
            PlanKind::Select { .. } => "Select",
            PlanKind::WithColumns { .. } => "WithColumns",
            PlanKind::Filter { .. } => "Filter",
            PlanKind::Slice { .. } => "Slice",
            PlanKind::Sort { .. } => "Sort",
            PlanKind::Aggregate { .. } => "Aggregate",
            PlanKind::Join { .. } => "Join",
            PlanKind::Concat { .. } => "Concat",
        }
    }
}

/// The start and length of `offset..offset+len` in `n` rows (a negative
/// offset counts from the end, as `tail` does).
pub fn slice_bounds(n: usize, offset: i64, len: Option<usize>) -> (usize, usize) {
    let start = if offset < 0 { n.saturating_sub(offset.unsigned_abs() as usize) } else { (offset as usize).min(n) };
    let avail = n - start;
    (start, len.map_or(avail, |l| l.min(avail)))
}

/// Makes a column from data with the row count of `plan` (a positional
/// column for `with_columns`).
pub fn data_column(c: Column) -> Expr {
    Expr::Data(c)
}
