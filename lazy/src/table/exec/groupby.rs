//! Group-by aggregation with pandas' kernels' arithmetic: float sums and
//! means use Kahan summation (pandas' `group_sum`/`group_mean`), `std` and
//! `var` Welford's updates (`group_var`), medians the mean of the two middle
//! values. Groups come out sorted by key (`sort=True`) or in order of first
//! appearance; rows with a missing key are dropped with `dropna=True`.

use super::factorize::{factorize_many, Codes, MISSING};
use super::sort::sort_indices;
use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::plan::{Agg, AggOp, SortAlgo, SortKey};
use arrow_array::builder::StringBuilder;
use arrow_array::Array;
use rayon::prelude::*;
use crate::FastSet as HashSet;
use std::borrow::Cow;
use std::sync::Arc;

pub fn aggregate(t: &Table, keys: &[Name], aggs: &[Agg], sort: bool, dropna: bool) -> Result<Table> {
    let key_cols: Vec<&Column> = keys.iter().map(|k| t.column(k)).collect::<Result<_>>()?;
    let codes = if keys.is_empty() {
        Codes { codes: vec![0; t.num_rows], count: usize::from(t.num_rows > 0), first_row: vec![0] }
    } else {
        factorize_many(&key_cols, dropna)?
    };
    // The order groups come out in.
    let reps: Vec<u32> = codes.first_row.clone();
    let order: Vec<u32> = if sort && !keys.is_empty() {
        let rep_table = Table::new(
            reps.len(),
            keys.iter().zip(&key_cols).map(|(k, c)| Ok((k.clone(), c.take(&reps)?))).collect::<Result<_>>()?,
        );
        let sk: Vec<SortKey> =
            keys.iter().map(|k| SortKey { column: k.clone(), descending: false, nulls_first: false }).collect();
        sort_indices(&rep_table, &sk, SortAlgo::Stable, None)?
    } else {
        (0..codes.count as u32).collect()
    };
    let rows: Vec<u32> = order.iter().map(|&g| reps[g as usize]).collect();
    let mut columns = Vec::new();
    for (k, c) in keys.iter().zip(&key_cols) {
        columns.push((k.clone(), c.take(&rows)?));
    }
    let results: Vec<Result<Column>> = aggs
        .par_iter()
        .map(|a| {
            let col = a.input.as_ref().map(|c| t.column(c)).transpose()?;
            let per_group = aggregate_one(a, col, &codes)?;
            per_group.take(&order)
        })
        .collect();
    for (a, r) in aggs.iter().zip(results) {
        columns.push((a.out.clone(), r?));
    }
    Ok(Table::new(order.len(), columns))
}

