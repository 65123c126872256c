//! Between Python objects and the engine: operands of ops, `np.array`'s
//! reading of nested lists, dtype arguments, and results back to Python.

use crate::numpy::args::{unsupported, OrRaise};
use crate::numpy::dtype_obj::PyDType;
use crate::numpy::ndarray::PyNdArray;
use crate::numpy::scalar::{self, PyNpScalar};
use hipy_lazy::dtype::{weak_default_dtype, weak_result_dtype, weak_to_scalar};
use hipy_lazy::graph;
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType, Node, NodeRef, Scalar, WeakScalar};
use rustpython_vm::builtins::{PyBool, PyFloat, PyInt, PyList, PyStr, PyTuple, PyType};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// A Python `bool`, `int` or `float` (NEP 50's weakly typed scalars).
pub fn weak_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<WeakScalar>> {
    if let Some(b) = obj.downcast_ref::<PyBool>() {
        let _ = b;
        return Ok(Some(WeakScalar::Bool(obj.is(&vm.ctx.true_value))));
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        let v: i128 = i.try_to_primitive(vm).map_err(|_| {
            vm.new_overflow_error("Python int too large to convert to C long")
        })?;
        return Ok(Some(WeakScalar::Int(v)));
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(Some(WeakScalar::Float(f.to_f64())));
    }
    Ok(None)
}

/// A Python float or int, or a computed numpy scalar of `dtype`, as a
/// value of float64 or int64 `dtype` when NumPy would take it as exactly
/// that value (a float or an int into float64, an int that fits into
/// int64): the fast paths of scalar-sized calls in Python loops. None for
/// anything else, which then takes the general path.
pub fn plain_scalar(vm: &VirtualMachine, obj: &PyObject, dtype: DType) -> Option<Scalar> {
    let class = obj.class();
    if class.is(vm.ctx.types.float_type) {
        let f = obj.downcast_ref::<PyFloat>()?.to_f64();
        return (dtype == DType::Float64).then_some(Scalar::F64(f));
    }
    if class.is(vm.ctx.types.int_type) {
        let i: i64 = obj.downcast_ref::<PyInt>()?.try_to_primitive(vm).ok()?;
        return match dtype {
            DType::Float64 => Some(Scalar::F64(i as f64)),
            DType::Int64 => Some(Scalar::I64(i)),
            _ => None,
        };
    }
    let s = obj.downcast_ref::<PyNpScalar>()?;
    if s.is_pending() || s.dtype() != dtype || !matches!(dtype, DType::Float64 | DType::Int64) {
        return None;
    }
    Some(s.value())
}

/// An operand of an op: an array-like (strongly typed) or a Python scalar.
pub enum Arg {
    Node(NodeRef),
    Weak(WeakScalar),
}

/// Reads an operand; `None` when the object is not something numpy ops take.
pub fn to_arg(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<Arg>> {
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        return Ok(Some(Arg::Node(a.node())));
    }
    if let Some(s) = obj.downcast_ref::<PyNpScalar>() {
        return Ok(Some(Arg::Node(s.node())));
    }
    if let Some(w) = weak_of(vm, obj)? {
        return Ok(Some(Arg::Weak(w)));
    }
    if obj.downcast_ref::<PyList>().is_some() || obj.downcast_ref::<PyTuple>().is_some() {
        return Ok(Some(Arg::Node(array_from_object(vm, obj, None)?)));
    }
    Ok(None)
}

/// Like `to_arg`, but anything else is a TypeError / NotImplementedError.
pub fn arg_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Arg> {
    match to_arg(vm, obj)? {
        Some(a) => Ok(a),
        None => Err(unsupported_operand(vm, obj)),
    }
}

