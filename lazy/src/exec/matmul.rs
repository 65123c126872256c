//! `np.matmul` for 1-D and 2-D operands.
//!
//! Below [`BLOCKED_MATMUL_WORK`] every output sums its products in order
//! (as BLAS does on small operands). A matrix times a vector (either side)
//! reads the operands where they are, through their strides, so a
//! transposed view (`x.T @ v`) costs no copy; the loop order follows the
//! matrix's contiguous axis while each output still adds its products in
//! ascending order, so the results are the same whichever way it runs.

use crate::buffer::{Array, Buffer, Element};
use crate::dtype::DType;
use crate::with_dtype;

/// An operand as a matrix over its buffer: element `(r, c)` is at
/// `offset + r * rs + c * cs`.
#[derive(Clone, Copy, Debug)]
struct Mat {
    rows: usize,
    cols: usize,
    offset: isize,
    rs: isize,
    cs: isize,
}

impl Mat {
    /// A 2-D array, or a 1-D one as a single row (`row`) or column.
    fn of(a: &Array, row: bool) -> Mat {
        let (shape, strides) = (&a.layout.shape, &a.layout.strides);
        let offset = a.layout.offset as isize;
        match (shape.len(), row) {
            (1, true) => Mat { rows: 1, cols: shape[0], offset, rs: 0, cs: strides[0] },
            (1, false) => Mat { rows: shape[0], cols: 1, offset, rs: strides[0], cs: 0 },
            _ => Mat { rows: shape[0], cols: shape[1], offset, rs: strides[0], cs: strides[1] },
        }
    }

    fn t(self) -> Mat {
        Mat { rows: self.cols, cols: self.rows, offset: self.offset, rs: self.cs, cs: self.rs }
    }

    fn at(&self, r: usize, c: usize) -> usize {
        (self.offset + r as isize * self.rs + c as isize * self.cs) as usize
    }
}

pub fn matmul(a: &Array, b: &Array, shape: &[usize]) -> Array {
    let (am, bm) = (Mat::of(a, true), Mat::of(b, false));
    let (n, k, m) = (am.rows, am.cols, bm.cols);
    if n * k * m >= BLOCKED_MATMUL_WORK {
        match (a.dtype(), b.dtype()) {
            (DType::Float64, DType::Float64) => {
                return Array::from_buffer(Buffer::F64(blocked_matmul(&dense(a), &dense(b), n, k, m, 1.0)), shape)
            }
            (DType::Float32, DType::Float32) => {
                return Array::from_buffer(Buffer::F32(blocked_matmul(&dense(a), &dense(b), n, k, m, 1.0)), shape)
            }
            _ => {}
        }
    }
    let buffer = with_dtype!(a.dtype(), T => {
        let (ab, bb) = (T::slice(&a.buffer), T::slice(&b.buffer));
        T::wrap(if m == 1 {
            // out[i] = sum_p a[i,p] * b[p]
            matvec(ab, am, bb, bm.t())
        } else if n == 1 {
            // out[j] = sum_p b[p,j] * a[p] (the same products: x*y == y*x)
            matvec(bb, bm.t(), ab, am)
        } else {
            matmul_typed(&dense::<T>(a), &dense::<T>(b), n, k, m)
        })
    });
    Array::from_buffer(buffer, shape)
}

/// The elements of `a` in C order: its own buffer when it is C-contiguous,
/// otherwise a copy.
fn dense<T: Element>(a: &Array) -> std::borrow::Cow<'_, [T]> {
    if a.layout.is_c_contiguous() {
        let start = a.layout.offset;
        std::borrow::Cow::Borrowed(&T::slice(&a.buffer)[start..start + a.size()])
    } else {
        std::borrow::Cow::Owned(a.to_vec())
    }
}

