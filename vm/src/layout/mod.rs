//! Direct access to fields RustPython 0.6 keeps crate-private, found by probes
//! at start-up: every object-layout probe of hipy is here.
//!
//! - this file: function fields and bound methods (read through the accessors
//!   hipy's patched rustpython-vm exports, vendor/README.md), cells (probed);
//! - `objects`: what compiled code reads inline (object header, reference
//!   counts, floats, type versions, list and tuple items);
//! - `dicts`: dict entries and keys-version stamps (globals caches and guards);
//! - `gc`: the collector's young-generation count (safepoints).
//!
//! A call needs a function's code, globals, builtins and closure (the
//! vendored crate's `PyFunction::code_ref` & co.), and LOAD_DEREF needs a
//! cell's contents. RustPython exposes those only as Python attributes
//! (`cell_contents`, ...), which cost an attribute lookup each time. At
//! start-up we find where such fields sit inside the
//! objects by probing real objects made through the public API, and check the
//! result both ways. If any probe fails we fall back to the attribute path, so
//! a layout change costs speed, never correctness.

use std::sync::OnceLock;

pub mod dicts;
pub mod gc;
pub mod instances;
pub mod objects;

use rustpython_vm::builtins::{PyBoundMethod, PyCode, PyDict, PyFunction, PyTuple};

use crate::frame::Held;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::object::payload_offset;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

static CELLS_DIRECT: OnceLock<bool> = OnceLock::new();

/// The payload type of RustPython's `cell` objects has exactly this layout
/// (a single `PyMutex<Option<PyObjectRef>>` field); `probe` verifies it.
type CellContents = PyMutex<Option<PyObjectRef>>;

pub fn probe(vm: &VirtualMachine) {
    CELLS_DIRECT.get_or_init(|| probe_cells(vm).unwrap_or(false));
}

/// For a bound method whose function is a plain Python function, the
/// function and the bound object.
pub fn unbind_method(vm: &VirtualMachine, callable: &PyObjectRef) -> Option<(PyObjectRef, PyObjectRef)> {
    if !callable.class().is(vm.ctx.types.bound_method_type) {
        return None;
    }
    let m = callable.downcast_ref::<PyBoundMethod>()?;
    let func = m.function_obj();
    func.class().is(vm.ctx.types.function_type).then(|| (func.to_owned(), m.self_obj().to_owned()))
}

pub fn cells_direct() -> bool {
    matches!(CELLS_DIRECT.get(), Some(true))
}

pub(crate) fn addr(o: &PyObject) -> usize {
    o as *const PyObject as usize
}

/// Run probe code on RustPython's engine (before hipy's hooks exist),
/// with globals of its own (their own `__builtins__` dict and `__name__`).
/// The probes' code is compiled when hipy is built (`py_compile!`):
/// compiling it at each start cost about 1 M instructions.
pub(super) fn run_probe_code(
    vm: &VirtualMachine,
    code: rustpython_vm::frozen::FrozenCodeObject<impl AsRef<[u8]>>,
) -> PyResult<rustpython_vm::scope::Scope> {
    let globals = vm.ctx.new_dict();
    let builtins = vm.ctx.new_dict();
    for (key, value) in vm.builtins.dict() {
        builtins.set_item(&*key, value, vm)?;
    }
    globals.set_item("__builtins__", builtins.into(), vm)?;
    globals.set_item("__name__", vm.ctx.new_str("hipy-probe-module").into(), vm)?;
    let scope = rustpython_vm::scope::Scope::with_builtins(None, globals, vm);
    let code = rustpython_vm::builtins::PyCode::new_ref_from_frozen(vm, code);
    vm.run_code_obj(code, scope.clone())?;
    Ok(scope)
}

