//! Reductions: per-chunk partial results, their combination, and
//! reductions along axes.
//!
//! Float sums use NumPy's pairwise summation. A fused loop over n elements
//! is cut into chunks that are exactly the subtrees of NumPy's pairwise
//! recursion, so summing each chunk pairwise and combining the chunk sums
//! along the same tree gives NumPy's result bit for bit.

use super::kernels::{Float, Operand};
use crate::buffer::{Array, Buffer, Element};
use crate::dtype::{DType, Scalar};
use crate::graph::ReduceOp;
use crate::layout::{size_of, Layout};
use crate::with_dtype;

/// NumPy's pairwise summation of a contiguous run (blocks of 8 lanes up to
/// 128 elements, halves rounded to multiples of 8 above).
pub fn pairwise_sum<T: Float>(a: &[T]) -> T {
    if a.len() <= 128 {
        return pairwise_leaf(a);
    }
    let (lo, hi) = a.split_at(pairwise_split(a.len()));
    pairwise_sum(lo) + pairwise_sum(hi)
}

/// Where NumPy splits a run of more than 128 elements.
#[inline(always)]
fn pairwise_split(n: usize) -> usize {
    let n2 = n / 2;
    n2 - n2 % 8
}

/// Runs of at most 128: eight accumulators, then the remainder in order.
#[inline(always)]
fn pairwise_leaf<T: Float>(a: &[T]) -> T {
    let n = a.len();
    if n < 8 {
        let mut res = T::ZERO;
        for &v in a {
            res = res + v;
        }
        return res;
    }
    let mut r = [T::ZERO; 8];
    r.copy_from_slice(&a[..8]);
    let full = n - n % 8;
    let mut i = 8;
    while i < full {
        for j in 0..8 {
            r[j] = r[j] + a[i + j];
        }
        i += 8;
    }
    let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    while i < n {
        res = res + a[i];
        i += 1;
    }
    res
}

/// `pairwise_sum` for f64, in an AVX2 copy when the CPU has it (the same
/// additions in the same order, four lanes at a time).
pub fn pairwise_sum_f64(a: &[f64]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(a: &[f64]) -> f64 {
            if a.len() <= 128 {
                return pairwise_leaf(a);
            }
            let (lo, hi) = a.split_at(pairwise_split(a.len()));
            // Safety: called only where AVX2 is available.
            unsafe { avx2(lo) + avx2(hi) }
        }
        if std::is_x86_feature_detected!("avx2") {
            // Safety: the CPU supports AVX2 (checked above).
            return unsafe { avx2(a) };
        }
    }
    pairwise_sum(a)
}

/// Cuts `0..n` into the subtrees of the pairwise recursion no larger than
/// `max` (which must be at least 128): (start, len) in order.
pub fn pairwise_chunks(n: usize, max: usize) -> Vec<(usize, usize)> {
    fn go(start: usize, n: usize, max: usize, out: &mut Vec<(usize, usize)>) {
        if n <= max {
            out.push((start, n));
        } else {
            let mut n2 = n / 2;
            n2 -= n2 % 8;
            go(start, n2, max, out);
            go(start + n2, n - n2, max, out);
        }
    }
    let mut out = Vec::new();
    if n > 0 {
        go(0, n, max, &mut out);
    }
    out
}

/// Combines per-chunk pairwise sums (in chunk order) along the recursion.
pub fn pairwise_combine<T: Float>(n: usize, max: usize, partials: &[T]) -> T {
    fn go<T: Float>(n: usize, max: usize, partials: &[T], next: &mut usize) -> T {
        if n <= max {
            let v = partials[*next];
            *next += 1;
            v
        } else {
            let mut n2 = n / 2;
            n2 -= n2 % 8;
            let left = go(n2, max, partials, next);
            let right = go(n - n2, max, partials, next);
            left + right
        }
    }
    if n == 0 {
        return T::ZERO;
    }
    go(n, max, partials, &mut 0)
}

/// A reduction's result over one chunk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Partial {
    SumF64(f64),
    SumF32(f32),
    SumInt(i64),
    Prod(Scalar),
    /// Min or max so far (None before the first element).
    Extreme(Option<Scalar>),
    /// (value, flat index) of the first extreme element.
    Arg(Option<(Scalar, usize)>),
    Bool(bool),
}

fn is_nan(s: Scalar) -> bool {
    match s {
        Scalar::F64(v) => v.is_nan(),
        Scalar::F32(v) => v.is_nan(),
        Scalar::F16(v) => v.is_nan(),
        _ => false,
    }
}

fn lt(a: Scalar, b: Scalar) -> bool {
    match (a.as_i128(), b.as_i128()) {
        (Some(x), Some(y)) => x < y,
        // float16 and float32 widen to float64 exactly.
        _ => a.as_f64() < b.as_f64(),
    }
}

