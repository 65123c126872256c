//! Float sums and products of strided data in the order NumPy's reductions
//! visit it, so that the result is NumPy's bit for bit.
//!
//! NumPy's iterator puts the axis with the largest |stride| outermost (ties
//! keep C order, size-1 axes drop out; a reduction never flips a negative
//! stride) and merges neighbouring axes that step through memory as one.
//! - When the innermost axes are reduced, the add loop is handed pieces of
//!   them and adds each piece's pairwise sum to its result: a merged
//!   innermost run longer than the buffer (8192 elements) whole, otherwise
//!   buffers of as many whole "cores" (the innermost merged runs that fit
//!   in the buffer together) as fit.
//! - When the innermost axis is kept, each element is added to its result
//!   in turn, in iteration order.
//!
//! Products multiply in iteration order. (Checked against NumPy 2.4 on
//! random views: transposes, slices with steps, negative steps, 1 to 3
//! dimensions, any axes.)

use super::kernels::Float;
use super::reduce::pairwise_sum;
use crate::buffer::Array;
use crate::graph::ReduceOp;
use crate::layout::{c_strides, size_of, Layout};

/// Whether a full reduction `op` of `x` must run here rather than in C
/// order: a float sum, mean or product over strided data with more than
/// one axis longer than 1 (C order is NumPy's order only when the data is
/// C-contiguous; one axis is visited in order whatever its stride).
pub fn needs_numpy_order(op: ReduceOp, x: &Array) -> bool {
    matches!(op, ReduceOp::Sum | ReduceOp::Mean | ReduceOp::Prod)
        && x.dtype().is_float()
        && !x.layout.is_c_contiguous()
        && x.layout.shape.iter().filter(|&&d| d > 1).count() > 1
}

/// NumPy's default iterator buffer, in elements.
const BUFFER: usize = 8192;

/// One axis of the iteration: its length, the input's stride, and the
/// result's stride (0 for a reduced axis).
#[derive(Clone, Copy, Debug)]
struct Axis {
    len: usize,
    stride: isize,
    out_stride: isize,
    reduced: bool,
}

/// The input's axes in NumPy's iteration order, outermost first; the
/// result is C-contiguous over the kept axes in their logical order.
fn iteration_axes(x: &Layout, axes: &[usize]) -> Vec<Axis> {
    let nd = x.ndim();
    let kept: Vec<usize> = (0..nd).filter(|k| !axes.contains(k)).collect();
    let kept_shape: Vec<usize> = kept.iter().map(|&k| x.shape[k]).collect();
    let mut out_stride = vec![0isize; nd];
    for (&k, s) in kept.iter().zip(c_strides(&kept_shape)) {
        out_stride[k] = s;
    }
    // nditer's stable insertion sort, innermost first: an axis moves
    // inwards past one with a larger |stride|; a zero stride decides
    // nothing.
    let mut perm: Vec<usize> = (0..nd).rev().filter(|&k| x.shape[k] != 1).collect();
    for i0 in 1..perm.len() {
        let s0 = x.strides[perm[i0]].unsigned_abs();
        let mut at = i0;
        for i1 in (0..i0).rev() {
            let s1 = x.strides[perm[i1]].unsigned_abs();
            if s0 != 0 && s1 != 0 {
                if s1 <= s0 {
                    break;
                }
                at = i1;
            }
        }
        let k = perm.remove(i0);
        perm.insert(at, k);
    }
    perm.iter()
        .rev()
        .map(|&k| Axis {
            len: x.shape[k],
            stride: x.strides[k],
            out_stride: out_stride[k],
            reduced: axes.contains(&k),
        })
        .collect()
}

/// Calls `f(input position, result index)` for every index of `axes`, the
/// last axis fastest.
fn odometer(axes: &[Axis], start: isize, mut f: impl FnMut(isize, usize)) {
    if axes.iter().any(|a| a.len == 0) {
        return;
    }
    let mut idx = vec![0usize; axes.len()];
    let (mut pos, mut opos) = (start, 0isize);
    loop {
        f(pos, opos as usize);
        let mut k = axes.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            pos += axes[k].stride;
            opos += axes[k].out_stride;
            if idx[k] < axes[k].len {
                break;
            }
            pos -= axes[k].stride * axes[k].len as isize;
            opos -= axes[k].out_stride * axes[k].len as isize;
            idx[k] = 0;
        }
    }
}

/// How many elements of the innermost reduced run the add loop sums
/// pairwise at a time.
fn piece_len(run: &[Axis]) -> usize {
    // Sizes of the run's merged axes, outermost first.
    let mut merged: Vec<usize> = Vec::new();
    for (k, a) in run.iter().enumerate() {
        match merged.last_mut() {
            Some(m) if run[k - 1].stride == a.stride * a.len as isize => *m *= a.len,
            _ => merged.push(a.len),
        }
    }
    let innermost = *merged.last().unwrap_or(&1);
    if innermost > BUFFER {
        return innermost;
    }
    let mut core = 1;
    for &m in merged.iter().rev() {
        if core * m > BUFFER {
            break;
        }
        core *= m;
    }
    (BUFFER / core).max(1) * core
}

/// The number of results of a reduction over `axes` of `x`: the product
/// of the kept axes' lengths.
fn kept_size(x: &Layout, axes: &[usize]) -> usize {
    size_of(&(0..x.ndim()).filter(|k| !axes.contains(k)).map(|k| x.shape[k]).collect::<Vec<_>>())
}

