//! Direct access to fields RustPython 0.6 keeps crate-private, found by probes
//! at start-up: every object-layout probe of hipy is here.
//!
//! - this file: function fields, cells, bound methods (for calls);
//! - `objects`: what compiled code reads inline (object header, reference
//!   counts, floats, type versions, list and tuple items);
//! - `dicts`: dict entries and keys-version stamps (globals caches and guards);
//! - `gc`: the collector's young-generation count (safepoints).
//!
//! A call needs a function's code, globals, builtins and closure, and
//! LOAD_DEREF needs a cell's contents. RustPython exposes these only as Python
//! attributes (`__code__`, `cell_contents`, ...), which cost an attribute
//! lookup each time. At start-up we find where those fields sit inside the
//! objects by probing real objects made through the public API, and check the
//! result both ways. If any probe fails we fall back to the attribute path, so
//! a layout change costs speed, never correctness.

use std::sync::OnceLock;

pub mod dicts;
pub mod gc;
pub mod instances;
pub mod objects;

use rustpython_vm::builtins::{PyBoundMethod, PyCode, PyDict, PyDictRef, PyFunction, PyStrRef, PyTuple};

use crate::frame::Held;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::object::payload_offset;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

#[derive(Clone, Copy, Debug)]
struct FunctionOffsets {
    code: usize,
    globals: usize,
    builtins: usize,
    closure: usize,
}

static FUNCTION: OnceLock<Option<FunctionOffsets>> = OnceLock::new();
/// Offsets of (self, function) inside a bound method's payload.
static BOUND_METHOD: OnceLock<Option<(usize, usize)>> = OnceLock::new();
static CELLS_DIRECT: OnceLock<bool> = OnceLock::new();
/// Offsets of a function's `__name__` and `__qualname__` locks (each a
/// `PyMutex<PyStrRef>`) inside its payload.
static FUNCTION_NAMES: OnceLock<Option<(usize, usize)>> = OnceLock::new();

/// The payload type of RustPython's `cell` objects has exactly this layout
/// (a single `PyMutex<Option<PyObjectRef>>` field); `probe` verifies it.
type CellContents = PyMutex<Option<PyObjectRef>>;

pub fn probe(vm: &VirtualMachine) {
    FUNCTION.get_or_init(|| probe_function(vm).ok().flatten());
    CELLS_DIRECT.get_or_init(|| probe_cells(vm).unwrap_or(false));
    BOUND_METHOD.get_or_init(|| probe_bound_method(vm));
    FUNCTION_NAMES.get_or_init(|| probe_function_names(vm).ok().flatten());
}

/// Find the `__name__` and `__qualname__` fields of two functions by the
/// addresses of their (distinct) name strings; the offsets must agree.
fn probe_function_names(vm: &VirtualMachine) -> PyResult<Option<(usize, usize)>> {
    let src = "def _outer():\n    def _probe_name():\n        pass\n    return _probe_name\n";
    let scope = run_probe_source(vm, src)?;
    let outer = scope.globals.get_item("_outer", vm)?;
    // Where the value sits inside a `PyMutex<PyStrRef>`.
    let sample = PyMutex::new(vm.ctx.new_str("hipy-probe"));
    let inside = sample.data_ptr() as usize - &sample as *const PyMutex<_> as usize;
    let mut found = None;
    for i in 0..2 {
        let f = outer.call((), vm)?;
        let Some(func) = f.downcast_ref::<PyFunction>() else {
            return Ok(None);
        };
        // Fresh strings, held by this function only.
        f.set_attr("__name__", vm.ctx.new_str(format!("hipy-name-{i}")), vm)?;
        f.set_attr("__qualname__", vm.ctx.new_str(format!("hipy-qualname-{i}")), vm)?;
        let (name, qualname) = (f.get_attr("__name__", vm)?, f.get_attr("__qualname__", vm)?);
        let words = words_of(func);
        let (Some(n), Some(q)) = (find_unique(words, addr(&name)), find_unique(words, addr(&qualname))) else {
            return Ok(None);
        };
        let (Some(n), Some(q)) = (n.checked_sub(inside), q.checked_sub(inside)) else {
            return Ok(None);
        };
        if found.is_some_and(|prev| prev != (n, q)) {
            return Ok(None);
        }
        found = Some((n, q));
        // Cross-check the read against the attributes.
        let (rn, rq) = read_names(func, (n, q));
        if !rn.as_object().is(&name) || !rq.as_object().is(&qualname) {
            return Ok(None);
        }
    }
    Ok(found)
}

