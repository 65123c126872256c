//! The `numpy` module: creation functions, ufuncs, reductions, shape and
//! sorting functions. Each builds graph nodes (see `hipy_lazy`); nothing
//! here computes array data itself.

use crate::numpy::args::{bind, given, unsupported, OrRaise};
use crate::numpy::convert::{self, node_of, wrap, wrap_array};
use crate::numpy::functions::*;
use crate::numpy::ndarray::{new_shape, PyNdArray};
use crate::numpy::ops;
use crate::numpy::reductions;
use hipy_lazy::graph::{self, BinaryOp, CumOp, UnaryOp};
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType, Node, NodeRef, ReduceOp, Scalar};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

#[rustpython_vm::pymodule(name = "numpy")]
pub mod numpy {
    use super::*;
    use crate::numpy::args::axis_error_type;
    use crate::numpy::dtype_obj::PyDType;
    use crate::numpy::scalar;
    use rustpython_vm::builtins::{PyModule, PyStrRef};
    use rustpython_vm::Py;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        {
            use rustpython_vm::class::PyClassImpl;
            let _ = PyNdArray::make_static_type();
            let _ = PyDType::make_static_type();
            let _ = scalar::PyNpScalar::make_static_type();
            let _ = crate::numpy::random_mod::PyGenerator::make_static_type();
            let _ = crate::numpy::random_mod::PyMt19937::make_static_type();
        }
        __module_exec(vm, module);
        let m = module.as_object();
        m.set_attr("ndarray", PyNdArray::class(&vm.ctx).to_owned(), vm)?;
        m.set_attr("dtype", PyDType::class(&vm.ctx).to_owned(), vm)?;
        m.set_attr("generic", scalar::PyNpScalar::class(&vm.ctx).to_owned(), vm)?;
        for (name, d) in [
            ("float64", DType::Float64),
            ("double", DType::Float64),
            ("float32", DType::Float32),
            ("single", DType::Float32),
            ("int64", DType::Int64),
            ("int_", DType::Int64),
            ("intp", DType::Int64),
            ("int32", DType::Int32),
            ("bool_", DType::Bool),
            ("bool", DType::Bool),
            ("int8", DType::Int8),
            ("byte", DType::Int8),
            ("int16", DType::Int16),
            ("short", DType::Int16),
            ("intc", DType::Int32),
            ("long", DType::Int64),
            ("longlong", DType::Int64),
            ("uint8", DType::UInt8),
            ("ubyte", DType::UInt8),
            ("uint16", DType::UInt16),
            ("ushort", DType::UInt16),
            ("uint32", DType::UInt32),
            ("uintc", DType::UInt32),
            ("uint64", DType::UInt64),
            ("uint", DType::UInt64),
            ("uintp", DType::UInt64),
            ("ulong", DType::UInt64),
            ("ulonglong", DType::UInt64),
            ("float16", DType::Float16),
            ("half", DType::Float16),
        ] {
            m.set_attr(name, scalar::scalar_type(vm, d), vm)?;
        }
        m.set_attr("pi", vm.ctx.new_float(std::f64::consts::PI), vm)?;
        m.set_attr("e", vm.ctx.new_float(std::f64::consts::E), vm)?;
        m.set_attr("inf", vm.ctx.new_float(f64::INFINITY), vm)?;
        m.set_attr("nan", vm.ctx.new_float(f64::NAN), vm)?;
        m.set_attr("newaxis", vm.ctx.none(), vm)?;
        // numpy.exceptions.AxisError
        let exceptions = vm.new_module("numpy.exceptions", vm.ctx.new_dict(), None);
        exceptions.as_object().set_attr("AxisError", axis_error_type(vm), vm)?;
        m.set_attr("exceptions", exceptions.clone(), vm)?;
        // numpy.random, importable as a submodule too.
        let random = crate::numpy::random_mod::make_module(vm)?;
        m.set_attr("random", random.clone(), vm)?;
        let modules = vm.sys_module.get_attr("modules", vm)?;
        modules.set_item("numpy.random", random.into(), vm)?;
        modules.set_item("numpy.exceptions", exceptions.into(), vm)?;
        m.set_attr("_linalg_native", crate::numpy::linalg_native::make_module(vm)?, vm)?;
        m.set_attr("_complex_native", crate::numpy::complex_native::make_module(vm)?, vm)?;
        m.set_attr("_strings_native", crate::numpy::strings_native::make_module(vm)?, vm)?;
        crate::numpy::pylib::install(vm, module)?;
        Ok(())
    }

    /// Unknown names: NumPy features hipy does not have (NotImplementedError)
    /// or names NumPy 2 does not have either (its AttributeError).
    #[pyfunction]
    fn __getattr__(name: PyStrRef, vm: &VirtualMachine) -> PyResult {
        let n = name.to_string_lossy();
        if n.starts_with("__") && n.ends_with("__") {
            return Err(vm.new_attribute_error(format!("module 'numpy' has no attribute '{n}'")));
        }
        if let Some(v) = crate::numpy::pylib::lazy_attr(vm, &n)? {
            return Ok(v);
        }
        if crate::numpy::public_names::has("numpy", &n) {
            return Err(unsupported(vm, &n));
        }
        Err(vm.new_attribute_error(crate::numpy::public_names::numpy_missing_message(&n)))
    }

    /// `_format_float(x, bits, positional, unique, precision, min_digits,
    /// fractional, trim, sign, pad_left, pad_right, exp_digits)`: NumPy's
    /// Dragon4 text of `x` as a float of `bits` bits (16, 32 or 64; `x` is
    /// that float's value as a Python float), the backend of
    /// `format_float_positional` / `format_float_scientific`
    /// (`pylib/format_float.py` checks the arguments; -1 is "not given").
    #[pyfunction]
    fn _format_float(args: FuncArgs, vm: &VirtualMachine) -> PyResult<String> {
        use crate::numpy::format::dragon4::{self as d4, Positional, Scientific, Trim};
        let a = &args.args;
        if a.len() != 12 || !args.kwargs.is_empty() {
            return Err(vm.new_type_error("_format_float takes 12 positional arguments"));
        }
        let int = |i: usize| -> PyResult<i32> { a[i].clone().try_into_value::<i32>(vm) };
        let flag = |i: usize| -> PyResult<bool> { a[i].clone().try_to_bool(vm) };
        let x: f64 = a[0].clone().try_into_value(vm)?;
        let d = match int(1)? {
            16 => d4::decompose_f16(crate::numpy::format::f16::from_f64(x)),
            32 => d4::decompose_f32(x as f32),
            _ => d4::decompose_f64(x),
        };
        let trim = match &*a[7].str(vm)?.to_string_lossy() {
            "k" => Trim::Keep,
            "." => Trim::Zeros,
            "0" => Trim::LeaveOneZero,
            _ => Trim::DotAndZeros,
        };
        let exact = !flag(3)?;
        let (precision, min_digits, sign_plus, pad_left) = (int(4)?, int(5)?, flag(8)?, int(9)?);
        Ok(if flag(2)? {
            let o = Positional { precision, min_digits, fractional: flag(6)?, trim, sign_plus, pad_left, pad_right: int(10)? };
            d4::positional_mode(d, &o, exact)
        } else {
            let o = Scientific { precision, min_digits, trim, sign_plus, pad_left, exp_digits: int(11)? };
            d4::scientific_mode(d, &o, exact)
        })
    }

    /// `_print_options()` -> (precision, suppress, threshold, edgeitems,
    /// linewidth); with those five arguments, sets them.
    /// `sliding_window_view` along one axis: a view whose new last axis
    /// steps through `window` neighbours of `axis` (windows overlap in
    /// memory, as NumPy's do).
    /// `_ctypes_pin(a)` -> the address of `a`'s first element: see `pin`.
    #[pyfunction]
    fn _ctypes_pin(a: rustpython_vm::PyRef<PyNdArray>) -> usize {
        crate::numpy::pin::pin(&a)
    }

    /// `_memory_of(a)` -> (storage id, offset of `a`'s first element, its
    /// strides), in elements: two arrays share memory only if their storage
    /// ids are equal (`may_share_memory`, `shares_memory`). Computes a
    /// pending array, as reading its memory does.
    #[pyfunction]
    fn _memory_of(a: rustpython_vm::PyRef<PyNdArray>, vm: &VirtualMachine) -> PyObjectRef {
        let (storage, layout) = a.stored();
        let strides = layout.strides.iter().map(|&s| vm.ctx.new_int(s).into()).collect();
        let id = vm.ctx.new_int(std::sync::Arc::as_ptr(&storage) as usize).into();
        vm.ctx.new_tuple(vec![id, vm.ctx.new_int(layout.offset).into(), vm.ctx.new_tuple(strides).into()]).into()
    }

    /// `_ctypes_view(address, shape, dtype)`: the array over pinned memory.
    #[pyfunction]
    fn _ctypes_view(addr: usize, shape: Vec<usize>, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let dtype = convert::parse_dtype(vm, &dtype)?.unwrap_or(DType::Float64);
        crate::numpy::pin::view_at(vm, addr, &shape, dtype)
    }

    #[pyfunction]
    fn _window_view(a: rustpython_vm::PyRef<PyNdArray>, axis: usize, window: usize, vm: &VirtualMachine) -> PyResult {
        let shape = a.shape();
        if axis >= shape.len() || window == 0 || window > shape[axis] {
            return Err(vm.new_value_error("window shape cannot be larger than input array shape"));
        }
        let v = a
            .derive_view(|l| {
                let mut out = l.clone();
                out.shape[axis] = l.shape[axis] + 1 - window;
                out.shape.push(window);
                out.strides.push(l.strides[axis]);
                Ok(out)
            })
            .or_raise(vm)?;
        Ok(v.into_pyobject(vm))
    }

    #[pyfunction]
    fn _print_options(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        use crate::numpy::format::options;
        if args.args.len() == 5 {
            let n = |k: usize| -> PyResult<usize> { Ok(convert::index_of(vm, &args.args[k])?.max(0) as usize) };
            options::set(n(0)?, args.args[1].clone().try_to_bool(vm)?, n(2)?, n(3)?, n(4)?);
            return Ok(vm.ctx.none());
        }
        let (p, s, t, e, l) = options::get();
        Ok(vm
            .ctx
            .new_tuple(vec![
                vm.ctx.new_int(p).into(),
                vm.ctx.new_bool(s).into(),
                vm.ctx.new_int(t).into(),
                vm.ctx.new_int(e).into(),
                vm.ctx.new_int(l).into(),
            ])
            .into())
    }

    /// `_bincount(x, weights, n)`: counts (or weight sums, in data order)
    /// of the int64 values of `x`, all in 0..n (checked by the caller).
    #[pyfunction]
    fn _bincount(x: PyObjectRef, weights: PyObjectRef, n: usize, vm: &VirtualMachine) -> PyResult {
        let xa = runtime::force(&runtime::settle(node_of(vm, &x)?));
        let idx = xa.to_vec::<i64>();
        let out = if vm.is_none(&weights) {
            let mut counts = vec![0i64; n];
            for &k in &idx {
                counts[k as usize] += 1;
            }
            Buffer::I64(counts)
        } else {
            let wa = runtime::force(&runtime::settle(node_of(vm, &weights)?));
            let w = wa.to_vec::<f64>();
            let mut sums = vec![0.0f64; n];
            for (&k, &v) in idx.iter().zip(&w) {
                sums[k as usize] += v;
            }
            Buffer::F64(sums)
        };
        Ok(PyNdArray::from_array(Array::from_buffer(out, &[n])).into_pyobject(vm))
    }

    /// `_convolve_f64(a, v, lo, hi)`: entries `lo..hi` of the full
    /// convolution of float64 `a` and `v`, each a sum over `v` in order of
    /// rounded products (the order of `convolve`'s Python form).
    #[pyfunction]
    fn _convolve_f64(a: PyObjectRef, v: PyObjectRef, lo: usize, hi: usize, vm: &VirtualMachine) -> PyResult {
        let a = runtime::force(&runtime::settle(node_of(vm, &a)?)).to_vec::<f64>();
        let v = runtime::force(&runtime::settle(node_of(vm, &v)?)).to_vec::<f64>();
        let out = convolve_f64(&a, &v, lo, hi);
        let n = out.len();
        Ok(PyNdArray::from_array(Array::from_buffer(Buffer::F64(out), &[n])).into_pyobject(vm))
    }

    /// `np.searchsorted`: one key is looked up natively (`searchsorted_one`),
    /// everything else by the general version in search.py.
    #[pyfunction]
    fn searchsorted(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "searchsorted", &args, &["a", "v"])? {
            return Ok(r);
        }
        if let Some(p) = crate::numpy::functions::searchsorted_one(vm, &args) {
            return Ok(p);
        }
        crate::numpy::pylib::module(vm, "search.py")?.get_attr("searchsorted", vm)?.call(args, vm)
    }

    /// `_partition(a, kth, axis)`: `a` partitioned along `axis` around
    /// the sorted positions `kth` by selection (the order statistics'
    /// path; `np.partition` itself returns the full sort).
    #[pyfunction]
    fn _partition(a: PyObjectRef, kth: Vec<isize>, axis: isize, vm: &VirtualMachine) -> PyResult {
        let x = node_of(vm, &a)?;
        wrap_array(vm, graph::partition(&x, &kth, axis).or_raise(vm)?)
    }

    /// `_searchsorted(a, v, right)`: insertion points of `v` in the sorted
    /// 1-D `a` (one dtype), an int64 array of `v`'s shape.
    #[pyfunction]
    fn _searchsorted(a: PyObjectRef, v: PyObjectRef, right: bool, vm: &VirtualMachine) -> PyResult {
        searchsorted_impl(vm, &a, &v, right)
    }

    /// `_ufunc_at(a, positions, values, op)`: `np.<op>.at` on the flat
    /// positions of `a`, in place (see `ufunc_at_impl`).
    #[pyfunction]
    fn _ufunc_at(a: rustpython_vm::PyRef<PyNdArray>, positions: PyObjectRef, values: PyObjectRef, op: PyStrRef, vm: &VirtualMachine) -> PyResult<()> {
        ufunc_at_impl(vm, &a, &positions, &values, &op.to_string_lossy())
    }

    /// `_hist_uniform(a, weights, first, last, nb, edges)`: NumPy's
    /// equal-bin histogram of float64 data: bin by scaling, corrected
    /// against the edges; weights summed per block of 65536 elements and
    /// the block sums added up, as NumPy's bincount per block does.
    #[pyfunction]
    fn _hist_uniform(
        a: PyObjectRef,
        weights: PyObjectRef,
        first: f64,
        last: f64,
        nb: usize,
        edges: PyObjectRef,
        vm: &VirtualMachine,
    ) -> PyResult {
        let data = runtime::force(&runtime::settle(node_of(vm, &a)?)).to_vec::<f64>();
        let edges = runtime::force(&runtime::settle(node_of(vm, &edges)?)).to_vec::<f64>();
        let w = if vm.is_none(&weights) {
            None
        } else {
            Some(runtime::force(&runtime::settle(node_of(vm, &weights)?)).to_vec::<f64>())
        };
        let den = last - first;
        let bin = |v: f64| -> Option<usize> {
            if !(v >= first && v <= last) {
                return None;
            }
            let f = ((v - first) / den) * nb as f64;
            let mut i = (f as i64).clamp(0, nb as i64 - 1) as usize;
            if v < edges[i] {
                i = i.saturating_sub(1);
            } else if i != nb - 1 && v >= edges[i + 1] {
                i += 1;
            }
            Some(i)
        };
        let out = match w {
            None => {
                let mut counts = vec![0i64; nb];
                for &v in &data {
                    if let Some(i) = bin(v) {
                        counts[i] += 1;
                    }
                }
                Buffer::I64(counts)
            }
            Some(w) => {
                let mut total = vec![0.0f64; nb];
                let mut block = vec![0.0f64; nb];
                for (chunk, wchunk) in data.chunks(65536).zip(w.chunks(65536)) {
                    block.iter_mut().for_each(|b| *b = 0.0);
                    for (&v, &wv) in chunk.iter().zip(wchunk) {
                        if let Some(i) = bin(v) {
                            block[i] += wv;
                        }
                    }
                    for (t, b) in total.iter_mut().zip(&block) {
                        *t += *b;
                    }
                }
                Buffer::F64(total)
            }
        };
        Ok(PyNdArray::from_array(Array::from_buffer(out, &[nb])).into_pyobject(vm))
    }

    // ---- creation ----

    /// `np.array` / `np.asarray` of complex data or to a complex dtype:
    /// a complex array (`pylib/complex.py`).
    fn complex_array(vm: &VirtualMachine, obj: &PyObjectRef, dtype: Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
        use crate::numpy::complex_native as c;
        if let Some(r) = crate::numpy::strings_native::array(vm, obj, dtype.clone())? {
            return Ok(Some(r));
        }
        let complex_dtype = dtype.as_ref().is_some_and(|d| c::is_complex_dtype(vm, d));
        if complex_dtype || (obj.downcast_ref::<PyNdArray>().is_none() && c::holds_complex(vm, obj)) {
            return c::array(vm, obj, dtype).map(Some);
        }
        Ok(None)
    }

    #[pyfunction]
    fn array(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [object, dtype, copy, order, subok, ndmin] =
            bind(vm, "array", args, ["object", "dtype", "copy", "order", "subok", "ndmin"], 1)?;
        for (name, v) in [("order", &order), ("subok", &subok)] {
            if given(v, vm).is_some() {
                return Err(unsupported(vm, &format!("array({name}=...)")));
            }
        }
        let ndmin = match ndmin {
            Some(n) if n.downcast_ref::<rustpython_vm::builtins::PyFloat>().is_some() => {
                return Err(vm.new_type_error("integer argument expected, got float"));
            }
            Some(n) => n.try_index(vm)?.try_to_primitive::<i64>(vm)?,
            None => 0,
        };
        if ndmin > 64 {
            return Err(vm.new_value_error("ndmin must be <= ndmax (64)"));
        }
        let _ = copy;
        let object = object.unwrap();
        let r = match complex_array(vm, &object, given(&dtype, vm))? {
            Some(r) => r,
            None => {
                let d = match given(&dtype, vm) {
                    Some(d) => convert::parse_dtype(vm, &d)?,
                    None => None,
                };
                match convert::array_from_object(vm, &object, d) {
                    Ok(n) => wrap_array(vm, n)?,
                    Err(e) => crate::numpy::convert::array_after_error(vm, &object, given(&dtype, vm), e)?,
                }
            }
        };
        with_ndmin(vm, r, ndmin)
    }

    /// `a` with length-1 axes in front up to `ndmin` dimensions
    /// (`np.array(..., ndmin=)`).
    fn with_ndmin(vm: &VirtualMachine, a: PyObjectRef, ndmin: i64) -> PyResult {
        let shape_obj = a.get_attr("shape", vm)?;
        let Some(shape) = shape_obj.downcast_ref::<rustpython_vm::builtins::PyTuple>() else {
            return Err(vm.new_type_error("array shape is not a tuple"));
        };
        let shape = shape.as_slice();
        let missing = ndmin - shape.len() as i64;
        if missing <= 0 {
            return Ok(a);
        }
        let one: PyObjectRef = vm.ctx.new_int(1).into();
        let mut new_shape = vec![one; missing as usize];
        new_shape.extend(shape.iter().cloned());
        a.get_attr("reshape", vm)?.call((vm.ctx.new_tuple(new_shape),), vm)
    }

    #[pyfunction]
    fn asarray(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, dtype] = bind(vm, "asarray", args, ["a", "dtype"], 1)?;
        let a = a.unwrap();
        if crate::numpy::strings_native::is_pylib_array(vm, &a) && given(&dtype, vm).is_none() {
            return Ok(a);
        }
        if let Some(r) = complex_array(vm, &a, given(&dtype, vm))? {
            return Ok(r);
        }
        let d = match given(&dtype, vm) {
            Some(d) => convert::parse_dtype(vm, &d)?,
            None => None,
        };
        if let Some(arr) = a.downcast_ref::<PyNdArray>() {
            if d.is_none() || d == Some(arr.dtype()) {
                return Ok(a.clone());
            }
        }
        match convert::array_from_object(vm, &a, d) {
            Ok(n) => wrap_array(vm, n),
            Err(e) => crate::numpy::convert::array_after_error(vm, &a, given(&dtype, vm), e),
        }
    }

    #[pyfunction]
    fn copy(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "copy", &args, &["a"])? {
            return Ok(r);
        }
        let [a] = bind(vm, "copy", args, ["a"], 1)?;
        let n = node_of(vm, a.as_ref().unwrap())?;
        wrap_array(vm, graph::astype(&n, n.dtype))
    }

    /// `np.zeros` / `ones` / `empty` / `full` of a complex dtype (or with a
    /// complex fill value): a complex array (`pylib/complex.py`).
    fn complex_creation(
        vm: &VirtualMachine,
        kind: &str,
        shape: &Option<PyObjectRef>,
        fill: Option<PyObjectRef>,
        dtype: &Option<PyObjectRef>,
    ) -> PyResult<Option<PyObjectRef>> {
        use crate::numpy::complex_native as c;
        let call = crate::numpy::convert::Creation { kind, shape, fill, dtype: given(dtype, vm) };
        if let Some(r) = crate::numpy::strings_native::creation(vm, &call)? {
            return Ok(Some(r));
        }
        let complex_dtype = call.dtype.as_ref().is_some_and(|d| c::is_complex_dtype(vm, d));
        let complex_fill = call.fill.as_ref().is_some_and(|f| c::holds_complex(vm, f));
        if !complex_dtype && !complex_fill {
            return Ok(None);
        }
        call.make(vm, crate::numpy::pylib::module(vm, "complex.py")?)
    }

    #[pyfunction]
    fn zeros(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [shape, dtype] = bind(vm, "zeros", args, ["shape", "dtype"], 1)?;
        if let Some(r) = complex_creation(vm, "zeros", &shape, None, &dtype)? {
            return Ok(r);
        }
        let d = dtype_arg(vm, &dtype, DType::Float64)?;
        creation(vm, shape.as_ref().unwrap(), Scalar::I64(0).cast(d))
    }

    #[pyfunction]
    fn ones(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [shape, dtype] = bind(vm, "ones", args, ["shape", "dtype"], 1)?;
        if let Some(r) = complex_creation(vm, "ones", &shape, None, &dtype)? {
            return Ok(r);
        }
        let d = dtype_arg(vm, &dtype, DType::Float64)?;
        creation(vm, shape.as_ref().unwrap(), Scalar::I64(1).cast(d))
    }

    #[pyfunction]
    fn empty(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [shape, dtype] = bind(vm, "empty", args, ["shape", "dtype"], 1)?;
        if let Some(r) = complex_creation(vm, "empty", &shape, None, &dtype)? {
            return Ok(r);
        }
        let d = dtype_arg(vm, &dtype, DType::Float64)?;
        creation(vm, shape.as_ref().unwrap(), Scalar::I64(0).cast(d))
    }

    #[pyfunction]
    fn full(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [shape, fill, dtype] = bind(vm, "full", args, ["shape", "fill_value", "dtype"], 2)?;
        if let Some(r) = complex_creation(vm, "full", &shape, fill.clone(), &dtype)? {
            return Ok(r);
        }
        let d = match given(&dtype, vm) {
            Some(d) => convert::parse_dtype(vm, &d)?,
            None => None,
        };
        let v = fill_value(vm, fill.as_ref().unwrap(), d)?;
        creation(vm, shape.as_ref().unwrap(), v)
    }

    fn like(vm: &VirtualMachine, name: &'static str, args: FuncArgs, value: Option<Scalar>) -> PyResult {
        let (a, v, dtype) = if value.is_some() {
            let [a, dtype] = bind(vm, name, args, ["a", "dtype"], 1)?;
            (a, None, dtype)
        } else {
            let [a, fill, dtype] = bind(vm, name, args, ["a", "fill_value", "dtype"], 2)?;
            (a, fill, dtype)
        };
        let (shape, own) = like_shape(vm, a.as_ref().unwrap())?;
        let d = dtype_arg(vm, &dtype, own)?;
        let s = match value {
            Some(s) => s.cast(d),
            None => fill_value(vm, v.as_ref().unwrap(), Some(d))?,
        };
        wrap_array(vm, graph::full(&shape, s))
    }

    #[pyfunction]
    fn zeros_like(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "zeros_like", &args, &["a", "dtype"])? {
            return Ok(r);
        }
        like(vm, "zeros_like", args, Some(Scalar::I64(0)))
    }

    #[pyfunction]
    fn ones_like(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "ones_like", &args, &["a", "dtype"])? {
            return Ok(r);
        }
        like(vm, "ones_like", args, Some(Scalar::I64(1)))
    }

    #[pyfunction]
    fn empty_like(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "empty_like", &args, &["a", "dtype"])? {
            return Ok(r);
        }
        like(vm, "empty_like", args, Some(Scalar::I64(0)))
    }

    #[pyfunction]
    fn full_like(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "full_like", &args, &["a", "fill_value", "dtype"])? {
            return Ok(r);
        }
        like(vm, "full_like", args, None)
    }

    #[pyfunction]
    fn arange(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::datetimes::forward(vm, "arange", &args, &["start", "stop", "step", "dtype"])? {
            return Ok(r);
        }
        wrap_array(vm, arange_node(vm, args)?)
    }

    #[pyfunction]
    fn linspace(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [start, stop, num, endpoint, retstep, dtype] =
            bind(vm, "linspace", args, ["start", "stop", "num", "endpoint", "retstep", "dtype"], 2)?;
        let s = number(vm, start.as_ref().unwrap())?.as_f64();
        let e = number(vm, stop.as_ref().unwrap())?.as_f64();
        let n = match given(&num, vm) {
            Some(n) => convert::index_of(vm, &n)?,
            None => 50,
        };
        if n < 0 {
            return Err(vm.new_value_error(format!("Number of samples, {n}, must be non-negative.")));
        }
        let endpoint = match &endpoint {
            Some(e) => e.clone().try_to_bool(vm)?,
            None => true,
        };
        // NumPy computes in result_type(start, stop, float): float32 when
        // the typed operands are float32 (Python numbers are weak).
        let mut strong = Vec::new();
        for obj in [start.as_ref().unwrap(), stop.as_ref().unwrap()] {
            if convert::weak_of(vm, obj)?.is_none() {
                strong.push(number(vm, obj)?.dtype());
            }
        }
        let in_f32 = strong.contains(&DType::Float32) && strong.iter().all(|d| matches!(d, DType::Float32 | DType::Float16));
        let mut node = if in_f32 {
            let (s32, e32, num) = (s as f32, e as f32, n as usize);
            let div = if endpoint { num as f32 - 1.0 } else { num as f32 };
            let delta = e32 - s32;
            let step = delta / div;
            let mut v: Vec<f32> = (0..num)
                .map(|i| {
                    let y = i as f32;
                    let scaled = if div > 0.0 {
                        if step == 0.0 { (y / div) * delta } else { y * step }
                    } else {
                        y * delta
                    };
                    scaled + s32
                })
                .collect();
            if endpoint && num > 1 {
                v[num - 1] = e32;
            }
            Node::source(Array::from_buffer(Buffer::F32(v), &[num]))
        } else {
            graph::linspace(s, e, n as usize, endpoint)
        };
        if let Some(d) = given(&dtype, vm) {
            if let Some(d) = convert::parse_dtype(vm, &d)? {
                if d.is_int() {
                    node = graph::unary(UnaryOp::Floor, &node).or_raise(vm)?;
                }
                node = graph::astype(&node, d);
            }
        }
        let arr = wrap_array(vm, node)?;
        if convert::truthy(vm, &retstep)? {
            let div = if endpoint { n as f64 - 1.0 } else { n as f64 };
            let step = if div > 0.0 { (e - s) / div } else { f64::NAN };
            return Ok(vm.ctx.new_tuple(vec![arr, scalar::from_value(vm, Scalar::F64(step))]).into());
        }
        Ok(arr)
    }

    #[pyfunction]
    fn eye(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [n, m, k, dtype] = bind(vm, "eye", args, ["N", "M", "k", "dtype"], 1)?;
        let n = convert::index_of(vm, n.as_ref().unwrap())?.max(0) as usize;
        let m = match given(&m, vm) {
            Some(m) => convert::index_of(vm, &m)?.max(0) as usize,
            None => n,
        };
        let k = match given(&k, vm) {
            Some(k) => convert::index_of(vm, &k)?,
            None => 0,
        };
        let d = dtype_arg(vm, &dtype, DType::Float64)?;
        let mut buf = Buffer::zeros(d, n * m);
        for i in 0..n {
            let j = i as isize + k;
            if j >= 0 && (j as usize) < m {
                buf.set(i * m + j as usize, Scalar::I64(1));
            }
        }
        Ok(PyNdArray::from_array(Array::from_buffer(buf, &[n, m])).into_pyobject(vm))
    }

    #[pyfunction]
    fn identity(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [n, dtype] = bind(vm, "identity", args, ["n", "dtype"], 1)?;
        let mut fa = FuncArgs::from(vec![n.unwrap()]);
        if let Some(d) = dtype {
            fa.kwargs.insert("dtype".into(), d);
        }
        eye(fa, vm)
    }

    // ---- ufuncs ----

    #[pyfunction]
    fn add(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Add, "add", args) }
    #[pyfunction]
    fn subtract(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Sub, "subtract", args) }
    #[pyfunction]
    fn multiply(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Mul, "multiply", args) }
    #[pyfunction]
    fn divide(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Div, "divide", args) }
    #[pyfunction]
    fn true_divide(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Div, "true_divide", args) }
    #[pyfunction]
    fn floor_divide(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::FloorDiv, "floor_divide", args) }
    #[pyfunction(name = "mod")]
    fn mod_(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Mod, "mod", args) }
    #[pyfunction]
    fn remainder(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Mod, "remainder", args) }
    #[pyfunction]
    fn maximum(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Maximum, "maximum", args) }
    #[pyfunction]
    fn minimum(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Minimum, "minimum", args) }
    #[pyfunction]
    fn arctan2(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Arctan2, "arctan2", args) }
    #[pyfunction]
    fn hypot(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Hypot, "hypot", args) }
    #[pyfunction]
    fn equal(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Eq, "equal", args) }
    #[pyfunction]
    fn not_equal(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Ne, "not_equal", args) }
    #[pyfunction]
    fn less(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Lt, "less", args) }
    #[pyfunction]
    fn less_equal(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Le, "less_equal", args) }
    #[pyfunction]
    fn greater(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Gt, "greater", args) }
    #[pyfunction]
    fn greater_equal(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Ge, "greater_equal", args) }
    #[pyfunction]
    fn logical_and(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LogicalAnd, "logical_and", args) }
    #[pyfunction]
    fn logical_or(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LogicalOr, "logical_or", args) }

    #[pyfunction]
    fn logical_xor(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LogicalXor, "logical_xor", args) }
    #[pyfunction]
    fn bitwise_and(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::And, "bitwise_and", args) }
    #[pyfunction]
    fn bitwise_or(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Or, "bitwise_or", args) }
    #[pyfunction]
    fn bitwise_xor(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Xor, "bitwise_xor", args) }
    #[pyfunction]
    fn left_shift(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LeftShift, "left_shift", args) }
    #[pyfunction]
    fn right_shift(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::RightShift, "right_shift", args) }
    #[pyfunction]
    fn bitwise_left_shift(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LeftShift, "bitwise_left_shift", args) }
    #[pyfunction]
    fn bitwise_right_shift(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::RightShift, "bitwise_right_shift", args) }
    #[pyfunction]
    fn fmod(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Fmod, "fmod", args) }
    #[pyfunction]
    fn copysign(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::CopySign, "copysign", args) }
    #[pyfunction]
    fn fmax(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Fmax, "fmax", args) }
    #[pyfunction]
    fn fmin(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Fmin, "fmin", args) }
    #[pyfunction]
    fn logaddexp(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LogAddExp, "logaddexp", args) }
    #[pyfunction]
    fn logaddexp2(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::LogAddExp2, "logaddexp2", args) }
    #[pyfunction]
    fn gcd(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Gcd, "gcd", args) }
    #[pyfunction]
    fn lcm(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Lcm, "lcm", args) }
    #[pyfunction]
    fn heaviside(args: FuncArgs, vm: &VirtualMachine) -> PyResult { binary_ufunc(vm, BinaryOp::Heaviside, "heaviside", args) }
    #[pyfunction]
    fn sinh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Sinh, "sinh", args) }
    #[pyfunction]
    fn cosh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Cosh, "cosh", args) }
    #[pyfunction]
    fn tanh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Tanh, "tanh", args) }
    #[pyfunction]
    fn arcsinh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arcsinh, "arcsinh", args) }
    #[pyfunction]
    fn arccosh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arccosh, "arccosh", args) }
    #[pyfunction]
    fn arctanh(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arctanh, "arctanh", args) }
    #[pyfunction]
    fn expm1(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Expm1, "expm1", args) }
    #[pyfunction]
    fn log1p(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Log1p, "log1p", args) }
    #[pyfunction]
    fn exp2(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Exp2, "exp2", args) }
    #[pyfunction]
    fn cbrt(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Cbrt, "cbrt", args) }
    #[pyfunction]
    fn fabs(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Fabs, "fabs", args) }
    #[pyfunction]
    fn signbit(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Signbit, "signbit", args) }
    #[pyfunction]
    fn positive(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Copy, "positive", args) }
    #[pyfunction]
    fn reciprocal(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Reciprocal, "reciprocal", args) }
    #[pyfunction]
    fn invert(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Invert, "invert", args) }
    #[pyfunction]
    fn bitwise_not(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Invert, "bitwise_not", args) }
    #[pyfunction]
    fn bitwise_invert(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Invert, "bitwise_invert", args) }

    // ---- dtype rules ----

    #[pyfunction]
    fn promote_types(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let da = convert::parse_dtype(vm, &a)?.unwrap_or(DType::Float64);
        let db = convert::parse_dtype(vm, &b)?.unwrap_or(DType::Float64);
        Ok(PyDType::new_object(vm, da.promote(db)))
    }

    /// `np.result_type(*arrays_and_dtypes)`: dtypes, arrays and numpy
    /// scalars are strong; Python scalars are weak (NEP 50).
    #[pyfunction]
    fn result_type(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut strong: Option<DType> = None;
        let mut weak = Vec::new();
        for a in &args.args {
            let d = if let Some(w) = convert::weak_of(vm, a)? {
                weak.push(w);
                continue;
            } else if a.downcast_ref::<PyNdArray>().is_some() || a.downcast_ref::<scalar::PyNpScalar>().is_some() {
                node_of(vm, a)?.dtype
            } else {
                convert::parse_dtype(vm, a)?.unwrap_or(DType::Float64)
            };
            strong = Some(strong.map_or(d, |s| s.promote(d)));
        }
        let mut d = match strong {
            Some(d) => d,
            None => match weak.first() {
                Some(w) => hipy_lazy::dtype::weak_default_dtype(*w),
                None => return Err(vm.new_value_error("at least one array or dtype is required")),
            },
        };
        for w in weak {
            d = hipy_lazy::dtype::weak_result_dtype(d, w);
        }
        Ok(PyDType::new_object(vm, d))
    }

    #[pyfunction]
    fn can_cast(args: FuncArgs, vm: &VirtualMachine) -> PyResult<bool> {
        let [from, to, casting] = bind(vm, "can_cast", args, ["from_", "to", "casting"], 2)?;
        let from = from.unwrap();
        let f = if from.downcast_ref::<PyNdArray>().is_some() || from.downcast_ref::<scalar::PyNpScalar>().is_some() {
            node_of(vm, &from)?.dtype
        } else if convert::weak_of(vm, &from)?.is_some() {
            return Err(vm.new_type_error("can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future."));
        } else {
            convert::parse_dtype(vm, &from)?.unwrap_or(DType::Float64)
        };
        let t = convert::parse_dtype(vm, to.as_ref().unwrap())?.unwrap_or(DType::Float64);
        let rule = crate::numpy::args::casting_rule(vm, &given(&casting, vm), "")?;
        Ok(f.can_cast_by(t, &rule))
    }

    // ---- primitives for the Python-level library (numpy/pylib) ----

    /// `_cumulative(a, op, axis)`: running sum/prod/max/min along `axis`
    /// (None: over the flattened array), a graph node.
    #[pyfunction]
    fn _cumulative(a: PyObjectRef, op: PyStrRef, axis: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let x = node_of(vm, &a)?;
        let op = match &*op.to_string_lossy() {
            "sum" => CumOp::Sum,
            "prod" => CumOp::Prod,
            "max" => CumOp::Max,
            "min" => CumOp::Min,
            other => return Err(vm.new_value_error(format!("unknown running op {other}"))),
        };
        let axis = if vm.is_none(&axis) { None } else { Some(convert::index_of(vm, &axis)?) };
        wrap_array(vm, graph::cumulative(op, &x, axis).or_raise(vm)?)
    }

    #[pyfunction]
    fn power(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, b, out] = bind(vm, "power", args, ["x1", "x2", "out"], 2)?;
        let (a, b) = (a.unwrap(), b.unwrap());
        // The function form has no scalar fast paths.
        let x = convert::arg_of(vm, &a)?;
        let y = convert::arg_of(vm, &b)?;
        let (x, y) = convert::resolve2(vm, x, y)?;
        let node = graph::binary(BinaryOp::Pow, &x, &y).or_raise(vm)?;
        finish_ufunc(vm, node, out, "power")
    }

    #[pyfunction]
    fn sqrt(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Sqrt, "sqrt", args) }
    #[pyfunction]
    fn square(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Square, "square", args) }
    #[pyfunction]
    fn exp(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Exp, "exp", args) }
    #[pyfunction]
    fn log(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Log, "log", args) }
    #[pyfunction]
    fn log10(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Log10, "log10", args) }
    #[pyfunction]
    fn log2(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Log2, "log2", args) }
    #[pyfunction]
    fn sin(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Sin, "sin", args) }
    #[pyfunction]
    fn cos(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Cos, "cos", args) }
    #[pyfunction]
    fn tan(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Tan, "tan", args) }
    #[pyfunction]
    fn arcsin(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arcsin, "arcsin", args) }
    #[pyfunction]
    fn arccos(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arccos, "arccos", args) }
    #[pyfunction]
    fn arctan(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Arctan, "arctan", args) }
    #[pyfunction]
    fn radians(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Radians, "radians", args) }
    #[pyfunction]
    fn deg2rad(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Radians, "deg2rad", args) }
    #[pyfunction]
    fn degrees(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Degrees, "degrees", args) }
    #[pyfunction]
    fn rad2deg(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Degrees, "rad2deg", args) }
    #[pyfunction]
    fn sign(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Sign, "sign", args) }
    #[pyfunction]
    fn floor(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Floor, "floor", args) }
    #[pyfunction]
    fn ceil(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Ceil, "ceil", args) }
    #[pyfunction]
    fn trunc(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Trunc, "trunc", args) }
    #[pyfunction]
    fn rint(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Rint, "rint", args) }
    #[pyfunction]
    fn abs(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Abs, "abs", args) }
    #[pyfunction]
    fn absolute(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Abs, "absolute", args) }
    #[pyfunction]
    fn negative(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::Neg, "negative", args) }
    #[pyfunction]
    fn isnan(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::IsNan, "isnan", args) }
    #[pyfunction]
    fn isfinite(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::IsFinite, "isfinite", args) }
    #[pyfunction]
    fn isinf(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::IsInf, "isinf", args) }
    #[pyfunction]
    fn logical_not(args: FuncArgs, vm: &VirtualMachine) -> PyResult { unary_ufunc(vm, UnaryOp::LogicalNot, "logical_not", args) }

    #[pyfunction]
    fn round(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, decimals, out] = bind(vm, "round", args, ["a", "decimals", "out"], 1)?;
        let d = match given(&decimals, vm) {
            Some(d) => convert::index_of(vm, &d)?,
            None => 0,
        };
        let node = ops::round_node(vm, node_of(vm, a.as_ref().unwrap())?, d)?;
        finish_ufunc(vm, node, out, "round")
    }

    #[pyfunction]
    fn around(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        round(args, vm)
    }

    #[pyfunction]
    fn clip(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, lo, hi, out] = bind(vm, "clip", args, ["a", "a_min", "a_max", "out"], 1)?;
        let r = clip_impl(vm, a.as_ref().unwrap(), lo, hi)?;
        match given(&out, vm) {
            None => Ok(r),
            Some(out) => {
                let target = out_array(vm, &out)?;
                ops::store_result(vm, target.downcast_ref::<PyNdArray>().unwrap(), node_of(vm, &r)?, "clip")?;
                Ok(target)
            }
        }
    }

    #[pyfunction(name = "where")]
    fn where_(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "where", &args, &["condition", "x", "y"])? {
            return Ok(r);
        }
        let [c, x, y] = bind(vm, "where", args, ["condition", "x", "y"], 1)?;
        match (given(&x, vm), given(&y, vm)) {
            (None, None) => nonzero_impl(vm, c.as_ref().unwrap()),
            (Some(x), Some(y)) => {
                let cond = node_of(vm, c.as_ref().unwrap())?;
                let (xn, yn) = convert::resolve2(vm, convert::arg_of(vm, &x)?, convert::arg_of(vm, &y)?)?;
                wrap(vm, graph::where_(&cond, &xn, &yn).or_raise(vm)?)
            }
            _ => Err(vm.new_value_error("either both or neither of x and y should be given")),
        }
    }

    #[pyfunction]
    fn nonzero(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "nonzero", &[&a])? {
            return Ok(r);
        }
        nonzero_impl(vm, &a)
    }

    // ---- reductions ----

    #[pyfunction]
    fn sum(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Sum, "sum", args) }
    #[pyfunction]
    fn prod(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Prod, "prod", args) }
    #[pyfunction]
    fn mean(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Mean, "mean", args) }
    #[pyfunction]
    fn min(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Min, "min", args) }
    #[pyfunction]
    fn max(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Max, "max", args) }
    #[pyfunction]
    fn amin(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Min, "amin", args) }
    #[pyfunction]
    fn amax(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Max, "amax", args) }
    #[pyfunction]
    fn any(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::Any, "any", args) }
    #[pyfunction]
    fn all(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::function(vm, ReduceOp::All, "all", args) }
    #[pyfunction]
    fn argmin(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::arg_function(vm, ReduceOp::ArgMin, "argmin", args) }
    #[pyfunction]
    fn argmax(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::arg_function(vm, ReduceOp::ArgMax, "argmax", args) }
    #[pyfunction]
    fn std(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::var_function(vm, true, "std", args) }
    #[pyfunction]
    fn var(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::var_function(vm, false, "var", args) }
    #[pyfunction]
    fn cumsum(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::cumulative_function(vm, CumOp::Sum, "cumsum", args) }
    #[pyfunction]
    fn cumprod(args: FuncArgs, vm: &VirtualMachine) -> PyResult { reductions::cumulative_function(vm, CumOp::Prod, "cumprod", args) }

    // ---- linear algebra, differences ----

    #[pyfunction]
    fn dot(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        dot_impl(vm, &a, &b)
    }

    #[pyfunction]
    fn matmul(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, b, out] = bind(vm, "matmul", args, ["x1", "x2", "out"], 2)?;
        let r = ops::matmul(vm, a.as_ref().unwrap(), b.as_ref().unwrap())?;
        if r.is(&vm.ctx.not_implemented) {
            return Err(vm.new_type_error("unsupported operand types for matmul"));
        }
        match given(&out, vm) {
            None => Ok(r),
            Some(out) => {
                let target = out_array(vm, &out)?;
                ops::store_result(vm, target.downcast_ref::<PyNdArray>().unwrap(), node_of(vm, &r)?, "matmul")?;
                Ok(target)
            }
        }
    }

    #[pyfunction]
    fn diff(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::datetimes::forward(vm, "diff", &args, &["a"])? {
            return Ok(r);
        }
        let [a, n, axis, prepend, append] = bind(vm, "diff", args, ["a", "n", "axis", "prepend", "append"], 1)?;
        let mut x = node_of(vm, a.as_ref().unwrap())?;
        let n = match given(&n, vm) {
            Some(n) => convert::index_of(vm, &n)?,
            None => 1,
        };
        if n < 0 {
            return Err(vm.new_value_error(format!("order must be non-negative but got {n}")));
        }
        if x.ndim() == 0 {
            return Err(vm.new_value_error("diff requires input that is at least one dimensional"));
        }
        let axis = match given(&axis, vm) {
            Some(a) => hipy_lazy::layout::normalize_axis(convert::index_of(vm, &a)?, x.ndim()).or_raise(vm)?,
            None => x.ndim() - 1,
        };
        if n == 0 {
            return wrap_array(vm, x);
        }
        // `prepend` / `append` join `a` along the axis first (a 0-d one
        // broadcast to one slice), as NumPy concatenates them.
        let (prepend, append) = (given(&prepend, vm), given(&append, vm));
        if prepend.is_some() || append.is_some() {
            let mut shape = x.shape.to_vec();
            shape[axis] = 1;
            let edge = |obj: &PyObjectRef| -> PyResult<NodeRef> {
                let e = node_of(vm, obj)?;
                if e.ndim() == 0 {
                    graph::broadcast_to(&e, &shape).or_raise(vm)
                } else {
                    Ok(e)
                }
            };
            let mut pieces = Vec::with_capacity(3);
            if let Some(p) = &prepend {
                pieces.push(edge(p)?);
            }
            pieces.push(x);
            if let Some(p) = &append {
                pieces.push(edge(p)?);
            }
            x = concat_nodes(vm, &pieces, axis as isize)?;
        }
        for _ in 0..n {
            x = runtime::settle(diff_once(vm, &x, axis)?);
        }
        wrap_array(vm, x)
    }

    #[pyfunction]
    fn gradient(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        if args.args.is_empty() {
            return Err(vm.new_type_error("gradient() missing required argument 'f' (pos 1)"));
        }
        if args.kwargs.swap_remove("edge_order").is_some_and(|e| convert::index_of(vm, &e).ok() != Some(1)) {
            return Err(unsupported(vm, "gradient(edge_order=2)"));
        }
        let axis = args.kwargs.swap_remove("axis");
        if let Some((k, _)) = args.kwargs.iter().next() {
            return Err(unsupported(vm, &format!("gradient({k}=...)")));
        }
        let f = args.args.remove(0);
        let mut x = node_of(vm, &f)?;
        if !x.dtype.is_float() {
            x = graph::astype(&x, DType::Float64);
        }
        let axes: Vec<usize> = match axis.filter(|a| !vm.is_none(a)) {
            Some(a) => convert::axes_of(vm, &Some(a))?
                .unwrap()
                .into_iter()
                .map(|ax| hipy_lazy::layout::normalize_axis(ax, x.ndim()).or_raise(vm))
                .collect::<PyResult<_>>()?,
            None => (0..x.ndim()).collect(),
        };
        let spacing_args: Vec<PyObjectRef> = match args.args.len() {
            0 => vec![],
            1 => vec![args.args[0].clone(); axes.len()],
            k if k == axes.len() => args.args.clone(),
            _ => return Err(vm.new_type_error("invalid number of arguments")),
        };
        let x = runtime::settle(x);
        let mut outs = Vec::new();
        for (k, &ax) in axes.iter().enumerate() {
            let node = match spacing_args.get(k) {
                None => gradient_axis(vm, &x, ax, 1.0)?,
                Some(s) => {
                    let d = node_of(vm, s)?;
                    if d.ndim() == 0 {
                        gradient_axis(vm, &x, ax, number(vm, s)?.as_f64())?
                    } else {
                        gradient_coords(vm, &x, ax, &runtime::force(&runtime::settle(d)))?
                    }
                }
            };
            outs.push(wrap_array(vm, node)?);
        }
        if outs.len() == 1 {
            Ok(outs.pop().unwrap())
        } else {
            Ok(vm.ctx.new_tuple(outs).into())
        }
    }

    // ---- shape ----

    #[pyfunction]
    fn shape(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "shape", &[&a])? {
            return Ok(r);
        }
        let n = node_of(vm, &a)?;
        Ok(crate::numpy::ndarray::shape_tuple(vm, &n.shape))
    }

    #[pyfunction]
    fn ndim(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<usize> {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "ndim", &[&a])? {
            return r.try_into_value(vm);
        }
        Ok(node_of(vm, &a)?.ndim())
    }

    #[pyfunction]
    fn size(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<usize> {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "size", &[&a])? {
            return r.try_into_value(vm);
        }
        Ok(node_of(vm, &a)?.size())
    }

    fn as_array_object(vm: &VirtualMachine, a: &PyObject) -> PyResult<PyObjectRef> {
        if a.downcast_ref::<PyNdArray>().is_some() {
            return Ok(a.to_owned());
        }
        wrap_array(vm, node_of(vm, a)?)
    }

    #[pyfunction]
    fn reshape(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "reshape", &args, &["a"])? {
            return Ok(r);
        }
        let [a, newshape] = bind(vm, "reshape", args, ["a", "newshape"], 2)?;
        let obj = as_array_object(vm, a.as_ref().unwrap())?;
        let arr = obj.downcast_ref::<PyNdArray>().unwrap();
        let shape = new_shape(vm, arr.size(), &[newshape.unwrap()])?;
        let r: rustpython_vm::PyRef<PyNdArray> = obj.clone().downcast().map_err(|_| vm.new_type_error("not an array"))?;
        PyNdArray::reshaped(&r, vm, &shape)
    }

    #[pyfunction]
    fn ravel(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "ravel", &[&a])? {
            return Ok(r);
        }
        let obj = as_array_object(vm, &a)?;
        let r: rustpython_vm::PyRef<PyNdArray> = obj.downcast().map_err(|_| vm.new_type_error("not an array"))?;
        let n = r.size();
        PyNdArray::reshaped(&r, vm, &[n])
    }

    #[pyfunction]
    fn transpose(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "transpose", &args, &["a"])? {
            return Ok(r);
        }
        let [a, axes] = bind(vm, "transpose", args, ["a", "axes"], 1)?;
        let obj = as_array_object(vm, a.as_ref().unwrap())?;
        let mut fa = FuncArgs::default();
        if let Some(ax) = given(&axes, vm) {
            fa.args.push(ax);
        }
        vm.call_method(&obj, "transpose", fa)
    }

    #[pyfunction]
    fn concatenate(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "concatenate", &args, &["arrays"])? {
            return Ok(r);
        }
        let [arrays, axis, out, dtype] = bind(vm, "concatenate", args, ["arrays", "axis", "out", "dtype"], 1)?;
        if given(&out, vm).is_some() {
            return Err(unsupported(vm, "concatenate(out=...)"));
        }
        let items = sequence_items(vm, arrays.as_ref().unwrap())?;
        let mut nodes: Vec<NodeRef> = items.iter().map(|x| node_of(vm, x)).collect::<PyResult<_>>()?;
        let axis = match &axis {
            Some(a) if vm.is_none(a) => {
                nodes = nodes.iter().map(|n| flatten_node(vm, n)).collect::<PyResult<_>>()?;
                0
            }
            Some(a) => convert::index_of(vm, a)?,
            None => 0,
        };
        let mut node = concat_nodes(vm, &nodes, axis)?;
        if let Some(d) = given(&dtype, vm) {
            if let Some(d) = convert::parse_dtype(vm, &d)? {
                node = graph::astype(&node, d);
            }
        }
        wrap_array(vm, node)
    }

    fn stack_nodes(vm: &VirtualMachine, items: &[PyObjectRef], axis: isize) -> PyResult<NodeRef> {
        let nodes: Vec<NodeRef> = items.iter().map(|x| node_of(vm, x)).collect::<PyResult<_>>()?;
        let Some(first) = nodes.first() else {
            return Err(vm.new_value_error("need at least one array to stack"));
        };
        if nodes.iter().any(|n| n.shape != first.shape) {
            return Err(vm.new_value_error("all input arrays must have the same shape"));
        }
        let nd = first.ndim() + 1;
        let ax = hipy_lazy::layout::normalize_axis(axis, nd).or_raise(vm)?;
        let expanded: Vec<NodeRef> = nodes
            .iter()
            .map(|n| {
                let a = runtime::force(n);
                let mut shape = a.shape().to_vec();
                shape.insert(ax, 1);
                let l = a.layout.reshape_view(&shape).expect("inserting an axis is a view");
                Node::source(Array::new(a.buffer, l))
            })
            .collect();
        concat_nodes(vm, &expanded, ax as isize)
    }

    #[pyfunction]
    fn stack(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "stack", &args, &["arrays"])? {
            return Ok(r);
        }
        let [arrays, axis] = bind(vm, "stack", args, ["arrays", "axis"], 1)?;
        let items = sequence_items(vm, arrays.as_ref().unwrap())?;
        let axis = match given(&axis, vm) {
            Some(a) => convert::index_of(vm, &a)?,
            None => 0,
        };
        wrap_array(vm, stack_nodes(vm, &items, axis)?)
    }

    fn at_least(n: NodeRef, nd: usize) -> NodeRef {
        if n.ndim() >= nd {
            return n;
        }
        let a = runtime::force(&n);
        let shape: Vec<usize> = match (n.ndim(), nd) {
            (0, 1) => vec![1],
            (0, 2) => vec![1, 1],
            (1, 2) => vec![1, n.shape[0]],
            _ => n.shape.to_vec(),
        };
        let l = a.layout.reshape_view(&shape).expect("adding unit axes is a view");
        Node::source(Array::new(a.buffer, l))
    }

    #[pyfunction]
    fn vstack(tup: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "vstack", &[&tup])? {
            return Ok(r);
        }
        let items = sequence_items(vm, &tup)?;
        let nodes: Vec<NodeRef> = items.iter().map(|x| node_of(vm, x).map(|n| at_least(n, 2))).collect::<PyResult<_>>()?;
        wrap_array(vm, concat_nodes(vm, &nodes, 0)?)
    }

    #[pyfunction]
    fn hstack(tup: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "hstack", &[&tup])? {
            return Ok(r);
        }
        let items = sequence_items(vm, &tup)?;
        let nodes: Vec<NodeRef> = items.iter().map(|x| node_of(vm, x).map(|n| at_least(n, 1))).collect::<PyResult<_>>()?;
        let axis = if nodes.first().is_some_and(|n| n.ndim() == 1) { 0 } else { 1 };
        wrap_array(vm, concat_nodes(vm, &nodes, axis)?)
    }

    // ---- sorting, sets ----

    #[pyfunction]
    fn sort(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "sort", &args, &["a"])? {
            return Ok(r);
        }
        let [a, axis, kind, order] = bind(vm, "sort", args, ["a", "axis", "kind", "order"], 1)?;
        crate::numpy::args::check_sort_kind(vm, &kind)?;
        if given(&order, vm).is_some() {
            return Err(unsupported(vm, "sort(order=...)"));
        }
        let x = node_of(vm, a.as_ref().unwrap())?;
        let node = match &axis {
            Some(ax) if vm.is_none(ax) => graph::sort(&flatten_node(vm, &x)?, Some(-1)).or_raise(vm)?,
            Some(ax) => graph::sort(&x, Some(convert::index_of(vm, ax)?)).or_raise(vm)?,
            None => graph::sort(&x, Some(-1)).or_raise(vm)?,
        };
        wrap_array(vm, node)
    }

    #[pyfunction]
    fn argsort(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "argsort", &args, &["a"])? {
            return Ok(r);
        }
        // hipy's sort is stable, so every `kind` gets a valid answer.
        let [a, axis, kind, order, _stable] = bind(vm, "argsort", args, ["a", "axis", "kind", "order", "stable"], 1)?;
        crate::numpy::args::check_sort_kind(vm, &kind)?;
        if given(&order, vm).is_some() {
            return Err(unsupported(vm, "argsort(order=...)"));
        }
        let x = node_of(vm, a.as_ref().unwrap())?;
        argsort_impl(vm, x, axis)
    }

    #[pyfunction]
    fn unique(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(r) = crate::numpy::strings_native::forward(vm, "unique", &args, &["ar"])? {
            return Ok(r);
        }
        // Indices, inverse, axis and the rest: the Python version.
        if args.args.len() > 1 || args.kwargs.keys().any(|k| !matches!(k.as_str(), Ok("ar" | "return_counts"))) {
            let search = crate::numpy::pylib::module(vm, "search.py")?;
            return search.get_attr("unique", vm)?.call(args, vm);
        }
        let [ar, return_index, return_inverse, return_counts] =
            bind(vm, "unique", args, ["ar", "return_index", "return_inverse", "return_counts"], 1)?;
        if convert::truthy(vm, &return_index)? || convert::truthy(vm, &return_inverse)? {
            return Err(unsupported(vm, "unique(return_index/return_inverse=True)"));
        }
        unique_impl(vm, ar.as_ref().unwrap(), convert::truthy(vm, &return_counts)?)
    }

    // ---- comparisons of whole arrays ----

    fn close_node(vm: &VirtualMachine, a: &PyObject, b: &PyObject, rtol: f64, atol: f64) -> PyResult<NodeRef> {
        let (x, y) = convert::resolve2(vm, convert::arg_of(vm, a)?, convert::arg_of(vm, b)?)?;
        let x = if x.dtype.is_float() { x } else { graph::astype(&x, DType::Float64) };
        let y = if y.dtype.is_float() { y } else { graph::astype(&y, DType::Float64) };
        let diff = graph::unary(UnaryOp::Abs, &graph::binary(BinaryOp::Sub, &x, &y).or_raise(vm)?).or_raise(vm)?;
        let tol = graph::binary(
            BinaryOp::Add,
            &Node::constant(Scalar::F64(atol)),
            &graph::binary(BinaryOp::Mul, &Node::constant(Scalar::F64(rtol)), &graph::unary(UnaryOp::Abs, &y).or_raise(vm)?).or_raise(vm)?,
        )
        .or_raise(vm)?;
        let close = graph::binary(BinaryOp::Le, &diff, &tol).or_raise(vm)?;
        // Equal infinities are close.
        let same = graph::binary(BinaryOp::Eq, &x, &y).or_raise(vm)?;
        graph::binary(BinaryOp::LogicalOr, &close, &same).or_raise(vm)
    }

    fn tolerances(vm: &VirtualMachine, rtol: &Option<PyObjectRef>, atol: &Option<PyObjectRef>) -> PyResult<(f64, f64)> {
        let r = match given(rtol, vm) {
            Some(r) => r.try_float(vm)?.to_f64(),
            None => 1e-05,
        };
        let a = match given(atol, vm) {
            Some(a) => a.try_float(vm)?.to_f64(),
            None => 1e-08,
        };
        Ok((r, a))
    }

    #[pyfunction]
    fn isclose(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [a, b, rtol, atol] = bind(vm, "isclose", args, ["a", "b", "rtol", "atol"], 2)?;
        let (r, t) = tolerances(vm, &rtol, &atol)?;
        wrap(vm, close_node(vm, a.as_ref().unwrap(), b.as_ref().unwrap(), r, t)?)
    }

    #[pyfunction]
    fn allclose(args: FuncArgs, vm: &VirtualMachine) -> PyResult<bool> {
        let [a, b, rtol, atol] = bind(vm, "allclose", args, ["a", "b", "rtol", "atol"], 2)?;
        let (r, t) = tolerances(vm, &rtol, &atol)?;
        let c = close_node(vm, a.as_ref().unwrap(), b.as_ref().unwrap(), r, t)?;
        let all = graph::reduce(ReduceOp::All, &c, None, false).or_raise(vm)?;
        Ok(runtime::force(&runtime::settle(all)).get_flat(0).as_bool())
    }

    #[pyfunction]
    fn array_equal(a1: PyObjectRef, a2: PyObjectRef, vm: &VirtualMachine) -> PyResult<bool> {
        if let Some(r) = crate::numpy::strings_native::forward_objs(vm, "array_equal", &[&a1, &a2])? {
            return r.try_into_value(vm);
        }
        let x = node_of(vm, &a1)?;
        let y = node_of(vm, &a2)?;
        if x.shape != y.shape {
            return Ok(false);
        }
        let eq = graph::binary(BinaryOp::Eq, &x, &y).or_raise(vm)?;
        let all = graph::reduce(ReduceOp::All, &eq, None, false).or_raise(vm)?;
        Ok(runtime::force(&runtime::settle(all)).get_flat(0).as_bool())
    }
}
