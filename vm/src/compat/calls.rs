//! Error translation at the call slots of builtin callables.
//!
//! The call and vectorcall slots of `method_descriptor`,
//! `builtin_function_or_method` and `type` are wrapped: a successful call
//! costs one extra indirect call; a failed one is looked at by
//! `translate`, which knows the callable (`str.join`, `math.log`, `int()`),
//! the number of positional arguments and the keyword names, and replaces
//! RustPython's message with CPython 3.11's where they differ.

use std::sync::OnceLock;

use rustpython_vm::builtins::descriptor::PyMethodDescriptor;
use rustpython_vm::builtins::PyNativeFunction;
use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr, PyType};
use rustpython_vm::function::{FuncArgs, VectorArgs};
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::{argspec, argtypes, messages, numbers, wrap};

type CallFn = fn(&PyObject, FuncArgs, &VirtualMachine) -> PyResult;
type VectorFn = fn(&PyObject, Vec<PyObjectRef>, usize, Option<&[PyObjectRef]>, &VirtualMachine) -> PyResult;

/// The slots a wrapper replaced.
struct Saved {
    call: CallFn,
    vectorcall: Option<VectorFn>,
}

static DESCRIPTOR: OnceLock<Saved> = OnceLock::new();
static NATIVE: OnceLock<Saved> = OnceLock::new();
static TYPE: OnceLock<Saved> = OnceLock::new();
static WRAPPER: OnceLock<Saved> = OnceLock::new();
static METHOD_WRAPPER: OnceLock<Saved> = OnceLock::new();

pub fn install(vm: &VirtualMachine) {
    let types = &vm.ctx.types;
    hook(types.method_descriptor_type, &DESCRIPTOR, descriptor_call, descriptor_vectorcall);
    hook(types.builtin_function_or_method_type, &NATIVE, native_call, native_vectorcall);
    hook(types.type_type, &TYPE, type_call, type_vectorcall);
    hook(types.wrapper_descriptor_type, &WRAPPER, wrapper_call, wrapper_vectorcall);
    hook(types.method_wrapper_type, &METHOD_WRAPPER, method_wrapper_call, method_wrapper_vectorcall);
}

fn hook(typ: &Py<PyType>, saved: &'static OnceLock<Saved>, call: CallFn, vectorcall: VectorFn) {
    let Some(old_call) = typ.slots.call.load() else { return };
    if std::ptr::fn_addr_eq(old_call, call) {
        return; // installed by an earlier interpreter in this process
    }
    let old_vectorcall = typ.slots.vectorcall.load();
    if saved.set(Saved { call: old_call, vectorcall: old_vectorcall }).is_err() {
        return;
    }
    typ.slots.call.store(Some(call));
    if old_vectorcall.is_some() {
        typ.slots.vectorcall.store(Some(vectorcall));
    }
}