/// The name and qualified name fields of `func` at the probed offsets.
fn read_names(func: &Py<PyFunction>, (n, q): (usize, usize)) -> (PyStrRef, PyStrRef) {
    let base = &**func as *const PyFunction as *const u8;
    // SAFETY: offsets of `PyMutex<PyStrRef>` fields found by
    // `probe_function_names` on this build; read under their locks.
    unsafe {
        let read = |o: usize| (*(base.add(o) as *const PyMutex<PyStrRef>)).lock().clone();
        (read(n), read(q))
    }
}

/// `func.__name__` and `func.__qualname__` read directly (None where the
/// layout was not probed).
pub fn function_names(func: &Py<PyFunction>) -> Option<(PyStrRef, PyStrRef)> {
    match FUNCTION_NAMES.get() {
        Some(Some(offs)) => Some(read_names(func, *offs)),
        _ => None,
    }
}

fn probe_bound_method(vm: &VirtualMachine) -> Option<(usize, usize)> {
    let obj: PyObjectRef = vm.ctx.new_str("hipy-self").into();
    let func: PyObjectRef = vm.ctx.new_str("hipy-func").into();
    let m = PyBoundMethod::new(obj.clone(), func.clone()).into_ref(&vm.ctx);
    let n = std::mem::size_of::<PyBoundMethod>() / std::mem::size_of::<usize>();
    // SAFETY: reading the payload's bytes as words, within its size.
    let words = unsafe { std::slice::from_raw_parts(&**m as *const PyBoundMethod as *const usize, n) };
    let o = find_unique(words, addr(&obj))?;
    let f = find_unique(words, addr(&func))?;
    // Cross-check with the public attributes.
    let (s, fa) = (m.as_object().get_attr("__self__", vm).ok()?, m.as_object().get_attr("__func__", vm).ok()?);
    (s.is(&obj) && fa.is(&func)).then_some((o, f))
}

/// For a bound method whose function is a plain Python function, the
/// function and the bound object.
pub fn unbind_method(vm: &VirtualMachine, callable: &PyObjectRef) -> Option<(PyObjectRef, PyObjectRef)> {
    if !callable.class().is(vm.ctx.types.bound_method_type) {
        return None;
    }
    let m = callable.downcast_ref::<PyBoundMethod>()?;
    let (obj, func) = match BOUND_METHOD.get() {
        Some(Some((o, f))) => {
            let base = &**m as *const PyBoundMethod as *const u8;
            // SAFETY: offsets probed and verified at start-up.
            unsafe {
                let read = |off: usize| (&*(*(base.add(off) as *const usize) as *const PyObject)).to_owned();
                (read(*o), read(*f))
            }
        }
        _ => (
            callable.get_attr("__self__", vm).ok()?,
            callable.get_attr("__func__", vm).ok()?,
        ),
    };
    func.class().is(vm.ctx.types.function_type).then_some((func, obj))
}

pub fn function_fields_direct() -> bool {
    matches!(FUNCTION.get(), Some(Some(_)))
}

pub fn bound_method_direct() -> bool {
    matches!(BOUND_METHOD.get(), Some(Some(_)))
}

pub fn cells_direct() -> bool {
    matches!(CELLS_DIRECT.get(), Some(true))
}

fn words_of(payload: &PyFunction) -> &[usize] {
    let n = std::mem::size_of::<PyFunction>() / std::mem::size_of::<usize>();
    // SAFETY: reading the payload's bytes as words, within its size.
    unsafe { std::slice::from_raw_parts(payload as *const PyFunction as *const usize, n) }
}