/// Whether `candidate` replaces `best` for min (`want_max` false) or max:
/// NaN wins (and the first NaN stays), otherwise strictly better wins.
fn better(candidate: Scalar, best: Scalar, want_max: bool) -> bool {
    if is_nan(best) {
        return false;
    }
    if is_nan(candidate) {
        return true;
    }
    if want_max {
        lt(best, candidate)
    } else {
        lt(candidate, best)
    }
}

/// NumPy's max/min reduction: NaN propagates, and among equal values
/// (such as -0.0 and 0.0) the later one wins, as `maximum(acc, x)` returns
/// `x` on ties.
fn typed_extreme<T: Element>(data: &[T], want_max: bool) -> Option<Scalar> {
    let mut best = *data.first()?;
    // `v != v` detects NaN without a Float bound.
    #[allow(clippy::eq_op)]
    if best != best {
        return Some(best.to_scalar());
    }
    #[allow(clippy::eq_op)]
    for &v in &data[1..] {
        if v != v {
            return Some(v.to_scalar());
        }
        if (want_max && !(best > v)) || (!want_max && !(best < v)) {
            best = v;
        }
    }
    Some(best.to_scalar())
}

fn typed_arg<T: Element>(data: &[T], base: usize, want_max: bool) -> Option<(Scalar, usize)> {
    let mut best = *data.first()?;
    let mut at = 0;
    #[allow(clippy::eq_op)]
    if best != best {
        return Some((best.to_scalar(), base));
    }
    #[allow(clippy::eq_op)]
    for (k, &v) in data.iter().enumerate().skip(1) {
        if v != v {
            return Some((v.to_scalar(), base + k));
        }
        if (want_max && v > best) || (!want_max && v < best) {
            best = v;
            at = k;
        }
    }
    Some((best.to_scalar(), base + at))
}

fn one(d: DType) -> Scalar {
    Scalar::I64(1).cast(d)
}

/// The partial result of `op` over one chunk whose first element has flat
/// index `base`. `carry` continues a product from the previous chunk
/// (products are order-sensitive for floats, so they run in order).
pub fn chunk_partial(op: ReduceOp, x: &Operand, len: usize, base: usize, carry: Option<Partial>) -> Partial {
    let owned;
    let data = match x {
        Operand::Slice(s) => *s,
        Operand::Splat(v) => {
            owned = Buffer::filled(*v, len);
            owned.as_slice()
        }
    };
    let dtype = data.dtype();
    match op {
        ReduceOp::Sum | ReduceOp::Mean => match dtype {
            DType::Float64 => Partial::SumF64(pairwise_sum_f64(f64::of(data))),
            DType::Float32 => Partial::SumF32(pairwise_sum(f32::of(data))),
            DType::Int64 => Partial::SumInt(i64::of(data).iter().fold(0i64, |a, &v| a.wrapping_add(v))),
            // uint64 sums wrap like int64 ones, bit for bit.
            DType::UInt64 => Partial::SumInt(u64::of(data).iter().fold(0u64, |a, &v| a.wrapping_add(v)) as i64),
            // float16 sums accumulate in float32, as NumPy's half loops do.
            DType::Float16 => {
                let widened: Vec<f32> = crate::dtype::f16::of(data).iter().map(|v| v.to_f32()).collect();
                Partial::SumF32(pairwise_sum(&widened))
            }
            other => unreachable!("sums run in float, int64 or uint64, not {other}"),
        },
        ReduceOp::Prod => {
            let mut acc = match carry {
                Some(Partial::Prod(p)) => p,
                _ => one(dtype),
            };
            match dtype {
                DType::Float64 => {
                    let mut a = acc.as_f64();
                    for &v in f64::of(data) {
                        a *= v;
                    }
                    acc = Scalar::F64(a);
                }
                DType::Float32 => {
                    let mut a = match acc {
                        Scalar::F32(v) => v,
                        _ => 1.0,
                    };
                    for &v in f32::of(data) {
                        a *= v;
                    }
                    acc = Scalar::F32(a);
                }
                DType::Float16 => {
                    let mut a = match acc {
                        Scalar::F32(v) => v,
                        _ => 1.0,
                    };
                    for &v in crate::dtype::f16::of(data) {
                        a *= v.to_f32();
                    }
                    acc = Scalar::F32(a);
                }
                DType::UInt64 => {
                    let mut a = acc.as_i64() as u64;
                    for &v in u64::of(data) {
                        a = a.wrapping_mul(v);
                    }
                    acc = Scalar::U64(a);
                }
                _ => {
                    let mut a = acc.as_i64();
                    for &v in i64::of(data) {
                        a = a.wrapping_mul(v);
                    }
                    acc = Scalar::I64(a);
                }
            }
            Partial::Prod(acc)
        }
        ReduceOp::Min | ReduceOp::Max => {
            let want_max = op == ReduceOp::Max;
            Partial::Extreme(with_dtype!(dtype, T => typed_extreme::<T>(T::of(data), want_max)))
        }
        ReduceOp::ArgMin | ReduceOp::ArgMax => {
            let want_max = op == ReduceOp::ArgMax;
            Partial::Arg(with_dtype!(dtype, T => typed_arg::<T>(T::of(data), base, want_max)))
        }
        ReduceOp::Any => Partial::Bool(bool::of(data).iter().any(|&b| b)),
        ReduceOp::All => Partial::Bool(bool::of(data).iter().all(|&b| b)),
    }
}