/// One aggregation, one value per group code.
fn aggregate_one(a: &Agg, col: Option<&Column>, g: &Codes) -> Result<Column> {
    let ng = g.count;
    let codes = &g.codes;
    if a.op == AggOp::Size {
        let mut n = vec![0i64; ng];
        for &c in codes {
            if c != MISSING {
                n[c as usize] += 1;
            }
        }
        return Ok(Column::from_i64(n));
    }
    let col = col.ok_or_else(|| Error::value("internal: aggregation without a column"))?;
    let t = col.col_type();
    match (a.op, t) {
        (AggOp::Count, _) => {
            let null = super::expr::is_null(col)?;
            let mut n = vec![0i64; ng];
            for (i, &c) in codes.iter().enumerate() {
                if c != MISSING && !null[i] {
                    n[c as usize] += 1;
                }
            }
            Ok(Column::from_i64(n))
        }
        (AggOp::Nunique, _) => {
            let vals = super::factorize::factorize(col, true)?;
            let mut seen: HashSet<(u32, u32)> = HashSet::default();
            let mut n = vec![0i64; ng];
            for (i, &c) in codes.iter().enumerate() {
                let v = vals.codes[i];
                if c != MISSING && v != MISSING && seen.insert((c, v)) {
                    n[c as usize] += 1;
                }
            }
            Ok(Column::from_i64(n))
        }
        (AggOp::Sum | AggOp::Prod, ColType::Int64 | ColType::Bool) => {
            let v = int_values(col);
            let mut acc = vec![if a.op == AggOp::Sum { 0i64 } else { 1 }; ng];
            for (i, &c) in codes.iter().enumerate() {
                if c != MISSING {
                    let s = &mut acc[c as usize];
                    *s = if a.op == AggOp::Sum { s.wrapping_add(v[i]) } else { s.wrapping_mul(v[i]) };
                }
            }
            Ok(Column::from_i64(acc))
        }
        (AggOp::Sum | AggOp::Mean, ColType::Int64 | ColType::Bool | ColType::Float64) => {
            let v = Floats::of(col);
            let (sum, nobs) = kahan(&v, codes, ng);
            if a.op == AggOp::Sum {
                Ok(Column::from_f64(sum))
            } else {
                Ok(Column::from_f64(
                    sum.iter().zip(&nobs).map(|(&s, &n)| if n == 0 { f64::NAN } else { s / n as f64 }).collect(),
                ))
            }
        }
        (AggOp::Prod, ColType::Float64) => {
            let v = Floats::of(col);
            let mut acc = vec![1.0f64; ng];
            for (i, &c) in codes.iter().enumerate() {
                if c != MISSING && !v.get(i).is_nan() {
                    acc[c as usize] *= v.get(i);
                }
            }
            Ok(Column::from_f64(acc))
        }
        (AggOp::Sum, ColType::Str) => {
            let s = col.strs().unwrap();
            let mut acc: Vec<Option<String>> = vec![None; ng];
            for (i, &c) in codes.iter().enumerate() {
                if c != MISSING && !s.is_null(i) {
                    acc[c as usize].get_or_insert_with(String::new).push_str(s.value(i));
                }
            }
            Ok(Column::from_strs(&acc))
        }
        (AggOp::Std | AggOp::Var, ColType::Int64 | ColType::Bool | ColType::Float64) => {
            let v = Floats::of(col);
            let mut nobs = vec![0i64; ng];
            let mut mean = vec![0.0f64; ng];
            let mut m2 = vec![0.0f64; ng];
            for (i, &c) in codes.iter().enumerate() {
                let x = v.get(i);
                if c == MISSING || x.is_nan() {
                    continue;
                }
                let k = c as usize;
                nobs[k] += 1;
                let old = mean[k];
                mean[k] += (x - old) / nobs[k] as f64;
                m2[k] += (x - mean[k]) * (x - old);
            }
            let ddof = a.ddof;
            Ok(Column::from_f64(
                (0..ng)
                    .map(|k| {
                        if nobs[k] <= ddof {
                            f64::NAN
                        } else {
                            let var = m2[k] / (nobs[k] - ddof) as f64;
                            if a.op == AggOp::Std {
                                var.sqrt()
                            } else {
                                var
                            }
                        }
                    })
                    .collect(),
            ))
        }
        (AggOp::Median, ColType::Int64 | ColType::Bool | ColType::Float64) => {
            let v = Floats::of(col);
            let mut per: Vec<Vec<f64>> = vec![Vec::new(); ng];
            for (i, &c) in codes.iter().enumerate() {
                if c != MISSING && !v.get(i).is_nan() {
                    per[c as usize].push(v.get(i));
                }
            }
            Ok(Column::from_f64(per.into_iter().map(|mut p| median(&mut p)).collect()))
        }
        (AggOp::Min | AggOp::Max | AggOp::First | AggOp::Last, _) => pick(a.op, col, codes, ng),
        (AggOp::Any | AggOp::All, ColType::Int64 | ColType::Bool | ColType::Float64) => {
            let v = Floats::of(col);
            let all = a.op == AggOp::All;
            let mut acc = vec![all; ng];
            for (i, &c) in codes.iter().enumerate() {
                if c == MISSING || v.get(i).is_nan() {
                    continue;
                }
                let truth = v.get(i) != 0.0;
                if all && !truth {
                    acc[c as usize] = false;
                } else if !all && truth {
                    acc[c as usize] = true;
                }
            }
            Ok(Column::from_bool(acc))
        }
        (op, t) => Err(Error::type_error(format!(
            "agg function failed [how->{},dtype->{}]",
            op.name(),
            if t == ColType::Str { "str" } else { "object" }
        ))),
    }
}