/// The float sums over `axes` of the elements `data` holds at `x`, one per
/// kept index (C order): `widen` reads an element in the accumulator's
/// type, `store` rounds a partial result as NumPy's loop stores it.
pub fn sum<T: Copy, A: Float>(
    data: &[T],
    x: &Layout,
    axes: &[usize],
    widen: impl Fn(T) -> A,
    store: impl Fn(A) -> A,
) -> Vec<A> {
    let it = iteration_axes(x, axes);
    let n_out = kept_size(x, axes);
    let reduced_inner = it.iter().rev().take_while(|a| a.reduced).count();
    if reduced_inner == 0 {
        return fold(data, &it, x.offset, n_out, A::ZERO, |acc, v| store(acc + widen(v)));
    }
    let mut acc = vec![A::ZERO; n_out];
    let (outer, run) = it.split_at(it.len() - reduced_inner);
    let n: usize = run.iter().map(|a| a.len).product();
    if n == 0 {
        return acc;
    }
    let piece = piece_len(run);
    let run_layout = Layout {
        shape: run.iter().map(|a| a.len).collect(),
        strides: run.iter().map(|a| a.stride).collect(),
        offset: 0,
    };
    let mut buf: Vec<A> = Vec::with_capacity(piece.min(n));
    if let [axis] = run {
        // One reduced axis (a short one is common: `.sum(axis=-1)` of
        // coordinates): its elements are read with a plain stride.
        let stride = axis.stride;
        odometer(outer, x.offset as isize, |pos, o| {
            let mut start = 0;
            while start < n {
                let len = piece.min(n - start);
                buf.clear();
                let mut q = pos + start as isize * stride;
                if stride == 1 {
                    let p = q as usize;
                    buf.extend(data[p..p + len].iter().map(|&v| widen(v)));
                } else {
                    for _ in 0..len {
                        buf.push(widen(data[q as usize]));
                        q += stride;
                    }
                }
                acc[o] = store(acc[o] + pairwise_sum(&buf));
                start += len;
            }
        });
        return acc;
    }
    odometer(outer, x.offset as isize, |pos, o| {
        let mut start = 0;
        while start < n {
            let len = piece.min(n - start);
            buf.clear();
            run_layout.for_each_run(start, len, |p, count, stride| {
                let mut q = pos + p;
                for _ in 0..count {
                    buf.push(widen(data[q as usize]));
                    q += stride;
                }
            });
            acc[o] = store(acc[o] + pairwise_sum(&buf));
            start += len;
        }
    });
    acc
}

/// Folds every element into its result in NumPy's iteration order (one
/// result per kept index, C order), starting from `init`.
fn fold<T: Copy, A: Copy>(
    data: &[T],
    it: &[Axis],
    offset: usize,
    n_out: usize,
    init: A,
    f: impl Fn(A, T) -> A,
) -> Vec<A> {
    let mut acc = vec![init; n_out];
    let Some((last, outer)) = it.split_last() else {
        // Every axis has length 1: one element.
        if n_out > 0 {
            acc[0] = f(init, data[offset]);
        }
        return acc;
    };
    odometer(outer, offset as isize, |pos, o| {
        let (mut q, mut r) = (pos, o as isize);
        for _ in 0..last.len {
            acc[r as usize] = f(acc[r as usize], data[q as usize]);
            q += last.stride;
            r += last.out_stride;
        }
    });
    acc
}

/// The float products over `axes` (see [`sum`]), multiplied in iteration
/// order.
pub fn product<T: Copy, A: Float>(
    data: &[T],
    x: &Layout,
    axes: &[usize],
    widen: impl Fn(T) -> A,
    store: impl Fn(A) -> A,
) -> Vec<A> {
    let it = iteration_axes(x, axes);
    let n_out = kept_size(x, axes);
    fold(data, &it, x.offset, n_out, A::ONE, |acc, v| store(acc * widen(v)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{basic_index, BasicIndex};

    #[test]
    fn order_follows_strides() {
        let t = Layout::contiguous(&[3, 4, 5]).permute(&[2, 0, 1]);
        let it = iteration_axes(&t, &[0, 1, 2]);
        let strides: Vec<isize> = it.iter().map(|a| a.stride).collect();
        assert_eq!(strides, vec![20, 5, 1]);
    }

    #[test]
    fn pieces_are_whole_cores() {
        // Rows of 398 out of 400: buffers of 20 whole rows.
        let l = Layout::contiguous(&[300, 400]);
        let s = |a, b| BasicIndex::Slice { start: Some(a), stop: Some(b), step: None };
        let v = basic_index(&l, &[s(1, -1), s(1, -1)]).unwrap();
        let it = iteration_axes(&v, &[0, 1]);
        assert_eq!(piece_len(&it), 20 * 398);
        // A run longer than the buffer is summed whole.
        let long = basic_index(&Layout::contiguous(&[3, 9000]), &[s(0, 3), s(1, 9000)]).unwrap();
        assert_eq!(piece_len(&iteration_axes(&long, &[0, 1])), 8999);
    }

    #[test]
    fn sums_every_element_once() {
        let data: Vec<f64> = (0..60).map(|i| i as f64).collect();
        let t = Layout::contiguous(&[3, 4, 5]).permute(&[2, 0, 1]);
        let all = sum(&data, &t, &[0, 1, 2], |v| v, |v| v);
        assert_eq!(all, vec![1770.0]);
        let rows = sum(&data, &t, &[0], |v| v, |v| v);
        assert_eq!(rows.len(), 12);
        assert_eq!(rows[0], (0..5).map(|k| k as f64).sum::<f64>());
        let p = product(&[2.0f64, 3.0, 4.0, 5.0], &Layout::contiguous(&[2, 2]).transpose(), &[1], |v| v, |v| v);
        assert_eq!(p, vec![8.0, 15.0]);
    }
}
