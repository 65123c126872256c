//! The hooks that send numpy's native entry points to `pylib/datetimes.py`
//! (datetime64 / timedelta64 dtypes and scalars) and `datetime_array.py`
//! (their arrays).
//!
//! A datetime array is a Python object (`datetime_array.py`'s `ndarray`) holding
//! NumPy's int64 values in an ordinary hipy array; everything about it is
//! Python over numeric primitives. The text hooks (`strings_native.rs`)
//! call these where they decline an argument, so numeric arrays never
//! reach them: `np.array`, `np.dtype`, the creation functions, numpy's
//! functions given a datetime argument (`datetime_funcs.py`'s `_np_<name>`),
//! ufuncs and `astype` of numbers to a datetime dtype. What they decline
//! goes on to the object-array hooks (`objects.rs`).
use rustpython_vm::builtins::PyType;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObject, PyObjectRef, PyResult, VirtualMachine};


/// Whether `obj` is a datetime/timedelta array or scalar (its class has
/// `_hipy_dt`).
pub fn is_value(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::has_class_marker(vm, obj, "_hipy_dt")
}

/// Whether `obj` is a datetime/timedelta array (not a scalar).
pub fn is_array(vm: &VirtualMachine, obj: &PyObject) -> bool {
    is_value(vm, obj) && obj.class().get_attr(vm.ctx.intern_str("_hipy_dt_array")).is_some()
}

/// Whether `obj` is a datetime value or a (nested) list/tuple holding one.
pub fn involves(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::nested_any(obj, &|x| is_value(vm, x))
}

/// Whether a `dtype=` argument names datetime64/timedelta64 (`'M8[s]'`,
/// `'<m8[ns]'`, `'datetime64[D]'`, `np.datetime64`, a datetime dtype).
pub fn is_dtype(vm: &VirtualMachine, obj: &PyObject) -> bool {
    let name = |name: &str| {
        ["M8", "m8", "M", "m", "datetime64", "timedelta64"]
            .iter()
            .any(|p| name == *p || (name.starts_with(p) && name[p.len()..].starts_with('[')))
    };
    let of_type = |t: &rustpython_vm::Py<PyType>| t.get_attr(vm.ctx.intern_str("_hipy_dt")).is_some();
    crate::numpy::convert::names_kind(vm, obj, &name, &of_type, "_hipy_dt_dtype")
}

/// `datetime_array.py`'s `name(*args)` (`datetimes.py`'s for `_dtype`).
fn call(vm: &VirtualMachine, name: &str, args: impl rustpython_vm::function::IntoFuncArgs) -> PyResult {
    let file = if name == "_dtype" { "datetimes.py" } else { "datetime_array.py" };
    crate::numpy::pylib::module(vm, file)?.get_attr(&*vm.ctx.new_str(name), vm)?.call(args, vm)
}

/// `np.array(obj, dtype)` when the dtype is datetime or `obj` is a datetime
/// array or scalar; None otherwise (lists holding datetime scalars are
/// left to [`array_after_error`], so reading numbers pays no scan).
pub fn array(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    if !dtype.as_ref().is_some_and(|d| is_dtype(vm, d)) && !is_value(vm, obj) {
        return crate::numpy::objects::array(vm, obj, dtype);
    }
    array_of(vm, obj, dtype).map(Some)
}

/// `np.array(obj, dtype)` after numpy's native reader failed: a datetime
/// array when `obj` holds datetime scalars; None otherwise.
pub fn array_after_error(vm: &VirtualMachine, obj: &PyObject, dtype: &Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    if !involves(vm, obj) {
        return Ok(None);
    }
    array_of(vm, obj, dtype.clone()).map(Some)
}

fn array_of(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult {
    call(vm, "_array", (obj.to_owned(), dtype.unwrap_or_else(|| vm.ctx.none())))
}

/// `np.zeros`/`ones`/`empty`/`full` of a datetime dtype or fill value.
pub fn creation(vm: &VirtualMachine, c: &crate::numpy::convert::Creation) -> PyResult<Option<PyObjectRef>> {
    if !c.dtype.as_ref().is_some_and(|d| is_dtype(vm, d)) && !c.fill.as_ref().is_some_and(|f| is_value(vm, f)) {
        return crate::numpy::objects::creation(vm, c);
    }
    c.make(vm, crate::numpy::pylib::module(vm, "datetime_array.py")?)
}

/// `np.dtype(spec)` for a datetime spec.
pub fn dtype(vm: &VirtualMachine, spec: &PyObject) -> PyResult<Option<PyObjectRef>> {
    if !is_dtype(vm, spec) {
        return crate::numpy::objects::dtype(vm, spec);
    }
    call(vm, "_dtype", (spec.to_owned(),)).map(Some)
}

/// `a.astype(dtype, casting=rule)` of a numeric array to a datetime dtype.
pub fn astype(vm: &VirtualMachine, a: &PyObject, dtype: PyObjectRef, rule: &str) -> PyResult {
    call(vm, "_from_numeric", (a.to_owned(), dtype, rule.to_owned()))
}

/// `a op b` (a ufunc) where an operand is a datetime value.
pub fn binary(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: &str) -> PyResult<Option<PyObjectRef>> {
    if !is_value(vm, a) && !is_value(vm, b) {
        return crate::numpy::objects::binary(vm, a, b, op);
    }
    call(vm, "_binary", (op.to_owned(), a.to_owned(), b.to_owned())).map(Some)
}

/// `datetime_funcs.py`'s `_np_<name>`; NotImplementedError naming the
/// function when it has none.
fn function(vm: &VirtualMachine, name: &str) -> PyResult<PyObjectRef> {
    crate::numpy::pylib::module(vm, "datetime_funcs.py")?.get_attr(&*vm.ctx.new_str(format!("_np_{name}")), vm).map_err(|_| {
        vm.new_not_implemented_error(format!("numpy.{name} of datetime64/timedelta64 arrays is not supported by hipy"))
    })
}

/// The unary ufunc `name` (NumPy's name) of a datetime value.
pub fn unary(vm: &VirtualMachine, a: &PyObject, name: &str) -> PyResult<Option<PyObjectRef>> {
    if !is_value(vm, a) {
        return crate::numpy::objects::unary(vm, a, name);
    }
    call(vm, "_unary", (name.to_owned(), a.to_owned())).map(Some)
}

/// numpy's function `name` for datetime arguments (`_np_<name>`) when one
/// of its data parameters holds a datetime value; None otherwise.
pub fn forward(vm: &VirtualMachine, name: &str, args: &FuncArgs, params: &[&str]) -> PyResult<Option<PyObjectRef>> {
    let data = |param: &str, obj: &PyObject| if param == "dtype" { is_dtype(vm, obj) } else { involves(vm, obj) };
    if !crate::numpy::convert::any_data_argument(args, params, &data) {
        return crate::numpy::objects::forward(vm, name, args, params);
    }
    function(vm, name)?.call(args.clone(), vm).map(Some)
}

/// [`forward`] for a function of positional arguments.
pub fn forward_objs(vm: &VirtualMachine, name: &str, objs: &[&PyObjectRef]) -> PyResult<Option<PyObjectRef>> {
    if !objs.iter().any(|a| involves(vm, a)) {
        return crate::numpy::objects::forward_objs(vm, name, objs);
    }
    function(vm, name)?.call(FuncArgs::from(objs.iter().map(|&o| o.clone()).collect::<Vec<_>>()), vm).map(Some)
}