fn saved(slot: &'static OnceLock<Saved>) -> &'static Saved {
    slot.get().expect("compat call slots installed")
}

fn keyword_names(kwnames: Option<&[PyObjectRef]>) -> Vec<String> {
    kwnames
        .unwrap_or_default()
        .iter()
        .map(|k| k.downcast_ref::<PyStr>().map_or_else(String::new, |s| s.as_wtf8().to_string_lossy().into_owned()))
        .collect()
}

/// The keyword names of a call through the `call` slot, kept before the
/// call consumes them (a vectorcall's are read only when it fails).
fn funcargs_keywords(args: &FuncArgs) -> Vec<String> {
    args.kwargs.keys().map(|k| k.to_string_lossy().into_owned()).collect()
}

/// A `call` / `vectorcall` slot pair that runs the saved slots of `$saved`
/// and rewords their errors with `$error(vm, zelf, nargs, keywords, e)`.
macro_rules! rewording_slots {
    ($call:ident, $vectorcall:ident, $saved:ident, $error:expr) => {
        fn $call(zelf: &PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            let nargs = args.args.len();
            let keywords = funcargs_keywords(&args);
            (saved(&$saved).call)(zelf, args, vm).map_err(|e| ($error)(vm, zelf, nargs, &keywords, e))
        }

        fn $vectorcall(
            zelf: &PyObject,
            args: Vec<PyObjectRef>,
            nargs: usize,
            kwnames: Option<&[PyObjectRef]>,
            vm: &VirtualMachine,
        ) -> PyResult {
            let vectorcall = saved(&$saved).vectorcall.expect("vectorcall saved");
            vectorcall(zelf, args, nargs, kwnames, vm)
                .map_err(|e| ($error)(vm, zelf, nargs, &keyword_names(kwnames), e))
        }
    };
}

rewording_slots!(descriptor_call, descriptor_vectorcall, DESCRIPTOR, descriptor_error);
rewording_slots!(native_call, native_vectorcall, NATIVE, native_error);
rewording_slots!(wrapper_call, wrapper_vectorcall, WRAPPER, |vm, zelf, _: usize, _: &[String], e| {
    slot_wrapper_error(vm, zelf, "__objclass__", e)
});
rewording_slots!(method_wrapper_call, method_wrapper_vectorcall, METHOD_WRAPPER, |vm, zelf, _: usize, _: &[String], e| {
    slot_wrapper_error(vm, zelf, "__self__", e)
});

/// Calls `callable`, a method descriptor or an unbound builtin function,
/// through its definition's vectorcall entry (vendor patch 52) with
/// arguments borrowed from the caller (no vector made, no reference
/// taken), rewording its errors as the vectorcall slots do. None when
/// `callable` is neither or has no such entry, a descriptor's first
/// argument is not an instance of its class (the slot then raises the
/// usual error), or the entry declines the call.
pub fn call_fast(
    vm: &VirtualMachine,
    callable: &PyObject,
    args: &[PyObjectRef],
    nargs: usize,
    kwnames: Option<&[PyObjectRef]>,
) -> Option<PyResult> {
    let error: fn(&VirtualMachine, &PyObject, usize, &[String], PyBaseExceptionRef) -> PyBaseExceptionRef;
    let fast = if let Some(descr) = callable.downcast_ref_if_exact::<PyMethodDescriptor>(vm) {
        let first = args.first().filter(|_| nargs > 0)?;
        if !first.fast_isinstance(descr.common.typ) {
            return None;
        }
        error = descriptor_error;
        descr.method.fastcall?
    } else {
        let f = callable.downcast_ref_if_exact::<PyNativeFunction>(vm)?;
        error = native_error;
        f.unbound_fastcall()?
    };
    let result = fast(vm, VectorArgs::new(args, nargs, kwnames))?;
    Some(result.map_err(|e| error(vm, callable, nargs, &keyword_names(kwnames), e)))
}

fn descriptor_error(
    vm: &VirtualMachine,
    zelf: &PyObject,
    nargs: usize,
    keywords: &[String],
    e: PyBaseExceptionRef,
) -> PyBaseExceptionRef {
    if !translatable(vm, &e) {
        return e;
    }
    let Some(descr) = zelf.downcast_ref::<PyMethodDescriptor>() else { return e };
    let qualname = format!("{}.{}", descr.common.typ.name(), descr.common.name);
    if nargs == 0 {
        return vm.new_type_error(format!("unbound method {qualname}() needs an argument"));
    }
    translate(vm, &qualname, &qualname, nargs - 1, keywords, true, e)
}

fn str_attr(vm: &VirtualMachine, obj: &PyObject, name: &'static str) -> Option<String> {
    let v = obj.get_attr(name, vm).ok()?;
    v.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string())
}

pub(super) fn native_error(
    vm: &VirtualMachine,
    zelf: &PyObject,
    nargs: usize,
    keywords: &[String],
    e: PyBaseExceptionRef,
) -> PyBaseExceptionRef {
    if !translatable(vm, &e) {
        return e;
    }
    let Some((_, owner)) = wrap::native_parts(zelf) else { return e };
    let Some(name) = str_attr(vm, zelf, "__name__") else { return e };
    match owner {
        Some(owner) if !owner.class().fast_issubclass(vm.ctx.types.module_type) => {
            // A bound method: CPython names it after type(self), or after
            // the class itself for a classmethod.
            let typ = match owner.downcast_ref::<PyType>() {
                Some(t) => t,
                None => owner.class(),
            };
            let display = format!("{}.{name}", typ.name());
            // The table names the method after the class that defines it.
            let interned = vm.ctx.intern_str(name.as_str());
            let key = typ
                .mro_collect()
                .iter()
                .find(|t| !t.slots.flags.has_feature(PyTypeFlags::HEAPTYPE) && t.attributes.contains(interned))
                .map_or_else(|| display.clone(), |t| format!("{}.{name}", t.name()));
            translate(vm, &key, &display, nargs, keywords, false, e)
        }
        _ => {
            let key = match str_attr(vm, zelf, "__module__") {
                Some(m) if m != "builtins" => format!("{m}.{name}"),
                _ => name,
            };
            translate(vm, &key, &key, nargs, keywords, false, e)
        }
    }
}