/// Combines chunk partials (in chunk order; the chunks came from
/// [`pairwise_chunks`]`(n, max)`) into the reduction's value.
pub fn finish(op: ReduceOp, out: DType, partials: &[Partial], n: usize, max: usize) -> Scalar {
    match op {
        ReduceOp::Sum | ReduceOp::Mean => {
            let total = match partials.first() {
                Some(Partial::SumF64(_)) => {
                    let v: Vec<f64> = partials.iter().map(|p| match p { Partial::SumF64(v) => *v, _ => 0.0 }).collect();
                    Scalar::F64(0.0 + pairwise_combine(n, max, &v))
                }
                Some(Partial::SumF32(_)) => {
                    let v: Vec<f32> = partials.iter().map(|p| match p { Partial::SumF32(v) => *v, _ => 0.0 }).collect();
                    Scalar::F32(0.0 + pairwise_combine(n, max, &v))
                }
                Some(Partial::SumInt(_)) => Scalar::I64(
                    partials.iter().fold(0i64, |a, p| a.wrapping_add(match p { Partial::SumInt(v) => *v, _ => 0 })),
                ),
                _ => Scalar::I64(0).cast(out),
            };
            if op == ReduceOp::Mean {
                mean_of(total, n, out)
            } else {
                total.cast(out)
            }
        }
        ReduceOp::Prod => match partials.last() {
            Some(Partial::Prod(p)) => p.cast(out),
            _ => one(out),
        },
        ReduceOp::Min | ReduceOp::Max => {
            let want_max = op == ReduceOp::Max;
            let mut best: Option<Scalar> = None;
            for p in partials {
                if let Partial::Extreme(Some(v)) = p {
                    best = match best {
                        None => Some(*v),
                        // Ties go to the later chunk, as within a chunk.
                        Some(b) if better(*v, b, want_max) || (!is_nan(b) && !lt(*v, b) && !lt(b, *v)) => Some(*v),
                        keep => keep,
                    };
                }
            }
            best.expect("empty min/max rejected at graph build")
        }
        ReduceOp::ArgMin | ReduceOp::ArgMax => {
            let want_max = op == ReduceOp::ArgMax;
            let mut best: Option<(Scalar, usize)> = None;
            for p in partials {
                if let Partial::Arg(Some((v, i))) = p {
                    best = match best {
                        None => Some((*v, *i)),
                        Some((b, _)) if better(*v, b, want_max) => Some((*v, *i)),
                        keep => keep,
                    };
                }
            }
            Scalar::I64(best.expect("empty argmin/argmax rejected at graph build").1 as i64)
        }
        ReduceOp::Any => Scalar::Bool(partials.iter().any(|p| matches!(p, Partial::Bool(true)))),
        ReduceOp::All => Scalar::Bool(partials.iter().all(|p| matches!(p, Partial::Bool(true)))),
    }
}

/// `sum / count` in the mean's dtype (NaN for an empty mean, as NumPy).
fn mean_of(total: Scalar, count: usize, out: DType) -> Scalar {
    match (total, out) {
        (Scalar::F32(s), DType::Float32) => Scalar::F32(s / count as f32),
        (Scalar::F32(s), DType::Float16) => Scalar::F32(s / count as f32).cast(out),
        (t, _) => Scalar::F64(t.as_f64() / count as f64).cast(out),
    }
}