pub fn unsupported_operand(vm: &VirtualMachine, obj: &PyObject) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if obj.downcast_ref::<PyStr>().is_some() {
        return unsupported(vm, "ndarray of str");
    }
    if crate::numpy::strings_native::is_text_array(vm, obj) {
        return vm.new_not_implemented_error(format!(
            "numpy.{} of str arrays is not supported by hipy",
            crate::numpy::args::current_function()
        ));
    }
    if crate::numpy::datetimes::is_value(vm, obj) {
        return vm.new_not_implemented_error(format!(
            "numpy.{} of datetime64/timedelta64 arrays is not supported by hipy",
            crate::numpy::args::current_function()
        ));
    }
    if crate::numpy::objects::is_array(vm, obj) {
        return vm.new_not_implemented_error(format!(
            "numpy.{} of object arrays is not supported by hipy",
            crate::numpy::args::current_function()
        ));
    }
    if crate::numpy::complex_native::holds_complex(vm, obj) {
        return vm.new_not_implemented_error(
            "this numpy function does not take complex values in hipy (complex arrays have arithmetic, \
             comparisons, exp/log/sqrt/sin/cos, abs/angle/conj, sum/mean/prod, round, matmul and numpy.fft)",
        );
    }
    vm.new_type_error(format!("unsupported operand type for numpy: '{}'", obj.class().name()))
}

/// `np.asarray(obj)` as a graph node.
pub fn node_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<NodeRef> {
    match arg_of(vm, obj)? {
        Arg::Node(n) => Ok(n),
        Arg::Weak(w) => Ok(Node::constant(weak_to_scalar(w, weak_default_dtype(w)).or_raise(vm)?)),
    }
}

/// The nodes of two operands, with Python scalars typed against the other
/// operand (NEP 50).
pub fn resolve2(vm: &VirtualMachine, a: Arg, b: Arg) -> PyResult<(NodeRef, NodeRef)> {
    let weak_node = |w: WeakScalar, other: Option<DType>| -> PyResult<NodeRef> {
        let d = match other {
            Some(d) => weak_result_dtype(d, w),
            None => weak_default_dtype(w),
        };
        Ok(Node::constant(weak_to_scalar(w, d).or_raise(vm)?))
    };
    Ok(match (a, b) {
        (Arg::Node(x), Arg::Node(y)) => (x, y),
        (Arg::Node(x), Arg::Weak(w)) => {
            let d = x.dtype;
            (x, weak_node(w, Some(d))?)
        }
        (Arg::Weak(w), Arg::Node(y)) => {
            let d = y.dtype;
            (weak_node(w, Some(d))?, y)
        }
        (Arg::Weak(v), Arg::Weak(w)) => (weak_node(v, None)?, weak_node(w, None)?),
    })
}

/// Arrays beyond this many bytes are refused up front (NumPy's
/// MemoryError), rather than failing an allocation deep in a force.
const MAX_ARRAY_BYTES: usize = 1 << 40;

/// NumPy's `MemoryError` for an array too large to allocate.
pub fn check_size(vm: &VirtualMachine, node: &NodeRef) -> PyResult<()> {
    let bytes = node.shape.iter().try_fold(node.dtype.itemsize() as u128, |acc, &d| acc.checked_mul(d as u128));
    match bytes {
        Some(b) if b <= MAX_ARRAY_BYTES as u128 => Ok(()),
        _ => Err(vm.new_memory_error(format!(
            "Unable to allocate {} for an array with shape {} and data type {}",
            size_text(bytes.unwrap_or(u128::MAX)),
            hipy_lazy::layout::shape_tuple_str(&node.shape),
            node.dtype
        ))),
    }
}

/// NumPy's byte-size text: binary units, three significant figures.
fn size_text(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let bits = 128 - bytes.leading_zeros() as usize;
    let mut unit = (bits.saturating_sub(1)).max(1) / 10;
    let mut n = bytes as f64 / 2f64.powi(10 * unit as i32);
    if n.round() == 1024.0 {
        unit += 1;
        n /= 1024.0;
    }
    if unit >= UNITS.len() {
        n *= 2f64.powi(10 * (unit - (UNITS.len() - 1)) as i32);
        unit = UNITS.len() - 1;
    }
    if unit == 0 {
        return format!("{n:.0} {}", UNITS[0]);
    }
    if n.round() < 1000.0 {
        // Python's '{:#.3g}': three significant digits, point always shown.
        let exponent = n.abs().log10().floor() as i32;
        let scale = 10f64.powi(2 - exponent);
        let rounded = (n * scale).round() / scale;
        let exponent = rounded.abs().log10().floor() as i32;
        let decimals = (2 - exponent).max(0) as usize;
        let text = format!("{rounded:.decimals$}");
        let text = if decimals == 0 { format!("{text}.") } else { text };
        format!("{text} {}", UNITS[unit])
    } else {
        format!("{n:.0}. {}", UNITS[unit])
    }
}

