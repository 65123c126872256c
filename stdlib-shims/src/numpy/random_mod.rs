//! `numpy.random`: `default_rng(seed)` and its Generator's `random`,
//! `integers`, `normal` and `uniform`, bit-exact with NumPy (the algorithms
//! live in `crate::numpy::random`). Random arrays are generated eagerly, in order.

use crate::numpy::args::{bind, given, unsupported};
use crate::numpy::convert::{self, parse_dtype};
use crate::numpy::ndarray::PyNdArray;
use crate::numpy::random::{int_seed_words, Generator, Mt19937, SeedSequence};
use crate::numpy::scalar;
use hipy_lazy::{Array, Buffer, DType, Scalar};
use rustpython_vm::builtins::{PyInt, PyList, PyModule, PyStr, PyTuple};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{GetAttr, PyComparisonOp};
use rustpython_vm::{pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

#[pyclass(module = "numpy.random", name = "Generator")]
#[derive(PyPayload)]
pub struct PyGenerator {
    inner: PyMutex<Generator>,
}

impl std::fmt::Debug for PyGenerator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Generator(PCG64)")
    }
}

/// `size=`: None (one value) or a shape.
fn size_arg(vm: &VirtualMachine, size: &Option<PyObjectRef>) -> PyResult<Option<Vec<usize>>> {
    match given(size, vm) {
        None => Ok(None),
        Some(s) => Ok(Some(convert::shape_of(vm, &s)?)),
    }
}

fn array_obj(vm: &VirtualMachine, buffer: Buffer, shape: &[usize]) -> PyObjectRef {
    PyNdArray::from_array(Array::from_buffer(buffer, shape)).into_pyobject(vm)
}

fn random_error(vm: &VirtualMachine, e: crate::numpy::random::RandomError) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_value_error(e.to_string())
}

fn int_value(vm: &VirtualMachine, obj: &PyObject) -> PyResult<i128> {
    let i = obj.try_index(vm)?;
    i.try_to_primitive::<i128>(vm)
}