pub(crate) fn addr(o: &PyObject) -> usize {
    o as *const PyObject as usize
}

fn find_unique(words: &[usize], value: usize) -> Option<usize> {
    let mut hits = words.iter().enumerate().filter(|(_, w)| **w == value);
    let first = hits.next()?.0;
    if hits.next().is_some() {
        return None;
    }
    Some(first * std::mem::size_of::<usize>())
}

fn probe_function(vm: &VirtualMachine) -> PyResult<Option<FunctionOffsets>> {
    let src = "def _outer():\n    x = 1\n    def _probe(a, b=2):\n        return x\n    return _probe\n";
    let scope = run_probe_source(vm, src)?;
    let outer = scope.globals.get_item("_outer", vm)?;
    let mut found: Option<FunctionOffsets> = None;
    // Two distinct closures: the offsets must agree on both.
    for _ in 0..2 {
        let f = outer.call((), vm)?;
        let Some(func) = f.downcast_ref::<PyFunction>() else {
            return Ok(None);
        };
        let code = f.get_attr("__code__", vm)?;
        let globals = f.get_attr("__globals__", vm)?;
        let builtins = f.get_attr("__builtins__", vm)?;
        let closure = f.get_attr("__closure__", vm)?;
        let words = words_of(func);
        let offs = FunctionOffsets {
            code: match find_unique(words, addr(&code)) {
                Some(o) => o,
                None => return Ok(None),
            },
            globals: match find_unique(words, addr(&globals)) {
                Some(o) => o,
                None => return Ok(None),
            },
            builtins: match find_unique(words, addr(&builtins)) {
                Some(o) => o,
                None => return Ok(None),
            },
            closure: match find_unique(words, addr(&closure)) {
                Some(o) => o,
                None => return Ok(None),
            },
        };
        if let Some(prev) = found {
            if prev.code != offs.code
                || prev.globals != offs.globals
                || prev.builtins != offs.builtins
                || prev.closure != offs.closure
            {
                return Ok(None);
            }
        }
        found = Some(offs);
    }
    // A function without a closure must read as None at the closure offset.
    if let Some(offs) = found {
        let scope = run_probe_source(vm, "def _plain():\n    pass\n")?;
        let f = scope.globals.get_item("_plain", vm)?;
        let func = f.downcast_ref::<PyFunction>().unwrap();
        let words = words_of(func);
        if words[offs.closure / std::mem::size_of::<usize>()] != 0 {
            return Ok(None);
        }
    }
    Ok(found)
}

