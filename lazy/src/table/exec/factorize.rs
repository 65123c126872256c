//! Factorization: each row's key (one or several columns) as a dense code,
//! codes numbered by first appearance. Group-bys, joins, `unique` and
//! `nunique` build on it.

use crate::table::column::{ColType, Column, PARALLEL_ROWS};
use crate::table::error::{Error, Result};
use arrow_array::Array;
use crate::FastMap as HashMap;

fn map<K, V>(cap: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(cap, Default::default())
}

/// The code of a row whose key is missing (dropped).
pub const MISSING: u32 = u32::MAX;

pub struct Codes {
    /// One code per row (`MISSING` for dropped rows).
    pub codes: Vec<u32>,
    /// The number of distinct codes.
    pub count: usize,
    /// The first row of each code.
    pub first_row: Vec<u32>,
}

fn finish(codes: Vec<u32>, count: usize) -> Codes {
    let mut first_row = vec![u32::MAX; count];
    for (i, &c) in codes.iter().enumerate() {
        if c != MISSING && first_row[c as usize] == u32::MAX {
            first_row[c as usize] = i as u32;
        }
    }
    Codes { codes, count, first_row }
}

/// A text of at most 7 bytes as one integer: its bytes, and its length in
/// the top byte (so that texts of different lengths differ).
#[inline]
fn short_key(b: &[u8]) -> Option<u64> {
    if b.len() > 7 {
        return None;
    }
    let mut k = (b.len() as u64) << 56;
    for (j, &x) in b.iter().enumerate() {
        k |= u64::from(x) << (8 * j);
    }
    Some(k)
}

/// Codes of one column; missing values get `MISSING` when `drop_missing`,
/// else one code of their own.
pub fn factorize(c: &Column, drop_missing: bool) -> Result<Codes> {
    let n = c.len();
    let mut codes = Vec::with_capacity(n);
    let mut count = 0u32;
    let mut missing_code = MISSING;
    let mut on_missing = |count: &mut u32| -> u32 {
        if drop_missing {
            return MISSING;
        }
        if missing_code == MISSING {
            missing_code = *count;
            *count += 1;
        }
        missing_code
    };
    match c.col_type() {
        ColType::Int64 => {
            let v = c.i64s().unwrap().values();
            let (lo, hi) = v.iter().fold((i64::MAX, i64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
            let span = hi.wrapping_sub(lo) as u64;
            if n > 0 && hi >= lo && span < (4 * n as u64 + 1024).min(1 << 26) {
                // Dense table over the value range.
                let mut table = vec![MISSING; span as usize + 1];
                for &x in v {
                    let slot = &mut table[(x - lo) as usize];
                    if *slot == MISSING {
                        *slot = count;
                        count += 1;
                    }
                    codes.push(*slot);
                }
            } else {
                let mut map: HashMap<i64, u32> = map(1024);
                for &x in v {
                    let code = *map.entry(x).or_insert_with(|| {
                        count += 1;
                        count - 1
                    });
                    codes.push(code);
                }
            }
        }
        ColType::Float64 => {
            let mut map: HashMap<u64, u32> = map(1024);
            for &x in c.f64s().unwrap().values() {
                if x.is_nan() {
                    codes.push(on_missing(&mut count));
                    continue;
                }
                let key = (x + 0.0).to_bits();
                let code = *map.entry(key).or_insert_with(|| {
                    count += 1;
                    count - 1
                });
                codes.push(code);
            }
        }
        ColType::Bool => {
            let b = c.bools().unwrap();
            let mut slots = [MISSING; 2];
            for i in 0..n {
                let s = &mut slots[b.value(i) as usize];
                if *s == MISSING {
                    *s = count;
                    count += 1;
                }
                codes.push(*s);
            }
        }
        ColType::Str => {
            let s = c.strs().unwrap();
            // Values of at most 7 bytes (most keys) are looked up as one
            // integer (their bytes and their length), longer ones by text.
            let mut short: HashMap<u64, u32> = map(1024);
            let mut long: HashMap<&str, u32> = map(0);
            let next = |count: &mut u32| {
                *count += 1;
                *count - 1
            };
            for i in 0..n {
                if s.is_null(i) {
                    codes.push(on_missing(&mut count));
                    continue;
                }
                let v = s.value(i);
                let code = match short_key(v.as_bytes()) {
                    Some(k) => *short.entry(k).or_insert_with(|| next(&mut count)),
                    None => *long.entry(v).or_insert_with(|| next(&mut count)),
                };
                codes.push(code);
            }
        }
        t => return Err(Error::unsupported(format!("grouping or joining on {t} columns"))),
    }
    Ok(finish(codes, count as usize))
}

/// Codes of several columns together: a row's code stands for its tuple
/// of keys; a missing value in any key drops the row when `drop_missing`.
/// The key columns of a large table are factorized in parallel.
pub fn factorize_many(cols: &[&Column], drop_missing: bool) -> Result<Codes> {
    let rows = cols.first().map_or(0, |c| c.len());
    let parts: Vec<Result<Codes>> = if cols.len() > 1 && rows >= PARALLEL_ROWS {
        use rayon::prelude::*;
        cols.par_iter().map(|c| factorize(c, drop_missing)).collect()
    } else {
        cols.iter().map(|c| factorize(c, drop_missing)).collect()
    };
    let mut parts = parts.into_iter();
    let first = match parts.next() {
        Some(p) => p?,
        None => return Err(Error::value("no keys")),
    };
    let mut acc = first;
    for p in parts {
        let p = p?;
        acc = combine(&acc, &p);
    }
    Ok(acc)
}

fn combine(a: &Codes, b: &Codes) -> Codes {
    let n = a.codes.len();
    let card = b.count as u64;
    let mut codes = Vec::with_capacity(n);
    let mut count = 0u32;
    let dense = (a.count as u64).saturating_mul(card) <= (4 * n as u64 + 1024).min(1 << 26);
    if dense {
        let mut table = vec![MISSING; a.count * b.count];
        for i in 0..n {
            let (x, y) = (a.codes[i], b.codes[i]);
            if x == MISSING || y == MISSING {
                codes.push(MISSING);
                continue;
            }
            let slot = &mut table[x as usize * b.count + y as usize];
            if *slot == MISSING {
                *slot = count;
                count += 1;
            }
            codes.push(*slot);
        }
    } else {
        let mut map: HashMap<u64, u32> = map(0);
        for i in 0..n {
            let (x, y) = (a.codes[i], b.codes[i]);
            if x == MISSING || y == MISSING {
                codes.push(MISSING);
                continue;
            }
            let code = *map.entry(x as u64 * card + y as u64).or_insert_with(|| {
                count += 1;
                count - 1
            });
            codes.push(code);
        }
    }
    finish(codes, count as usize)
}