/// Wraps an op's result: 0-d results are numpy scalars, as NumPy returns.
pub fn wrap(vm: &VirtualMachine, node: NodeRef) -> PyResult {
    check_size(vm, &node)?;
    let node = runtime::settle(node);
    Ok(if node.ndim() == 0 {
        scalar::from_node(vm, node)
    } else {
        PyNdArray::from_node(node).into_pyobject(vm)
    })
}

/// Wraps an array result without turning 0-d arrays into scalars.
pub fn wrap_array(vm: &VirtualMachine, node: NodeRef) -> PyResult {
    check_size(vm, &node)?;
    Ok(PyNdArray::from_node(runtime::settle(node)).into_pyobject(vm))
}

/// Python value of one element (`tolist`, `item`).
pub fn scalar_to_py(vm: &VirtualMachine, s: Scalar) -> PyObjectRef {
    match s {
        Scalar::Bool(b) => vm.ctx.new_bool(b).into(),
        Scalar::I32(v) => vm.ctx.new_int(v).into(),
        Scalar::I64(v) => vm.ctx.new_int(v).into(),
        Scalar::F32(v) => vm.ctx.new_float(v as f64).into(),
        Scalar::F64(v) => vm.ctx.new_float(v).into(),
        Scalar::F16(v) => vm.ctx.new_float(v.to_f64()).into(),
        Scalar::U64(v) => vm.ctx.new_int(v).into(),
        other => vm.ctx.new_int(other.as_i64()).into(),
    }
}

/// Whether `obj` is a value of one of numpy's Python-level kinds: its
/// class has the attribute `marker` (`_hipy_dt`, `_hipy_obj`). hipy's
/// arrays and the common Python numbers and str answer without a lookup.
pub fn has_class_marker(vm: &VirtualMachine, obj: &PyObject, marker: &'static str) -> bool {
    if obj.downcast_ref::<PyNdArray>().is_some() {
        return false;
    }
    let cls = obj.class();
    let types = &vm.ctx.types;
    if cls.is(types.float_type) || cls.is(types.int_type) || cls.is(types.bool_type) || cls.is(types.str_type) {
        return false;
    }
    cls.get_attr(vm.ctx.intern_str(marker)).is_some()
}

/// Whether a `dtype=` argument names one of numpy's Python-level kinds: a
/// string `name` accepts (its byte-order mark dropped), a type `of_type`
/// accepts, or a dtype whose class has the attribute `marker`.
pub fn names_kind(
    vm: &VirtualMachine,
    obj: &PyObject,
    name: &dyn Fn(&str) -> bool,
    of_type: &dyn Fn(&rustpython_vm::Py<PyType>) -> bool,
    marker: &'static str,
) -> bool {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return name(s.to_string_lossy().trim_start_matches(['<', '=', '|', '>']));
    }
    if let Some(t) = obj.downcast_ref::<PyType>() {
        return of_type(t);
    }
    obj.class().get_attr(vm.ctx.intern_str(marker)).is_some()
}

/// `np.array(obj, dtype)` after numpy's native reader failed with `err`:
/// the array of the first Python-level kind that takes `obj` (text, then
/// datetimes, then objects NumPy keeps as they are), else `err`.
pub fn array_after_error(
    vm: &VirtualMachine,
    obj: &PyObject,
    dtype: Option<PyObjectRef>,
    err: rustpython_vm::builtins::PyBaseExceptionRef,
) -> PyResult {
    use crate::numpy::{datetimes, objects, strings_native};
    for kind in [strings_native::array_after_error, datetimes::array_after_error, objects::array_after_error] {
        if let Some(r) = kind(vm, obj, &dtype)? {
            return Ok(r);
        }
    }
    Err(err)
}

