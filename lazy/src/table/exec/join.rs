//! `merge`: hash joins with pandas' row order.
//!
//! - inner/left: left rows in order, each with its matching right rows in
//!   their order (left: unmatched left rows kept, with missing values);
//! - right: the mirror image, right rows in order;
//! - outer: keys in sorted order (missing keys last), each key's left rows
//!   times its right rows;
//! - `sort=True`: the result ordered by the keys, ties kept in that order;
//! - cross: every left row with every right row.
//!
//! Missing keys match each other, as in pandas. A side that loses rows
//! gets pandas' upcasts (ints to floats, bools to objects).

use super::factorize::factorize_many;
use super::sort::sort_indices;
use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::plan::{JoinHow, SortAlgo, SortKey};

/// Pairs of row positions (`None`: no row on that side).
type Pairs = (Vec<Option<u32>>, Vec<Option<u32>>);

#[allow(clippy::too_many_arguments)]
pub fn join(
    left: &Table,
    right: &Table,
    left_on: &[Name],
    right_on: &[Name],
    how: JoinHow,
    sort: bool,
    coalesce: bool,
    out: &[Name],
) -> Result<Table> {
    let (li, ri) = if how == JoinHow::Cross {
        let mut l = Vec::new();
        let mut r = Vec::new();
        for i in 0..left.num_rows as u32 {
            for j in 0..right.num_rows as u32 {
                l.push(Some(i));
                r.push(Some(j));
            }
        }
        (l, r)
    } else {
        let (lk, rk) = key_columns(left, right, left_on, right_on)?;
        let pairs = match_rows(&lk, &rk, how)?;
        if sort || how == JoinHow::Outer {
            sort_pairs(pairs, &lk, &rk)?
        } else {
            pairs
        }
    };
    let rows = li.len();
    let mut columns = Vec::new();
    for (name, col) in &left.columns {
        if !out.contains(name) {
            continue;
        }
        let c = match (coalesce, left_on.iter().position(|k| k == name)) {
            (true, Some(k)) if li.iter().any(|x| x.is_none()) => {
                // Rows only the right side has take the right key.
                let rcol = right.column(&right_on[k])?;
                let lt = col.col_type();
                let rt = rcol.col_type();
                let t = if lt == rt { lt } else { ColType::Float64 };
                let (l, r) = (col.cast(t)?, rcol.cast(t)?);
                let both = Column::concat(&[&l, &r])?;
                let idx: Vec<u32> = li
                    .iter()
                    .zip(&ri)
                    .map(|(a, b)| match (a, b) {
                        (Some(a), _) => *a,
                        (None, Some(b)) => l.len() as u32 + *b,
                        (None, None) => 0,
                    })
                    .collect();
                both.take(&idx)?
            }
            _ => take_side(col, &li)?,
        };
        columns.push((name.clone(), c));
    }
    for (name, col) in &right.columns {
        if out.contains(name) && !columns.iter().any(|(n, _)| n == name) {
            columns.push((name.clone(), take_side(col, &ri)?));
        }
    }
    Ok(Table::new(rows, columns))
}

fn take_side(c: &Column, idx: &[Option<u32>]) -> Result<Column> {
    let missing = idx.iter().any(|i| i.is_none());
    let t = if missing { c.col_type().with_missing() } else { c.col_type() };
    c.take_opt(idx, t)
}

/// The key columns of both sides, with ints and floats made comparable.
fn key_columns(left: &Table, right: &Table, lo: &[Name], ro: &[Name]) -> Result<(Vec<Column>, Vec<Column>)> {
    let mut lk = Vec::new();
    let mut rk = Vec::new();
    for (l, r) in lo.iter().zip(ro) {
        let (a, b) = (left.column(l)?, right.column(r)?);
        let (ta, tb) = (a.col_type(), b.col_type());
        let (a, b) = if ta == tb {
            (a.clone(), b.clone())
        } else if ta.is_numeric() && tb.is_numeric() {
            (a.cast(ColType::Float64)?, b.cast(ColType::Float64)?)
        } else {
            return Err(Error::value(format!(
                "You are trying to merge on {} and {} columns for key '{l}'. If you wish to proceed you should use pd.concat",
                ta.name(),
                tb.name()
            )));
        };
        lk.push(a);
        rk.push(b);
    }
    Ok((lk, rk))
}

fn match_rows(lk: &[Column], rk: &[Column], how: JoinHow) -> Result<Pairs> {
    let nl = lk.first().map_or(0, |c| c.len());
    // Factorize both sides' keys together.
    let both: Vec<Column> =
        lk.iter().zip(rk).map(|(l, r)| Column::concat(&[l, r])).collect::<Result<_>>()?;
    let refs: Vec<&Column> = both.iter().collect();
    let codes = factorize_many(&refs, false)?;
    let (lc, rc) = codes.codes.split_at(nl);
    // Rows of each side per code, in row order.
    let by_code = |side: &[u32]| -> Vec<Vec<u32>> {
        let mut v: Vec<Vec<u32>> = vec![Vec::new(); codes.count];
        for (i, &c) in side.iter().enumerate() {
            v[c as usize].push(i as u32);
        }
        v
    };
    let mut li = Vec::new();
    let mut ri = Vec::new();
    match how {
        JoinHow::Inner | JoinHow::Left | JoinHow::Outer => {
            let rrows = by_code(rc);
            for (i, &c) in lc.iter().enumerate() {
                let m = &rrows[c as usize];
                if m.is_empty() {
                    if how != JoinHow::Inner {
                        li.push(Some(i as u32));
                        ri.push(None);
                    }
                    continue;
                }
                for &j in m {
                    li.push(Some(i as u32));
                    ri.push(Some(j));
                }
            }
            if how == JoinHow::Outer {
                let lrows = by_code(lc);
                for (j, &c) in rc.iter().enumerate() {
                    if lrows[c as usize].is_empty() {
                        li.push(None);
                        ri.push(Some(j as u32));
                    }
                }
            }
        }
        JoinHow::Right => {
            let lrows = by_code(lc);
            for (j, &c) in rc.iter().enumerate() {
                let m = &lrows[c as usize];
                if m.is_empty() {
                    li.push(None);
                    ri.push(Some(j as u32));
                    continue;
                }
                for &i in m {
                    li.push(Some(i));
                    ri.push(Some(j as u32));
                }
            }
        }
        JoinHow::Cross => unreachable!(),
    }
    Ok((li, ri))
}

/// The pairs ordered by their keys (stable; missing keys last).
fn sort_pairs(pairs: Pairs, lk: &[Column], rk: &[Column]) -> Result<Pairs> {
    let (li, ri) = pairs;
    let mut cols = Vec::new();
    let mut keys = Vec::new();
    for (k, (l, r)) in lk.iter().zip(rk).enumerate() {
        let both = Column::concat(&[l, r])?;
        let idx: Vec<u32> = li
            .iter()
            .zip(&ri)
            .map(|(a, b)| match (a, b) {
                (Some(a), _) => *a,
                (None, Some(b)) => l.len() as u32 + *b,
                (None, None) => 0,
            })
            .collect();
        let name: Name = format!("k{k}").into();
        cols.push((name.clone(), both.take(&idx)?));
        keys.push(SortKey { column: name, descending: false, nulls_first: false });
    }
    let t = Table::new(li.len(), cols);
    let order = sort_indices(&t, &keys, SortAlgo::Stable, None)?;
    Ok((order.iter().map(|&o| li[o as usize]).collect(), order.iter().map(|&o| ri[o as usize]).collect()))
}
