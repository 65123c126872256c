//! `_ctypes` pointers storing numbers as CPython does.
//!
//! RustPython's `p[i] = value` on a `POINTER(c_double)` stores any value
//! that converts to an int as an integer's bits (`p[0] = 9.0` leaves
//! 4.4e-323 in memory), and on a `POINTER(c_int)` truncates a float
//! silently where CPython raises TypeError. CPython converts the value
//! with the pointed-to type's own rule, as `c_double(value)` does.
//!
//! The fix: before an item store on a pointer to a numeric simple type, a
//! value that is not already ctypes data is converted by calling that type
//! (`c_double(9.0)`, raising its TypeError), and the original store then
//! copies the converted value's bytes.
//!
//! Reading a `c_bool` item through a pointer gives bytes (`b'\x01'`) and
//! through an array an int; both are bools here, as in CPython.
//!
//! Also, an item of an array whose items are arrays, structures or unions
//! (`((c_int * 3) * 2)()[0]`) reads as 0 in RustPython; in CPython it is
//! that item's object over the same memory. It is built so here, with
//! `from_address`, and keeps the array it lives in alive.

use std::sync::OnceLock;

use rustpython_vm::builtins::{PyStr, PyType};
use rustpython_vm::protocol::PyMapping;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::wrap;
use wrap::save_store;

