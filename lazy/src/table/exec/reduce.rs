//! Whole-column reductions with pandas' `nanops` arithmetic: NumPy's
//! pairwise float sums (through the array engine's kernel), means as sum
//! over count, `var`/`std` in two passes over the squared deviations,
//! medians and quantiles as NumPy's linear interpolation computes them.

use super::factorize::{factorize, MISSING};
use crate::exec::reduce::pairwise_sum_f64;
use crate::table::column::{ColType, Column};
use crate::table::error::{Error, Result};
use arrow_array::Array;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    /// A missing result (NaN).
    Missing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    Sum,
    Prod,
    Mean,
    Min,
    Max,
    Std,
    Var,
    Median,
    Count,
    Nunique,
    Any,
    All,
    ArgMin,
    ArgMax,
}

impl Reduce {
    pub fn from_name(s: &str) -> Option<Reduce> {
        Some(match s {
            "sum" => Reduce::Sum,
            "prod" => Reduce::Prod,
            "mean" => Reduce::Mean,
            "min" => Reduce::Min,
            "max" => Reduce::Max,
            "std" => Reduce::Std,
            "var" => Reduce::Var,
            "median" => Reduce::Median,
            "count" => Reduce::Count,
            "nunique" => Reduce::Nunique,
            "any" => Reduce::Any,
            "all" => Reduce::All,
            "argmin" => Reduce::ArgMin,
            "argmax" => Reduce::ArgMax,
            _ => return None,
        })
    }
}

/// The non-missing values as float64.
fn valid_floats(c: &Column) -> Result<Vec<f64>> {
    Ok(match c.col_type() {
        ColType::Float64 => c.f64s().unwrap().values().iter().copied().filter(|v| !v.is_nan()).collect(),
        ColType::Int64 => c.i64s().unwrap().values().iter().map(|&v| v as f64).collect(),
        ColType::Bool => {
            let b = c.bools().unwrap();
            (0..b.len()).map(|i| if b.value(i) { 1.0 } else { 0.0 }).collect()
        }
        t => return Err(Error::type_error(format!("Could not convert to numeric: {t} column"))),
    })
}

pub fn reduce(c: &Column, op: Reduce, ddof: i64, min_count: usize) -> Result<Value> {
    let t = c.col_type();
    let n = c.len();
    match op {
        Reduce::Count => {
            let nulls = super::expr::is_null(c)?;
            return Ok(Value::Int(nulls.iter().filter(|&&b| !b).count() as i64));
        }
        Reduce::Nunique => {
            let codes = factorize(c, true)?;
            return Ok(Value::Int(codes.count as i64));
        }
        _ => {}
    }
    if t == ColType::Str {
        return str_reduce(c, op);
    }
    if !t.is_numeric() {
        return Err(Error::unsupported(format!("Series.{:?} of {t} values", op).to_lowercase()));
    }
    match op {
        Reduce::Sum | Reduce::Prod if t != ColType::Float64 => {
            let v: Vec<i64> = match t {
                ColType::Int64 => c.i64s().unwrap().values().to_vec(),
                _ => {
                    let b = c.bools().unwrap();
                    (0..n).map(|i| b.value(i) as i64).collect()
                }
            };
            if v.len() < min_count {
                return Ok(Value::Missing);
            }
            Ok(Value::Int(if op == Reduce::Sum {
                v.iter().fold(0i64, |a, &x| a.wrapping_add(x))
            } else {
                v.iter().fold(1i64, |a, &x| a.wrapping_mul(x))
            }))
        }
        Reduce::Sum => {
            let v = c.f64s().unwrap().values();
            let count = v.iter().filter(|x| !x.is_nan()).count();
            if count < min_count {
                return Ok(Value::Missing);
            }
            // NaN filled with 0, as nanops does, then NumPy's pairwise sum.
            if count == v.len() {
                Ok(Value::Float(pairwise_sum_f64(v)))
            } else {
                let filled: Vec<f64> = v.iter().map(|&x| if x.is_nan() { 0.0 } else { x }).collect();
                Ok(Value::Float(pairwise_sum_f64(&filled)))
            }
        }
        Reduce::Prod => {
            let v = valid_floats(c)?;
            if v.len() < min_count {
                return Ok(Value::Missing);
            }
            Ok(Value::Float(v.iter().product()))
        }
        Reduce::Mean => {
            let (sum, count) = float_sum(c)?;
            Ok(if count == 0 { Value::Missing } else { Value::Float(sum / count as f64) })
        }
        Reduce::Var | Reduce::Std => {
            let (sum, count) = float_sum(c)?;
            let d = count as i64 - ddof;
            if count == 0 || d <= 0 {
                return Ok(Value::Missing);
            }
            let avg = sum / count as f64;
            let sq: Vec<f64> = filled_floats(c)?
                .into_iter()
                .map(|x| match x {
                    Some(x) => {
                        let dx = avg - x;
                        dx * dx
                    }
                    None => 0.0,
                })
                .collect();
            let var = pairwise_sum_f64(&sq) / d as f64;
            Ok(Value::Float(if op == Reduce::Std { var.sqrt() } else { var }))
        }
        Reduce::Median => {
            let mut v = valid_floats(c)?;
            Ok(match median(&mut v) {
                Some(m) => Value::Float(m),
                None => Value::Missing,
            })
        }
        Reduce::Min | Reduce::Max | Reduce::ArgMin | Reduce::ArgMax => extreme(c, op),
        Reduce::Any | Reduce::All => {
            let v = valid_floats(c)?;
            Ok(Value::Bool(if op == Reduce::Any { v.iter().any(|&x| x != 0.0) } else { v.iter().all(|&x| x != 0.0) }))
        }
        Reduce::Count | Reduce::Nunique => unreachable!(),
    }
}