/// Reduction along some axes of a stored array, read in place:
/// - float sums, means and products in NumPy's order over the strided
///   data ([`super::reduce_order`]), so they round as NumPy's do;
/// - along the last axis only, each row is reduced straight from memory;
/// - anything else (order does not change the result) reduces each
///   output's elements, gathered into one reused buffer.
pub fn reduce_axes(op: ReduceOp, x: &Array, axes: &[usize], keepdims: bool, out: DType) -> Array {
    let nd = x.layout.ndim();
    let kept: Vec<usize> = (0..nd).filter(|k| !axes.contains(k)).collect();
    let out_shape: Vec<usize> = kept.iter().map(|&k| x.layout.shape[k]).collect();
    let red_shape: Vec<usize> = axes.iter().map(|&k| x.layout.shape[k]).collect();
    let count = size_of(&red_shape);
    let mut shape = Vec::with_capacity(nd);
    for d in 0..nd {
        if axes.contains(&d) {
            if keepdims {
                shape.push(1);
            }
        } else {
            shape.push(x.layout.shape[d]);
        }
    }
    if x.dtype().is_float() && matches!(op, ReduceOp::Sum | ReduceOp::Mean | ReduceOp::Prod) {
        return Array::from_buffer(float_in_order(op, x, axes, count, out), &shape);
    }
    // Layout walking the reduced axes for a fixed outer position.
    let inner = Layout {
        shape: red_shape.iter().copied().collect(),
        strides: axes.iter().map(|&k| x.layout.strides[k]).collect(),
        offset: 0,
    };
    let outer = Layout {
        shape: out_shape.iter().copied().collect(),
        strides: kept.iter().map(|&k| x.layout.strides[k]).collect(),
        offset: x.layout.offset,
    };
    let n_out = size_of(&out_shape);
    let mut result = Buffer::zeros(out, n_out);
    let direct = axes.len() == 1 && axes[0] == nd - 1 && inner.strides[0] == 1 && count > 0;
    let mut row = Buffer::zeros(x.dtype(), if direct { 0 } else { count });
    let mut k = 0;
    outer.for_each_position(0, n_out, |base| {
        let data = if direct {
            x.buffer.range(base, count)
        } else {
            with_dtype!(x.dtype(), T => {
                let (src, dst) = (T::slice(&x.buffer), T::slice_mut(&mut row));
                let mut j = 0;
                inner.for_each_position(0, count, |p| {
                    dst[j] = src[base + p];
                    j += 1;
                });
            });
            row.range(0, count)
        };
        let p = chunk_partial(op, &Operand::Slice(data), count, 0, None);
        result.set(k, finish(op, out, &[p], count, usize::MAX));
        k += 1;
    });
    Array::from_buffer(result, &shape)
}

/// A float sum, mean or product over `axes` (any, all included) of a
/// stored array, in NumPy's order: a float16 sum accumulates in float32
/// and is rounded to float16 at each store, as NumPy's half loops do (a
/// mean, and a product, accumulate in float32 throughout).
pub fn float_in_order(op: ReduceOp, x: &Array, axes: &[usize], count: usize, out: DType) -> Buffer {
    use super::reduce_order::{product, sum};
    let l = &x.layout;
    let totals: Buffer = match (&*x.buffer, op) {
        (Buffer::F64(v), ReduceOp::Prod) => Buffer::F64(product(v, l, axes, |v| v, |v| v)),
        (Buffer::F32(v), ReduceOp::Prod) => Buffer::F32(product(v, l, axes, |v| v, |v| v)),
        (Buffer::F64(v), _) => Buffer::F64(sum(v, l, axes, |v| v, |v| v)),
        (Buffer::F32(v), _) => Buffer::F32(sum(v, l, axes, |v| v, |v| v)),
        (Buffer::F16(v), _) => {
            let half = |v: f32| crate::dtype::f16::from_f32(v).to_f32();
            let widen = |v: crate::dtype::f16| v.to_f32();
            Buffer::F32(match op {
                ReduceOp::Prod => product(v, l, axes, widen, |v| v),
                ReduceOp::Mean => sum(v, l, axes, widen, |v| v),
                _ => sum(v, l, axes, widen, half),
            })
        }
        (other, _) => unreachable!("float reductions of {}", other.dtype()),
    };
    // The common cases without a round trip through `Scalar` per result.
    if op != ReduceOp::Mean && totals.dtype() == out {
        return totals;
    }
    if let (ReduceOp::Mean, DType::Float64, Buffer::F64(v)) = (op, out, &totals) {
        return Buffer::F64(v.iter().map(|&s| s / count as f64).collect());
    }
    let n = totals.len();
    let mut result = Buffer::zeros(out, n);
    for k in 0..n {
        let total = totals.get(k);
        let value = if op == ReduceOp::Mean { mean_of(total, count, out) } else { total.cast(out) };
        result.set(k, value);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunked_pairwise_equals_whole() {
        let v: Vec<f64> = (0..100_003).map(|i| ((i * 7919) % 1000) as f64 * 0.1 + 1e-3).collect();
        let whole = pairwise_sum(&v);
        assert_eq!(pairwise_sum_f64(&v).to_bits(), whole.to_bits());
        let chunks = pairwise_chunks(v.len(), 2048);
        let parts: Vec<f64> = chunks.iter().map(|&(s, n)| pairwise_sum(&v[s..s + n])).collect();
        assert_eq!(pairwise_combine(v.len(), 2048, &parts).to_bits(), whole.to_bits());
        assert!(chunks.iter().all(|&(_, n)| n <= 2048));
    }
}
