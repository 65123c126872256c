//! The native kernels behind `numpy.linalg` (float64), on nalgebra's
//! decompositions: LU with partial pivoting (solve, inv, det), Householder
//! QR, Cholesky, the SVD and the symmetric eigensolver. `numpy.linalg`
//! itself (`pylib/linalg.py`) is Python over these and the array ops.
//!
//! Each takes and returns whole arrays: a decomposition needs its whole
//! input, so it is a forcing point of the lazy graph, like NumPy's LAPACK
//! calls are a barrier for any fusion.

use crate::numpy::convert::node_of;
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType};
use nalgebra::DMatrix;
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
fn matrix(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<DMatrix<f64>> {
    let node = node_of(vm, obj)?;
    if node.ndim() != 2 {
        return Err(linalg_error(
            vm,
            &format!("{}-dimensional array given. Array must be two-dimensional", node.ndim()),
        ));
    }
    let a = runtime::force(&runtime::settle(node));
    let (n, m) = (a.shape()[0], a.shape()[1]);
    let mut out = DMatrix::<f64>::zeros(n, m);
    for i in 0..n {
        for j in 0..m {
            out[(i, j)] = a.get_flat(i * m + j).cast(DType::Float64).as_f64();
        }
    }
    Ok(out)
}

fn array_of(vm: &VirtualMachine, m: &DMatrix<f64>) -> PyObjectRef {
    let (n, k) = m.shape();
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

fn square(vm: &VirtualMachine, a: &DMatrix<f64>) -> PyResult<()> {
    if a.nrows() != a.ncols() {
        return Err(linalg_error(vm, "Last 2 dimensions of the array must be square"));
    }
    Ok(())
}

#[rustpython_vm::pymodule(name = "numpy._linalg_native")]
pub mod linalg_native {
    use super::*;

    /// `solve(a, b)` for a 2-D `b` (the Python layer reshapes vectors).
    #[pyfunction]
    fn solve(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        let b = matrix(vm, &b)?;
        let lu = a.lu();
        match lu.solve(&b) {
            Some(x) if lu.is_invertible() => Ok(array_of(vm, &x)),
            _ => Err(linalg_error(vm, "Singular matrix")),
        }
    }

    #[pyfunction]
    fn inv(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        match a.lu().try_inverse() {
            Some(x) => Ok(array_of(vm, &x)),
            None => Err(linalg_error(vm, "Singular matrix")),
        }
    }

    #[pyfunction]
    fn det(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<f64> {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        if a.nrows() == 0 {
            return Ok(1.0);
        }
        Ok(a.lu().determinant())
    }

    /// `(sign, log|det|)` from the LU factorization with partial pivoting,
    /// accumulated along U's diagonal as NumPy does (its `det` is
    /// `sign * exp(logdet)`).
    #[pyfunction]
    fn slogdet(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<(f64, f64)> {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        let n = a.nrows();
        if n == 0 {
            return Ok((1.0, 0.0));
        }
        let lu = a.lu();
        let u = lu.u();
        let mut sign: f64 = lu.p().determinant();
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
        let svd = nalgebra::linalg::SVD::try_new(a, true, true, f64::EPSILON, 0)
            .ok_or_else(|| linalg_error(vm, "SVD did not converge"))?;
        let mut svd = svd;
        svd.sort_by_singular_values();
        let u = svd.u.as_ref().expect("computed");
        let vt = svd.v_t.as_ref().expect("computed");
        let s = vector_of(vm, svd.singular_values.iter().copied());
        Ok(vm.ctx.new_tuple(vec![array_of(vm, u), s, array_of(vm, vt)]).into())
    }

    /// Reduced QR: `(q, r)`.
    #[pyfunction]
    fn qr(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        let qr = a.qr();
        Ok(vm.ctx.new_tuple(vec![array_of(vm, &qr.q()), array_of(vm, &qr.r())]).into())
    }

    /// Lower Cholesky factor.
    #[pyfunction]
    fn cholesky(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        match a.cholesky() {
            Some(c) => Ok(array_of(vm, &c.l())),
            None => Err(linalg_error(vm, "Matrix is not positive definite")),
        }
    }

    /// Symmetric eigendecomposition (lower triangle used): ascending
    /// eigenvalues and the eigenvectors as columns.
    #[pyfunction]
    fn eigh(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        let n = a.nrows();
        let mut sym = a.clone();
        for i in 0..n {
            for j in i + 1..n {
                sym[(i, j)] = a[(j, i)];
            }
        }
        let e = sym.symmetric_eigen();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&x, &y| e.eigenvalues[x].total_cmp(&e.eigenvalues[y]));
        let w = vector_of(vm, order.iter().map(|&k| e.eigenvalues[k]));
        let mut v = DMatrix::<f64>::zeros(n, n);
        for (c, &k) in order.iter().enumerate() {
            v.set_column(c, &e.eigenvectors.column(k));
        }
        Ok(vm.ctx.new_tuple(vec![w, array_of(vm, &v)]).into())
    }

    /// Eigenvalues of a general matrix: `(real, imag)` parts.
    #[pyfunction]
    fn eigvals(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        let ev = a.complex_eigenvalues();
        let re = vector_of(vm, ev.iter().map(|c| c.re));
        let im = vector_of(vm, ev.iter().map(|c| c.im));
        Ok(vm.ctx.new_tuple(vec![re, im]).into())
    }

    /// Eigenvalues and right eigenvectors of a general matrix: `(wr, wi,
    /// vr, vi)`, the parts of the eigenvalues and of the eigenvectors (as
    /// columns). Each eigenvector spans the null space of `A - λI` (the
    /// right singular vector of its smallest singular value), scaled as
    /// LAPACK's geev scales them: unit norm, largest component real.
    #[pyfunction]
    fn eig(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        use nalgebra::Complex;
        let a = matrix(vm, &a)?;
        square(vm, &a)?;
        let n = a.nrows();
        let ev = a.complex_eigenvalues();
        let ac = a.map(|x| Complex::new(x, 0.0));
        let mut vr = DMatrix::<f64>::zeros(n, n);
        let mut vi = DMatrix::<f64>::zeros(n, n);
        for (k, &lambda) in ev.iter().enumerate() {
            let mut m = ac.clone();
            for i in 0..n {
                m[(i, i)] -= lambda;
            }
            let svd = m.svd(false, true);
            let v_t = svd.v_t.expect("v_t was requested");
            let smallest = (0..n)
                .min_by(|&x, &y| svd.singular_values[x].total_cmp(&svd.singular_values[y]))
                .unwrap_or(0);
            let mut v: Vec<Complex<f64>> = (0..n).map(|j| v_t[(smallest, j)].conj()).collect();
            let norm = v.iter().map(|c| c.norm_sqr()).sum::<f64>().sqrt();
            let big = (0..n).max_by(|&x, &y| v[x].norm().total_cmp(&v[y].norm())).unwrap_or(0);
            let phase = if v[big].norm() > 0.0 { v[big].conj() / v[big].norm() } else { Complex::new(1.0, 0.0) };
            for c in v.iter_mut() {
                *c = *c * phase / norm;
            }
            v[big].im = 0.0;
            for j in 0..n {
                vr[(j, k)] = v[j].re;
                vi[(j, k)] = v[j].im;
            }
        }
        let wr = vector_of(vm, ev.iter().map(|c| c.re));
        let wi = vector_of(vm, ev.iter().map(|c| c.im));
        Ok(vm.ctx.new_tuple(vec![wr, wi, array_of(vm, &vr), array_of(vm, &vi)]).into())
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
