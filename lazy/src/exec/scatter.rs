//! Unbuffered scatter: NumPy's `ufunc.at(a, indices, b)`, where repeated
//! indices apply the op again to the already-updated element (so
//! `np.add.at(a, [0, 0], 1)` adds 2), in index order.

use super::kernels::{binary, Operand};
use crate::buffer::{Array, Buffer, Element};
use crate::graph::BinaryOp;
use crate::with_dtype;

/// `data[p] = op(data[p], values[k])` for each `(k, p)` of `positions` in
/// order. `values` has `data`'s dtype and one element per position; `op`
/// must give that dtype back (arithmetic, bitwise, max/min), and every
/// position must be inside `data`.
pub fn apply(op: BinaryOp, data: &mut Buffer, positions: &[usize], values: &Array) {
    if apply_direct(op, data, positions, values) {
        return;
    }
    with_dtype!(data.dtype(), T => {
        let vals = values.to_vec::<T>();
        let d = T::slice_mut(data);
        for (&p, v) in positions.iter().zip(&vals) {
            let cur = [d[p]];
            let mut out = [d[p]];
            binary(
                op,
                &Operand::Slice(T::to_slice(&cur)),
                &Operand::Slice(T::to_slice(std::slice::from_ref(v))),
                T::to_slice_mut(&mut out),
            );
            d[p] = out[0];
        }
    })
}

/// The common cases as plain loops (IEEE add/subtract/multiply on floats,
/// wrapping ones on 64- and 32-bit ints: the same results as the kernels);
/// false when `op` and the dtype are not among them.
fn apply_direct(op: BinaryOp, data: &mut Buffer, positions: &[usize], values: &Array) -> bool {
    fn run<T: Element>(d: &mut [T], positions: &[usize], values: &Array, f: impl Fn(T, T) -> T) -> bool {
        let vals = values.to_vec::<T>();
        for (&p, &v) in positions.iter().zip(&vals) {
            d[p] = f(d[p], v);
        }
        true
    }
    use BinaryOp::{Add, Mul, Sub};
    match (op, data) {
        (Add, Buffer::F64(d)) => run(d, positions, values, |a, b| a + b),
        (Sub, Buffer::F64(d)) => run(d, positions, values, |a, b| a - b),
        (Mul, Buffer::F64(d)) => run(d, positions, values, |a, b| a * b),
        (Add, Buffer::F32(d)) => run(d, positions, values, |a, b| a + b),
        (Sub, Buffer::F32(d)) => run(d, positions, values, |a, b| a - b),
        (Mul, Buffer::F32(d)) => run(d, positions, values, |a, b| a * b),
        (Add, Buffer::I64(d)) => run(d, positions, values, i64::wrapping_add),
        (Sub, Buffer::I64(d)) => run(d, positions, values, i64::wrapping_sub),
        (Mul, Buffer::I64(d)) => run(d, positions, values, i64::wrapping_mul),
        (Add, Buffer::I32(d)) => run(d, positions, values, i32::wrapping_add),
        (Sub, Buffer::I32(d)) => run(d, positions, values, i32::wrapping_sub),
        (Mul, Buffer::I32(d)) => run(d, positions, values, i32::wrapping_mul),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_positions_apply_in_order() {
        let mut data = Buffer::F64(vec![0.0, 10.0, 0.5]);
        let values = Array::from_buffer(Buffer::F64(vec![1.0, 2.0, 0.25, 3.0]), &[4]);
        apply(BinaryOp::Add, &mut data, &[1, 1, 2, 0], &values);
        assert_eq!(data, Buffer::F64(vec![3.0, 13.0, 0.75]));
        let mut ints = Buffer::U8(vec![250, 1]);
        let values = Array::from_buffer(Buffer::U8(vec![3, 4, 7]), &[3]);
        apply(BinaryOp::Add, &mut ints, &[0, 0, 1], &values);
        assert_eq!(ints, Buffer::U8(vec![1, 8]));
        let mut m = Buffer::I64(vec![5, 5]);
        let values = Array::from_buffer(Buffer::I64(vec![9, 2, 1]), &[3]);
        apply(BinaryOp::Maximum, &mut m, &[0, 0, 1], &values);
        assert_eq!(m, Buffer::I64(vec![9, 5]));
        // The direct loops and the kernel path agree.
        let mut big = Buffer::I64(vec![i64::MAX, 0]);
        let values = Array::from_buffer(Buffer::I64(vec![1, -3, 7]), &[3]);
        apply(BinaryOp::Add, &mut big, &[0, 1, 1], &values);
        assert_eq!(big, Buffer::I64(vec![i64::MIN, 4]));
    }
}
