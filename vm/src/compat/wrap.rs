//! Replacing a builtin method or module function with a Rust closure that
//! may delegate to the original.
//!
//! A replaced method stays a `method_descriptor` with the same name and
//! flags, so attribute lookup, binding and `calls`' translation treat it
//! exactly like the original.

use rustpython_vm::builtins::descriptor::PyMethodDescriptor;
use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr, PyType};
use rustpython_vm::function::{Callee, FuncArgs, ItemDoc, PyFastcallFn, PyMethodDef, PyMethodFlags, PyNativeFn};
use rustpython_vm::{Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

/// Save the function in slot cell `$cell` into `$saved` and store `$wrapper`
/// there (a macro: the cell type, crossbeam's AtomicCell, is not exported).
macro_rules! save_store {
    ($saved:expr, $cell:expr, $wrapper:expr) => {
        if let Some(original) = $cell.load() {
            if $saved.set(original).is_ok() {
                $cell.store(Some($wrapper));
            }
        }
    };
}

pub(crate) use save_store;

/// Runs `fix` once per process: for fixes to static types, which every
/// interpreter of the process shares.
pub fn once_per_process(
    done: &'static std::sync::Once,
    vm: &VirtualMachine,
    fix: fn(&VirtualMachine) -> PyResult<()>,
) -> PyResult<()> {
    let mut result = Ok(());
    done.call_once(|| result = fix(vm));
    result
}

/// The original implementation a wrapper may call.
pub type Original = &'static dyn PyNativeFn;

/// Replace method `name` of `typ` by `wrapper`, which receives the call and
/// the original implementation. Does nothing when `typ` has no such
/// method descriptor of its own.
pub fn method<F>(vm: &VirtualMachine, typ: &'static Py<PyType>, name: &'static str, wrapper: F)
where
    F: Fn(&VirtualMachine, FuncArgs, Callee, Original) -> PyResult + Send + Sync + 'static,
{
    let interned = vm.ctx.intern_str(name);
    let Some(current) = typ.attributes.get(interned) else { return };
    let Some(descr) = current.downcast_ref::<PyMethodDescriptor>() else { return };
    let original: Original = descr.method.func;
    let def = PyMethodDef {
        func: leak(move |vm: &VirtualMachine, args: FuncArgs, callee: Callee| wrapper(vm, args, callee, original)),
        // The original's vectorcall entry would skip the wrapper.
        fastcall: None,
        ..descr.method.clone()
    };
    let def: &'static PyMethodDef = Box::leak(Box::new(def));
    let replacement = PyRef::new_ref(def.to_method(typ, &vm.ctx), vm.ctx.types.method_descriptor_type.to_owned(), None);
    typ.set_attr(interned, replacement.into());
}

/// Define (or redefine) method `name` of `typ` as `f`, with the flags of
/// an ordinary method: for a slot's dunder whose Python subclasses look
/// the method up by name.
pub fn define_method<F>(vm: &VirtualMachine, typ: &'static Py<PyType>, name: &'static str, f: F)
where
    F: Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static,
{
    let def = PyMethodDef {
        name,
        func: leak(move |vm: &VirtualMachine, args: FuncArgs, _: Callee| f(vm, args)),
        flags: PyMethodFlags::METHOD,
        ..template()
    };
    let def: &'static PyMethodDef = Box::leak(Box::new(def));
    let method = PyRef::new_ref(def.to_method(typ, &vm.ctx), vm.ctx.types.method_descriptor_type.to_owned(), None);
    typ.set_attr(vm.ctx.intern_str(name), method.into());
}

/// Replace method `name` of `typ` by one that first runs `check` on the
/// arguments (the instance first) and raises what it returns.
pub fn precheck(
    vm: &VirtualMachine,
    typ: &'static Py<PyType>,
    name: &'static str,
    check: fn(&VirtualMachine, &FuncArgs) -> Option<PyBaseExceptionRef>,
) {
    method(vm, typ, name, move |vm, args, callee, original| match check(vm, &args) {
        Some(e) => Err(e),
        None => original(vm, args, callee),
    });
}

/// Replace function `name` of `module` by `wrapper` (see `method`).
pub fn function<F>(vm: &VirtualMachine, module: &PyObject, name: &'static str, wrapper: F) -> PyResult<()>
where
    F: Fn(&VirtualMachine, FuncArgs, Callee, Original) -> PyResult + Send + Sync + 'static,
{
    function_with_fastcall(vm, module, name, wrapper, None)
}

/// `function`, with `fastcall` as the replacement's vectorcall entry
/// (`PyFastcallFn`): it must do what the wrapper does for the calls it
/// takes, and decline the others.
pub fn function_with_fastcall<F>(
    vm: &VirtualMachine,
    module: &PyObject,
    name: &'static str,
    wrapper: F,
    fastcall: Option<&'static PyFastcallFn>,
) -> PyResult<()>
where
    F: Fn(&VirtualMachine, FuncArgs, Callee, Original) -> PyResult + Send + Sync + 'static,
{
    let current = module.get_attr(name, vm)?;
    let Some((original, _)) = native_parts(&current) else { return Ok(()) };
    let def = PyMethodDef {
        name,
        func: leak(move |vm: &VirtualMachine, args: FuncArgs, callee: Callee| wrapper(vm, args, callee, original)),
        fastcall,
        ..template()
    };
    let def: &'static PyMethodDef = Box::leak(Box::new(def));
    let mut func = def.to_function().with_module_object(module.to_owned());
    if let Some(m) = current.get_attr("__module__", vm)?.downcast_ref::<PyStr>() {
        func = func.with_module(vm.ctx.intern_str(m.as_wtf8()));
    }
    module.set_attr(name, func.into_ref(&vm.ctx), vm)
}

/// A definition to copy the fields RustPython's features add from
/// (`new_raw_const` only takes a zero-sized function; callers replace it).
fn template() -> PyMethodDef {
    PyMethodDef::new_raw_const("", |_: &VirtualMachine, _: FuncArgs, _: Callee| unreachable!(), PyMethodFlags::empty(), ItemDoc::NONE)
}

/// The implementation and `__self__` of a `builtin_function_or_method`.
/// RustPython does not export that payload type; a value `to_function`
/// returns lets inference name it.
pub fn native_parts(obj: &PyObject) -> Option<(Original, Option<PyObjectRef>)> {
    fn downcast<'a, T: PyPayload>(_like: &T, obj: &'a PyObject) -> Option<&'a Py<T>> {
        obj.downcast_ref::<T>()
    }
    static TEMPLATE: std::sync::OnceLock<&'static PyMethodDef> = std::sync::OnceLock::new();
    let def = *TEMPLATE.get_or_init(|| Box::leak(Box::new(template())));
    let like = def.to_function();
    let native = downcast(&like, obj)?;
    Some((native.as_func(), native.get_self().map(|s| s.to_owned())))
}

fn leak<F>(f: F) -> Original
where
    F: Fn(&VirtualMachine, FuncArgs, Callee) -> PyResult + Send + Sync + 'static,
{
    Box::leak(Box::new(f))
}
