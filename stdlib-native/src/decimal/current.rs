//! The current context: `getcontext` and `setcontext` in Rust.
//!
//! `_pydecimal` keeps the current context in a `contextvars.ContextVar`, so
//! that each thread, each `contextvars.Context.run` and each asyncio task
//! has its own. Reading the variable costs a method call, which the
//! operators paid at every operation. `Current` remembers the value last
//! read together with the `contextvars.Context` it was read in (the top of
//! the interpreter's context stack, a distinct object in every thread, run
//! and task); the value of the variable in that `contextvars.Context`
//! changes only when the variable is set, and only `setcontext` and
//! `getcontext` here set it (they replace `_pydecimal`'s, and the variable
//! is no longer in the module's namespace), so every set makes what is
//! remembered stale. The context's fields as the arithmetic reads them
//! (`Cx`) are remembered with it, until any context's field is set.

use rustpython_vm::builtins::{PyDict, PyDictRef};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::{AsObject, Py, PyObjectRef, PyResult, VirtualMachine};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use super::context::{self, Cx};

pub(super) struct Current {
    var_get: PyObjectRef,
    var_set: PyObjectRef,
    /// The module's namespace (for `Context`, `DefaultContext`, ...,
    /// looked up at each use as the Python functions do).
    ns: PyDictRef,
    /// Counts the sets of the variable.
    sets: AtomicU64,
    last: PyMutex<Option<Last>>,
}

struct Last {
    /// The `contextvars.Context` the value was read in.
    scope: PyObjectRef,
    sets: u64,
    value: PyObjectRef,
    /// The value's fields as the arithmetic reads them, with the
    /// `context::fields_changed` count they were read at.
    cx: Option<(u64, Arc<Cx>)>,
}

impl Current {
    /// Takes the variable `_current_context_var` out of `ns`.
    pub(super) fn new(vm: &VirtualMachine, ns: &Py<PyDict>) -> PyResult<Current> {
        let var = ns.get_item("_current_context_var", vm)?;
        let current = Current {
            var_get: var.get_attr("get", vm)?,
            var_set: var.get_attr("set", vm)?,
            ns: ns.to_owned(),
            sets: AtomicU64::new(0),
            last: PyMutex::new(None),
        };
        ns.del_item("_current_context_var", vm)?;
        Ok(current)
    }

    /// The fields of the current context as `remember_cx` left them, when
    /// it is still current and no context's field was set since.
    pub(super) fn cx(&self, vm: &VirtualMachine) -> Option<Arc<Cx>> {
        let sets = self.sets.load(Ordering::Acquire);
        let last = self.last.lock();
        let last = last.as_ref()?;
        let (changed, cx) = last.cx.as_ref()?;
        (last.sets == sets && *changed == context::fields_changed() && vm.context_stack.borrow().last().is_some_and(|scope| last.scope.is(scope)))
            .then(|| cx.clone())
    }

    /// Remembers `cx`, read from `value` when the count of field changes
    /// was `changed`, for `cx` to return while `value` is current.
    pub(super) fn remember_cx(&self, value: &PyObjectRef, changed: u64, cx: &Arc<Cx>) {
        if let Some(last) = &mut *self.last.lock() {
            if last.value.is(value) {
                last.cx = Some((changed, cx.clone()));
            }
        }
    }

    /// `getcontext()`: the current context, made (a copy of
    /// `DefaultContext`, by `Context()`) when there is none yet.
    pub(super) fn get(&self, vm: &VirtualMachine) -> PyResult {
        // Read before the variable: a set in between makes the entry stale.
        let sets = self.sets.load(Ordering::Acquire);
        if let Some(last) = &*self.last.lock() {
            if last.sets == sets && vm.context_stack.borrow().last().is_some_and(|scope| last.scope.is(scope)) {
                return Ok(last.value.clone());
            }
        }
        let scope = vm.context_stack.borrow().last().cloned();
        let value = match self.var_get.call((), vm) {
            Ok(value) => value,
            Err(e) if e.class().fast_issubclass(vm.ctx.exceptions.lookup_error) => {
                let value = self.ns.get_item("Context", vm)?.call((), vm)?;
                self.set_var(vm, value.clone())?;
                return Ok(value);
            }
            Err(e) => return Err(e),
        };
        if let Some(scope) = scope {
            let old = self.last.lock().replace(Last { scope, sets, value: value.clone(), cx: None });
            // Dropped with the lock released: dropping the objects can run
            // code (a weakref callback) that uses decimal.
            drop(old);
        }
        Ok(value)
    }

    /// `setcontext(context)`: a copy with clear flags of the module's shared
    /// contexts, the context itself otherwise.
    pub(super) fn set(&self, vm: &VirtualMachine, context: PyObjectRef) -> PyResult<()> {
        let mut context = context;
        for name in ["DefaultContext", "BasicContext", "ExtendedContext"] {
            let shared = self.ns.get_item(name, vm)?;
            if vm.identical_or_equal(&shared, &context)? {
                context = vm.call_method(&context, "copy", ())?;
                vm.call_method(&context, "clear_flags", ())?;
                break;
            }
        }
        self.set_var(vm, context)
    }

    fn set_var(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<()> {
        let result = self.var_set.call((value,), vm).map(drop);
        self.sets.fetch_add(1, Ordering::AcqRel);
        result
    }
}