fn type_call(zelf: &PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let nargs = args.args.len();
    let keywords = funcargs_keywords(&args);
    let kept = kept_arguments(vm, zelf, nargs, !keywords.is_empty(), || args.clone());
    let truncated = int_argument(vm, zelf, &args.args, !keywords.is_empty());
    (saved(&TYPE).call)(zelf, args, vm)
        .or_else(|e| from_trunc(vm, truncated, e))
        .map_err(|e| type_error(vm, zelf, nargs, &keywords, kept.as_ref(), e))
}

/// The class and argument of `int(x)` (or of a subclass of int that
/// keeps `int.__new__`), kept for `from_trunc`.
fn int_argument(
    vm: &VirtualMachine,
    zelf: &PyObject,
    args: &[PyObjectRef],
    has_keywords: bool,
) -> Option<(PyObjectRef, PyObjectRef)> {
    if args.len() != 1 || has_keywords {
        return None;
    }
    let cls = zelf.downcast_ref::<PyType>()?;
    let int = vm.ctx.types.int_type;
    // The builtin subclass of int (bool) has its own `__new__`, so only a
    // class made in Python is looked at further: `str(x)`, `list(x)` and
    // the other builtin classes skip the walk of their MRO.
    let subclass = || cls.heaptype_ext.is_some() && cls.fast_issubclass(int) && same_attr(vm, cls, int, "__new__");
    (cls.is(int) || subclass()).then(|| (zelf.to_owned(), args[0].clone()))
}

/// Whether classes `a` and `b` have the same attribute `name`.
fn same_attr(vm: &VirtualMachine, a: &Py<PyType>, b: &Py<PyType>, name: &str) -> bool {
    let name = vm.ctx.intern_str(name);
    matches!((a.get_attr(name), b.get_attr(name)), (Some(x), Some(y)) if x.is(&y))
}

/// `int(x)` or `Sub(x)` again through `x.__trunc__` (`int_argument`).
fn from_trunc(vm: &VirtualMachine, kept: Option<(PyObjectRef, PyObjectRef)>, e: PyBaseExceptionRef) -> PyResult {
    let Some((cls, x)) = kept else { return Err(e) };
    let value = numbers::int_from_trunc(vm, &x, e)?;
    let t = &vm.ctx.types;
    let Some(sub) = cls.downcast_ref::<PyType>().filter(|c| !c.is(t.int_type)) else {
        return Ok(value);
    };
    // As type.__call__: int.__new__(cls, value), then cls.__init__(obj, x).
    let new = t.int_type.as_object().get_attr("__new__", vm)?;
    let obj = new.call((cls.clone(), value), vm)?;
    if !same_attr(vm, sub, t.object_type, "__init__") {
        vm.call_method(&obj, "__init__", (x,))?;
    }
    Ok(obj)
}

/// A copy of the arguments of a class call whose errors `argtypes` words
/// (only for those classes, and only for the shapes that can fail there).
fn kept_arguments(
    vm: &VirtualMachine,
    zelf: &PyObject,
    nargs: usize,
    has_keywords: bool,
    copy: impl FnOnce() -> FuncArgs,
) -> Option<FuncArgs> {
    let cls = zelf.downcast_ref::<PyType>()?;
    argtypes::keeps_arguments(vm, cls, nargs, has_keywords).then(copy)
}

fn type_vectorcall(
    zelf: &PyObject,
    args: Vec<PyObjectRef>,
    nargs: usize,
    kwnames: Option<&[PyObjectRef]>,
    vm: &VirtualMachine,
) -> PyResult {
    let vectorcall = saved(&TYPE).vectorcall.expect("vectorcall saved");
    let has_keywords = kwnames.is_some_and(|k| !k.is_empty());
    let kept = kept_arguments(vm, zelf, nargs, has_keywords, || {
        FuncArgs::from_vectorcall(&args, nargs, kwnames)
    });
    let truncated = int_argument(vm, zelf, &args[..nargs.min(args.len())], has_keywords);
    vectorcall(zelf, args, nargs, kwnames, vm)
        .or_else(|e| from_trunc(vm, truncated, e))
        .map_err(|e| type_error(vm, zelf, nargs, &keyword_names(kwnames), kept.as_ref(), e))
}