/// Run probe source on RustPython's engine (before hipy's hooks exist).
/// The globals get their own `__builtins__` dict and `__name__`, so that the
/// functions made here hold values no other field of theirs can share
/// (`find_unique` needs each probed value exactly once).
pub(super) fn run_probe_source(vm: &VirtualMachine, src: &str) -> PyResult<rustpython_vm::scope::Scope> {
    let globals = vm.ctx.new_dict();
    let builtins = vm.ctx.new_dict();
    for (key, value) in vm.builtins.dict() {
        builtins.set_item(&*key, value, vm)?;
    }
    globals.set_item("__builtins__", builtins.into(), vm)?;
    globals.set_item("__name__", vm.ctx.new_str("hipy-probe-module").into(), vm)?;
    let scope = rustpython_vm::scope::Scope::with_builtins(None, globals, vm);
    let code = vm
        .compile(src, rustpython_vm::compiler::Mode::Exec, "<hipy-probe>".to_owned())
        .map_err(|e| vm.new_system_error(format!("hipy: probe does not compile: {e}")))?;
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

/// The parts of a function object a frame needs (its code comes from
/// `function_code`).
pub struct FunctionParts {
    pub globals: PyDictRef,
    pub builtins: PyObjectRef,
    pub closure: Option<PyRef<PyTuple>>,
}

pub fn function_parts(func: &Py<PyFunction>, vm: &VirtualMachine) -> PyResult<FunctionParts> {
    if let Some(Some(offs)) = FUNCTION.get() {
        let base = &**func as *const PyFunction as *const u8;
        // SAFETY: offsets probed and verified at start-up on this build.
        unsafe {
            let read = |o: usize| *(base.add(o) as *const usize);
            let globals = &*(read(offs.globals) as *const PyObject);
            let builtins = &*(read(offs.builtins) as *const PyObject);
            let closure = read(offs.closure);
            return Ok(FunctionParts {
                globals: globals.to_owned().downcast().map_err(|_| {
                    vm.new_system_error("hipy: function globals is not a dict")
                })?,
                builtins: builtins.to_owned(),
                closure: if closure == 0 {
                    None
                } else {
                    let t = &*(closure as *const PyObject);
                    Some(t.to_owned().downcast().map_err(|_| {
                        vm.new_system_error("hipy: function closure is not a tuple")
                    })?)
                },
            });
        }
    }
    let obj = func.as_object();
    let closure = obj.get_attr("__closure__", vm)?;
    Ok(FunctionParts {
        globals: obj
            .get_attr("__globals__", vm)?
            .downcast()
            .map_err(|_| vm.new_type_error("__globals__ must be a dict"))?,
        builtins: obj.get_attr("__builtins__", vm)?,
        closure: if vm.is_none(&closure) {
            None
        } else {
            Some(closure.downcast().map_err(|_| vm.new_type_error("bad __closure__"))?)
        },
    })
}

/// A frame's references to its function's globals, builtins and closure,
/// borrowed from the function object when the probed layout allows it.
///
/// # Safety
/// The caller must keep `func` alive for as long as the returned values
/// live (frames do: they hold their function).
pub unsafe fn frame_refs(
    vm: &VirtualMachine,
    func: &Py<PyFunction>,
) -> PyResult<(Held<PyDict>, Held<PyDict>, Option<Held<PyTuple>>)> {
    if let Some(Some(offs)) = FUNCTION.get() {
        let base = &**func as *const PyFunction as *const u8;
        let globals = &*(base.add(offs.globals) as *const PyRef<PyDict>);
        let builtins_obj = &*(base.add(offs.builtins) as *const PyObjectRef);
        let closure = &*(base.add(offs.closure) as *const Option<PyRef<PyTuple>>);
        if globals.as_object().class().is(vm.ctx.types.dict_type)
            || globals.as_object().downcast_ref::<PyDict>().is_some()
        {
            let builtins = if builtins_obj.downcast_ref::<PyDict>().is_some() {
                Held::borrowed(&*(builtins_obj as *const PyObjectRef as *const PyRef<PyDict>))
            } else {
                Held::owned(crate::call::builtins_dict(vm, builtins_obj)?)
            };
            return Ok((Held::borrowed(globals), builtins, closure.as_ref().map(|c| Held::borrowed(c))));
        }
    }
    let parts = function_parts(func, vm)?;
    Ok((
        Held::owned(parts.globals),
        Held::owned(crate::call::builtins_dict(vm, &parts.builtins)?),
        parts.closure.map(Held::owned),
    ))
}

/// The address of a function's code object, without touching its refcount
/// (None when the probe failed and fields must go through attributes).
#[inline]
pub fn function_code_addr(func: &Py<PyFunction>) -> Option<usize> {
    match FUNCTION.get() {
        Some(Some(offs)) => {
            let base = &**func as *const PyFunction as *const u8;
            // SAFETY: offsets probed and verified at start-up.
            Some(unsafe { *(base.add(offs.code) as *const usize) })
        }
        _ => None,
    }
}

/// The code object of a function (cheap path for call sites).
pub fn function_code(func: &Py<PyFunction>, vm: &VirtualMachine) -> PyResult<PyRef<PyCode>> {
    if let Some(Some(offs)) = FUNCTION.get() {
        let base = &**func as *const PyFunction as *const u8;
        // SAFETY: as in `function_parts`.
        unsafe {
            let code = &*(*(base.add(offs.code) as *const usize) as *const Py<PyCode>);
            return Ok(code.to_owned());
        }
    }
    func.as_object()
        .get_attr("__code__", vm)?
        .downcast()
        .map_err(|_| vm.new_type_error("__code__ must be a code object"))
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
