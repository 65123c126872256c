//! `sys.settrace` and `sys.setprofile` for hipy's frames.
//!
//! The hook functions live where RustPython keeps them (`vm.trace_func`,
//! `vm.profile_func`, and `vm.use_tracing`, which `sys.settrace` and
//! `sys.setprofile` set): the interpreter reads `use_tracing` once per step
//! of its loop and, while it is set, runs one instruction at a time through
//! `eval::traced_step`, which reports events as CPython 3.11 does:
//!
//! - `call` at a frame's RESUME (its start, and each resumption of a
//!   generator), to the global trace function and the profile function; a
//!   trace function's result becomes the frame's `f_trace`;
//! - `line` before an instruction that starts a new line, or that a jump
//!   backwards reaches, to the frame's `f_trace`;
//! - `return` when a frame returns or yields (the value) or an exception
//!   leaves it (None);
//! - `exception` when an exception gets a traceback entry in the frame;
//! - `c_call`, `c_return` and `c_exception` around calls of builtin
//!   functions and methods, to the profile function.
//!
//! While a hook runs no events are reported (CPython's `tstate->tracing`),
//! and compiled loops are not entered while a hook is set.

use std::cell::Cell;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::frame::Frame;
use crate::introspect::{existing_frame_object, frame_object};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Call,
    Return,
    Exception,
    Line,
    Opcode,
    CCall,
    CReturn,
    CException,
}

impl Event {
    fn name(self) -> &'static str {
        match self {
            Event::Call => "call",
            Event::Return => "return",
            Event::Exception => "exception",
            Event::Line => "line",
            Event::Opcode => "opcode",
            Event::CCall => "c_call",
            Event::CReturn => "c_return",
            Event::CException => "c_exception",
        }
    }
    fn for_trace(self) -> bool {
        matches!(self, Event::Call | Event::Return | Event::Exception | Event::Line | Event::Opcode)
    }
    fn for_profile(self) -> bool {
        matches!(self, Event::Call | Event::Return | Event::CCall | Event::CReturn | Event::CException)
    }
}

thread_local! {
    /// A hook function is running on this thread.
    static BUSY: Cell<bool> = const { Cell::new(false) };
}

/// A trace or profile function is set and none is running: the interpreter
/// reports events. One load of a `Cell` when no hook is set.
#[inline(always)]
pub fn active(vm: &VirtualMachine) -> bool {
    vm.use_tracing.get() && !BUSY.with(|b| b.get())
}

/// Whether a profile function is set.
pub fn profiling(vm: &VirtualMachine) -> bool {
    !vm.is_none(&vm.profile_func.borrow())
}

/// The frame has a local trace function that wants line events.
pub fn traces_lines(f: &Frame) -> bool {
    existing_frame_object(f)
        .is_some_and(|o| o.trace_lines.load(std::sync::atomic::Ordering::Relaxed) && o.trace.lock().is_some())
}

/// The frame has a local trace function that asked for opcode events.
pub fn traces_opcodes(f: &Frame) -> bool {
    existing_frame_object(f)
        .is_some_and(|o| o.trace_opcodes.load(std::sync::atomic::Ordering::Relaxed) && o.trace.lock().is_some())
}

fn refresh(vm: &VirtualMachine) {
    let on = !vm.is_none(&vm.trace_func.borrow()) || !vm.is_none(&vm.profile_func.borrow());
    vm.use_tracing.set(on);
}

fn run_hook(vm: &VirtualMachine, hook: &PyObjectRef, args: (PyObjectRef, PyObjectRef, PyObjectRef)) -> PyResult {
    // RustPython's own frames (code it runs itself) report events while
    // `use_tracing` is set: clear it for the hook's duration, as
    // RustPython does around its own hook calls.
    BUSY.with(|b| b.set(true));
    vm.use_tracing.set(false);
    let r = hook.call(args, vm);
    BUSY.with(|b| b.set(false));
    refresh(vm);
    r
}