/// A failed call of a class: translated for the builtin types, whose
/// constructors the table describes as `int()`, `list()`...
fn type_error(
    vm: &VirtualMachine,
    zelf: &PyObject,
    nargs: usize,
    keywords: &[String],
    kept: Option<&FuncArgs>,
    e: PyBaseExceptionRef,
) -> PyBaseExceptionRef {
    if !translatable(vm, &e) {
        return e;
    }
    let Some(cls) = zelf.downcast_ref::<PyType>() else { return e };
    if cls.slots.flags.has_feature(PyTypeFlags::HEAPTYPE) {
        // A Python subclass may take other arguments; only the builtin
        // base's own messages apply (`ExceptionGroup` -> BaseExceptionGroup).
        let base = cls.mro_collect().into_iter().find(|t| !t.slots.flags.has_feature(PyTypeFlags::HEAPTYPE));
        return match base {
            Some(base) => messages::after_call(vm, &format!("{}()", base.name()), e),
            None => e,
        };
    }
    let shape = argspec::Shape { nargs, keywords, via_descriptor: false };
    let name = cls.name().to_string();
    let key = format!("{name}()");
    if argspec::violation(&key, &name, &shape).is_none() {
        if let Some(args) = kept {
            return argtypes::constructor_error(vm, cls, &argtypes::Args::from_funcargs(args), e);
        }
    }
    translate(vm, &key, &name, nargs, keywords, false, e)
}

/// A failed explicit call of a slot's dunder (`int.__floordiv__(1, 0)`,
/// `(1.0).__mod__(0)`): `owner` is the attribute holding the class
/// (`__objclass__`) or the bound instance (`__self__`).
fn slot_wrapper_error(
    vm: &VirtualMachine,
    zelf: &PyObject,
    owner_attr: &'static str,
    e: PyBaseExceptionRef,
) -> PyBaseExceptionRef {
    if !translatable(vm, &e) {
        return e;
    }
    let (Ok(owner), Some(name)) = (zelf.get_attr(owner_attr, vm), str_attr(vm, zelf, "__name__")) else { return e };
    let typ = match owner.downcast_ref::<PyType>() {
        Some(t) if owner_attr == "__objclass__" => t.to_owned(),
        _ => owner.class().to_owned(),
    };
    if e.class().is(vm.ctx.exceptions.zero_division_error) {
        return numbers::dunder_error(vm, &typ, &name, e);
    }
    messages::after_call(vm, &format!("{}.{name}", typ.name()), e)
}

/// Only errors a call's arguments can cause are translated; others
/// (StopIteration from `next`, KeyError...) pass untouched and cheaply.
fn translatable(vm: &VirtualMachine, e: &PyBaseExceptionRef) -> bool {
    let exc = &vm.ctx.exceptions;
    let cls = e.class();
    [exc.type_error, exc.value_error, exc.overflow_error, exc.zero_division_error, exc.attribute_error, exc.lookup_error]
        .iter()
        .any(|c| cls.is(*c))
}

/// CPython 3.11's exception for a failed call of `key` (see `argspec`), with
/// `nargs` positional arguments besides any bound instance.
fn translate(
    vm: &VirtualMachine,
    key: &str,
    display: &str,
    nargs: usize,
    keywords: &[String],
    via_descriptor: bool,
    e: PyBaseExceptionRef,
) -> PyBaseExceptionRef {
    // Builtins that are classes in 3.11 (`reversed`) are described as such.
    let class_key;
    let key = if argspec::knows(key) {
        key
    } else {
        class_key = format!("{key}()");
        if argspec::knows(&class_key) { class_key.as_str() } else { key }
    };
    if !e.class().is(vm.ctx.exceptions.zero_division_error) {
        let shape = argspec::Shape { nargs, keywords, via_descriptor };
        if let Some(msg) = argspec::violation(key, display, &shape) {
            return vm.new_type_error(messages::own_arity_message(key, msg));
        }
        if let Some(keyword) = unexpected_keyword(vm, &e, key, keywords) {
            if let Some(msg) = argspec::unexpected_keyword(key, &keyword) {
                return vm.new_type_error(msg);
            }
        }
    }
    messages::after_call(vm, key, e)
}

/// The keyword of RustPython's "f() got an unexpected keyword argument 'k'"
/// when `f` is this callable and `k` one of the call's keywords.
fn unexpected_keyword(vm: &VirtualMachine, e: &PyBaseExceptionRef, key: &str, keywords: &[String]) -> Option<String> {
    if !e.class().is(vm.ctx.exceptions.type_error) {
        return None;
    }
    let msg = messages::exception_message(e)?;
    let (func, rest) = msg.split_once("() got an unexpected keyword argument '")?;
    let keyword = rest.strip_suffix('\'')?;
    let bare = key.strip_suffix("()").unwrap_or(key);
    let bare = bare.rsplit_once('.').map_or(bare, |(_, n)| n);
    (func.rsplit('.').next() == Some(bare) && keywords.iter().any(|k| k == keyword)).then(|| keyword.to_owned())
}