/// pandas' Kahan summation per group; also the non-NaN counts.
fn kahan(v: &Floats, codes: &[u32], ng: usize) -> (Vec<f64>, Vec<i64>) {
    let mut sum = vec![0.0f64; ng];
    let mut comp = vec![0.0f64; ng];
    let mut nobs = vec![0i64; ng];
    for (i, &c) in codes.iter().enumerate() {
        let x = v.get(i);
        if c == MISSING || x.is_nan() {
            continue;
        }
        let k = c as usize;
        nobs[k] += 1;
        let y = x - comp[k];
        let t = sum[k] + y;
        comp[k] = t - sum[k] - y;
        if comp[k].is_nan() {
            comp[k] = 0.0;
        }
        sum[k] = t;
    }
    (sum, nobs)
}

fn median(p: &mut [f64]) -> f64 {
    let n = p.len();
    if n == 0 {
        return f64::NAN;
    }
    p.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if n % 2 == 1 {
        p[n / 2]
    } else {
        (p[n / 2] + p[n / 2 - 1]) / 2.0
    }
}

fn int_values(c: &Column) -> Cow<'_, [i64]> {
    match c.col_type() {
        ColType::Int64 => Cow::Borrowed(c.i64s().unwrap().values()),
        _ => {
            let b = c.bools().unwrap();
            Cow::Owned((0..b.len()).map(|i| b.value(i) as i64).collect())
        }
    }
}

/// A numeric column's values read as floats where they are, not a
/// converted copy of the column.
enum Floats<'a> {
    F(&'a [f64]),
    I(&'a [i64]),
    B(&'a arrow_array::BooleanArray),
}

impl<'a> Floats<'a> {
    fn of(c: &'a Column) -> Floats<'a> {
        match c.col_type() {
            ColType::Float64 => Floats::F(c.f64s().unwrap().values()),
            ColType::Int64 => Floats::I(c.i64s().unwrap().values()),
            _ => Floats::B(c.bools().unwrap()),
        }
    }

    #[inline]
    fn get(&self, i: usize) -> f64 {
        match self {
            Floats::F(v) => v[i],
            Floats::I(v) => v[i] as f64,
            Floats::B(b) => f64::from(u8::from(b.value(i))),
        }
    }
}

/// min / max / first / last: the chosen row of each group (missing values
/// skipped; a group with none gives a missing value).
fn pick(op: AggOp, col: &Column, codes: &[u32], ng: usize) -> Result<Column> {
    let null = super::expr::is_null(col)?;
    let t = col.col_type();
    let mut chosen: Vec<Option<u32>> = vec![None; ng];
    let better = |i: usize, j: usize| -> bool {
        // Is row i better than the current choice j?
        let o = match t {
            ColType::Int64 => {
                let v = col.i64s().unwrap().values();
                v[i].cmp(&v[j])
            }
            ColType::Float64 => {
                let v = col.f64s().unwrap().values();
                v[i].partial_cmp(&v[j]).unwrap_or(std::cmp::Ordering::Equal)
            }
            ColType::Bool => {
                let b = col.bools().unwrap();
                b.value(i).cmp(&b.value(j))
            }
            ColType::Str => {
                let s = col.strs().unwrap();
                s.value(i).cmp(s.value(j))
            }
            _ => std::cmp::Ordering::Equal,
        };
        match op {
            AggOp::Min => o == std::cmp::Ordering::Less,
            AggOp::Max => o == std::cmp::Ordering::Greater,
            AggOp::Last => true,
            _ => false,
        }
    };
    if matches!(t, ColType::Object | ColType::StrList) && matches!(op, AggOp::Min | AggOp::Max) {
        return Err(Error::unsupported(format!("groupby {} of object columns", op.name())));
    }
    for (i, &c) in codes.iter().enumerate() {
        if c == MISSING || null[i] {
            continue;
        }
        let slot = &mut chosen[c as usize];
        match slot {
            None => *slot = Some(i as u32),
            Some(j) => {
                if better(i, *j as usize) {
                    *slot = Some(i as u32);
                }
            }
        }
    }
    let any_missing = chosen.iter().any(|c| c.is_none());
    let out_t = if any_missing { t.with_missing() } else { t };
    if t == ColType::Str && any_missing {
        let s = col.strs().unwrap();
        let mut b = StringBuilder::new();
        for c in &chosen {
            match c {
                Some(i) => b.append_value(s.value(*i as usize)),
                None => b.append_null(),
            }
        }
        return Ok(Column::Arrow(Arc::new(b.finish())));
    }
    col.take_opt(&chosen, out_t)
}