/// The 32-bit words of a non-negative Python int, lowest first.
fn seed_words(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<u32>> {
    let i = obj.try_index(vm)?;
    if i.as_object().rich_compare_bool(vm.ctx.new_int(0).as_object(), PyComparisonOp::Lt, vm)? {
        return Err(vm.new_value_error("expected non-negative integer"));
    }
    Ok(i.as_bigint().to_u32_digits().1)
}

#[pyclass(with(GetAttr))]
impl PyGenerator {
    #[pymethod]
    fn random(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [size, dtype, out] = bind(vm, "random.Generator.random", args, ["size", "dtype", "out"], 0)?;
        if given(&out, vm).is_some() {
            return Err(unsupported(vm, "random.Generator.random(out=...)"));
        }
        let dtype = match given(&dtype, vm) {
            Some(d) => parse_dtype(vm, &d)?.unwrap_or(DType::Float64),
            None => DType::Float64,
        };
        let mut g = zelf.inner.lock();
        match (size_arg(vm, &size)?, dtype) {
            (None, DType::Float64) => Ok(vm.ctx.new_float(g.random()).into()),
            (None, DType::Float32) => Ok(scalar::from_value(vm, Scalar::F32(g.random_f32()))),
            (Some(shape), DType::Float64) => {
                let mut v = vec![0.0; shape.iter().product()];
                g.fill_random(&mut v);
                Ok(array_obj(vm, Buffer::F64(v), &shape))
            }
            (Some(shape), DType::Float32) => {
                let v: Vec<f32> = (0..shape.iter().product::<usize>()).map(|_| g.random_f32()).collect();
                Ok(array_obj(vm, Buffer::F32(v), &shape))
            }
            (_, other) => Err(vm.new_type_error(format!("Unsupported dtype dtype('{other}') for random"))),
        }
    }

    #[pymethod]
    fn integers(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [low, high, size, dtype, endpoint] =
            bind(vm, "random.Generator.integers", args, ["low", "high", "size", "dtype", "endpoint"], 1)?;
        let low_v = int_value(vm, low.as_ref().unwrap())?;
        let (lo, hi) = match given(&high, vm) {
            Some(h) => (low_v, int_value(vm, &h)?),
            None => (0, low_v),
        };
        let dtype = match given(&dtype, vm) {
            Some(d) => parse_dtype(vm, &d)?.unwrap_or(DType::Int64),
            None => DType::Int64,
        };
        let endpoint = convert::truthy(vm, &endpoint)?;
        let shape = size_arg(vm, &size)?;
        let n: usize = shape.as_ref().map_or(1, |s| s.iter().product());
        let mut g = zelf.inner.lock();
        let buffer = match dtype {
            DType::Int64 => {
                let mut v = vec![0i64; n];
                g.integers_i64(lo, hi, endpoint, &mut v).map_err(|e| random_error(vm, e))?;
                Buffer::I64(v)
            }
            DType::Int32 => {
                let mut v = vec![0i32; n];
                g.integers_i32(lo, hi, endpoint, &mut v).map_err(|e| random_error(vm, e))?;
                Buffer::I32(v)
            }
            other => return Err(unsupported(vm, &format!("random.Generator.integers(dtype={other})"))),
        };
        match shape {
            None => Ok(scalar::from_value(vm, buffer.get(0))),
            Some(s) => Ok(array_obj(vm, buffer, &s)),
        }
    }

    #[pymethod]
    fn normal(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [loc, scale, size] = bind(vm, "random.Generator.normal", args, ["loc", "scale", "size"], 0)?;
        let f = |o: &Option<PyObjectRef>, d: f64| -> PyResult<f64> {
            match given(o, vm) {
                Some(x) => {
                    if x.downcast_ref::<PyNdArray>().is_some() || x.downcast_ref::<PyList>().is_some() {
                        return Err(unsupported(vm, "random.Generator.normal with array loc/scale"));
                    }
                    Ok(x.try_float(vm)?.to_f64())
                }
                None => Ok(d),
            }
        };
        let (loc, scale) = (f(&loc, 0.0)?, f(&scale, 1.0)?);
        let mut g = zelf.inner.lock();
        match size_arg(vm, &size)? {
            None => Ok(vm.ctx.new_float(g.normal(loc, scale).map_err(|e| random_error(vm, e))?).into()),
            Some(shape) => {
                let mut v = vec![0.0; shape.iter().product()];
                g.fill_normal(loc, scale, &mut v).map_err(|e| random_error(vm, e))?;
                Ok(array_obj(vm, Buffer::F64(v), &shape))
            }
        }
    }

    #[pymethod]
    fn standard_normal(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [size] = bind(vm, "random.Generator.standard_normal", args, ["size"], 0)?;
        let mut g = zelf.inner.lock();
        match size_arg(vm, &size)? {
            None => Ok(vm.ctx.new_float(g.standard_normal()).into()),
            Some(shape) => {
                let v: Vec<f64> = (0..shape.iter().product::<usize>()).map(|_| g.standard_normal()).collect();
                Ok(array_obj(vm, Buffer::F64(v), &shape))
            }
        }
    }

    #[pymethod]
    fn shuffle(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        let [x, axis] = bind(vm, "random.Generator.shuffle", args, ["x", "axis"], 1)?;
        if let Some(a) = given(&axis, vm) {
            if int_value(vm, &a)? != 0 {
                return Err(unsupported(vm, "random.Generator.shuffle(axis=...)"));
            }
        }
        let x = x.unwrap();
        if x.downcast_ref::<PyNdArray>().is_some() && int_value(vm, &*x.get_attr("ndim", vm)?)? != 1 {
            return Err(unsupported(vm, "random.Generator.shuffle of a non-1-d array"));
        }
        let n = x.length(vm)?;
        // The swap positions first, so no Python code runs under the lock.
        let js: Vec<usize> = {
            let mut g = zelf.inner.lock();
            (1..n).rev().map(|i| g.interval(i as u64) as usize).collect()
        };
        for (i, j) in (1..n).rev().zip(js) {
            let (xi, xj) = (x.get_item(&i, vm)?, x.get_item(&j, vm)?);
            x.set_item(&i, xj, vm)?;
            x.set_item(&j, xi, vm)?;
        }
        Ok(())
    }

    #[pymethod]
    fn permutation(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [x, axis] = bind(vm, "random.Generator.permutation", args, ["x", "axis"], 1)?;
        if let Some(a) = given(&axis, vm) {
            if int_value(vm, &a)? != 0 {
                return Err(unsupported(vm, "random.Generator.permutation(axis=...)"));
            }
        }
        let x = x.unwrap();
        if x.downcast_ref::<PyInt>().is_some() {
            let n = int_value(vm, &x)?.max(0) as usize;
            let v = zelf.inner.lock().permutation(n);
            return Ok(array_obj(vm, Buffer::I64(v), &[n]));
        }
        let np = vm.import("numpy", 0)?;
        let arr = np.get_attr("asarray", vm)?.call((x,), vm)?;
        if int_value(vm, &*arr.get_attr("ndim", vm)?)? < 1 {
            return Err(vm.new_index_error("x must be an integer or at least 1-dimensional"));
        }
        let n = arr.length(vm)?;
        let v = zelf.inner.lock().permutation(n);
        arr.get_item(&*array_obj(vm, Buffer::I64(v), &[n]), vm)
    }

    #[pymethod]
    fn uniform(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [low, high, size] = bind(vm, "random.Generator.uniform", args, ["low", "high", "size"], 0)?;
        let f = |o: &Option<PyObjectRef>, d: f64| -> PyResult<f64> {
            match given(o, vm) {
                Some(x) => Ok(x.try_float(vm)?.to_f64()),
                None => Ok(d),
            }
        };
        let (lo, hi) = (f(&low, 0.0)?, f(&high, 1.0)?);
        let range = hi - lo;
        if !range.is_finite() {
            return Err(vm.new_overflow_error("high - low range exceeds valid bounds"));
        }
        let mut g = zelf.inner.lock();
        match size_arg(vm, &size)? {
            None => Ok(vm.ctx.new_float(lo + range * g.random()).into()),
            Some(shape) => {
                let v: Vec<f64> = (0..shape.iter().product::<usize>()).map(|_| lo + range * g.random()).collect();
                Ok(array_obj(vm, Buffer::F64(v), &shape))
            }
        }
    }
}

/// The MT19937 stream behind the legacy `np.random` functions and
/// `RandomState`; `numpy/pylib/random_legacy.py` gives them NumPy's API.
#[pyclass(module = "numpy.random", name = "_MT19937")]
#[derive(PyPayload)]
pub struct PyMt19937 {
    inner: PyMutex<Mt19937>,
}

impl std::fmt::Debug for PyMt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MT19937")
    }
}

