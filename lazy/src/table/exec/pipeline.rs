//! Chunked runs of row-local chains. A chain of projections, derived
//! columns and filters, each read only by the next, that computes columns
//! before a filter (or after one, from filtered columns it then drops)
//! runs over its input a chunk of rows at a time (32768
//! rows: the temporaries of a few float columns stay in L2;
//! `HIPY_TABLE_CHUNK_ROWS`), every node of the chain on one chunk before
//! the next chunk; the chunks of the chain's last node are then put
//! together. The columns made inside the chain (a derived column a
//! filter reads, the filter's mask, the derived columns it drops rows of)
//! exist for one chunk at a time, in cache, instead of for every row:
//! `df[df.qty * df.price > 100].groupby(...)` holds the filtered columns,
//! not the unfiltered products too.
//!
//! A chain runs this way only when nothing can tell:
//! - every column the chain reads or makes has a type that follows from the
//!   input's column types, not from the data, and none is object (every
//!   chunk computes the same types, and no Python code runs);
//! - at most one of its expressions can raise (the first error of a chunked
//!   run is then the first error of the whole);
//! - computed data and row numbers appear only before its first filter,
//!   where a chunk's rows are the same rows of the data.

use super::run_row_local;
use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::expr::Expr;
use crate::table::optimize::{Op, Query};
use arrow_array::types::ArrowPrimitiveType;
use arrow_array::{Array, Float64Array, Int64Array, PrimitiveArray, StringArray};
use arrow_buffer::{NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use std::sync::Arc;

/// The chains of a query that run chunked.
pub struct Chains {
    /// Nodes run as part of a chain above them (never on their own).
    absorbed: Vec<bool>,
    /// For the last node of a chain, its nodes from the first (whose input
    /// the chain reads) to itself.
    chains: Vec<Option<Vec<usize>>>,
}

impl Chains {
    pub fn find(q: &Query, consumers: &[usize]) -> Chains {
        let n = q.nodes.len();
        let mut chains = Chains { absorbed: vec![false; n], chains: vec![None; n] };
        let row_local = |i: usize| matches!(q.nodes[i].op, Op::Select(_) | Op::WithColumns(_) | Op::Filter(_));
        // A node that is its input's only reader.
        let sole_reader = |i: usize| {
            let x = q.nodes[i].inputs[0];
            row_local(x) && consumers[x] == 1 && x != q.root
        };
        let order = q.topo_order();
        let mut below: Vec<bool> = vec![false; n];
        for &i in &order {
            if row_local(i) && sole_reader(i) {
                below[q.nodes[i].inputs[0]] = true;
            }
        }
        for top in order {
            if !row_local(top) || below[top] {
                continue;
            }
            let mut chain = vec![top];
            while sole_reader(*chain.last().unwrap()) {
                chain.push(q.nodes[*chain.last().unwrap()].inputs[0]);
            }
            chain.reverse();
            if saves_memory(q, &chain) && chunkable(q, &chain) {
                for &k in &chain[..chain.len() - 1] {
                    chains.absorbed[k] = true;
                }
                chains.chains[top] = Some(chain);
            }
        }
        chains
    }

    pub fn absorbed(&self, i: usize) -> bool {
        self.absorbed[i]
    }

    /// The chain ending at node `i`, if it runs chunked.
    pub fn ending_at(&self, i: usize) -> Option<&[usize]> {
        self.chains[i].as_deref()
    }
}

/// Whether chunks save memory: the chain computes columns before a filter
/// (those columns and the filter's mask exist for a chunk at a time), or
/// it filters first and then derives columns from filtered columns that
/// its output drops (`df[df.qty > 2]` then `qty * price`, grouped by other
/// columns: the filtered `qty` and `price` exist for a chunk at a time). A
/// chain that only filters has nothing to save, and its filter runs faster
/// over whole columns (in parallel).
fn saves_memory(q: &Query, chain: &[usize]) -> bool {
    let mut derived = false;
    let derives = |i: usize| matches!(&q.nodes[i].op, Op::WithColumns(exprs) if !exprs.is_empty());
    for (k, &i) in chain.iter().enumerate() {
        match &q.nodes[i].op {
            Op::WithColumns(exprs) => derived |= !exprs.is_empty(),
            Op::Filter(_) if derived => return true,
            Op::Filter(_) => {
                let out = &q.nodes[*chain.last().unwrap()].out;
                let drops = q.nodes[i].out.iter().any(|n| !out.contains(n));
                return drops && chain[k + 1..].iter().any(|&j| derives(j));
            }
            _ => {}
        }
    }
    false
}

/// What can be decided before running: at most one expression that can
/// raise, no positional expression after a filter. (The types are checked
/// at run time, on the input's columns: [`out_types`].)
fn chunkable(q: &Query, chain: &[usize]) -> bool {
    let mut raising = 0;
    let mut filtered = false;
    for &i in chain {
        let node = &q.nodes[i];
        let exprs: Vec<&Expr> = match &node.op {
            Op::WithColumns(exprs) => exprs.iter().map(|(_, e)| e).collect(),
            Op::Filter(p) => vec![p],
            _ => vec![],
        };
        for e in exprs {
            raising += usize::from(e.may_raise());
            if filtered && e.is_positional() {
                return false;
            }
        }
        filtered |= matches!(node.op, Op::Filter(_));
    }
    raising <= 1
}

/// The types of the chain's output columns computed from the input's, if
/// every column the chain makes has one that the data cannot change (so
/// every chunk computes the same), none is object (no Python code runs),
/// and every filter is boolean.
fn out_types(q: &Query, chain: &[usize], input: &Table) -> Option<Vec<ColType>> {
    let mut types: Vec<(Name, ColType)> = input.columns.iter().map(|(n, c)| (n.clone(), c.col_type())).collect();
    if types.iter().any(|(_, t)| *t == ColType::Object) {
        return None;
    }
    for &i in chain {
        let node = &q.nodes[i];
        let lookup = |types: &[(Name, ColType)], n: &str| types.iter().find(|(m, _)| &**m == n).map(|(_, t)| *t);
        match &node.op {
            Op::WithColumns(exprs) => {
                let mut made = Vec::with_capacity(exprs.len());
                for (name, e) in exprs {
                    match e.col_type(&|n| Ok(lookup(&types, n))) {
                        Ok(Some(t)) if t != ColType::Object => made.push((name.clone(), t)),
                        _ => return None,
                    }
                }
                for (name, t) in made {
                    types.retain(|(m, _)| *m != name);
                    types.push((name, t));
                }
            }
            Op::Filter(p) => {
                if !matches!(p.col_type(&|n| Ok(lookup(&types, n))), Ok(Some(ColType::Bool))) {
                    return None;
                }
            }
            _ => {}
        }
        types = node.out.iter().map(|n| lookup(&types, n).map(|t| (n.clone(), t))).collect::<Option<_>>()?;
    }
    Some(types.into_iter().map(|(_, t)| t).collect())
}

/// Runs `chain` (first node to last) over `input`, the first node's input.
pub fn run(q: &Query, chain: &[usize], input: &Table) -> Result<Table> {
    run_in_chunks(q, chain, input, crate::runtime::config().table_chunk_rows)
}

fn run_in_chunks(q: &Query, chain: &[usize], input: &Table, chunk_rows: usize) -> Result<Table> {
    let rows = input.num_rows;
    let types = if rows < 2 * chunk_rows || !data_fits(q, chain, rows) { None } else { out_types(q, chain, input) };
    let Some(types) = types else {
        // Whole: too few rows to matter, types the data decides, or
        // computed data of another length (the whole run reports it).
        let mut t = run_row_local(&q.nodes[chain[0]], input, None)?;
        for &i in &chain[1..] {
            t = run_row_local(&q.nodes[i], &t, None)?;
        }
        return Ok(t);
    };
    let last = &q.nodes[*chain.last().unwrap()];
    // A string column the chain passes through keeps at most its input's
    // bytes: reserved at once (pages it does not fill are never touched),
    // not grown by doubling.
    let bytes_of = |n: &Name| input.column(n).ok().and_then(|c| c.strs().map(|a| a.values().len())).unwrap_or(0);
    let mut gathered: Vec<Gather> =
        types.into_iter().zip(&last.out).map(|(t, n)| Gather::new(t, rows, bytes_of(n))).collect();
    let mut total = 0;
    // A chunk's rows up to the chain's first filter are the input's rows
    // from its start (after it, no positional expression reads them).
    for lo in (0..rows).step_by(chunk_rows) {
        let mut t = input.slice(lo, chunk_rows);
        for &i in chain {
            t = run_row_local(&q.nodes[i], &t, Some(lo))?;
        }
        total += t.num_rows;
        for (g, (_, c)) in gathered.iter_mut().zip(t.columns) {
            g.push(c)?;
        }
    }
    let columns = last.out.iter().zip(gathered).map(|(n, g)| Ok((n.clone(), g.finish()?))).collect::<Result<_>>()?;
    Ok(Table::new(total, columns))
}

/// One output column of a chunked run, put together chunk by chunk.
enum Gather {
    /// Numbers go straight into one buffer reserved for every input row (a
    /// filter keeps at most all of them; the pages past the rows it keeps
    /// are never touched, so they take no memory).
    Ints(Vec<i64>, NullBufferBuilder),
    Floats(Vec<f64>, NullBufferBuilder),
    /// Strings: their bytes and offsets appended.
    Strs { bytes: Vec<u8>, offsets: Vec<i32>, nulls: NullBufferBuilder },
    /// Other types: the chunks, concatenated at the end.
    Parts(Vec<Column>),
}

impl Gather {
    /// `bytes`: room to reserve for a string column's bytes.
    fn new(t: ColType, rows: usize, bytes: usize) -> Gather {
        match t {
            ColType::Int64 => Gather::Ints(Vec::with_capacity(rows), NullBufferBuilder::new(rows)),
            ColType::Float64 => Gather::Floats(Vec::with_capacity(rows), NullBufferBuilder::new(rows)),
            ColType::Str => {
                let mut offsets = Vec::with_capacity(rows + 1);
                offsets.push(0);
                Gather::Strs { bytes: Vec::with_capacity(bytes), offsets, nulls: NullBufferBuilder::new(rows) }
            }
            _ => Gather::Parts(Vec::new()),
        }
    }

    fn push(&mut self, c: Column) -> Result<()> {
        fn append<T: ArrowPrimitiveType>(v: &mut Vec<T::Native>, nulls: &mut NullBufferBuilder, a: &PrimitiveArray<T>) {
            v.extend_from_slice(a.values());
            match a.nulls() {
                Some(n) => nulls.append_buffer(n),
                None => nulls.append_n_non_nulls(a.len()),
            }
        }
        match self {
            Gather::Ints(v, nulls) if c.i64s().is_some() => append(v, nulls, c.i64s().unwrap()),
            Gather::Floats(v, nulls) if c.f64s().is_some() => append(v, nulls, c.f64s().unwrap()),
            Gather::Strs { bytes, offsets, nulls } if c.strs().is_some() => {
                let a = c.strs().unwrap();
                let offs = a.value_offsets();
                let (first, end) = (offs[0] as usize, offs[a.len()] as usize);
                let base = bytes.len() as i64 - i64::from(offs[0]);
                for &o in &offs[1..] {
                    let o = i32::try_from(base + i64::from(o)).map_err(|_| Error::value("internal: a string column of more than 2 GiB"))?;
                    offsets.push(o);
                }
                bytes.extend_from_slice(&a.values()[first..end]);
                match a.nulls() {
                    Some(n) => nulls.append_buffer(n),
                    None => nulls.append_n_non_nulls(a.len()),
                }
            }
            Gather::Ints(..) | Gather::Floats(..) | Gather::Strs { .. } => {
                return Err(Error::value(format!("internal: a chunk's {} column where its type is static", c.col_type())))
            }
            Gather::Parts(parts) => parts.push(c),
        }
        Ok(())
    }

    fn finish(self) -> Result<Column> {
        Ok(match self {
            Gather::Ints(v, mut nulls) => Column::Arrow(Arc::new(Int64Array::new(v.into(), nulls.finish()))),
            Gather::Floats(v, mut nulls) => Column::Arrow(Arc::new(Float64Array::new(v.into(), nulls.finish()))),
            Gather::Strs { bytes, offsets, mut nulls, .. } => {
                let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
                Column::Arrow(Arc::new(StringArray::try_new(offsets, bytes.into(), nulls.finish())?))
            }
            Gather::Parts(parts) => Column::concat(&parts.iter().collect::<Vec<_>>())?,
        })
    }
}

/// Whether the computed data of the chain's nodes before its first filter
/// has one value per input row.
fn data_fits(q: &Query, chain: &[usize], rows: usize) -> bool {
    fn fits(e: &Expr, rows: usize) -> bool {
        match e {
            Expr::Data(c) => c.len() == rows,
            e => e.operands().all(|o| fits(o, rows)),
        }
    }
    for &i in chain {
        match &q.nodes[i].op {
            Op::WithColumns(exprs) if !exprs.iter().all(|(_, e)| fits(e, rows)) => return false,
            Op::Filter(p) => return fits(p, rows),
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::column::Name;
    use crate::table::expr::{BinOp, Lit, UnOp};
    use crate::table::optimize::optimize;
    use crate::table::plan::{Plan, PlanRef};

    fn col(n: &str) -> Expr {
        Expr::Col(n.into())
    }

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::binary(op, a, b)
    }

    /// 10 rows: `a` 0..10, `b` floats with missing values at 2 and 7.
    fn input() -> PlanRef {
        let b: Vec<Option<f64>> = (0..10).map(|i| if i % 5 == 2 { None } else { Some(i as f64 * 1.5) }).collect();
        Plan::table(Table::new(
            10,
            vec![
                ("a".into(), Column::from_i64((0..10).collect())),
                ("b".into(), Column::Arrow(Arc::new(Float64Array::from(b)))),
            ],
        ))
    }

    fn query(plan: &PlanRef, cols: &[&str]) -> Query {
        let cols: Vec<Name> = cols.iter().map(|&c| c.into()).collect();
        let mut q = Query::build(plan, &cols);
        optimize(&mut q);
        q
    }

    /// The query's chained nodes, run in chunks of `chunk` rows; and whole.
    fn both(q: &Query, chunk: usize) -> (Table, Table) {
        let chains = Chains::find(q, &q.consumers());
        let top = (0..q.nodes.len()).find(|&i| chains.ending_at(i).is_some()).expect("a chunked chain");
        let chain = chains.ending_at(top).unwrap();
        let input = super::super::execute(&Query { nodes: q.nodes.clone(), root: q.nodes[chain[0]].inputs[0] }).unwrap();
        let chunked = run_in_chunks(q, chain, &input, chunk).unwrap();
        let whole = run_in_chunks(q, chain, &input, usize::MAX / 4).unwrap();
        (chunked, whole)
    }

    fn same(a: &Table, b: &Table) {
        assert_eq!(a.num_rows, b.num_rows);
        for ((n, x), (m, y)) in a.columns.iter().zip(&b.columns) {
            assert_eq!(n, m);
            assert_eq!(x.arrow().unwrap().to_data(), y.arrow().unwrap().to_data(), "column {n}");
        }
    }

    #[test]
    fn a_filter_over_derived_columns_runs_in_chunks_as_whole() {
        let p = Plan::with_columns(&input(), vec![("c".into(), bin(BinOp::Mul, col("a"), col("b")))]).unwrap();
        let p = Plan::with_columns(&p, vec![("r".into(), Expr::RowIndex { start: 100, step: 2 })]).unwrap();
        let p = Plan::filter(&p, bin(BinOp::Gt, col("a"), Expr::Lit(Lit::Int(1)))).unwrap();
        let q = query(&p, &["a", "b", "c", "r"]);
        for chunk in [1, 2, 3, 4] {
            let (chunked, whole) = both(&q, chunk);
            same(&chunked, &whole);
            assert_eq!(chunked.num_rows, 8);
            // Missing values kept, row numbers counted across chunks.
            let c = chunked.column("c").unwrap().f64s().unwrap().clone();
            assert!(c.is_null(0) && c.is_null(5) && !c.is_null(1));
            assert_eq!(chunked.column("r").unwrap().i64s().unwrap().values().to_vec(), [104, 106, 108, 110, 112, 114, 116, 118]);
        }
    }

    #[test]
    fn derived_columns_after_a_filter_run_in_chunks_as_whole() {
        let f = Plan::filter(&input(), bin(BinOp::Gt, col("a"), Expr::Lit(Lit::Int(2)))).unwrap();
        let p = Plan::with_columns(&f, vec![("c".into(), bin(BinOp::Mul, col("a"), col("b")))]).unwrap();
        let q = query(&p, &["c"]);
        for chunk in [1, 2, 3, 4] {
            let (chunked, whole) = both(&q, chunk);
            same(&chunked, &whole);
            assert_eq!(chunked.num_rows, 7);
            let c = chunked.column("c").unwrap().f64s().unwrap().clone();
            assert!(c.is_null(4) && !c.is_null(0));
            assert_eq!(c.value(0), 3.0 * 4.5);
        }
    }

    #[test]
    fn computed_data_is_read_from_the_chunk_s_rows() {
        let data = Column::from_i64((0..10).map(|i| i * i).collect());
        let twice = bin(BinOp::Mul, col("a"), Expr::Lit(Lit::Int(2)));
        let p = Plan::with_columns(&input(), vec![("d".into(), Expr::Data(data)), ("t".into(), twice)]).unwrap();
        let p = Plan::filter(&p, bin(BinOp::Ne, col("t"), Expr::Lit(Lit::Int(8)))).unwrap();
        let q = query(&p, &["a", "d"]);
        let (chunked, whole) = both(&q, 3);
        same(&chunked, &whole);
        assert_eq!(chunked.column("d").unwrap().i64s().unwrap().values().to_vec(), [0, 1, 4, 9, 25, 36, 49, 64, 81]);
    }

    #[test]
    fn types_the_data_decides_keep_a_chain_whole() {
        let strs = Column::from_strs(&(0..10).map(|i| Some(format!("s{i}"))).collect::<Vec<_>>());
        let t = Table::new(10, vec![("a".into(), Column::from_i64((0..10).collect())), ("s".into(), strs)]);
        let gt1 = bin(BinOp::Gt, col("x"), Expr::Lit(Lit::Int(1)));
        let types = |exprs: Vec<(Name, Expr)>| {
            let p = Plan::with_columns(&Plan::table(t.clone()), exprs).unwrap();
            let q = query(&Plan::filter(&p, gt1.clone()).unwrap(), &["a", "x"]);
            let chains = Chains::find(&q, &q.consumers());
            let top = (0..q.nodes.len()).find(|&i| chains.ending_at(i).is_some()).expect("a chain");
            out_types(&q, chains.ending_at(top).unwrap(), &t)
        };
        assert_eq!(types(vec![("x".into(), bin(BinOp::Mul, col("a"), Expr::Lit(Lit::Float(0.5))))]), Some(vec![ColType::Int64, ColType::Float64]));
        // `.str.len()` is int64 or float64 (with missing values) by the data.
        assert_eq!(types(vec![("x".into(), Expr::Str(crate::table::expr::StrOp::Len, Arc::new(col("s"))))]), None);
    }

    fn chunked_chain(p: &PlanRef, cols: &[&str]) -> bool {
        let q = query(p, cols);
        let chains = Chains::find(&q, &q.consumers());
        (0..q.nodes.len()).any(|i| chains.ending_at(i).is_some())
    }

    #[test]
    fn chains_whose_result_could_differ_run_whole() {
        let gt1 = || bin(BinOp::Gt, col("a"), Expr::Lit(Lit::Int(1)));
        // Computed data after a filter: its rows are the filter's output's.
        let f = Plan::filter(&input(), gt1()).unwrap();
        let p = Plan::with_columns(&f, vec![("d".into(), Expr::Data(Column::from_i64(vec![0; 8])))]).unwrap();
        assert!(!chunked_chain(&Plan::filter(&p, gt1()).unwrap(), &["d"]));
        // Two expressions that can raise: which error comes first could change.
        let cast = |n: &str| Expr::Cast(Arc::new(col(n)), ColType::Int64);
        let p = Plan::with_columns(&input(), vec![("x".into(), cast("b")), ("y".into(), cast("a"))]).unwrap();
        assert!(!chunked_chain(&Plan::filter(&p, gt1()).unwrap(), &["x", "y"]));
        let p = Plan::with_columns(&input(), vec![("x".into(), cast("b"))]).unwrap();
        let x_gt1 = bin(BinOp::Gt, col("x"), Expr::Lit(Lit::Int(1)));
        assert!(chunked_chain(&Plan::filter(&p, x_gt1.clone()).unwrap(), &["x"]));
        // A filter of the input first (pushed below the derived column),
        // then `x` from the filtered `b`, which the output drops: chunks
        // save the filtered `b`. Kept, it saves nothing.
        assert!(chunked_chain(&Plan::filter(&p, gt1()).unwrap(), &["x"]));
        assert!(!chunked_chain(&Plan::filter(&p, gt1()).unwrap(), &["x", "b"]));
        assert!(!chunked_chain(&Plan::filter(&input(), gt1()).unwrap(), &["b"]));
        // No filter: nothing to gain.
        let p = Plan::with_columns(&input(), vec![("n".into(), Expr::Unary(UnOp::Neg, Arc::new(col("b"))))]).unwrap();
        assert!(!chunked_chain(&Plan::with_columns(&p, vec![]).unwrap(), &["n"]));
    }
}