/// `out[r] = sum over p ascending of mat[r,p] * vec[p]`, where `vec` is a
/// one-row matrix.
fn matvec<T: Dot>(mb: &[T], mat: Mat, vb: &[T], vec: Mat) -> Vec<T> {
    let (rows, k) = (mat.rows, mat.cols);
    let v: Vec<T> = (0..k).map(|p| vb[vec.at(0, p)]).collect();
    let mut out = vec![T::default(); rows];
    if k == 0 || rows == 0 {
        return out;
    }
    if mat.cs == 1 {
        // Rows contiguous: a dot product per row, four rows at a time (four
        // independent sums in flight).
        let mut r = 0;
        while r + 4 <= rows {
            let lanes: [&[T]; 4] = std::array::from_fn(|q| &mb[mat.at(r + q, 0)..][..k]);
            let mut acc = [T::default(); 4];
            for (p, &y) in v.iter().enumerate() {
                for q in 0..4 {
                    acc[q] = T::madd(acc[q], lanes[q][p], y);
                }
            }
            out[r..r + 4].copy_from_slice(&acc);
            r += 4;
        }
        for (r, o) in out.iter_mut().enumerate().skip(r) {
            let lane = &mb[mat.at(r, 0)..][..k];
            *o = lane.iter().zip(&v).fold(T::default(), |acc, (&x, &y)| T::madd(acc, x, y));
        }
    } else if mat.rs == 1 {
        // Columns contiguous (a transposed C array): eight outputs at a
        // time, kept in registers, each taking its next product at each
        // step from a contiguous piece of the column.
        const B: usize = 8;
        for (block, o) in out.chunks_mut(B).enumerate() {
            let (r0, b) = (block * B, o.len());
            let mut acc = [T::default(); B];
            if b == B {
                for (p, &y) in v.iter().enumerate() {
                    let col: &[T; B] = mb[mat.at(r0, p)..][..B].try_into().unwrap();
                    for j in 0..B {
                        acc[j] = T::madd(acc[j], col[j], y);
                    }
                }
            } else {
                for (p, &y) in v.iter().enumerate() {
                    for (a, &x) in acc.iter_mut().zip(&mb[mat.at(r0, p)..][..b]) {
                        *a = T::madd(*a, x, y);
                    }
                }
            }
            o.copy_from_slice(&acc[..b]);
        }
    } else {
        for (r, o) in out.iter_mut().enumerate() {
            *o = v.iter().enumerate().fold(T::default(), |acc, (p, &y)| T::madd(acc, mb[mat.at(r, p)], y));
        }
    }
    out
}

/// Multiply-adds from which a float matmul goes to faer's blocked, SIMD and
/// parallel kernel (as NumPy's goes to BLAS); below it the plain loop,
/// which sums each output in order (as BLAS does on small operands).
const BLOCKED_MATMUL_WORK: usize = 1 << 20;

/// Row-major n×k times k×m on faer's matmul.
fn blocked_matmul<T: faer::traits::ComplexField + Copy + Default>(a: &[T], b: &[T], n: usize, k: usize, m: usize, one: T) -> Vec<T> {
    let mut out = vec![T::default(); n * m];
    faer::linalg::matmul::matmul(
        faer::MatMut::from_row_major_slice_mut(&mut out, n, m),
        faer::Accum::Replace,
        faer::MatRef::from_row_major_slice(a, n, k),
        faer::MatRef::from_row_major_slice(b, k, m),
        one,
        faer::get_global_parallelism(),
    );
    out
}

/// Multiply-accumulate in the element type (wrapping for ints, no FMA).
trait Dot: Element {
    fn madd(acc: Self, x: Self, y: Self) -> Self;
}
impl Dot for f64 {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc + x * y }
}
impl Dot for f32 {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc + x * y }
}
impl Dot for i64 {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc.wrapping_add(x.wrapping_mul(y)) }
}
impl Dot for i32 {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc.wrapping_add(x.wrapping_mul(y)) }
}
macro_rules! int_dot {
    ($($t:ty),*) => {
        $(impl Dot for $t {
            fn madd(acc: Self, x: Self, y: Self) -> Self { acc.wrapping_add(x.wrapping_mul(y)) }
        })*
    };
}
int_dot!(i8, i16, u8, u16, u32, u64);
impl Dot for crate::dtype::f16 {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc + x * y }
}
impl Dot for bool {
    fn madd(acc: Self, x: Self, y: Self) -> Self { acc | (x & y) }
}

