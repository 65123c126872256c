//! The eager fast path: one small elementwise op whose inputs are computed
//! runs straight through the kernels, without building a plan.

use super::fused::CHUNK;
use super::kernels::{self, Operand};
use super::{breakers, reduce};
use crate::buffer::{Array, Buffer, Element};
use crate::graph::{Node, Op};
use crate::with_dtype;

/// Computes `node` now if all its inputs are computed and the work is
/// small (at most one chunk): elementwise ops and generators straight
/// through the kernels, reductions through one partial, other ops through
/// their kernel. `None` when it needs the planner.
pub fn eval(node: &Node) -> Option<Array> {
    let (op, inputs) = node.pending_parts()?;
    let n = node.size();
    let arrays: Vec<Array> = inputs.iter().map(|i| i.done()).collect::<Option<_>>()?;
    if arrays.iter().map(|a| a.size()).chain([n]).max().unwrap_or(0) > CHUNK {
        return None;
    }
    if let Op::Reduce { op: r, axes, .. } = &op {
        let x = &arrays[0];
        if axes.len() == x.layout.ndim() && !super::reduce_order::needs_numpy_order(*r, x) {
            // A full reduction of a small array: one chunk, in C order.
            let data = x.to_contiguous();
            let len = data.size();
            let partial = reduce::chunk_partial(*r, &Operand::Slice(data.buffer.range(data.layout.offset, len)), len, 0, None);
            let value = reduce::finish(*r, node.dtype, &[partial], len, usize::MAX);
            return Some(Array::from_buffer(Buffer::filled(value, 1), &node.shape));
        }
    }
    if !(op.is_elementwise() || op.is_generator()) {
        return Some(breakers::run(&op, &arrays, node.dtype, &node.shape));
    }
    let mut gathered: Vec<Option<Buffer>> = Vec::with_capacity(arrays.len());
    let mut layouts = Vec::with_capacity(arrays.len());
    for a in &arrays {
        let l = a.layout.broadcast_to(&node.shape).ok()?;
        if l.is_splat() || l.is_c_contiguous() {
            gathered.push(None);
        } else {
            let b = with_dtype!(a.dtype(), T => {
                let src = T::slice(&a.buffer);
                let mut v = Vec::with_capacity(n);
                l.for_each_position(0, n, |p| v.push(src[p]));
                T::wrap(v)
            });
            gathered.push(Some(b));
        }
        layouts.push(l);
    }
    let operands: Vec<Operand> = arrays
        .iter()
        .zip(&layouts)
        .zip(&gathered)
        .map(|((a, l), g)| match g {
            Some(b) => Operand::Slice(b.as_slice()),
            None if l.is_splat() && l.offset < a.buffer.len() => Operand::Splat(a.buffer.get(l.offset)),
            None => Operand::Slice(a.buffer.range(l.offset, n)),
        })
        .collect();
    let mut out = Buffer::for_overwrite(node.dtype, n);
    match &op {
        Op::Arange { .. } | Op::Linspace { .. } | Op::Full(_) => kernels::generate(&op, 0, out.range_mut(0, n)),
        Op::Unary(u) => kernels::unary(*u, &operands[0], out.range_mut(0, n)),
        Op::Binary(b) => kernels::binary(*b, &operands[0], &operands[1], out.range_mut(0, n)),
        Op::Where => kernels::select(&operands[0], &operands[1], &operands[2], out.range_mut(0, n)),
        Op::Cast => kernels::cast(&operands[0], out.range_mut(0, n)),
        _ => return None,
    }
    Some(Array::from_buffer(out, &node.shape))
}
