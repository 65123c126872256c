//! Sort orders with pandas' rules.
//!
//! - Several keys, or `kind="stable"`: a stable sort; missing values last
//!   (or first) whatever the direction, as pandas' `lexsort_indexer` does.
//! - One key with NumPy's default `kind="quicksort"`: pandas' `nargsort`
//!   (missing values set apart, the rest reversed for a descending sort,
//!   argsorted, reversed back), with the argsort done the way NumPy does
//!   it on this machine ([`super::npsort`]), so tied values come out in the
//!   same order as under pandas.
//! - A limit (top-k): only the first `limit` positions are needed; when the
//!   values at the boundary are distinct, a selection finds them and only
//!   they are sorted.

use super::npsort;
use crate::table::column::{ColType, Column, Table};
use crate::table::error::{Error, Result};
use crate::table::plan::{SortAlgo, SortKey};
use arrow_array::Array;
use std::cmp::Ordering;

/// A sortable view of one key column.
enum Key<'a> {
    I(&'a [i64]),
    F(&'a [f64]),
    B(Vec<bool>),
    S(&'a arrow_array::StringArray),
}

impl Key<'_> {
    fn of(c: &Column) -> Result<Key<'_>> {
        Ok(match c.col_type() {
            ColType::Int64 => Key::I(c.i64s().unwrap().values()),
            ColType::Float64 => Key::F(c.f64s().unwrap().values()),
            ColType::Bool => {
                let b = c.bools().unwrap();
                Key::B((0..b.len()).map(|i| b.value(i)).collect())
            }
            ColType::Str => Key::S(c.strs().unwrap()),
            t => return Err(Error::unsupported(format!("sorting {t} columns"))),
        })
    }

    fn is_null(&self, i: usize) -> bool {
        match self {
            Key::F(v) => v[i].is_nan(),
            Key::S(s) => s.is_null(i),
            _ => false,
        }
    }

    /// Order of two non-missing values.
    fn cmp(&self, a: usize, b: usize) -> Ordering {
        match self {
            Key::I(v) => v[a].cmp(&v[b]),
            Key::F(v) => v[a].partial_cmp(&v[b]).unwrap_or(Ordering::Equal),
            Key::B(v) => v[a].cmp(&v[b]),
            Key::S(s) => s.value(a).cmp(s.value(b)),
        }
    }
}

/// The row order of `t` sorted by `keys`.
pub fn sort_indices(t: &Table, keys: &[SortKey], algo: SortAlgo, limit: Option<usize>) -> Result<Vec<u32>> {
    let cols: Vec<&Column> = keys.iter().map(|k| t.column(&k.column)).collect::<Result<_>>()?;
    let views: Vec<Key> = cols.iter().map(|c| Key::of(c)).collect::<Result<_>>()?;
    let n = t.num_rows;
    if keys.len() == 1 && algo == SortAlgo::Quick {
        let k = &keys[0];
        if let Some(order) = quick_single(&views[0], n, k.descending, k.nulls_first, limit)? {
            return Ok(order);
        }
    }
    let cmp = |a: &u32, b: &u32| -> Ordering {
        let (a, b) = (*a as usize, *b as usize);
        for (k, v) in keys.iter().zip(&views) {
            let (na, nb) = (v.is_null(a), v.is_null(b));
            let o = match (na, nb) {
                (true, true) => Ordering::Equal,
                (true, false) => {
                    if k.nulls_first {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    }
                }
                (false, true) => {
                    if k.nulls_first {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
                }
                (false, false) => {
                    let o = v.cmp(a, b);
                    if k.descending {
                        o.reverse()
                    } else {
                        o
                    }
                }
            };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    };
    let mut idx: Vec<u32> = (0..n as u32).collect();
    idx.sort_by(cmp);
    if let Some(l) = limit {
        idx.truncate(l);
    }
    Ok(idx)
}

/// pandas' `nargsort` with NumPy's quicksort; `None` when NumPy would not
/// use its quicksort for this dtype (strings sort stably in pyarrow).
fn quick_single(v: &Key, n: usize, descending: bool, nulls_first: bool, limit: Option<usize>) -> Result<Option<Vec<u32>>> {
    let nulls: Vec<u32> = (0..n).filter(|&i| v.is_null(i)).map(|i| i as u32).collect();
    let mut rows: Vec<u32> = (0..n).filter(|&i| !v.is_null(i)).map(|i| i as u32).collect();
    if descending {
        rows.reverse();
    }
    // How many of the sorted non-missing rows the caller keeps.
    let keep = match limit {
        Some(l) if nulls_first => l.saturating_sub(nulls.len()).min(rows.len()),
        Some(l) => l.min(rows.len()),
        None => rows.len(),
    };
    let sorted: Vec<u32> = match v {
        Key::I(x) => {
            let vals: Vec<i64> = rows.iter().map(|&r| x[r as usize]).collect();
            ordered(&vals, &rows, keep, descending)
        }
        Key::F(x) => {
            let vals: Vec<f64> = rows.iter().map(|&r| x[r as usize]).collect();
            ordered(&vals, &rows, keep, descending)
        }
        Key::B(x) => {
            let vals: Vec<u8> = rows.iter().map(|&r| x[r as usize] as u8).collect();
            let order = npsort::argsort_generic(&vals);
            let mut s: Vec<u32> = order.into_iter().map(|k| rows[k]).collect();
            if descending {
                s.reverse();
            }
            s
        }
        Key::S(_) => return Ok(None),
    };
    let mut out = Vec::with_capacity(n);
    if nulls_first {
        out.extend(&nulls);
        out.extend(sorted);
    } else {
        out.extend(sorted);
        out.extend(&nulls);
    }
    if let Some(l) = limit {
        out.truncate(l);
    }
    Ok(Some(out))
}

/// `rows` in sorted order (ascending, or NumPy-descending: the reversed
/// argsort of the reversed rows); at least the first `keep` are right.
fn ordered<T: npsort::NpKey>(vals: &[T], rows: &[u32], keep: usize, descending: bool) -> Vec<u32> {
    if keep < vals.len() / 4 {
        if let Some(top) = topk_distinct(vals, keep, descending) {
            return top.into_iter().map(|k| rows[k]).collect();
        }
    }
    let order = npsort::argsort(vals);
    let mut s: Vec<u32> = order.into_iter().map(|k| rows[k]).collect();
    if descending {
        s.reverse();
    }
    s
}

/// The positions of the `k` smallest (or largest) values in order, when
/// the sort order of these is decided by the values alone: they are
/// distinct, and the next value differs from the last of them. Then any
/// sort algorithm puts them first in this order.
fn topk_distinct<T: npsort::NpKey>(vals: &[T], k: usize, largest: bool) -> Option<Vec<usize>> {
    let n = vals.len();
    if k == 0 {
        return Some(vec![]);
    }
    let by = |a: &usize, b: &usize| {
        let o = vals[*a].total(&vals[*b]);
        if largest {
            o.reverse()
        } else {
            o
        }
    };
    let mut idx: Vec<usize> = (0..n).collect();
    if k < n {
        idx.select_nth_unstable_by(k, by);
        let boundary = idx[k];
        idx.truncate(k);
        idx.sort_by(by);
        if vals[idx[k - 1]].total(&vals[boundary]) == Ordering::Equal {
            return None;
        }
    } else {
        idx.sort_by(by);
    }
    if idx.windows(2).any(|w| vals[w[0]].total(&vals[w[1]]) == Ordering::Equal) {
        return None;
    }
    Some(idx)
}