fn clear_global(vm: &VirtualMachine, name: &'static str) {
    if let Ok(set) = vm.sys_module.get_attr(name, vm) {
        let _ = set.call((vm.ctx.none(),), vm);
    }
    refresh(vm);
}

/// The frame whose event a trace function is handling on this thread (the
/// only frame `f_lineno = n` may move), and whether that event is a yield.
#[derive(Clone, Copy)]
pub struct Reporting {
    /// The frame's address and serial (see `Frame::serial`).
    pub frame: (usize, u64),
    /// The event is the `return` of a `yield`: the frame is suspended.
    pub yielding: bool,
}

thread_local! {
    static REPORTING: Cell<Option<Reporting>> = const { Cell::new(None) };
    /// The last event any hook was called for on this thread, kept after
    /// it returns: CPython 3.11's `tstate->tracing_what`, which starts as
    /// `call` and decides `f_lineno`'s first error even outside a hook.
    static LAST_EVENT: Cell<Event> = const { Cell::new(Event::Call) };
}

/// What the running trace function was called for, if one runs.
pub fn reporting() -> Option<Reporting> {
    REPORTING.with(|r| r.get())
}

/// The last event a hook was called for on this thread (see `LAST_EVENT`).
pub fn last_event() -> Event {
    LAST_EVENT.with(|e| e.get())
}

/// Report `ev` for frame `f`. An exception raised by a hook unsets it (as
/// CPython does) and is returned.
pub fn fire(vm: &VirtualMachine, f: &Frame, ev: Event, arg: Option<PyObjectRef>) -> PyResult<()> {
    fire_event(vm, f, ev, arg, false)
}

/// The `return` event of a frame that yields `value`: its trace function may
/// move the point where it resumes (`f_lineno`).
pub fn fire_yield(vm: &VirtualMachine, f: &Frame, value: PyObjectRef) -> PyResult<()> {
    fire_event(vm, f, Event::Return, Some(value), true)
}

fn fire_event(vm: &VirtualMachine, f: &Frame, ev: Event, arg: Option<PyObjectRef>, yielding: bool) -> PyResult<()> {
    let callback = if !ev.for_trace() {
        None
    } else if ev == Event::Call {
        let t = vm.trace_func.borrow().clone();
        (!vm.is_none(&t)).then_some(t)
    } else {
        existing_frame_object(f).and_then(|o| o.trace.lock().clone())
    };
    let profile = if ev.for_profile() {
        let p = vm.profile_func.borrow().clone();
        (!vm.is_none(&p)).then_some(p)
    } else {
        None
    };
    if callback.is_none() && profile.is_none() {
        return Ok(());
    }
    let frame = frame_object(vm, f)?;
    LAST_EVENT.with(|e| e.set(ev));
    let name: PyObjectRef = vm.ctx.intern_str(ev.name()).to_owned().into();
    let arg = arg.unwrap_or_else(|| vm.ctx.none());
    if let Some(cb) = callback {
        let what = Reporting { frame: (f as *const Frame as usize, f.serial), yielding };
        let outer = REPORTING.with(|r| r.replace(Some(what)));
        let result = run_hook(vm, &cb, (frame.clone(), name.clone(), arg.clone()));
        REPORTING.with(|r| r.set(outer));
        match result {
            Ok(r) => {
                if !vm.is_none(&r) {
                    if let Some(o) = existing_frame_object(f) {
                        *o.trace.lock() = Some(r);
                    }
                }
            }
            Err(e) => {
                if let Some(o) = existing_frame_object(f) {
                    *o.trace.lock() = None;
                    // A hook that sets f_lineno and then raises leaves the
                    // frame where it was (as CPython does).
                    *o.jump.lock() = None;
                }
                clear_global(vm, "settrace");
                return Err(e);
            }
        }
    }
    if let Some(p) = profile {
        if let Err(e) = run_hook(vm, &p, (frame, name, arg)) {
            clear_global(vm, "setprofile");
            return Err(e);
        }
    }
    Ok(())
}

