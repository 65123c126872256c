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
//!
//! Each thread also keeps the `Cx` it was last given (`SEEN`), with what it
//! was valid for, and the operations read it there (`with_cx`): no lock
//! and no shared count to change on the common path.

use rustpython_vm::builtins::{PyDict, PyDictRef};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};
use std::cell::RefCell;
use std::mem::ManuallyDrop;
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
    /// Counts the changes of `last` (made under its lock).
    generation: AtomicU64,
    last: PyMutex<Option<Last>>,
}

/// What `Current::cx` returned last in this thread, with what it was
/// valid for.
struct Seen {
    current: *const Current,
    /// `Current::generation` then: while it is the same, the `Last` the
    /// value came from is in place and holds `scope` alive, so a scope at
    /// that address is that one.
    generation: u64,
    sets: u64,
    changed: u64,
    scope: *const PyObject,
    cx: Arc<Cx>,
}

thread_local! {
    // Never dropped: the `Cx` holds Python objects, which the thread-local
    // destructors must not free (the thread's last one is left).
    static SEEN: ManuallyDrop<RefCell<Option<Seen>>> = const { ManuallyDrop::new(RefCell::new(None)) };
}

/// The `contextvars.Context` this thread runs in.
fn scope_of(vm: &VirtualMachine) -> Option<*const PyObject> {
    vm.context_stack.borrow().last().map(|scope| scope.as_object() as *const PyObject)
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
            generation: AtomicU64::new(0),
            last: PyMutex::new(None),
        };
        ns.del_item("_current_context_var", vm)?;
        Ok(current)
    }

    /// `f` on the fields of the current context as this thread last read
    /// them by `cx`, when they still hold; else `f` back.
    pub(super) fn with_cx<R, F: FnOnce(&Cx) -> R>(&self, vm: &VirtualMachine, f: F) -> Result<R, F> {
        let Some(scope) = scope_of(vm) else { return Err(f) };
        SEEN.with(|seen| {
            let Ok(seen) = seen.try_borrow() else { return Err(f) };
            match &*seen {
                Some(s)
                    if std::ptr::eq(s.current, self)
                        && s.generation == self.generation.load(Ordering::Acquire)
                        && s.sets == self.sets.load(Ordering::Acquire)
                        && s.changed == context::fields_changed()
                        && s.scope == scope =>
                {
                    Ok(f(&s.cx))
                }
                _ => Err(f),
            }
        })
    }

    /// The fields of the current context as `remember_cx` left them, when
    /// it is still current and no context's field was set since (kept for
    /// `with_cx` too).
    pub(super) fn cx(&self, vm: &VirtualMachine) -> Option<Arc<Cx>> {
        let sets = self.sets.load(Ordering::Acquire);
        let changed = context::fields_changed();
        let scope = scope_of(vm)?;
        let (generation, cx) = {
            let last = self.last.lock();
            let last = last.as_ref()?;
            let (cx_changed, cx) = last.cx.as_ref()?;
            if !(last.sets == sets && *cx_changed == changed && std::ptr::eq(last.scope.as_object(), scope)) {
                return None;
            }
            (self.generation.load(Ordering::Acquire), cx.clone())
        };
        let seen = Seen { current: self, generation, sets, changed, scope, cx: cx.clone() };
        // Not while `with_cx` reads it (an operation that ran Python code).
        let old = SEEN.with(|s| s.try_borrow_mut().ok().map(|mut s| s.replace(seen)));
        drop(old);
        Some(cx)
    }

    /// Remembers `cx`, read from `value` when the count of field changes
    /// was `changed`, for `cx` to return while `value` is current.
    pub(super) fn remember_cx(&self, value: &PyObjectRef, changed: u64, cx: &Arc<Cx>) {
        let mut last = self.last.lock();
        if let Some(last) = &mut *last {
            if last.value.is(value) {
                self.generation.fetch_add(1, Ordering::AcqRel);
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
            let old = {
                let mut last = self.last.lock();
                self.generation.fetch_add(1, Ordering::AcqRel);
                last.replace(Last { scope, sets, value: value.clone(), cx: None })
            };
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
