//! The native side of complex arrays and `numpy.fft`.
//!
//! hipy's complex arrays (`pylib/complex.py`) hold their real and
//! imaginary parts as two float arrays of the lazy graph, so complex
//! arithmetic is float arithmetic on the parts and fuses like it. What
//! cannot be composed from float ops lives here: the FFT (on rustfft, a
//! forcing point like NumPy's pocketfft call), and NumPy's exact printing
//! of complex arrays and scalars (the `format` module's
//! `ComplexFloatingFormat`). The hooks at the end send numpy's native entry
//! points (`np.array`, operators) to `complex.py` when they meet complex
//! values.

use crate::numpy::convert::node_of;
use crate::numpy::format::{self, ArrayView, Data};
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::graph::BinaryOp;
use hipy_lazy::{runtime, Array, Buffer, DType};
use rustpython_vm::builtins::{PyComplex, PyStr, PyType};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// The elements of an array argument in C order, as float64.
fn f64_parts(vm: &VirtualMachine, obj: &PyObject) -> PyResult<(Vec<f64>, Vec<usize>)> {
    let node = node_of(vm, obj)?;
    let a = runtime::force(&runtime::settle(node));
    let a = if a.dtype() == DType::Float64 { a } else { cast_f64(&a) };
    Ok((a.to_vec::<f64>(), a.shape().to_vec()))
}

fn cast_f64(a: &Array) -> Array {
    let v: Vec<f64> = (0..a.size()).map(|i| a.get_flat(i).cast(DType::Float64).as_f64()).collect();
    Array::from_buffer(Buffer::F64(v), a.shape())
}

fn f64_array(vm: &VirtualMachine, v: Vec<f64>, shape: &[usize]) -> PyObjectRef {
    PyNdArray::from_array(Array::from_buffer(Buffer::F64(v), shape)).into_pyobject(vm)
}

#[rustpython_vm::pymodule(name = "numpy._complex_native")]
pub(crate) mod complex_native {
    use super::*;
    use rustfft::num_complex::Complex;
    use rustfft::FftPlanner;

    /// `fft(re, im, inverse)`: the unnormalized discrete Fourier transform
    /// (inverse: with exp(+2πi jk/n)) of each run along the last axis.
    /// Returns the float64 parts `(re, im)` in the input's shape.
    #[pyfunction]
    fn fft(re: PyObjectRef, im: PyObjectRef, inverse: bool, vm: &VirtualMachine) -> PyResult {
        let (re, shape) = f64_parts(vm, &re)?;
        let (im, shape_im) = f64_parts(vm, &im)?;
        if shape != shape_im || shape.is_empty() {
            return Err(vm.new_value_error("fft needs real and imaginary parts of one shape, at least 1-d"));
        }
        let n = *shape.last().unwrap();
        let mut data: Vec<Complex<f64>> = re.iter().zip(&im).map(|(&r, &i)| Complex::new(r, i)).collect();
        if n > 0 && !data.is_empty() {
            let mut planner = FftPlanner::<f64>::new();
            let plan = if inverse { planner.plan_fft_inverse(n) } else { planner.plan_fft_forward(n) };
            plan.process(&mut data);
        }
        let out_re = data.iter().map(|c| c.re).collect();
        let out_im = data.iter().map(|c| c.im).collect();
        Ok(vm.ctx.new_tuple(vec![f64_array(vm, out_re, &shape), f64_array(vm, out_im, &shape)]).into())
    }

    /// `array_text(re, im, single, mode)`: NumPy's `repr` (mode 0) or `str`
    /// (mode 1) of the complex array with these parts; `single` for
    /// complex64 (the parts are float32 values).
    #[pyfunction]
    fn array_text(re: PyObjectRef, im: PyObjectRef, single: bool, mode: i32, vm: &VirtualMachine) -> PyResult<String> {
        let (re, shape) = f64_parts(vm, &re)?;
        let (im, shape_im) = f64_parts(vm, &im)?;
        if shape != shape_im {
            return Err(vm.new_value_error("complex array parts of different shapes"));
        }
        let out = if single {
            let re32: Vec<f32> = re.iter().map(|&v| v as f32).collect();
            let im32: Vec<f32> = im.iter().map(|&v| v as f32).collect();
            render(Data::Complex64(&re32, &im32), &shape, mode)
        } else {
            render(Data::Complex128(&re, &im), &shape, mode)
        };
        out.map_err(|e| vm.new_value_error(e.to_string()))
    }

