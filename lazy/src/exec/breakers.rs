//! Kernels for ops that do not fuse: they take whole stored arrays.

use super::reduce::reduce_axes;
use super::sort::{along_axis, Lanes};
use crate::buffer::{Array, Buffer, Element};
use crate::dtype::DType;
use crate::graph::{CumOp, Op};
use crate::layout::{size_of, Layout};
use crate::with_dtype;

/// Runs a non-fusable op over its stored inputs.
pub fn run(op: &Op, inputs: &[Array], dtype: DType, shape: &[usize]) -> Array {
    match op {
        Op::Reduce { op: r, axes, keepdims } => reduce_axes(*r, &inputs[0], axes, *keepdims, dtype),
        Op::MatMul => super::matmul::matmul(&inputs[0], &inputs[1], shape),
        Op::Sort { axis } => along_axis(Lanes::Sort, &inputs[0], *axis, dtype),
        Op::Partition { axis, kth } => along_axis(Lanes::Partition(&kth.0), &inputs[0], *axis, dtype),
        Op::ArgSort { axis } => along_axis(Lanes::ArgSort, &inputs[0], *axis, dtype),
        Op::Cumulative { op: c, axis } => cumulative(*c, &inputs[0], *axis, dtype, shape),
        Op::Concat { axis } => concat(inputs, *axis, dtype, shape),
        Op::View { layout } => view(&inputs[0], layout),
        Op::Gather { positions } => gather(&inputs[0], &positions.0, shape),
        other => unreachable!("{other:?} is fused, not a kernel"),
    }
}

/// NumPy's `maximum`/`minimum` on one pair: NaN propagates.
#[allow(clippy::eq_op)]
fn extreme<T: Element>(a: T, b: T, want_max: bool) -> T {
    if a != a {
        return a;
    }
    if b != b {
        return b;
    }
    if (want_max && a > b) || (!want_max && a < b) {
        a
    } else {
        b
    }
}

/// A running `op` along the middle axis of `v` seen as (outer, n, inner)
/// in C order: each slab of `inner` elements is combined with the one
/// before it, so every lane is scanned in order, vectorized across lanes.
fn scan_axis<T: Element>(v: &mut [T], n: usize, inner: usize, f: impl Fn(T, T) -> T) {
    if n == 0 || inner == 0 {
        return;
    }
    if inner == 1 {
        // Along the last axis: each lane is a run, scanned with the running
        // value in a register (the same operations in the same order).
        for lane in v.chunks_exact_mut(n) {
            let mut acc = lane[0];
            for x in &mut lane[1..] {
                acc = f(acc, *x);
                *x = acc;
            }
        }
        return;
    }
    for block in v.chunks_mut(n * inner) {
        for i in 1..n {
            let (done, rest) = block.split_at_mut(i * inner);
            let prev = &done[(i - 1) * inner..];
            for (x, &p) in rest[..inner].iter_mut().zip(prev) {
                *x = f(p, *x);
            }
        }
    }
}

fn scan_buffer(buf: &mut Buffer, op: CumOp, n: usize, inner: usize) {
    use super::kernels::{Float, Int};
    fn ints<T: Int>(v: &mut [T], op: CumOp, n: usize, inner: usize) {
        match op {
            CumOp::Sum => scan_axis(v, n, inner, |a, b| a.wadd(b)),
            CumOp::Prod => scan_axis(v, n, inner, |a, b| a.wmul(b)),
            CumOp::Max => scan_axis(v, n, inner, |a, b| extreme(a, b, true)),
            CumOp::Min => scan_axis(v, n, inner, |a, b| extreme(a, b, false)),
        }
    }
    fn floats<T: Float>(v: &mut [T], op: CumOp, n: usize, inner: usize) {
        match op {
            CumOp::Sum => scan_axis(v, n, inner, |a, b| a + b),
            CumOp::Prod => scan_axis(v, n, inner, |a, b| a * b),
            CumOp::Max => scan_axis(v, n, inner, |a, b| extreme(a, b, true)),
            CumOp::Min => scan_axis(v, n, inner, |a, b| extreme(a, b, false)),
        }
    }
    match buf {
        Buffer::Bool(v) => match op {
            CumOp::Sum | CumOp::Max => scan_axis(v, n, inner, |a, b| a | b),
            CumOp::Prod | CumOp::Min => scan_axis(v, n, inner, |a, b| a & b),
        },
        Buffer::I8(v) => ints(v, op, n, inner),
        Buffer::I16(v) => ints(v, op, n, inner),
        Buffer::I32(v) => ints(v, op, n, inner),
        Buffer::I64(v) => ints(v, op, n, inner),
        Buffer::U8(v) => ints(v, op, n, inner),
        Buffer::U16(v) => ints(v, op, n, inner),
        Buffer::U32(v) => ints(v, op, n, inner),
        Buffer::U64(v) => ints(v, op, n, inner),
        Buffer::F16(v) => floats(v, op, n, inner),
        Buffer::F32(v) => floats(v, op, n, inner),
        Buffer::F64(v) => floats(v, op, n, inner),
    }
}

