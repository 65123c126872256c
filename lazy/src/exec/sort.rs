//! `sort`, `partition` and `argsort` along one axis: each lane is read in
//! place when it is contiguous (else copied once into a scratch row) and
//! its result written straight into the output; lanes along the last axis
//! run across threads.
//!
//! Comparisons are by value (`partial_cmp`) once a lane's NaNs, which NumPy
//! sorts last, are out of the way: a lane without NaN never pays for the
//! NaN tests of the total order.

use super::fused::PARALLEL_MIN;
use crate::buffer::{Array, Buffer, Element};
use crate::dtype::DType;
use crate::layout::{size_of, Layout};
use crate::with_dtype;
use rayon::prelude::*;
use std::cmp::Ordering;

/// What each lane becomes.
#[derive(Clone, Copy)]
pub enum Lanes<'a> {
    /// Its values in ascending order (NaN last).
    Sort,
    /// Each position in `kth` (ascending) holds the value a sort puts
    /// there, smaller values before it and larger after.
    Partition(&'a [usize]),
    /// The positions that sort it (int64), ties in their order.
    ArgSort,
}

/// Runs `what` on every lane along `axis` of `x`; `dtype` is the result's.
pub fn along_axis(what: Lanes<'_>, x: &Array, axis: usize, dtype: DType) -> Array {
    let buffer = with_dtype!(x.dtype(), T => match what {
        Lanes::ArgSort => Buffer::I64(lanes::<T, i64>(x, axis, |lane, out| argsort(lane, out))),
        Lanes::Sort => T::wrap(lanes::<T, T>(x, axis, |lane, out| {
            out.copy_from_slice(lane);
            sort(out);
        })),
        Lanes::Partition(kth) => T::wrap(lanes::<T, T>(x, axis, |lane, out| {
            out.copy_from_slice(lane);
            partition(out, kth);
        })),
    });
    debug_assert_eq!(buffer.dtype(), dtype);
    Array::from_buffer(buffer, x.shape())
}

/// The result (C order, the input's shape) of `f(lane, result lane)` on
/// every lane along `axis`.
fn lanes<T: Element, U: Element>(x: &Array, axis: usize, f: impl Fn(&[T], &mut [U]) + Sync) -> Vec<U> {
    let shape = x.layout.shape.to_vec();
    let n = shape[axis];
    let mut out = vec![U::default(); size_of(&shape)];
    if n == 0 || out.is_empty() {
        return out;
    }
    let src = T::slice(&x.buffer);
    let stride = x.layout.strides[axis];
    let mut lane_starts = x.layout.clone();
    lane_starts.shape[axis] = 1;
    let mut bases = Vec::with_capacity(out.len() / n);
    lane_starts.for_each_position(0, lane_starts.size(), |p| bases.push(p));
    // The lane at `base`, in place or copied into `scratch`.
    let read = |base: usize, scratch: &mut Vec<T>| -> bool {
        if stride == 1 {
            return true;
        }
        scratch.clear();
        scratch.extend((0..n).map(|j| src[(base as isize + j as isize * stride) as usize]));
        false
    };
    let run = |base: usize, scratch: &mut Vec<T>, dst: &mut [U]| {
        if read(base, scratch) {
            f(&src[base..base + n], dst);
        } else {
            f(scratch, dst);
        }
    };
    if axis + 1 == shape.len() {
        // Result lanes are consecutive rows of the output.
        if out.len() >= PARALLEL_MIN {
            out.par_chunks_mut(n)
                .zip(bases.par_iter())
                .for_each_init(Vec::new, |scratch, (dst, &base)| run(base, scratch, dst));
        } else {
            let mut scratch = Vec::new();
            for (dst, &base) in out.chunks_mut(n).zip(&bases) {
                run(base, &mut scratch, dst);
            }
        }
        return out;
    }
    // Result lanes are strided: each is computed in a row, then scattered.
    let out_stride: usize = shape[axis + 1..].iter().product();
    let mut out_starts = Layout::contiguous(&shape);
    out_starts.shape[axis] = 1;
    let (mut scratch, mut row) = (Vec::new(), vec![U::default(); n]);
    let mut k = 0;
    out_starts.for_each_position(0, bases.len(), |obase| {
        run(bases[k], &mut scratch, &mut row);
        for (j, &v) in row.iter().enumerate() {
            out[obase + j * out_stride] = v;
        }
        k += 1;
    });
    out
}

