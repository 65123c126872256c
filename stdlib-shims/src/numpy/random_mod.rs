//! `numpy.random`: `default_rng(seed)` and its Generator, bit-exact with
//! NumPy (the algorithms live in `crate::numpy::random`). Random arrays are
//! generated eagerly, in order. `random`, `integers`, `normal`,
//! `standard_normal`, `uniform`, `shuffle`, `permutation` and `spawn` are
//! native methods; the other Generator methods are Python functions in
//! `numpy/pylib/random_generator.py` (argument checks, broadcasting),
//! bound on lookup, that draw through the `_fill`-style primitives here.

use crate::numpy::args::{bind, given, unsupported};
use crate::numpy::convert::{self, parse_dtype};
use crate::numpy::ndarray::PyNdArray;
use crate::numpy::random::{int_seed_words, BitGen, FloatDist, Generator, IntDist, Mt19937, Pcg64Dxsm, Philox, Sfc64};
use std::sync::Arc;
use crate::numpy::scalar;
use hipy_lazy::{Array, Buffer, DType, Scalar};
use rustpython_vm::builtins::{PyInt, PyList, PyModule, PyStr, PyTuple};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::builtins::{PyStrRef, PyType};
use rustpython_vm::types::{Constructor, GetAttr, PyComparisonOp, Representable};
use rustpython_vm::{pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

#[pyclass(module = "numpy.random", name = "Generator")]
#[derive(PyPayload)]
pub struct PyGenerator {
    /// Shared with the generators made by `Generator(rng.bit_generator)`.
    inner: Arc<PyMutex<Generator>>,
    /// The `SeedSequence` of the Python bit generator it was made from
    /// (shared like `inner`), for `bit_generator.seed_seq` and `spawn`
    /// after that object is gone.
    seed_seq: Arc<PyMutex<Option<PyObjectRef>>>,
}

impl PyGenerator {
    fn new(g: Generator) -> Self {
        PyGenerator { inner: Arc::new(PyMutex::new(g)), seed_seq: Arc::new(PyMutex::new(None)) }
    }
}

/// `Generator(bit_generator)`: a generator drawing from the same stream as
/// the `PCG64` object `bit_generator` (pylib's wrapper of a generator).
impl PyGenerator {
    /// Another Generator object over the same stream.
    fn shared(&self) -> Self {
        PyGenerator { inner: self.inner.clone(), seed_seq: self.seed_seq.clone() }
    }
}

impl Constructor for PyGenerator {
    type Args = FuncArgs;

    fn py_new(_cls: &Py<PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
        let [bit_generator] = bind(vm, "random.Generator", args, ["bit_generator"], 1)?;
        let bg = bit_generator.unwrap();
        let inner = bg.get_attr("_rng", vm).ok().and_then(|r| r.downcast_ref::<PyGenerator>().map(|g| g.shared()));
        match inner {
            Some(g) => Ok(g),
            None => Err(unsupported(vm, &format!("random.Generator over a {}", bg.class().name()))),
        }
    }
}

/// A `_fill` parameter: one value, or one per draw.
enum Param {
    One(f64),
    Each(Vec<f64>),
}

impl Param {
    fn of(vm: &VirtualMachine, obj: &PyObject, n: usize) -> PyResult<Param> {
        match obj.downcast_ref::<PyNdArray>() {
            Some(a) => {
                if a.dtype() != DType::Float64 {
                    return Err(vm.new_type_error("_fill: parameter arrays must be float64"));
                }
                let v = a.array().to_vec::<f64>();
                if v.len() != n {
                    return Err(vm.new_value_error("_fill: a parameter array must have one value per draw"));
                }
                Ok(Param::Each(v))
            }
            None => Ok(Param::One(obj.try_float(vm)?.to_f64())),
        }
    }

    fn at(&self, i: usize) -> f64 {
        match self {
            Param::One(x) => *x,
            Param::Each(v) => v[i],
        }
    }
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

#[pyclass(with(GetAttr, Constructor, Representable))]
impl PyGenerator {
    /// `_fill(name, params, n)`: `n` draws of the distribution named like
    /// the Generator method, as a 1-d float64 (int64 for counts) array.
    /// Each parameter is a float or a float64 array of `n` values (checked
    /// and broadcast by the caller).
    #[pymethod]
    fn _fill(zelf: &Py<Self>, name: PyStrRef, params: Vec<PyObjectRef>, n: usize, vm: &VirtualMachine) -> PyResult {
        let name = name.to_string_lossy();
        let params: Vec<Param> = params.iter().map(|p| Param::of(vm, p, n)).collect::<PyResult<_>>()?;
        let mut p = vec![0.0; params.len()];
        let mut g = zelf.inner.lock();
        if let Some((dist, k)) = FloatDist::by_name(&name) {
            if k != params.len() {
                return Err(vm.new_type_error(format!("_fill: {name} takes {k} parameters")));
            }
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                for (slot, param) in p.iter_mut().zip(&params) {
                    *slot = param.at(i);
                }
                out.push(g.sample_float(dist, &p));
            }
            return Ok(array_obj(vm, Buffer::F64(out), &[n]));
        }
        if let Some((dist, k)) = IntDist::by_name(&name) {
            if k != params.len() {
                return Err(vm.new_type_error(format!("_fill: {name} takes {k} parameters")));
            }
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                for (slot, param) in p.iter_mut().zip(&params) {
                    *slot = param.at(i);
                }
                out.push(g.sample_int(dist, &p));
            }
            return Ok(array_obj(vm, Buffer::I64(out), &[n]));
        }
        Err(vm.new_value_error(format!("_fill: no distribution {name}")))
    }

    /// The indices of `choice(pop, size, replace=False, shuffle=...)`
    /// without `p`, as a 1-d int64 array.
    #[pymethod]
    fn _choice_indices(zelf: &Py<Self>, pop: u64, size: u64, shuffle: bool, vm: &VirtualMachine) -> PyObjectRef {
        let v = zelf.inner.lock().choice_without_replacement(pop, size, shuffle);
        let n = v.len();
        array_obj(vm, Buffer::I64(v), &[n])
    }

    /// `count` permutations of `range(n)`, as a (count, n) int64 array.
    #[pymethod]
    fn _permutations(zelf: &Py<Self>, n: usize, count: usize, vm: &VirtualMachine) -> PyObjectRef {
        let v = zelf.inner.lock().permutations(n, count);
        array_obj(vm, Buffer::I64(v), &[count, n])
    }

    /// One integer in [0, max] by masked rejection (NumPy's `random_interval`).
    #[pymethod]
    fn _interval(zelf: &Py<Self>, max: u64) -> u64 {
        zelf.inner.lock().interval(max)
    }

    /// `n` raw 64-bit draws (`bit_generator.random_raw`), as uint64.
    #[pymethod]
    fn _raw(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock();
        let v: Vec<u64> = (0..n).map(|_| g.next_raw()).collect();
        array_obj(vm, Buffer::U64(v), &[n])
    }

    /// `n` 32-bit draws (`bytes`' words), as uint32.
    #[pymethod]
    fn _raw32(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock();
        let v: Vec<u32> = (0..n).map(|_| g.next_u32()).collect();
        array_obj(vm, Buffer::U32(v), &[n])
    }

    /// The bit generator's state: for PCG64 and PCG64DXSM `(state, inc,
    /// has_uint32, uinteger)`, the 128-bit values as (high, low) halves;
    /// for Philox `(counter, key, buffer, buffer_pos, has_uint32,
    /// uinteger)`; for SFC64 `(state, has_uint32, uinteger)`.
    #[pymethod]
    fn _get_state(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let g = zelf.inner.lock();
        let halves = |x: u128| vm.new_tuple(((x >> 64) as u64, x as u64));
        let list = |w: &[u64]| vm.ctx.new_list(w.iter().map(|&x| vm.ctx.new_int(x).into()).collect());
        match g.bit_generator() {
            BitGen::Pcg64(p) => {
                let (state, inc) = p.state();
                let pending = p.pending_u32();
                vm.new_tuple((halves(state), halves(inc), pending.is_some(), pending.unwrap_or(0))).into()
            }
            BitGen::Pcg64Dxsm(p) => {
                let (state, inc) = p.state();
                let pending = p.pending_u32();
                vm.new_tuple((halves(state), halves(inc), pending.is_some(), pending.unwrap_or(0))).into()
            }
            BitGen::Philox(p, u) => vm
                .new_tuple((list(&p.counter), list(&p.key), list(&p.buffer), p.buffer_pos, u.is_some(), u.unwrap_or(0)))
                .into(),
            BitGen::Sfc64(p, u) => vm.new_tuple((list(&p.s), u.is_some(), u.unwrap_or(0))).into(),
            BitGen::Mt19937(_) => vm.ctx.none(),
        }
    }

    /// An identity of the shared stream (for finding its bit generator).
    #[pymethod]
    fn _key(zelf: &Py<Self>) -> usize {
        Arc::as_ptr(&zelf.inner) as *const u8 as usize
    }

    /// The legacy MT19937 object of an MT19937 stream (sharing it).
    #[pymethod]
    fn _mt_shared(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        match zelf.inner.lock().bit_generator() {
            BitGen::Mt19937(m) => Ok(PyMt19937 { inner: m.clone() }.into_pyobject(vm)),
            _ => Err(vm.new_value_error("_mt_shared: not an MT19937 stream")),
        }
    }

    #[pymethod]
    fn _set_seed_seq(zelf: &Py<Self>, seq: PyObjectRef) {
        *zelf.seed_seq.lock() = Some(seq);
    }

    #[pymethod]
    fn _get_seed_seq(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        zelf.seed_seq.lock().clone().unwrap_or_else(|| vm.ctx.none())
    }

    /// The bit generator's class name.
    #[pymethod]
    fn _kind(zelf: &Py<Self>) -> &'static str {
        match zelf.inner.lock().bit_generator() {
            BitGen::Pcg64(_) => "PCG64",
            BitGen::Pcg64Dxsm(_) => "PCG64DXSM",
            BitGen::Mt19937(_) => "MT19937",
            BitGen::Philox(..) => "Philox",
            BitGen::Sfc64(..) => "SFC64",
        }
    }

    /// Sets PCG64's (or PCG64DXSM's) state; the 128-bit values come as
    /// 64-bit halves.
    #[pymethod]
    fn _set_state(zelf: &Py<Self>, state_hi: u64, state_lo: u64, inc_hi: u64, inc_lo: u64, has: bool, uinteger: u32) {
        let join = |hi: u64, lo: u64| (hi as u128) << 64 | lo as u128;
        let mut g = zelf.inner.lock();
        let (s, i, p) = (join(state_hi, state_lo), join(inc_hi, inc_lo), has.then_some(uinteger));
        match g.bit_generator_mut() {
            BitGen::Pcg64(b) => b.set_state(s, i, p),
            BitGen::Pcg64Dxsm(b) => b.set_state(s, i, p),
            _ => {}
        }
    }

    /// Sets Philox's state.
    #[pymethod]
    fn _set_philox(zelf: &Py<Self>, counter: Vec<u64>, key: Vec<u64>, buffer: Vec<u64>, pos: usize, has: bool, uinteger: u32, vm: &VirtualMachine) -> PyResult<()> {
        let (Ok(c), Ok(k), Ok(b)) = (<[u64; 4]>::try_from(counter), <[u64; 2]>::try_from(key), <[u64; 4]>::try_from(buffer)) else {
            return Err(vm.new_value_error("Philox state: counter, key and buffer must have 4, 2 and 4 words"));
        };
        let mut p = Philox::new(c, k);
        p.buffer = b;
        p.buffer_pos = pos.min(4);
        *zelf.inner.lock().bit_generator_mut() = BitGen::Philox(p, has.then_some(uinteger));
        Ok(())
    }

    /// Sets SFC64's state.
    #[pymethod]
    fn _set_sfc64(zelf: &Py<Self>, state: Vec<u64>, has: bool, uinteger: u32, vm: &VirtualMachine) -> PyResult<()> {
        let Ok(s) = <[u64; 4]>::try_from(state) else {
            return Err(vm.new_value_error("SFC64 state must have 4 words"));
        };
        *zelf.inner.lock().bit_generator_mut() = BitGen::Sfc64(Sfc64 { s }, has.then_some(uinteger));
        Ok(())
    }

    /// `advance(delta)`: PCG64/PCG64DXSM by a 128-bit delta (as halves),
    /// Philox by a 256-bit one (`lo` the low word, `hi` the next; `more`
    /// the two high words).
    #[pymethod]
    fn _advance(zelf: &Py<Self>, hi: u64, lo: u64, more: Vec<u64>) {
        let d = (hi as u128) << 64 | lo as u128;
        let mut g = zelf.inner.lock();
        match g.bit_generator_mut() {
            BitGen::Pcg64(b) => b.advance(d),
            BitGen::Pcg64Dxsm(b) => b.advance(d),
            BitGen::Philox(p, u) => {
                p.add_counter([lo, hi, more.first().copied().unwrap_or(0), more.get(1).copied().unwrap_or(0)]);
                p.buffer = [0; 4];
                p.buffer_pos = 4;
                *u = None;
            }
            _ => {}
        }
    }

    /// `spawn(n_children)`: new generators from child seed sequences.
    #[pymethod]
    fn spawn(zelf: &Py<Self>, n_children: PyObjectRef, vm: &VirtualMachine) -> PyResult<Vec<PyObjectRef>> {
        let n = int_value(vm, &n_children)?.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        if !zelf.inner.lock().is_pcg64() || zelf.seed_seq.lock().as_ref().is_some_and(|s| !vm.is_none(s)) {
            // Through its bit generator's seed sequence (pylib).
            let f = crate::numpy::pylib::generator_method(vm, "_spawn_bitgen")?.expect("random_generator.py's _spawn_bitgen");
            let kids = f.call((zelf.to_owned(), n_children), vm)?;
            return kids.try_into_value(vm);
        }
        let children = zelf.inner.lock().spawn(n).ok_or_else(|| vm.new_overflow_error("can't convert negative value to uint32_t"))?;
        Ok(children.into_iter().map(|g| PyGenerator::new(g).into_pyobject(vm)).collect())
    }

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
        if is_array_arg(&loc) || is_array_arg(&scale) {
            return broadcast_method(zelf, "_normal_broadcast", [loc, scale, size], [0.0, 1.0], vm);
        }
        let f = |o: &Option<PyObjectRef>, d: f64| -> PyResult<f64> {
            match given(o, vm) {
                Some(x) => Ok(x.try_float(vm)?.to_f64()),
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
        if is_array_arg(&low) || is_array_arg(&high) {
            return broadcast_method(zelf, "_uniform_broadcast", [low, high, size], [0.0, 1.0], vm);
        }
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

/// Whether a parameter is array-like (the native methods take scalars).
fn is_array_arg(o: &Option<PyObjectRef>) -> bool {
    o.as_ref().is_some_and(|x| {
        x.downcast_ref::<PyNdArray>().is_some() || x.downcast_ref::<PyList>().is_some() || x.downcast_ref::<PyTuple>().is_some()
    })
}

/// Calls pylib's `random_generator.<name>(rng, a, b, size)` for array
/// parameters, with the defaults for missing ones.
fn broadcast_method(
    zelf: &Py<PyGenerator>,
    name: &str,
    [a, b, size]: [Option<PyObjectRef>; 3],
    defaults: [f64; 2],
    vm: &VirtualMachine,
) -> PyResult {
    let f = crate::numpy::pylib::generator_method(vm, name)?.expect("a pylib generator method");
    let or = |o: Option<PyObjectRef>, d: f64| o.unwrap_or_else(|| vm.ctx.new_float(d).into());
    let size = size.unwrap_or_else(|| vm.ctx.none());
    f.call((zelf.to_owned(), or(a, defaults[0]), or(b, defaults[1]), size), vm)
}

/// The MT19937 stream behind the legacy `np.random` functions and
/// `RandomState`; `numpy/pylib/random_legacy.py` gives them NumPy's API.
#[pyclass(module = "numpy.random", name = "_MT19937")]
#[derive(PyPayload)]
pub struct PyMt19937 {
    /// Shared with the generators made by `Generator(MT19937(...))`.
    inner: Arc<std::sync::Mutex<Mt19937>>,
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
        *zelf.inner.lock().unwrap() = mt_from_seed(vm, &seed)?;
        Ok(())
    }

    /// `n` doubles in [0, 1).
    #[pymethod]
    fn doubles(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock().unwrap();
        let v: Vec<f64> = (0..n).map(|_| g.next_f64()).collect();
        array_obj(vm, Buffer::F64(v), &[n])
    }

    /// `n` legacy standard normals.
    #[pymethod]
    fn gauss(zelf: &Py<Self>, n: usize, vm: &VirtualMachine) -> PyObjectRef {
        let mut g = zelf.inner.lock().unwrap();
        let v: Vec<f64> = (0..n).map(|_| g.gauss()).collect();
        array_obj(vm, Buffer::F64(v), &[n])
    }

    /// `n` integers `off + [0, rng]` (the legacy `randint`).
    #[pymethod]
    fn bounded(zelf: &Py<Self>, off: PyObjectRef, rng: PyObjectRef, n: usize, vm: &VirtualMachine) -> PyResult {
        let off = int_value(vm, &off)? as i64;
        let rng = int_value(vm, &rng)? as u64;
        let mut g = zelf.inner.lock().unwrap();
        let v = g.bounded_many(off, rng, n);
        Ok(array_obj(vm, Buffer::I64(v), &[n]))
    }

    /// `n` integers `off + [0, rng]` for an 8- or 16-bit dtype.
    #[pymethod]
    fn bounded_narrow(zelf: &Py<Self>, off: PyObjectRef, rng: PyObjectRef, n: usize, bits: u32, vm: &VirtualMachine) -> PyResult {
        let off = int_value(vm, &off)? as i64;
        let rng = int_value(vm, &rng)? as u64;
        let v = zelf.inner.lock().unwrap().bounded_narrow(off, rng, n, bits);
        Ok(array_obj(vm, Buffer::I64(v), &[n]))
    }

    /// `(key, pos, has_gauss, gauss)` (`get_state()`).
    #[pymethod]
    fn get_state(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let g = zelf.inner.lock().unwrap();
        let (key, pos, gauss) = g.state();
        let key: Vec<u32> = key.to_vec();
        let n = key.len();
        let key = array_obj(vm, Buffer::U32(key), &[n]);
        vm.new_tuple((key, pos, gauss.is_some() as u8, gauss.unwrap_or(0.0))).into()
    }

    #[pymethod]
    fn set_state(zelf: &Py<Self>, key: Vec<u32>, pos: usize, has_gauss: bool, gauss: f64, vm: &VirtualMachine) -> PyResult<()> {
        zelf.inner
            .lock()
            .unwrap()
            .set_state(&key, pos, has_gauss.then_some(gauss))
            .ok_or_else(|| vm.new_value_error("state must be 624 32-bit words and a position up to 624"))
    }

    /// One integer in [0, max] (`shuffle`'s draws).
    #[pymethod]
    fn interval(zelf: &Py<Self>, max: PyObjectRef, vm: &VirtualMachine) -> PyResult<u64> {
        let max = int_value(vm, &max)? as u64;
        Ok(zelf.inner.lock().unwrap().interval(max))
    }
}

/// NumPy's `Generator(PCG64) at 0x7F...`.
impl Representable for PyGenerator {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("Generator({}) at 0x{:X}", PyGenerator::_kind(zelf), zelf.as_object() as *const PyObject as usize))
    }
}

