//! The hooks that send numpy's native entry points to `pylib/objects.py`
//! (object arrays: dtype=object, `np.object_`).
//!
//! An object array is a Python object (`objects.py`'s `ndarray`) holding
//! a list of elements and an int64 array of positions into it; everything
//! about it is Python. The datetime hooks (`datetimes.rs`) call these
//! where they decline an argument, so numeric arrays never reach them:
//! `np.array` with an object dtype (or of data only an object array can
//! hold), `np.dtype`, the creation functions, numpy's functions given an
//! object array (`object_funcs.py`'s `_np_<name>`), operators and ufuncs, and
//! `astype(object)`.
use rustpython_vm::builtins::PyType;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

/// Whether `obj` is an object array (its class has `_hipy_obj`).
pub fn is_array(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::has_class_marker(vm, obj, "_hipy_obj")
}

/// Whether `obj` is an object array or a (nested) list/tuple holding one.
pub fn involves(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::nested_any(obj, &|x| is_array(vm, x))
}

/// Whether a `dtype=` argument names object (`object`, `'O'`, `'object'`,
/// `np.object_`, the object dtype).
pub fn is_dtype(vm: &VirtualMachine, obj: &PyObject) -> bool {
    let name = |name: &str| matches!(name, "O" | "O8" | "object" | "object_");
    let of_type = |t: &rustpython_vm::Py<PyType>| t.is(vm.ctx.types.object_type) || t.get_attr(vm.ctx.intern_str("_hipy_obj_scalar")).is_some();
    crate::numpy::convert::names_kind(vm, obj, &name, &of_type, "_hipy_obj_dtype")
}

/// `objects.py`'s `name(*args)`.
fn call(vm: &VirtualMachine, name: &str, args: impl rustpython_vm::function::IntoFuncArgs) -> PyResult {
    crate::numpy::pylib::module(vm, "objects.py")?.get_attr(&*vm.ctx.new_str(name), vm)?.call(args, vm)
}

/// `np.array(obj, dtype)` when the dtype is object or `obj` is an object
/// array; None otherwise.
pub fn array(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    if !dtype.as_ref().is_some_and(|d| is_dtype(vm, d)) && !is_array(vm, obj) {
        return Ok(None);
    }
    call(vm, "_array", (obj.to_owned(), dtype.unwrap_or_else(|| vm.ctx.none()))).map(Some)
}

/// `np.array(obj)` (no dtype) after numpy's native reader failed: an
/// object array when `obj` holds objects NumPy keeps as they are (None,
/// dicts, ... in a regular nesting); None otherwise.
pub fn array_after_error(vm: &VirtualMachine, obj: &PyObject, dtype: &Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    if dtype.is_some() {
        return Ok(None);
    }
    let r = call(vm, "_inferred", (obj.to_owned(),))?;
    Ok((!vm.is_none(&r)).then_some(r))
}

/// `np.zeros`/`ones`/`empty`/`full` of the object dtype.
pub fn creation(vm: &VirtualMachine, c: &crate::numpy::convert::Creation) -> PyResult<Option<PyObjectRef>> {
    if !c.dtype.as_ref().is_some_and(|d| is_dtype(vm, d)) {
        return Ok(None);
    }
    c.make(vm, crate::numpy::pylib::module(vm, "objects.py")?)
}

/// `np.dtype(spec)` for an object spec.
pub fn dtype(vm: &VirtualMachine, spec: &PyObject) -> PyResult<Option<PyObjectRef>> {
    if !is_dtype(vm, spec) {
        return Ok(None);
    }
    call(vm, "_dtype", (spec.to_owned(),)).map(Some)
}

/// `a.astype(object)` of a numeric array.
pub fn astype(vm: &VirtualMachine, a: &PyObject) -> PyResult {
    call(vm, "_array", (a.to_owned(),))
}

/// `a op b` (an operator or ufunc) where an operand is an object array.
pub fn binary(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: &str) -> PyResult<Option<PyObjectRef>> {
    if !is_array(vm, a) && !is_array(vm, b) {
        return Ok(None);
    }
    call(vm, "_binary", (op.to_owned(), a.to_owned(), b.to_owned())).map(Some)
}

/// The unary ufunc `name` (NumPy's name) of an object array.
pub fn unary(vm: &VirtualMachine, a: &PyObject, name: &str) -> PyResult<Option<PyObjectRef>> {
    if !is_array(vm, a) {
        return Ok(None);
    }
    call(vm, "_unary", (name.to_owned(), a.to_owned())).map(Some)
}

/// `object_funcs.py`'s `_np_<name>`; NotImplementedError naming the
/// function when it has none.
fn function(vm: &VirtualMachine, name: &str) -> PyResult<PyObjectRef> {
    crate::numpy::pylib::module(vm, "object_funcs.py")?
        .get_attr(&*vm.ctx.new_str(format!("_np_{name}")), vm)
        .map_err(|_| vm.new_not_implemented_error(format!("numpy.{name} of object arrays is not supported by hipy")))
}

/// numpy's function `name` for object arrays (`_np_<name>`) when one of
/// its data parameters holds an object array or its dtype is object; None
/// otherwise.
pub fn forward(vm: &VirtualMachine, name: &str, args: &FuncArgs, params: &[&str]) -> PyResult<Option<PyObjectRef>> {
    let data = |param: &str, obj: &PyObject| if param == "dtype" { is_dtype(vm, obj) } else { involves(vm, obj) };
    if !crate::numpy::convert::any_data_argument(args, params, &data) {
        return Ok(None);
    }
    function(vm, name)?.call(args.clone(), vm).map(Some)
}

/// [`forward`] for a function of positional arguments.
pub fn forward_objs(vm: &VirtualMachine, name: &str, objs: &[&PyObjectRef]) -> PyResult<Option<PyObjectRef>> {
    if !objs.iter().any(|a| involves(vm, a)) {
        return Ok(None);
    }
    function(vm, name)?.call(FuncArgs::from(objs.iter().map(|&o| o.clone()).collect::<Vec<_>>()), vm).map(Some)
}
