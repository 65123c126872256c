//! Joining a column's blocks on the quote-free CSV path. Each block is
//! typed on its own (in parallel); numbers go straight into one buffer
//! for the whole column as each block is typed, so only blocks of text
//! and bools are kept until they are joined, and a numeric column is
//! never held twice (as parts and as their concatenation).

use crate::table::column::{ColType, Column};
use crate::table::error::{Error, Result};
use arrow_array::Array;
use std::collections::HashSet;
use std::mem::MaybeUninit;

/// What a block gave for one column.
pub enum Part {
    /// Numbers of this type (int64 or float64), written to the column's
    /// [`NumBuf`].
    Num(ColType),
    Kept(Column),
    Empty,
    Failed(Error),
}

/// One column's values as 8-byte words (int64 values or float64 bits),
/// for all its rows, written block by block.
pub struct NumBuf(Vec<u64>);

impl NumBuf {
    /// Room for `rows` values, not yet written (nor resident).
    pub fn new(rows: usize) -> NumBuf {
        NumBuf(Vec::with_capacity(rows))
    }

    /// Disjoint places for the blocks' rows, in order.
    pub fn slots(&mut self, block_rows: &[usize]) -> Vec<&mut [MaybeUninit<u64>]> {
        let mut rest = self.0.spare_capacity_mut();
        let mut out = Vec::with_capacity(block_rows.len());
        for &n in block_rows {
            let (head, tail) = std::mem::take(&mut rest).split_at_mut(n);
            out.push(head);
            rest = tail;
        }
        out
    }
}

/// A block's typed column as a part; its numbers are written to `slot`
/// (the block's rows of the column's [`NumBuf`]).
pub fn part(c: Result<Column>, slot: &mut [MaybeUninit<u64>]) -> Part {
    let c = match c {
        Err(e) => return Part::Failed(e),
        Ok(c) if c.is_empty() => return Part::Empty,
        Ok(c) => c,
    };
    if c.len() == slot.len() {
        if let Some(a) = c.i64s().filter(|a| a.null_count() == 0) {
            for (d, &v) in slot.iter_mut().zip(a.values().iter()) {
                d.write(v as u64);
            }
            return Part::Num(ColType::Int64);
        }
        if let Some(a) = c.f64s().filter(|a| a.null_count() == 0) {
            for (d, &v) in slot.iter_mut().zip(a.values().iter()) {
                d.write(v.to_bits());
            }
            return Part::Num(ColType::Float64);
        }
    }
    Part::Kept(c)
}

/// One column from its blocks' parts (`block_rows` rows each, `rows` in
/// all): the first error of a `forced` type; else one type, or ints and
/// floats (as floats); `None` when the column must be typed as a whole
/// (mixed kinds, or a block that could not be typed alone).
pub fn join(parts: Vec<Part>, buf: NumBuf, block_rows: &[usize], rows: usize, forced: bool) -> Result<Option<Column>> {
    let mut types = HashSet::new();
    for p in &parts {
        match p {
            Part::Failed(e) if forced => return Err(e.clone()),
            Part::Failed(_) => return Ok(None),
            Part::Num(t) => {
                types.insert(*t);
            }
            Part::Kept(c) => {
                types.insert(c.col_type());
            }
            Part::Empty => {}
        }
    }
    let to = match types.len() {
        1 => *types.iter().next().unwrap(),
        2 if types.contains(&ColType::Int64) && types.contains(&ColType::Float64) => ColType::Float64,
        _ => return Ok(None),
    };
    if matches!(to, ColType::Int64 | ColType::Float64) {
        // Every block with rows wrote its numbers (a numeric type is only
        // joined with numbers).
        if !parts.iter().all(|p| matches!(p, Part::Num(_) | Part::Empty)) {
            return Ok(None);
        }
        let mut v = buf.0;
        // Safety: the blocks' slots cover the first `rows` words (their
        // rows add up to `rows`), and each was written above.
        debug_assert_eq!(block_rows.iter().sum::<usize>(), rows);
        unsafe { v.set_len(rows) };
        if to == ColType::Int64 {
            return Ok(Some(Column::from_i64(words_as(v))));
        }
        let mut at = 0;
        for (p, &n) in parts.iter().zip(block_rows) {
            if matches!(p, Part::Num(ColType::Int64)) {
                for w in &mut v[at..at + n] {
                    *w = (*w as i64 as f64).to_bits();
                }
            }
            at += n;
        }
        return Ok(Some(Column::from_f64(words_as(v))));
    }
    let cols: Vec<Column> = parts
        .into_iter()
        .filter_map(|p| match p {
            Part::Kept(c) => Some(c),
            _ => None,
        })
        .collect();
    if cols.len() == 1 {
        return Ok(cols.into_iter().next());
    }
    Ok(Some(Column::concat(&cols.iter().collect::<Vec<_>>())?))
}