fn mt_from_seed(vm: &VirtualMachine, seed: &PyObject) -> PyResult<Mt19937> {
    if vm.is_none(seed) {
        let mut words = [0u32; 4];
        let g = Generator::from_os_entropy();
        let mut g = g;
        let mut buf = [0i64; 4];
        g.integers_i64(0, 1 << 32, false, &mut buf).map_err(|e| random_error(vm, e))?;
        for (w, b) in words.iter_mut().zip(buf) {
            *w = b as u32;
        }
        return Ok(Mt19937::from_words(&words));
    }
    if seed.downcast_ref::<PyInt>().is_some() || seed.downcast_ref::<scalar::PyNpScalar>().is_some() {
        let v = int_value(vm, seed)?;
        if !(0..=0xffff_ffff).contains(&v) {
            return Err(vm.new_value_error("Seed must be between 0 and 2**32 - 1"));
        }
        return Ok(Mt19937::new(v as u32));
    }
    let items = crate::numpy::functions::sequence_items(vm, seed)?;
    let mut words = Vec::with_capacity(items.len());
    for it in &items {
        let v = int_value(vm, it)?;
        if !(0..=0xffff_ffff).contains(&v) {
            return Err(vm.new_value_error("Seed values must be between 0 and 2**32 - 1"));
        }
        words.push(v as u32);
    }
    if words.is_empty() {
        return Err(vm.new_value_error("Seed must be non-empty"));
    }
    Ok(Mt19937::from_words(&words))
}

#[pyclass]
impl PyMt19937 {
    #[pymethod]
    fn seed(zelf: &Py<Self>, seed: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        *zelf.inner.lock() = mt_from_seed(vm, &seed)?;
        Ok(())
    }

    /// `n` doubles in [0, 1).
    #[pymethod]
    fn doubles(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock();
        let v: Vec<f64> = (0..n).map(|_| g.next_f64()).collect();
        array_obj(vm, Buffer::F64(v), &[n])
    }

    /// `n` legacy standard normals.
    #[pymethod]
    fn gauss(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock();
        let v: Vec<f64> = (0..n).map(|_| g.gauss()).collect();
        array_obj(vm, Buffer::F64(v), &[n])
    }

    /// `n` integers `off + [0, rng]` (the legacy `randint`).
    #[pymethod]
    fn bounded(zelf: &Py<Self>, off: PyObjectRef, rng: PyObjectRef, n: usize, vm: &VirtualMachine) -> PyResult {
        let off = int_value(vm, &off)? as i64;
        let rng = int_value(vm, &rng)? as u64;
        let mut g = zelf.inner.lock();
        let v: Vec<i64> = (0..n).map(|_| g.bounded(off, rng)).collect();
        Ok(array_obj(vm, Buffer::I64(v), &[n]))
    }