/// A call of `np.zeros`, `ones`, `empty` or `full` (`kind`), as the array
/// kinds written in Python (str, datetime, object, complex) are asked
/// whether it is theirs; None for what was not given.
pub struct Creation<'a> {
    pub kind: &'a str,
    pub shape: &'a Option<PyObjectRef>,
    pub fill: Option<PyObjectRef>,
    pub dtype: Option<PyObjectRef>,
}

impl Creation<'_> {
    /// The array that `module`'s `_creation(kind, shape, fill, dtype)` makes.
    pub fn make(&self, vm: &VirtualMachine, module: PyObjectRef) -> PyResult<Option<PyObjectRef>> {
        let f = module.get_attr("_creation", vm)?;
        let given = |o: &Option<PyObjectRef>| o.clone().unwrap_or_else(|| vm.ctx.none());
        f.call((self.kind.to_owned(), given(self.shape), given(&self.fill), given(&self.dtype)), vm).map(Some)
    }
}

/// Whether one of a call's data arguments (`params`, in their positional
/// order, given by position or by keyword) is one `data` accepts (it is
/// told the parameter's name).
pub fn any_data_argument(args: &rustpython_vm::function::FuncArgs, params: &[&str], data: &dyn Fn(&str, &PyObject) -> bool) -> bool {
    args.args.iter().zip(params).any(|(a, p)| data(p, a))
        || args.kwargs.iter().any(|(k, v)| params.iter().find(|p| k.as_str().ok() == Some(**p)).is_some_and(|p| data(p, v)))
}

/// Whether `obj`, or an item of the lists and tuples nested in it, is one
/// `leaf` accepts (what kind of array a nested list makes).
pub fn nested_any(obj: &PyObject, leaf: &dyn Fn(&PyObject) -> bool) -> bool {
    if leaf(obj) {
        return true;
    }
    if let Some(l) = obj.downcast_ref::<PyList>() {
        return l.borrow_vec().iter().any(|x| nested_any(x, leaf));
    }
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return t.iter().any(|x| nested_any(x, leaf));
    }
    false
}