/// Running sums, products, maxima or minima: the input in C order (one
/// copy, which becomes the result), scanned in place along the axis.
fn cumulative(op: CumOp, x: &Array, axis: Option<usize>, dtype: DType, shape: &[usize]) -> Array {
    let buffer = with_dtype!(dtype, T => T::wrap(x.to_vec::<T>()));
    cumulative_in(buffer, op, x.shape(), axis, shape)
}

/// `cumulative` over `buffer`, the input's elements (of shape `in_shape`)
/// in C order and in the result's dtype, scanned where they are.
pub fn cumulative_in(mut buffer: Buffer, op: CumOp, in_shape: &[usize], axis: Option<usize>, shape: &[usize]) -> Array {
    let (n, inner) = match axis {
        None => (buffer.len(), 1),
        Some(axis) => (in_shape[axis], in_shape[axis + 1..].iter().product()),
    };
    scan_buffer(&mut buffer, op, n, inner);
    Array::from_buffer(buffer, shape)
}

/// A view of a stored array: its buffer seen through the composed layout,
/// or through `layout` over a C-contiguous copy when they do not compose.
fn view(x: &Array, layout: &Layout) -> Array {
    match crate::layout::compose(layout, &x.layout) {
        Some(l) => Array::new(x.buffer.clone(), l),
        None => {
            let c = x.to_contiguous();
            Array::new(c.buffer, layout.clone())
        }
    }
}

fn gather(x: &Array, positions: &[usize], shape: &[usize]) -> Array {
    let buffer = with_dtype!(x.dtype(), T => {
        let src = T::slice(&x.buffer);
        let out: Vec<T> = match x.contiguous_slice::<T>() {
            Some(c) => positions.iter().map(|&p| c[p]).collect(),
            // A strided row (a column of a matrix): no divisions per element.
            None if x.layout.ndim() == 1 => {
                let (offset, stride) = (x.layout.offset as isize, x.layout.strides[0]);
                positions.iter().map(|&p| src[(offset + p as isize * stride) as usize]).collect()
            }
            None => positions.iter().map(|&p| src[x.layout.position(p)]).collect(),
        };
        T::wrap(out)
    });
    Array::from_buffer(buffer, shape)
}

fn concat(inputs: &[Array], axis: usize, dtype: DType, shape: &[usize]) -> Array {
    let out_layout = Layout::contiguous(shape);
    // The inputs' regions tile the output.
    let mut out = Buffer::for_overwrite(dtype, size_of(shape));
    let mut at = 0usize;
    for x in inputs {
        let len = x.shape()[axis];
        // The region of the output this input fills.
        let mut region = out_layout.clone();
        region.shape[axis] = len;
        region.offset = at * out_layout.strides[axis] as usize;
        // The input's elements in C order fill the region's runs in turn.
        with_dtype!(dtype, T => {
            let owned: Vec<T>;
            let src: &[T] = match x.contiguous_slice::<T>() {
                Some(s) => s,
                None => {
                    owned = x.to_vec();
                    &owned
                }
            };
            let dst = T::slice_mut(&mut out);
            let mut k = 0usize;
            region.for_each_run(0, x.size(), |pos, n, stride| {
                if stride == 1 {
                    let p = pos as usize;
                    dst[p..p + n].copy_from_slice(&src[k..k + n]);
                } else {
                    for (j, v) in src[k..k + n].iter().enumerate() {
                        dst[(pos + j as isize * stride) as usize] = *v;
                    }
                }
                k += n;
            });
        });
        at += len;
    }
    Array::from_buffer(out, shape)
}
