//! Class creation and instantiation messages of CPython 3.11.
//!
//! `object.__new__` of a class with abstract methods: 3.11 says "Can't
//! instantiate abstract class Shape with abstract methods area, perimeter"
//! (sorted, comma-separated); 3.12+ "class Shape without an implementation
//! for abstract methods 'perimeter', 'area'". The `tp_new` slot of `object`
//! is wrapped, in `object` and in every class that copied it.

use std::sync::OnceLock;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyType, PyTypeRef, PyWeak};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, Py, PyResult, VirtualMachine};

use super::messages;

type NewFn = fn(PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;

static OBJECT_NEW: OnceLock<NewFn> = OnceLock::new();

pub fn install(vm: &VirtualMachine) {
    let object = vm.ctx.types.object_type;
    let Some(original) = object.slots.new.load() else { return };
    if OBJECT_NEW.set(original).is_err() {
        return;
    }
    for_each_subclass(object, &mut |t| {
        if t.slots.new.load().is_some_and(|f| std::ptr::fn_addr_eq(f, original)) {
            t.slots.new.store(Some(object_new as NewFn));
        }
    });
}

/// Calls `f` on `typ` and every class below it.
pub fn for_each_subclass(typ: &Py<PyType>, f: &mut dyn FnMut(&Py<PyType>)) {
    f(typ);
    let subclasses: Vec<_> = typ.subclasses.read().iter().filter_map(|w| Py::<PyWeak>::upgrade(w)).collect();
    for sub in subclasses {
        if let Some(sub) = sub.downcast_ref::<PyType>() {
            for_each_subclass(sub, f);
        }
    }
}

fn object_new(cls: PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let original = OBJECT_NEW.get().expect("saved");
    original(cls, args, vm).map_err(|e| abstract_error(vm, e))
}

/// "class Shape without an implementation for abstract methods 'b', 'a'"
/// as 3.11 words it.
fn abstract_error(vm: &VirtualMachine, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    if !e.class().is(vm.ctx.exceptions.type_error) {
        return e;
    }
    let Some(msg) = messages::exception_message(&e) else { return e };
    let Some(rest) = msg.strip_prefix("class ") else { return e };
    let Some((name, rest)) = rest.split_once(" without an implementation for abstract ") else { return e };
    let Some(list) = rest.strip_prefix("methods '").or_else(|| rest.strip_prefix("method '")) else { return e };
    let Some(list) = list.strip_suffix('\'') else { return e };
    let mut methods: Vec<&str> = list.split("', '").collect();
    methods.sort_unstable();
    let noun = if methods.len() == 1 { "method" } else { "methods" };
    vm.new_type_error(format!("Can't instantiate abstract class {name} with abstract {noun} {}", methods.join(", ")))
}