/// A `dtype=` argument: None, a dtype, a scalar type, a Python type or a name.
pub fn parse_dtype(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<DType>> {
    if vm.is_none(obj) {
        return Ok(None);
    }
    if let Some(d) = obj.downcast_ref::<PyDType>() {
        return Ok(Some(d.dtype));
    }
    if crate::numpy::objects::is_dtype(vm, obj) {
        return Err(vm.new_not_implemented_error(format!(
            "numpy.{} with an object dtype is not supported by hipy",
            crate::numpy::args::current_function()
        )));
    }
    if let Some(t) = obj.downcast_ref::<PyType>() {
        if let Some(d) = scalar::dtype_of_type(vm, t) {
            return Ok(Some(d));
        }
        let ctx = &vm.ctx.types;
        if t.is(ctx.float_type) {
            return Ok(Some(DType::Float64));
        }
        if t.is(ctx.bool_type) {
            return Ok(Some(DType::Bool));
        }
        if t.is(ctx.int_type) {
            return Ok(Some(DType::Int64));
        }
        return Err(unsupported(vm, &format!("dtype {}", t.name())));
    }
    if crate::numpy::strings_native::is_text_dtype(vm, obj) {
        return Err(vm.new_not_implemented_error(format!(
            "numpy.{} with a str dtype is not supported by hipy",
            crate::numpy::args::current_function()
        )));
    }
    if crate::numpy::datetimes::is_dtype(vm, obj) {
        return Err(vm.new_not_implemented_error(format!(
            "numpy.{} with a datetime64/timedelta64 dtype is not supported by hipy",
            crate::numpy::args::current_function()
        )));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        let name = s.to_string_lossy();
        return match DType::from_name(&name) {
            Some(d) => Ok(Some(d)),
            None if crate::numpy::complex_native::is_complex_dtype(vm, obj) => Err(unsupported(
                vm,
                &format!("dtype {name} here (complex arrays come from np.array, asarray, astype, zeros, ones, full and arithmetic)"),
            )),
            None => Err(vm.new_type_error(format!("data type '{name}' not understood"))),
        };
    }
    if crate::numpy::complex_native::holds_complex(vm, obj) || crate::numpy::complex_native::is_complex_dtype(vm, obj) {
        return Err(unsupported(vm, "complex dtype here (complex arrays come from np.array, asarray, astype, zeros, ones, full and arithmetic)"));
    }
    Err(vm.new_type_error(format!("Cannot interpret '{}' as a data type", obj.repr(vm)?.to_string_lossy())))
}

/// One leaf of a nested sequence.
enum Leaf {
    Weak(WeakScalar),
    Typed(Scalar),
}

/// Walks nested lists/tuples/arrays: fills `shape` at first visit of each
/// depth and checks the rest against it.
fn walk(vm: &VirtualMachine, obj: &PyObject, depth: usize, shape: &mut Vec<usize>, fixed: &mut bool, leaves: &mut Vec<Leaf>) -> PyResult<()> {
    let inhomogeneous = |shape: &[usize], depth: usize| {
        let prefix: Vec<usize> = shape[..depth].to_vec();
        vm.new_value_error(format!(
            "setting an array element with a sequence. The requested array has an inhomogeneous shape after {depth} dimensions. The detected shape was {} + inhomogeneous part.",
            hipy_lazy::layout::shape_tuple_str(&prefix)
        ))
    };
    let items: Option<Vec<PyObjectRef>> = if let Some(l) = obj.downcast_ref::<PyList>() {
        Some(l.borrow_vec().to_vec())
    } else {
        obj.downcast_ref::<PyTuple>().map(|t| t.as_slice().to_vec())
    };
    if let Some(items) = items {
        if depth == shape.len() && !*fixed {
            shape.push(items.len());
        } else if depth >= shape.len() || shape[depth] != items.len() {
            return Err(inhomogeneous(shape, depth.min(shape.len())));
        }
        for it in &items {
            walk(vm, it, depth + 1, shape, fixed, leaves)?;
        }
        if items.is_empty() {
            *fixed = true;
        }
        return Ok(());
    }
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        let arr = a.array();
        let sub = arr.shape().to_vec();
        for (k, &d) in sub.iter().enumerate() {
            if depth + k == shape.len() && !*fixed {
                shape.push(d);
            } else if depth + k >= shape.len() || shape[depth + k] != d {
                return Err(inhomogeneous(shape, (depth + k).min(shape.len())));
            }
        }
        if depth + sub.len() != shape.len() && *fixed {
            return Err(inhomogeneous(shape, depth));
        }
        for i in 0..arr.size() {
            leaves.push(Leaf::Typed(arr.get_flat(i)));
        }
        if depth + sub.len() == shape.len() {
            *fixed = true;
        }
        return Ok(());
    }
    // A scalar leaf: the shape ends here.
    if depth < shape.len() {
        return Err(inhomogeneous(shape, depth));
    }
    *fixed = true;
    if let Some(s) = obj.downcast_ref::<PyNpScalar>() {
        leaves.push(Leaf::Typed(s.value()));
    } else if let Some(w) = weak_of(vm, obj)? {
        leaves.push(Leaf::Weak(w));
    } else if obj.downcast_ref::<PyStr>().is_some() {
        return Err(unsupported(vm, "array of str"));
    } else if obj.class().name().to_string() == "complex" {
        return Err(unsupported(vm, "array of complex"));
    } else {
        return Err(unsupported(vm, &format!("array of {}", obj.class().name())));
    }
    Ok(())
}

