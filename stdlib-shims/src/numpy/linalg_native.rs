//! The native kernels behind `numpy.linalg` (float64), on faer's dense
//! decompositions (blocked and parallel through rayon, as LAPACK is):
//! LU with partial pivoting (solve, inv, det), Householder QR, Cholesky,
//! the SVD and the symmetric and general eigensolvers. `numpy.linalg`
//! itself (`pylib/linalg.py`) is Python over these and the array ops.
//!
//! Each takes and returns whole arrays: a decomposition needs its whole
//! input, so it is a forcing point of the lazy graph, like NumPy's LAPACK
//! calls are a barrier for any fusion.

use crate::numpy::convert::node_of;
use crate::numpy::ndarray::PyNdArray;
use faer::linalg::solvers::{DenseSolveCore, Solve};
use faer::{Mat, MatRef, Side};
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyTypeRef};
use rustpython_vm::{PyObjectRef, PyPayload, PyResult, VirtualMachine};
use std::sync::OnceLock;

static LINALG_ERROR: OnceLock<PyTypeRef> = OnceLock::new();

/// `numpy.linalg.LinAlgError` (a ValueError).
pub fn linalg_error_type(vm: &VirtualMachine) -> PyTypeRef {
    LINALG_ERROR
        .get_or_init(|| {
            vm.ctx.new_exception_type(
                "numpy.linalg",
                "LinAlgError",
                Some(vec![vm.ctx.exceptions.value_error.to_owned()]),
            )
        })
        .clone()
}

fn linalg_error(vm: &VirtualMachine, msg: &str) -> PyBaseExceptionRef {
    vm.new_exception_msg(linalg_error_type(vm), msg.to_owned().into())
}