    /// `n` integers `off + [0, rng]` for an 8- or 16-bit dtype.
    #[pymethod]
    fn bounded_narrow(zelf: &Py<Self>, off: PyObjectRef, rng: PyObjectRef, n: usize, bits: u32, vm: &VirtualMachine) -> PyResult {
        let off = int_value(vm, &off)? as i64;
        let rng = int_value(vm, &rng)? as u64;
        let v = zelf.inner.lock().bounded_narrow(off, rng, n, bits);
        Ok(array_obj(vm, Buffer::I64(v), &[n]))
    }

    /// One integer in [0, max] (`shuffle`'s draws).
    #[pymethod]
    fn interval(zelf: &Py<Self>, max: PyObjectRef, vm: &VirtualMachine) -> PyResult<u64> {
        let max = int_value(vm, &max)? as u64;
        Ok(zelf.inner.lock().interval(max))
    }
}

impl GetAttr for PyGenerator {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        match zelf.as_object().generic_getattr_opt(name, None, vm)? {
            Some(v) => Ok(v),
            None if name.to_string_lossy().starts_with("__") => {
                Err(vm.new_no_attribute_error(zelf.to_owned().into(), name.to_owned()))
            }
            None => Err(unsupported(vm, &format!("random.Generator.{}", name.to_string_lossy()))),
        }
    }
}

fn default_rng(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let [seed] = bind(vm, "random.default_rng", args, ["seed"], 0)?;
    let g = match given(&seed, vm) {
        None => Generator::from_os_entropy(),
        Some(s) => {
            if s.downcast_ref::<PyGenerator>().is_some() {
                return Ok(s);
            }
            if s.downcast_ref::<PyInt>().is_some() && s.downcast_ref::<rustpython_vm::builtins::PyBool>().is_none() {
                Generator::from_seed_words(&seed_words(vm, &s)?)
            } else if s.downcast_ref::<PyList>().is_some() || s.downcast_ref::<PyTuple>().is_some() {
                let items: Vec<PyObjectRef> = match s.downcast_ref::<PyList>() {
                    Some(l) => l.borrow_vec().to_vec(),
                    None => s.downcast_ref::<PyTuple>().unwrap().as_slice().to_vec(),
                };
                let mut words = Vec::new();
                for it in &items {
                    words.extend(int_seed_words(&seed_words(vm, it)?));
                }
                Generator::from_seed_sequence(&SeedSequence::new(&words))
            } else {
                return Err(unsupported(vm, &format!("random.default_rng with a {} seed", s.class().name())));
            }
        }
    };
    Ok(PyGenerator { inner: PyMutex::new(g) }.into_pyobject(vm))
}

#[rustpython_vm::pymodule(name = "numpy.random")]
pub mod random_module {
    use super::*;

    #[pyfunction(name = "default_rng")]
    fn default_rng_fn(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        default_rng(args, vm)
    }

    #[pyfunction(name = "_mt19937")]
    fn mt19937_fn(seed: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        Ok(PyMt19937 { inner: PyMutex::new(mt_from_seed(vm, &seed)?) }.into_pyobject(vm))
    }

    #[pyfunction]
    fn __getattr__(name: rustpython_vm::builtins::PyStrRef, vm: &VirtualMachine) -> PyResult {
        let n = name.to_string_lossy();
        if n.starts_with("__") && n.ends_with("__") {
            return Err(vm.new_attribute_error(format!("module 'numpy.random' has no attribute '{n}'")));
        }
        let random = vm.sys_module.get_attr("modules", vm)?.get_item("numpy.random", vm)?;
        if let Some(v) = crate::numpy::pylib::lazy_random_attr(vm, &random, &n)? {
            return Ok(v);
        }
        if crate::numpy::public_names::has("numpy.random", &n) {
            return Err(unsupported(vm, &format!("random.{n}")));
        }
        Err(vm.new_attribute_error(format!("module 'numpy.random' has no attribute '{n}'")))
    }
}

/// Builds the `numpy.random` module object (attached to `numpy` at import).
pub fn make_module(vm: &VirtualMachine) -> PyResult<PyRef<PyModule>> {
    let def = random_module::module_def(&vm.ctx);
    let m = def.create_module(vm)?;
    m.__init_methods(vm)?;
    random_module::module_exec(vm, &m)?;
    m.as_object().set_attr("Generator", PyGenerator::class(&vm.ctx).to_owned(), vm)?;
    m.as_object().set_attr("_MT19937", PyMt19937::class(&vm.ctx).to_owned(), vm)?;
    Ok(m)
}