/// Row-major n×k times k×m; each output sums over p in order.
fn matmul_typed<T: Dot>(a: &[T], b: &[T], n: usize, k: usize, m: usize) -> Vec<T> {
    let mut out = vec![T::default(); n * m];
    for i in 0..n {
        let row = &mut out[i * m..(i + 1) * m];
        for p in 0..k {
            let x = a[i * k + p];
            for (o, &y) in row.iter_mut().zip(&b[p * m..(p + 1) * m]) {
                *o = T::madd(*o, x, y);
            }
        }
    }
    out
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use std::sync::Arc;

    /// Values whose sums depend on their order (so a changed order shows).
    fn data(len: usize) -> Vec<f64> {
        (0..len).map(|i| ((i * 7919) % 1013) as f64 / 37.0 - 13.3).collect()
    }

    fn view(buf: &Arc<Buffer>, shape: &[usize], strides: &[isize], offset: usize) -> Array {
        Array::new(buf.clone(), Layout { shape: shape.into(), strides: strides.into(), offset })
    }

    fn copied(a: &Array) -> Array {
        Array::from_buffer(Buffer::F64(a.to_vec()), a.shape())
    }

    /// The strided result, bit for bit the product of C-contiguous copies
    /// by the plain in-order loop.
    fn check(a: &Array, b: &Array) {
        let (am, bm) = (Mat::of(a, true), Mat::of(b, false));
        let shape: Vec<usize> = match (a.layout.ndim(), b.layout.ndim()) {
            (1, 1) => vec![],
            (1, _) => vec![bm.cols],
            (_, 1) => vec![am.rows],
            _ => vec![am.rows, bm.cols],
        };
        let got: Vec<f64> = matmul(a, b, &shape).to_vec();
        let want = matmul_typed(&copied(a).to_vec::<f64>(), &copied(b).to_vec::<f64>(), am.rows, am.cols, bm.cols);
        assert_eq!(got.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), want.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    }

    #[test]
    fn strided_matrix_vector_products_sum_in_order() {
        let (n, k) = (37, 6);
        let x = Arc::new(Buffer::F64(data(n * k)));
        let v = Arc::new(Buffer::F64(data(3 * n)));
        let rows = view(&x, &[n, k], &[k as isize, 1], 0);
        let cols = view(&x, &[k, n], &[1, k as isize], 0); // x.T
        let w = view(&v, &[k], &[1], 5);
        let w_rev = view(&v, &[k], &[-2], 40);
        let long = view(&v, &[n], &[1], 0);
        let long_step = view(&v, &[n], &[3], 1);
        check(&rows, &w); // x @ w: rows contiguous
        check(&rows, &w_rev);
        check(&cols, &long); // x.T @ v: columns contiguous
        check(&cols, &long_step);
        // Column-major: 37 outputs in blocks of eight and a rest.
        check(&view(&x, &[n, k], &[1, n as isize], 0), &w);
        check(&long, &rows); // v @ x
        check(&w, &cols); // w @ x.T
        // Neither axis contiguous: every other row, reversed columns.
        let odd = view(&x, &[n / 2, k], &[2 * k as isize, -1], k - 1);
        check(&odd, &w);
        check(&odd, &view(&v, &[k, 1], &[1, 0], 2));
        // Broadcast rows (stride 0) and a vector dot.
        check(&view(&x, &[4, k], &[0, 1], k), &w);
        check(&w, &w_rev);
    }
}