/// NumPy's float64 sum of the non-missing values (NaN counted as 0), and
/// their count.
fn float_sum(c: &Column) -> Result<(f64, usize)> {
    let vals = filled_floats(c)?;
    let count = vals.iter().filter(|x| x.is_some()).count();
    let filled: Vec<f64> = vals.into_iter().map(|x| x.unwrap_or(0.0)).collect();
    Ok((pairwise_sum_f64(&filled), count))
}

fn filled_floats(c: &Column) -> Result<Vec<Option<f64>>> {
    Ok(match c.col_type() {
        ColType::Float64 => c.f64s().unwrap().values().iter().map(|&v| if v.is_nan() { None } else { Some(v) }).collect(),
        _ => valid_floats(c)?.into_iter().map(Some).collect(),
    })
}

fn median(v: &mut [f64]) -> Option<f64> {
    let n = v.len();
    if n == 0 {
        return None;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    Some(if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 })
}

/// NumPy's linear-interpolation quantile of the non-missing values.
pub fn quantile(c: &Column, q: f64) -> Result<Value> {
    let mut v = valid_floats(c)?;
    let n = v.len();
    if n == 0 {
        return Ok(Value::Missing);
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    // pandas passes q * 100 to np.percentile, which divides by 100.
    let q = (q * 100.0) / 100.0;
    let virt = (n as f64 - 1.0) * q;
    let (prev, next) = if virt >= n as f64 - 1.0 {
        (n - 1, n - 1)
    } else if virt < 0.0 {
        (0, 0)
    } else {
        let p = virt.floor() as usize;
        (p, p + 1)
    };
    let gamma = virt - virt.floor();
    let (a, b) = (v[prev], v[next]);
    let diff = b - a;
    Ok(Value::Float(if gamma >= 0.5 { b - diff * (1.0 - gamma) } else { a + diff * gamma }))
}

fn extreme(c: &Column, op: Reduce) -> Result<Value> {
    let want_max = matches!(op, Reduce::Max | Reduce::ArgMax);
    let arg = matches!(op, Reduce::ArgMin | Reduce::ArgMax);
    let n = c.len();
    let mut best: Option<usize> = None;
    match c.col_type() {
        ColType::Int64 => {
            let v = c.i64s().unwrap().values();
            for i in 0..n {
                if best.is_none_or(|b| if want_max { v[i] > v[b] } else { v[i] < v[b] }) {
                    best = Some(i);
                }
            }
            if !arg {
                return Ok(best.map_or(Value::Missing, |b| Value::Int(v[b])));
            }
        }
        ColType::Float64 => {
            let v = c.f64s().unwrap().values();
            for i in 0..n {
                if v[i].is_nan() {
                    continue;
                }
                if best.is_none_or(|b| if want_max { v[i] > v[b] } else { v[i] < v[b] }) {
                    best = Some(i);
                }
            }
            if !arg {
                return Ok(best.map_or(Value::Missing, |b| Value::Float(v[b])));
            }
        }
        ColType::Bool => {
            let v = c.bools().unwrap();
            for i in 0..n {
                if best.is_none_or(|b| if want_max { v.value(i) & !v.value(b) } else { !v.value(i) & v.value(b) }) {
                    best = Some(i);
                }
            }
            if !arg {
                return Ok(best.map_or(Value::Missing, |b| Value::Bool(v.value(b))));
            }
        }
        t => return Err(Error::type_error(format!("{t} values have no order"))),
    }
    Ok(match best {
        Some(b) => Value::Int(b as i64),
        None => Value::Int(-1),
    })
}

fn str_reduce(c: &Column, op: Reduce) -> Result<Value> {
    let s = c.strs().unwrap();
    let vals: Vec<&str> = (0..s.len()).filter(|&i| !s.is_null(i)).map(|i| s.value(i)).collect();
    Ok(match op {
        Reduce::Min => vals.iter().min().map_or(Value::Missing, |v| Value::Str(v.to_string())),
        Reduce::Max => vals.iter().max().map_or(Value::Missing, |v| Value::Str(v.to_string())),
        Reduce::Sum => Value::Str(vals.concat()),
        Reduce::Any => Value::Bool(vals.iter().any(|v| !v.is_empty())),
        Reduce::All => Value::Bool(vals.iter().all(|v| !v.is_empty())),
        other => {
            return Err(Error::type_error(format!(
                "Cannot perform reduction '{}' with string dtype",
                format!("{other:?}").to_lowercase()
            )))
        }
    })
}

/// Distinct values in order of first appearance (missing values once, at
/// their first place, when `keep_missing`).
pub fn unique(c: &Column, keep_missing: bool) -> Result<Column> {
    let codes = factorize(c, !keep_missing)?;
    let rows: Vec<u32> = codes.first_row.clone();
    let _ = MISSING;
    c.take(&rows)
}