/// Whether `v` holds a NaN (an element not equal to itself).
#[allow(clippy::eq_op)]
fn has_nan<T: Element>(v: &[T]) -> bool {
    v.iter().fold(false, |any, x| any | (x != x))
}

/// The order of two values that are not NaN.
fn by_value<T: Element>(a: &T, b: &T) -> Ordering {
    a.partial_cmp(b).unwrap_or(Ordering::Equal)
}

/// Total order with NaN last (NumPy's sort order).
fn total_cmp<T: Element>(a: &T, b: &T) -> Ordering {
    #[allow(clippy::eq_op)]
    match (a != a, b != b) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => by_value(a, b),
    }
}

/// Sorts values: the NaNs moved to the end, the rest sorted by value.
/// Elements that compare equal are the same number (0.0 and -0.0 aside,
/// whose order NumPy's own sorts do not keep either), so an unstable sort
/// gives NumPy's result.
#[allow(clippy::eq_op)]
fn sort<T: Element>(v: &mut [T]) {
    let mut numbers = v.len();
    if has_nan(v) {
        let nans: Vec<T> = v.iter().copied().filter(|x| x != x).collect();
        numbers = 0;
        for k in 0..v.len() {
            let x = v[k];
            if x == x {
                v[numbers] = x;
                numbers += 1;
            }
        }
        v[numbers..].copy_from_slice(&nans);
    }
    v[..numbers].sort_unstable_by(by_value);
}

/// Selects each of the ascending positions `kth` in turn, each within the
/// part after the one before it (NumPy's introselect does the same).
fn partition<T: Element>(v: &mut [T], kth: &[usize]) {
    let cmp: fn(&T, &T) -> Ordering = if has_nan(v) { total_cmp } else { by_value };
    let mut start = 0;
    for &k in kth {
        v[start..].select_nth_unstable_by(k - start, cmp);
        start = k + 1;
    }
}

fn argsort<T: Element>(v: &[T], idx: &mut [i64]) {
    for (k, i) in idx.iter_mut().enumerate() {
        *i = k as i64;
    }
    if has_nan(v) {
        idx.sort_by(|&a, &b| total_cmp(&v[a as usize], &v[b as usize]));
    } else {
        idx.sort_by(|&a, &b| by_value(&v[a as usize], &v[b as usize]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nan_last_and_lanes_of_any_axis() {
        let nan = f64::NAN;
        let x = Array::from_buffer(Buffer::F64(vec![3.0, nan, 1.0, -0.5, 2.0, nan, 0.0, 5.0]), &[2, 4]);
        let s = along_axis(Lanes::Sort, &x, 1, DType::Float64).to_vec::<f64>();
        assert_eq!(format!("{s:?}"), "[-0.5, 1.0, 3.0, NaN, 0.0, 2.0, 5.0, NaN]");
        let c = along_axis(Lanes::Sort, &x, 0, DType::Float64).to_vec::<f64>();
        assert_eq!(format!("{c:?}"), "[2.0, NaN, 0.0, -0.5, 3.0, NaN, 1.0, 5.0]");
        let a = along_axis(Lanes::ArgSort, &x, 1, DType::Int64).to_vec::<i64>();
        assert_eq!(a, vec![3, 2, 0, 1, 2, 0, 3, 1]);
        let p = along_axis(Lanes::Partition(&[1]), &x, 1, DType::Float64).to_vec::<f64>();
        assert_eq!((p[1], p[5]), (1.0, 2.0));
    }
}