/// `np.array(obj, dtype)`: copies (lists are read now, so later changes to
/// them do not reach the array).
pub fn array_from_object(vm: &VirtualMachine, obj: &PyObject, dtype: Option<DType>) -> PyResult<NodeRef> {
    if let Some(a) = obj.downcast_ref::<PyNdArray>() {
        let n = a.node();
        return Ok(graph::astype(&n, dtype.unwrap_or(n.dtype)));
    }
    if let Some(s) = obj.downcast_ref::<PyNpScalar>() {
        let n = s.node();
        return Ok(match dtype {
            Some(d) if d != n.dtype => graph::astype(&n, d),
            _ => n,
        });
    }
    // Objects that convert themselves (`__array__`: pandas Series/DataFrame).
    if obj.downcast_ref::<PyList>().is_none() && obj.downcast_ref::<PyTuple>().is_none() {
        if let Some(f) = vm.get_attribute_opt(obj, "__array__")? {
            let r = f.call((), vm)?;
            if r.downcast_ref::<PyNdArray>().is_some() {
                return array_from_object(vm, &r, dtype);
            }
        }
    }
    let mut shape = Vec::new();
    let mut leaves = Vec::new();
    let mut fixed = false;
    walk(vm, obj, 0, &mut shape, &mut fixed, &mut leaves)?;
    let dtype = dtype.unwrap_or_else(|| {
        let mut d: Option<DType> = None;
        for l in &leaves {
            let ld = match l {
                Leaf::Weak(w) => weak_default_dtype(*w),
                Leaf::Typed(s) => s.dtype(),
            };
            d = Some(d.map_or(ld, |d| d.promote(ld)));
        }
        d.unwrap_or(DType::Float64)
    });
    let mut buffer = Buffer::zeros(dtype, leaves.len());
    for (i, l) in leaves.iter().enumerate() {
        let s = match l {
            Leaf::Weak(WeakScalar::Int(v)) if dtype.is_int() => weak_to_scalar(WeakScalar::Int(*v), dtype).or_raise(vm)?,
            Leaf::Weak(w) => weak_to_scalar(*w, weak_default_dtype(*w)).or_raise(vm)?,
            Leaf::Typed(s) => *s,
        };
        buffer.set(i, s);
    }
    Ok(Node::source(Array::from_buffer(buffer, &shape)))
}

/// An integer argument (anything with `__index__`).
pub fn index_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<isize> {
    obj.try_index(vm)?.try_to_primitive(vm)
}

/// `axis=`: None, an int, or a tuple of ints.
pub fn axes_of(vm: &VirtualMachine, obj: &Option<PyObjectRef>) -> PyResult<Option<Vec<isize>>> {
    match obj {
        None => Ok(None),
        Some(o) if vm.is_none(o) => Ok(None),
        Some(o) => {
            if let Some(t) = o.downcast_ref::<PyTuple>() {
                t.as_slice().iter().map(|x| index_of(vm, x)).collect::<PyResult<Vec<_>>>().map(Some)
            } else {
                Ok(Some(vec![index_of(vm, o)?]))
            }
        }
    }
}

/// A shape argument: an int or a sequence of ints.
pub fn shape_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<usize>> {
    let dims: Vec<isize> = if let Some(t) = obj.downcast_ref::<PyTuple>() {
        t.as_slice().iter().map(|x| index_of(vm, x)).collect::<PyResult<_>>()?
    } else if let Some(l) = obj.downcast_ref::<PyList>() {
        l.borrow_vec().iter().map(|x| index_of(vm, x)).collect::<PyResult<_>>()?
    } else {
        vec![index_of(vm, obj)?]
    };
    dims.into_iter()
        .map(|d| {
            usize::try_from(d).map_err(|_| vm.new_value_error("negative dimensions are not allowed"))
        })
        .collect()
}

/// `bool(x)` of a Python object (for `keepdims=` and friends).
pub fn truthy(vm: &VirtualMachine, obj: &Option<PyObjectRef>) -> PyResult<bool> {
    match obj {
        None => Ok(false),
        Some(o) => o.clone().try_to_bool(vm),
    }
}