type AssSubscript = fn(PyMapping<'_>, &PyObject, Option<PyObjectRef>, &VirtualMachine) -> PyResult<()>;
type Subscript = fn(PyMapping<'_>, &PyObject, &VirtualMachine) -> PyResult;

static ASS_SUBSCRIPT: OnceLock<AssSubscript> = OnceLock::new();
static ARRAY_SUBSCRIPT: OnceLock<Subscript> = OnceLock::new();
static POINTER_SUBSCRIPT: OnceLock<Subscript> = OnceLock::new();

/// Type codes of the simple types whose values are numbers.
const NUMERIC_CODES: &str = "bBhHiIlLqQfdg?";

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    static DONE: std::sync::Once = std::sync::Once::new();
    wrap::once_per_process(&DONE, vm, install_type)
}

fn install_type(vm: &VirtualMachine) -> PyResult<()> {
    let module = vm.import("_ctypes", 0)?;
    let Ok(typ) = module.get_attr("_Pointer", vm)?.downcast::<PyType>() else { return Ok(()) };
    let typ: &'static Py<PyType> = Box::leak(Box::new(typ));
    wrap::define_method(vm, typ, "__setitem__", move |vm, args| match args.args.as_slice() {
        [zelf, key, value] if args.kwargs.is_empty() => {
            pointer_ass_subscript(PyMapping { obj: zelf }, key, Some(value.clone()), vm).map(|()| vm.ctx.none())
        }
        _ => Err(vm.new_type_error(format!("expected 2 arguments, got {}", args.args.len().saturating_sub(1)))),
    });
    wrap::define_method(vm, typ, "__getitem__", move |vm, args| match args.args.as_slice() {
        [zelf, key] if args.kwargs.is_empty() => pointer_subscript(PyMapping { obj: zelf }, key, vm),
        _ => Err(vm.new_type_error(format!("expected 1 argument, got {}", args.args.len().saturating_sub(1)))),
    });
    save_store!(POINTER_SUBSCRIPT, typ.slots.as_mapping.subscript, pointer_subscript as Subscript);
    save_store!(ASS_SUBSCRIPT, typ.slots.as_mapping.ass_subscript, pointer_ass_subscript as AssSubscript);
    let Ok(array) = module.get_attr("Array", vm)?.downcast::<PyType>() else { return Ok(()) };
    let array: &'static Py<PyType> = Box::leak(Box::new(array));
    wrap::define_method(vm, array, "__getitem__", move |vm, args| match args.args.as_slice() {
        [zelf, key] if args.kwargs.is_empty() => array_subscript(PyMapping { obj: zelf }, key, vm),
        _ => Err(vm.new_type_error(format!("expected 1 argument, got {}", args.args.len().saturating_sub(1)))),
    });
    save_store!(ARRAY_SUBSCRIPT, array.slots.as_mapping.subscript, array_subscript as Subscript);
    Ok(())
}

fn array_subscript(mapping: PyMapping<'_>, key: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = ARRAY_SUBSCRIPT.get().expect("saved before the slot was replaced");
    match aggregate_item(mapping.obj, key, vm)? {
        Some(item) => Ok(item),
        None => as_bool_item(mapping.obj, key, original(mapping, key, vm)?, vm),
    }
}

fn pointer_subscript(mapping: PyMapping<'_>, key: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = POINTER_SUBSCRIPT.get().expect("saved before the slot was replaced");
    as_bool_item(mapping.obj, key, original(mapping, key, vm)?, vm)
}

/// An item read at an int index of a pointer or array of `c_bool`, as a bool.
fn as_bool_item(container: &PyObject, key: &PyObject, item: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    if key.downcast_ref::<rustpython_vm::builtins::PyInt>().is_none() || type_code(container, vm).as_deref() != Some("?") {
        return Ok(item);
    }
    let truth = match item.downcast_ref::<rustpython_vm::builtins::PyBytes>() {
        Some(b) => b.as_bytes().iter().any(|&x| x != 0),
        None => item.try_to_bool(vm)?,
    };
    Ok(vm.ctx.new_bool(truth).into())
}

/// The type code of the simple type a pointer or array holds.
fn type_code(container: &PyObject, vm: &VirtualMachine) -> Option<String> {
    let proto = container.class().as_object().get_attr("_type_", vm).ok()?;
    let code = proto.get_attr("_type_", vm).ok()?;
    code.downcast_ref::<PyStr>().and_then(|c| c.to_str()).map(str::to_owned)
}

/// Item `key` of `array` when its items are arrays, structures or unions.
fn aggregate_item(array: &PyObject, key: &PyObject, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
    let Some(index) = key.downcast_ref::<rustpython_vm::builtins::PyInt>() else { return Ok(None) };
    let Ok(item_type) = array.class().as_object().get_attr("_type_", vm) else { return Ok(None) };
    let ct = vm.import("_ctypes", 0)?;
    let aggregates = vm.ctx.new_tuple(vec![
        ct.get_attr("Array", vm)?,
        ct.get_attr("Structure", vm)?,
        ct.get_attr("Union", vm)?,
    ]);
    let is_type = item_type.downcast_ref::<PyType>().is_some();
    if !is_type || !item_type.is_subclass(aggregates.as_object(), vm)? {
        return Ok(None);
    }
    let length: isize = array.class().as_object().get_attr("_length_", vm)?.try_into_value(vm)?;
    let i: isize = index.try_to_primitive(vm)?;
    let i = if i < 0 { i + length } else { i };
    if i < 0 || i >= length {
        return Err(vm.new_index_error("invalid index"));
    }
    let size: usize = ct.get_attr("sizeof", vm)?.call((item_type.clone(),), vm)?.try_into_value(vm)?;
    let base: usize = ct.get_attr("addressof", vm)?.call((array.to_owned(),), vm)?.try_into_value(vm)?;
    let item = item_type.get_attr("from_address", vm)?.call((base + i as usize * size,), vm)?;
    // The item lives in the array's memory.
    let _ = item.set_attr("_hipy_base", array.to_owned(), vm);
    Ok(Some(item))
}

fn pointer_ass_subscript(
    mapping: PyMapping<'_>,
    key: &PyObject,
    value: Option<PyObjectRef>,
    vm: &VirtualMachine,
) -> PyResult<()> {
    let original = ASS_SUBSCRIPT.get().expect("saved before the slot was replaced");
    let value = match value {
        Some(v) => Some(converted(mapping.obj, v, vm)?),
        None => None,
    };
    original(mapping, key, value, vm)
}

/// `value` as an instance of the pointed-to type, when that is a numeric
/// simple type and `value` is a plain Python object.
fn converted(pointer: &PyObject, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    let numeric = type_code(pointer, vm).is_some_and(|c| c.len() == 1 && NUMERIC_CODES.contains(c.as_str()));
    let cdata = vm.import("_ctypes", 0)?.get_attr("_SimpleCData", vm)?;
    if !numeric || value.is_instance(&cdata, vm)? {
        return Ok(value);
    }
    pointer.class().as_object().get_attr("_type_", vm)?.call((value,), vm)
}