/// `return` for a frame an exception leaves, `exception` for an exception
/// that gets a traceback entry in it: errors of the hook replace `exc`.
pub fn fire_exception(vm: &VirtualMachine, f: &Frame, exc: &PyBaseExceptionRef) -> Option<PyBaseExceptionRef> {
    if existing_frame_object(f).is_none_or(|o| o.trace.lock().is_none()) {
        return None;
    }
    let tb = exc.traceback().map(|t| t.into()).unwrap_or_else(|| vm.ctx.none());
    let tuple = vm.new_tuple((exc.class().to_owned(), exc.clone(), tb));
    fire(vm, f, Event::Exception, Some(tuple.into())).err()
}

/// The object a profile function sees for a call of `callable` (with the
/// stack's self, if any), when CPython 3.11 reports c_call for it: builtin
/// functions and bound builtin methods; a method descriptor called with its
/// self is reported as the bound method.
pub fn c_callable(vm: &VirtualMachine, callable: &PyObjectRef, self_arg: Option<&PyObjectRef>) -> Option<PyObjectRef> {
    let class = callable.class();
    if class.is(vm.ctx.types.builtin_function_or_method_type) {
        return Some(callable.clone());
    }
    if class.is(vm.ctx.types.method_descriptor_type) {
        let s = self_arg?;
        let get = callable.get_attr("__get__", vm).ok()?;
        return get.call((s.clone(), s.class().to_owned()), vm).ok();
    }
    None
}

/// Run `f` with events off, as CPython runs code of its own in C: the
/// utf-8 encoder that RustPython's `TextIOWrapper.write` calls is Python
/// code, which CPython's `print` never shows to a hook.
fn quiet<R>(vm: &VirtualMachine, f: impl FnOnce() -> R) -> R {
    let was = BUSY.with(|b| b.replace(true));
    vm.use_tracing.set(false);
    let r = f();
    BUSY.with(|b| b.set(was));
    refresh(vm);
    r
}

thread_local! {
    /// This thread counts in `THREADS_WITH_HOOKS`.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

/// Threads with a trace or profile hook set.
static THREADS_WITH_HOOKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// After `sys.settrace`/`sys.setprofile`: keep the safepoint bit that
/// makes compiled loops leave in step with the hooks of every thread.
fn note_hooks(vm: &VirtualMachine) {
    use std::sync::atomic::Ordering::SeqCst;
    let on = !vm.is_none(&vm.trace_func.borrow()) || !vm.is_none(&vm.profile_func.borrow());
    if COUNTED.with(|c| c.replace(on)) == on {
        return;
    }
    let n = if on {
        THREADS_WITH_HOOKS.fetch_add(1, SeqCst) + 1
    } else {
        THREADS_WITH_HOOKS.fetch_sub(1, SeqCst) - 1
    };
    if n > 0 {
        crate::safepoint::REQUESTED.fetch_or(crate::safepoint::HOOK, SeqCst);
    } else {
        crate::safepoint::REQUESTED.fetch_and(!crate::safepoint::HOOK, SeqCst);
    }
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    use rustpython_vm::builtins::PyType;
    let sys = vm.sys_module.clone();
    for name in ["settrace", "setprofile"] {
        crate::compat::wrap_function(vm, sys.as_object(), name, |vm, args, callee, original| {
            let r = original(vm, args, callee);
            note_hooks(vm);
            r
        })?;
    }
    static DONE: std::sync::Once = std::sync::Once::new();
    let Ok(typ) = vm.import("_io", 0)?.get_attr("TextIOWrapper", vm)?.downcast::<PyType>() else {
        return Ok(());
    };
    DONE.call_once(|| {
        let typ: &'static rustpython_vm::Py<PyType> = Box::leak(Box::new(typ));
        for name in ["write", "flush"] {
            crate::compat::wrap::method(vm, typ, name, |vm, args, callee, original| {
                if vm.use_tracing.get() {
                    quiet(vm, || original(vm, args, callee))
                } else {
                    original(vm, args, callee)
                }
            });
        }
    });
    Ok(())
}