    /// `scalar_text(re, im, single, mode)`: `repr` (mode 0) or `str` (mode 1) of
    /// a complex128 (or, `single`, complex64) scalar.
    #[pyfunction]
    fn scalar_text(re: f64, im: f64, single: bool, mode: i32) -> String {
        let x = if single { format::Scalar::Complex64(re as f32, im as f32) } else { format::Scalar::Complex128(re, im) };
        if mode == 0 {
            format::scalar_repr(x)
        } else {
            format::scalar_str(x)
        }
    }

    fn render(data: Data, shape: &[usize], mode: i32) -> Result<String, format::ViewError> {
        let view = ArrayView::new(data, shape)?;
        Ok(if mode == 0 { format::array_repr(&view) } else { format::array_str(&view) })
    }
}

/// Builds the native module (attached to `numpy` as `_complex_native`).
pub fn make_module(vm: &VirtualMachine) -> PyResult<rustpython_vm::PyRef<rustpython_vm::builtins::PyModule>> {
    let def = complex_native::module_def(&vm.ctx);
    let m = def.create_module(vm)?;
    m.__init_methods(vm)?;
    complex_native::module_exec(vm, &m)?;
    Ok(m)
}

/// Whether `obj` is a hipy complex array or a Python complex (or a numpy
/// complex scalar, which subclasses it).
fn is_complex_value(vm: &VirtualMachine, obj: &PyObject) -> bool {
    obj.downcast_ref::<PyComplex>().is_some()
        || obj.fast_isinstance(vm.ctx.types.complex_type)
        || obj.class().get_attr(vm.ctx.intern_str("_hipy_complex")).is_some()
}

/// Whether a nested list/tuple (or the object itself) holds a complex value.
pub fn holds_complex(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::nested_any(obj, &|x| is_complex_value(vm, x))
}

/// Whether a `dtype=` argument names a complex type (`complex`,
/// `"complex128"`, `"c8"`, `np.complex64`, a complex dtype object).
pub fn is_complex_dtype(vm: &VirtualMachine, obj: &PyObject) -> bool {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        let name = s.to_string_lossy();
        let name = name.trim_start_matches(['<', '=', '|']);
        return matches!(name, "complex" | "complex64" | "complex128" | "c8" | "c16" | "F" | "D" | "csingle" | "cdouble" | "complex_");
    }
    if let Some(t) = obj.downcast_ref::<PyType>() {
        return t.is(vm.ctx.types.complex_type) || t.get_attr(vm.ctx.intern_str("_hipy_complex")).is_some();
    }
    obj.class().get_attr(vm.ctx.intern_str("_hipy_complex_dtype")).is_some()
}

fn complex_module(vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    crate::numpy::pylib::module(vm, "complex.py")
}

/// `np.array(obj, dtype)` / `np.asarray` for complex data or a complex dtype.
pub fn array(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult {
    let f = complex_module(vm)?.get_attr("_array", vm)?;
    f.call((obj.to_owned(), dtype.unwrap_or_else(|| vm.ctx.none())), vm)
}

/// `a op b` where an operand is complex and numpy's native ops declined it;
/// `None` when neither operand is complex (the caller returns
/// NotImplemented).
pub fn binary(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: BinaryOp) -> PyResult<Option<PyObjectRef>> {
    if !is_complex_value(vm, a) && !is_complex_value(vm, b) {
        return Ok(None);
    }
    let f = complex_module(vm)?.get_attr("_native_binary", vm)?;
    f.call((format!("{op:?}"), a.to_owned(), b.to_owned()), vm).map(Some)
}