impl GetAttr for PyGenerator {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        match zelf.as_object().generic_getattr_opt(name, None, vm)? {
            Some(v) => Ok(v),
            None if name.to_string_lossy().starts_with("__") => {
                Err(vm.new_no_attribute_error(zelf.to_owned().into(), name.to_owned()))
            }
            None => {
                let n = name.to_string_lossy();
                // A function binds to the generator; a property reads it.
                match crate::numpy::pylib::generator_method(vm, &n)? {
                    Some(f) => vm.call_method(&f, "__get__", (zelf.to_owned(), zelf.class().to_owned())),
                    None => Err(unsupported(vm, &format!("random.Generator.{n}"))),
                }
            }
        }
    }
}

fn default_rng(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let [seed] = bind(vm, "random.default_rng", args, ["seed"], 0)?;
    // An int or list seed, for `bit_generator.seed_seq` (pylib makes the
    // SeedSequence from it when asked).
    let mut entropy: Option<PyObjectRef> = None;
    let g = match given(&seed, vm) {
        None => Generator::from_os_entropy(),
        Some(s) => {
            if s.downcast_ref::<PyGenerator>().is_some() {
                return Ok(s);
            }
            if s.downcast_ref::<PyInt>().is_some() && s.downcast_ref::<rustpython_vm::builtins::PyBool>().is_none() {
                entropy = Some(s.clone());
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
                entropy = Some(s.clone());
                Generator::from_entropy(words)
            } else if let Ok(parts) = s.get_attr("_hipy_seed_parts", vm) {
                // A `SeedSequence` (pylib/random_generator.py): its entropy
                // words, spawn key and children spawned.
                let t = parts.call((), vm)?;
                let Some(t) = t.downcast_ref::<PyTuple>().filter(|t| t.as_slice().len() == 3) else {
                    return Err(vm.new_type_error("_hipy_seed_parts must return (entropy, spawn_key, children)"));
                };
                let s = t.as_slice();
                let entropy: Vec<u32> = s[0].clone().try_into_value(vm)?;
                let key: Vec<u64> = s[1].clone().try_into_value(vm)?;
                let children: u64 = s[2].clone().try_into_value(vm)?;
                Generator::from_seed_parts(entropy, key, children)
            } else if let Some(g) = s.get_attr("_rng", vm).ok().and_then(|r| r.downcast::<PyGenerator>().ok()) {
                // A `PCG64` bit generator: a Generator over its stream.
                return Ok(g.shared().into_pyobject(vm));
            } else {
                return Err(unsupported(vm, &format!("random.default_rng with a {} seed", s.class().name())));
            }
        }
    };
    let g = PyGenerator::new(g);
    if let Some(e) = entropy {
        *g.seed_seq.lock() = Some(vm.new_tuple((vm.ctx.new_str("entropy"), e)).into());
    }
    Ok(g.into_pyobject(vm))
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
        Ok(PyMt19937 { inner: Arc::new(std::sync::Mutex::new(mt_from_seed(vm, &seed)?)) }.into_pyobject(vm))
    }

    /// A Generator over a new bit generator from its seed words:
    /// "PCG64DXSM" (4 words, `SeedSequence.generate_state(4, np.uint64)`),
    /// "SFC64" (3), "Philox" (counter 4 words then key 2).
    #[pyfunction]
    fn _bitgen(kind: PyStrRef, words: Vec<u64>, vm: &VirtualMachine) -> PyResult {
        let bits = match (&*kind.to_string_lossy(), words.len()) {
            ("PCG64DXSM", 4) => BitGen::Pcg64Dxsm(Pcg64Dxsm::from_words(&words)),
            ("SFC64", 3) => BitGen::Sfc64(Sfc64::from_words(&words), None),
            ("Philox", 6) => BitGen::Philox(Philox::new([words[0], words[1], words[2], words[3]], [words[4], words[5]]), None),
            (k, n) => return Err(vm.new_value_error(format!("_bitgen: no bit generator {k} from {n} words"))),
        };
        Ok(PyGenerator::new(Generator::from_bitgen(bits)).into_pyobject(vm))
    }

    /// A Generator drawing from a legacy MT19937 stream (shared).
    #[pyfunction]
    fn _bitgen_mt(mt: PyRef<PyMt19937>, vm: &VirtualMachine) -> PyResult {
        Ok(PyGenerator::new(Generator::from_bitgen(BitGen::Mt19937(mt.inner.clone()))).into_pyobject(vm))
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