/// 8-byte words as the 8-byte numbers they hold, without a copy.
fn words_as<T: Word>(v: Vec<u64>) -> Vec<T> {
    let mut v = std::mem::ManuallyDrop::new(v);
    // Safety: T has u64's size and alignment (see `Word`), so the
    // allocation's layout is the same and every bit pattern is a T.
    unsafe { Vec::from_raw_parts(v.as_mut_ptr() as *mut T, v.len(), v.capacity()) }
}

/// i64 and f64: the size and alignment of u64, any bits valid.
trait Word {}
impl Word for i64 {}
impl Word for f64 {}
const _: () = assert!(std::mem::size_of::<i64>() == 8 && std::mem::align_of::<i64>() == std::mem::align_of::<u64>());
const _: () = assert!(std::mem::size_of::<f64>() == 8 && std::mem::align_of::<f64>() == std::mem::align_of::<u64>());

#[cfg(test)]
mod tests {
    use super::*;

    fn run(blocks: Vec<Result<Column>>, forced: bool) -> Result<Option<Column>> {
        let block_rows: Vec<usize> = blocks.iter().map(|b| b.as_ref().map_or(0, |c| c.len())).collect();
        let rows = block_rows.iter().sum();
        let mut buf = NumBuf::new(rows);
        let parts: Vec<Part> = blocks.into_iter().zip(buf.slots(&block_rows)).map(|(c, s)| part(c, s)).collect();
        join(parts, buf, &block_rows, rows, forced)
    }

    #[test]
    fn numbers_join_in_place_ints_and_floats_as_floats() {
        let c = run(vec![Ok(Column::from_i64(vec![1, 2])), Ok(Column::from_i64(vec![])), Ok(Column::from_i64(vec![-3]))], false);
        assert_eq!(c.unwrap().unwrap().i64s().unwrap().values().to_vec(), vec![1, 2, -3]);
        let c = run(vec![Ok(Column::from_i64(vec![1])), Ok(Column::from_f64(vec![2.5, f64::NAN]))], false);
        let v = c.unwrap().unwrap().f64s().unwrap().values().to_vec();
        assert_eq!((v[0], v[1], v[2].is_nan()), (1.0, 2.5, true));
    }

    #[test]
    fn text_joins_and_mixed_kinds_or_errors_are_typed_whole() {
        let s = |v: &[&str]| Ok(Column::from_strs(&v.iter().map(|s| Some(*s)).collect::<Vec<_>>()));
        let c = run(vec![s(&["a"]), s(&["b", "c"])], false).unwrap().unwrap();
        assert_eq!(c.len(), 3);
        assert!(run(vec![Ok(Column::from_i64(vec![1])), s(&["b"])], false).unwrap().is_none());
        assert!(run(vec![Ok(Column::from_i64(vec![1])), Err(Error::value("x"))], false).unwrap().is_none());
        assert_eq!(run(vec![Ok(Column::from_i64(vec![1])), Err(Error::value("x"))], true).unwrap_err().message, "x");
    }
}