/// The 2-D float64 matrix of an array argument.
fn matrix(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Mat<f64>> {
    let node = node_of(vm, obj)?;
    if node.ndim() != 2 {
        return Err(linalg_error(
            vm,
            &format!("{}-dimensional array given. Array must be two-dimensional", node.ndim()),
        ));
    }
    let a = runtime::force(&runtime::settle(node));
    let (n, m) = (a.shape()[0], a.shape()[1]);
    let v: Vec<f64> = if a.dtype() == DType::Float64 {
        a.to_vec()
    } else {
        (0..n * m).map(|k| a.get_flat(k).cast(DType::Float64).as_f64()).collect()
    };
    Ok(Mat::from_fn(n, m, |i, j| v[i * m + j]))
}

/// Multiply-adds (rows x columns x the smaller of the two) from which a
/// decomposition runs on faer's threads. faer's parallel kernels meet at a
/// barrier for every panel, which on small or tall-and-narrow matrices
/// (polyfit's 100000 x 9 design matrices, 9M) costs more than the work and
/// spins while the machine is busy; below this (a 256 x 256 square) they
/// run on one thread.
const PARALLEL_WORK: usize = 1 << 24;

/// faer's global parallelism for the decomposition of a matrix, while the
/// guard lives (restored when it drops). faer's threads split some sums
/// differently, so the last bits of a parallel result depend on the core
/// count; a small problem's result on one thread does not.
struct Parallelism(faer::Par);

impl Parallelism {
    fn for_matrix(a: &Mat<f64>) -> Parallelism {
        let previous = faer::get_global_parallelism();
        let (m, n) = (a.nrows(), a.ncols());
        if m.saturating_mul(n).saturating_mul(m.min(n)) < PARALLEL_WORK {
            faer::set_global_parallelism(faer::Par::Seq);
        }
        Parallelism(previous)
    }
}

impl Drop for Parallelism {
    fn drop(&mut self) {
        faer::set_global_parallelism(self.0);
    }
}

fn array_of(vm: &VirtualMachine, m: MatRef<'_, f64>) -> PyObjectRef {
    let (n, k) = (m.nrows(), m.ncols());
    let mut v = Vec::with_capacity(n * k);
    for i in 0..n {
        for j in 0..k {
            v.push(m[(i, j)]);
        }
    }
    PyNdArray::from_array(Array::from_buffer(Buffer::F64(v), &[n, k])).into_pyobject(vm)
}

fn vector_of(vm: &VirtualMachine, v: impl Iterator<Item = f64>) -> PyObjectRef {
    let v: Vec<f64> = v.collect();
    let n = v.len();
    PyNdArray::from_array(Array::from_buffer(Buffer::F64(v), &[n])).into_pyobject(vm)
}

fn square(vm: &VirtualMachine, a: &Mat<f64>) -> PyResult<()> {
    if a.nrows() != a.ncols() {
        return Err(linalg_error(vm, "Last 2 dimensions of the array must be square"));
    }
    Ok(())
}

/// The LU factorization with partial pivoting of a square matrix, or
/// LAPACK's "Singular matrix" when a pivot is exactly zero (getrf's
/// `info > 0`; a NaN pivot is not singular there either).
fn nonsingular_lu(vm: &VirtualMachine, a: &Mat<f64>) -> PyResult<faer::linalg::solvers::PartialPivLu<f64>> {
    let lu = a.partial_piv_lu();
    let u = lu.U();
    if (0..u.nrows()).any(|i| u[(i, i)] == 0.0) {
        return Err(linalg_error(vm, "Singular matrix"));
    }
    Ok(lu)
}

/// The sign of a permutation, from its cycle count.
fn permutation_sign(forward: &[usize]) -> f64 {
    let mut seen = vec![false; forward.len()];
    let mut sign = 1.0;
    for start in 0..forward.len() {
        let mut len = 0;
        let mut k = start;
        while !seen[k] {
            seen[k] = true;
            k = forward[k];
            len += 1;
        }
        if len > 0 && len % 2 == 0 {
            sign = -sign;
        }
    }
    sign
}

#[rustpython_vm::pymodule(name = "numpy._linalg_native")]
pub mod linalg_native {
    use super::*;

    /// `solve(a, b)` for a 2-D `b` (the Python layer reshapes vectors).
    #[pyfunction]
    fn solve(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let b = matrix(vm, &b)?;
        if b.nrows() != a.nrows() {
            return Err(vm.new_value_error(format!(
                "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m,n)->(m,n) (size {} is different from {})",
                b.nrows(),
                a.nrows()
            )));
        }
        let lu = nonsingular_lu(vm, &a)?;
        Ok(array_of(vm, lu.solve(&b).as_ref()))
    }

    #[pyfunction]
    fn inv(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let lu = nonsingular_lu(vm, &a)?;
        Ok(array_of(vm, lu.inverse().as_ref()))
    }

    /// `(sign, log|det|)` from the LU factorization with partial pivoting,
    /// accumulated along U's diagonal as NumPy does (its `det` is
    /// `sign * exp(logdet)`).
    #[pyfunction]
    fn slogdet(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<(f64, f64)> {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let n = a.nrows();
        if n == 0 {
            return Ok((1.0, 0.0));
        }
        let lu = a.partial_piv_lu();
        let u = lu.U();
        let mut sign = permutation_sign(lu.P().arrays().0);
        let mut logdet = 0.0;
        for i in 0..n {
            let d = u[(i, i)];
            if d == 0.0 || d.is_nan() {
                return Ok((if d.is_nan() { f64::NAN } else { 0.0 }, if d.is_nan() { f64::NAN } else { f64::NEG_INFINITY }));
            }
            if d < 0.0 {
                sign = -sign;
            }
            logdet += d.abs().ln();
        }
        Ok((sign, logdet))
    }

    /// Thin SVD: `(u, s, vt)` with singular values in descending order.
    #[pyfunction]
    fn svd(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        let svd = a.thin_svd().map_err(|_| linalg_error(vm, "SVD did not converge"))?;
        let s = vector_of(vm, svd.S().column_vector().iter().copied());
        let vt = svd.V().transpose();
        Ok(vm.ctx.new_tuple(vec![array_of(vm, svd.U()), s, array_of(vm, vt)]).into())
    }

    /// The singular values alone, descending (no vectors are computed).
    #[pyfunction]
    fn singular_values(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        let s = a.singular_values().map_err(|_| linalg_error(vm, "SVD did not converge"))?;
        Ok(vector_of(vm, s.into_iter()))
    }

    /// Least squares by the thin SVD, as gelsd solves it: `(x, s, rank)`
    /// for a 2-D `b`, singular values at most `rcond * s[0]` taken as zero.
    #[pyfunction]
    fn lstsq(a: PyObjectRef, b: PyObjectRef, rcond: f64, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        let b = matrix(vm, &b)?;
        let svd = a.thin_svd().map_err(|_| linalg_error(vm, "SVD did not converge in Linear Least Squares"))?;
        let s: Vec<f64> = svd.S().column_vector().iter().copied().collect();
        let cutoff = rcond * s.first().copied().unwrap_or(0.0);
        let mut c = svd.U().transpose() * b.as_ref();
        for (i, &si) in s.iter().enumerate() {
            let f = if si > cutoff { 1.0 / si } else { 0.0 };
            for j in 0..c.ncols() {
                c[(i, j)] *= f;
            }
        }
        let x = svd.V() * c.as_ref();
        let rank = s.iter().filter(|&&v| v > cutoff).count();
        Ok(vm.ctx.new_tuple(vec![array_of(vm, x.as_ref()), vector_of(vm, s.into_iter()), vm.ctx.new_int(rank).into()]).into())
    }

    /// Reduced QR: `(q, r)`.
    #[pyfunction]
    fn qr(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        let qr = a.qr();
        let q = qr.compute_thin_Q();
        Ok(vm.ctx.new_tuple(vec![array_of(vm, q.as_ref()), array_of(vm, qr.thin_R())]).into())
    }

    /// Lower Cholesky factor (the lower triangle of the input is used).
    #[pyfunction]
    fn cholesky(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        match a.llt(Side::Lower) {
            Ok(c) => Ok(array_of(vm, c.L())),
            Err(_) => Err(linalg_error(vm, "Matrix is not positive definite")),
        }
    }

    /// Symmetric eigendecomposition (lower triangle used): ascending
    /// eigenvalues and the eigenvectors as columns.
    #[pyfunction]
    fn eigh(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let e = a
            .self_adjoint_eigen(Side::Lower)
            .map_err(|_| linalg_error(vm, "Eigenvalues did not converge"))?;
        let w = vector_of(vm, e.S().column_vector().iter().copied());
        Ok(vm.ctx.new_tuple(vec![w, array_of(vm, e.U())]).into())
    }

    /// Eigenvalues of a general matrix: `(real, imag)` parts.
    #[pyfunction]
    fn eigvals(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let ev = a.eigenvalues().map_err(|_| linalg_error(vm, "Eigenvalues did not converge"))?;
        let re = vector_of(vm, ev.iter().map(|c| c.re));
        let im = vector_of(vm, ev.iter().map(|c| c.im));
        Ok(vm.ctx.new_tuple(vec![re, im]).into())
    }

    /// Eigenvalues and right eigenvectors of a general matrix: `(wr, wi,
    /// vr, vi)`, the parts of the eigenvalues and of the eigenvectors (as
    /// columns), each eigenvector scaled as LAPACK's geev scales them:
    /// unit norm, largest component real.
    #[pyfunction]
    fn eig(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let _threads = Parallelism::for_matrix(&a);
        square(vm, &a)?;
        let n = a.nrows();
        let e = a.eigen().map_err(|_| linalg_error(vm, "Eigenvalues did not converge"))?;
        let (s, u) = (e.S().column_vector(), e.U());
        let mut vr = Mat::<f64>::zeros(n, n);
        let mut vi = Mat::<f64>::zeros(n, n);
        for k in 0..n {
            let col = u.col(k);
            let norm = col.iter().map(|c| c.norm_sqr()).sum::<f64>().sqrt();
            let big = (0..n).max_by(|&x, &y| col[x].norm().total_cmp(&col[y].norm())).unwrap_or(0);
            let top = col[big].norm();
            let phase = if top > 0.0 { col[big].conj() / top } else { faer::c64::new(1.0, 0.0) };
            let scale = if norm > 0.0 { norm } else { 1.0 };
            for j in 0..n {
                let c = col[j] * phase / scale;
                vr[(j, k)] = c.re;
                vi[(j, k)] = if j == big { 0.0 } else { c.im };
            }
        }
        let wr = vector_of(vm, s.iter().map(|c| c.re));
        let wi = vector_of(vm, s.iter().map(|c| c.im));
        Ok(vm.ctx.new_tuple(vec![wr, wi, array_of(vm, vr.as_ref()), array_of(vm, vi.as_ref())]).into())
    }
}

/// Builds the native module (attached to `numpy` as `_linalg_native`).
pub fn make_module(vm: &VirtualMachine) -> PyResult<rustpython_vm::PyRef<rustpython_vm::builtins::PyModule>> {
    use rustpython_vm::AsObject;
    let def = linalg_native::module_def(&vm.ctx);
    let m = def.create_module(vm)?;
    m.__init_methods(vm)?;
    linalg_native::module_exec(vm, &m)?;
    m.as_object().set_attr("LinAlgError", linalg_error_type(vm), vm)?;
    Ok(m)
}