fn probe_cells(vm: &VirtualMachine) -> PyResult<bool> {
    if std::mem::size_of::<CellContents>() + payload_offset::<CellContents>()
        > std::mem::size_of::<usize>() * 16
    {
        return Ok(false);
    }
    let marker = vm.ctx.new_str("hipy-cell-probe");
    let cell = vm
        .ctx
        .types
        .cell_type
        .as_object()
        .call((marker.clone(),), vm)?;
    if !cell.class().is(vm.ctx.types.cell_type) {
        return Ok(false);
    }
    // SAFETY: only dereferenced after the type check above; the verification
    // below compares against the public attribute both ways.
    let contents = unsafe { cell_contents_unchecked(&cell) };
    let read = contents.lock().clone();
    if !read.is_some_and(|v| v.is(&marker)) {
        return Ok(false);
    }
    let other = vm.ctx.new_str("hipy-cell-probe-2");
    *contents.lock() = Some(other.clone().into());
    let seen = cell.get_attr("cell_contents", vm)?;
    if !seen.is(&other) {
        return Ok(false);
    }
    cell.set_attr("cell_contents", vm.ctx.none(), vm)?;
    let read = contents.lock().clone();
    Ok(read.is_some_and(|v| vm.is_none(&v)))
}

unsafe fn cell_contents_unchecked(cell: &PyObject) -> &CellContents {
    let base = cell as *const PyObject as *const u8;
    &*(base.add(payload_offset::<CellContents>()) as *const CellContents)
}

/// A frame's references to its function's globals, builtins and closure,
/// borrowed from the function object.
///
/// # Safety
/// The caller must keep `func` alive for as long as the returned values
/// live (frames do: they hold their function).
pub unsafe fn frame_refs(
    vm: &VirtualMachine,
    func: &Py<PyFunction>,
) -> PyResult<(Held<PyDict>, Held<PyDict>, Option<Held<PyTuple>>)> {
    let globals = func.globals_ref();
    let builtins_obj = func.builtins_ref();
    let builtins = match builtins_obj.downcast_ref::<PyDict>() {
        // SAFETY: checked to be a dict just above.
        Some(_) => Held::borrowed(&*(builtins_obj as *const PyObjectRef as *const PyRef<PyDict>)),
        None => Held::owned(crate::call::builtins_dict(vm, builtins_obj)?),
    };
    Ok((Held::borrowed(globals), builtins, func.closure_ref().map(|c| Held::borrowed(c))))
}

/// The address of a function's code object, without touching its refcount.
#[inline]
pub fn function_code_addr(func: &Py<PyFunction>) -> usize {
    func.code_ref() as *const Py<PyCode> as usize
}

/// The code object of a function (cheap path for call sites).
pub fn function_code(func: &Py<PyFunction>) -> PyRef<PyCode> {
    func.code_ref().to_owned()
}

pub fn cell_get(cell: &PyObject, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
    if cells_direct() && cell.class().is(vm.ctx.types.cell_type) {
        // SAFETY: layout verified by `probe_cells`; type checked above.
        return Ok(unsafe { cell_contents_unchecked(cell) }.lock().clone());
    }
    match cell.get_attr("cell_contents", vm) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.fast_isinstance(vm.ctx.exceptions.value_error) => Ok(None),
        Err(e) => Err(e),
    }
}

pub fn cell_set(cell: &PyObject, value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
    if cells_direct() && cell.class().is(vm.ctx.types.cell_type) {
        // SAFETY: as in `cell_get`. The old value is dropped after the lock
        // is released, since dropping may run __del__.
        let old = std::mem::replace(&mut *unsafe { cell_contents_unchecked(cell) }.lock(), value);
        drop(old);
        return Ok(());
    }
    match value {
        Some(v) => cell.set_attr("cell_contents", v, vm),
        None => cell.del_attr("cell_contents", vm),
    }
}

pub fn new_cell(value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    let cell_type = vm.ctx.types.cell_type.as_object();
    match value {
        Some(v) => cell_type.call((v,), vm),
        None => cell_type.call((), vm),
    }
}
