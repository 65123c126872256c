//! Per-thread interpreter state: the chain of active frame stacks, the
//! exception-info stack, recursion depth and instruction counters.

use std::cell::{Cell, RefCell};

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{AsObject, VirtualMachine};

use crate::frame::Frame;

pub struct Runtime {
    /// Frame stacks of the eval-loop invocations active on this thread,
    /// outermost first. A nested invocation happens when RustPython code
    /// calls back into a Python function. Raw pointers: each stack lives on
    /// the Rust stack of its invocation, which outlives its entry here.
    pub stacks: RefCell<Vec<*const Vec<Box<Frame>>>>,
    /// CPython's exc_info chain: one item for the thread, plus one per
    /// running generator or coroutine. RustPython's own slot always mirrors
    /// the topmost non-None item.
    pub exc_stack: RefCell<Vec<Option<PyBaseExceptionRef>>>,
    /// Instructions executed by hipy's loop.
    pub executed: Cell<u64>,
    pub stats_enabled: Cell<bool>,
}

thread_local! {
    // Holds exceptions: emptied by `release` at thread exit, never dropped by
    // the TLS destructors (see `threads::release_thread_state`).
    static RUNTIME: std::mem::ManuallyDrop<Runtime> = std::mem::ManuallyDrop::new(Runtime {
        stacks: RefCell::new(Vec::new()),
        exc_stack: RefCell::new(vec![None]),
        executed: Cell::new(0),
        stats_enabled: Cell::new(false),
    });
}

/// Drop the exceptions this thread still holds (the thread is ending).
pub fn release() {
    let items = with(|rt| std::mem::replace(&mut *rt.exc_stack.borrow_mut(), vec![None]));
    drop(items);
}

thread_local! {
    /// Number of hipy frames alive on this thread (RecursionError check).
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

#[inline]
pub fn depth() -> usize {
    DEPTH.with(|d| d.get())
}

#[inline]
pub fn set_depth(n: usize) {
    DEPTH.with(|d| d.set(n))
}

pub fn with<R>(f: impl FnOnce(&Runtime) -> R) -> R {
    RUNTIME.with(|rt| f(rt))
}

/// The frame that is executing (innermost), if any.
pub fn current_frame<R>(f: impl FnOnce(Option<&Frame>) -> R) -> R {
    if crate::trace::sites::call_in_progress(with(|rt| rt.stacks.borrow().len())) {
        let mut found: Option<*const Frame> = None;
        walk_frames(|fr| {
            found = Some(fr);
            true
        });
        // SAFETY: the frame belongs to a running eval loop or to a run of
        // compiled code, both in progress below this call.
        return f(found.map(|p| unsafe { &*p }));
    }
    with(|rt| {
        let stacks = rt.stacks.borrow();
        match stacks.last() {
            // SAFETY: the pointer was registered by an eval-loop invocation
            // that is still running (it removes it before returning).
            Some(&p) => f(unsafe { &*p }.last().map(|b| &**b)),
            None => f(None),
        }
    })
}

/// Visit frames from the innermost outwards; stop when `f` returns true.
/// The frames compiled code keeps virtual appear at their place
/// (`trace::sites`).
pub fn walk_frames(mut f: impl FnMut(&Frame) -> bool) {
    use crate::trace::sites;
    sites::prepare();
    with(|rt| {
        let stacks = rt.stacks.borrow();
        let mut runs = usize::MAX;
        for (i, &p) in stacks.iter().enumerate().rev() {
            if sites::visit(i + 1, &mut runs, &mut f) {
                return;
            }
            // SAFETY: as in `current_frame`.
            for frame in unsafe { &*p }.iter().rev() {
                if f(frame) {
                    return;
                }
            }
        }
        sites::visit(0, &mut runs, &mut f);
    })
}

/// The handled exception that `sys.exc_info()` reports: the topmost non-None
/// item of the exc_info chain.
pub fn topmost_exception() -> Option<PyBaseExceptionRef> {
    with(|rt| rt.exc_stack.borrow().iter().rev().find_map(|e| e.clone()))
}

/// The top item itself (what PUSH_EXC_INFO saves).
pub fn top_exc_item() -> Option<PyBaseExceptionRef> {
    with(|rt| rt.exc_stack.borrow().last().cloned().flatten())
}

/// Replace the top item (PUSH_EXC_INFO / POP_EXCEPT) and mirror it.
pub fn set_top_exc_item(vm: &VirtualMachine, exc: Option<PyBaseExceptionRef>) {
    let old = with(|rt| {
        let mut s = rt.exc_stack.borrow_mut();
        let top = s.last_mut().expect("exc_info stack is never empty");
        std::mem::replace(top, exc)
    });
    drop(old);
    sync_exception(vm);
}

/// Push a generator's saved exc_info item when it resumes.
pub fn push_exc_item(vm: &VirtualMachine, exc: Option<PyBaseExceptionRef>) {
    let changes = exc.is_some();
    with(|rt| rt.exc_stack.borrow_mut().push(exc));
    if changes {
        sync_exception(vm);
    }
}

/// Pop a generator's exc_info item when it yields or returns.
pub fn pop_exc_item(vm: &VirtualMachine) -> Option<PyBaseExceptionRef> {
    let item = with(|rt| {
        let mut s = rt.exc_stack.borrow_mut();
        if s.len() > 1 {
            s.pop().flatten()
        } else {
            None
        }
    });
    if item.is_some() {
        sync_exception(vm);
    }
    item
}

/// Make RustPython's exception slot (read by `sys.exc_info()`, and by native
/// code) show our topmost handled exception.
pub fn sync_exception(vm: &VirtualMachine) {
    let top = topmost_exception();
    let same = match (&top, vm.current_exception()) {
        (Some(a), Some(b)) => a.is(&b),
        (None, None) => true,
        _ => false,
    };
    if !same {
        vm.set_exception(top);
    }
}

/// `sys.setrecursionlimit(n)` refuses a limit below 1 (with 3.11's
/// message) and one at or below the current depth, as CPython's does. RustPython's checks its own depth, which does
/// not count hipy's frames; this checks theirs first, counting the call of
/// `setrecursionlimit` itself as CPython 3.11 does.
pub fn install(vm: &VirtualMachine) -> rustpython_vm::PyResult<()> {
    let sys = vm.sys_module.clone();
    crate::compat::wrap_function(vm, sys.as_object(), "setrecursionlimit", |vm, args, callee, original| {
        if let Some(Ok(limit)) = args.args.first().map(|l| l.try_to_value::<i64>(vm)) {
            if limit < 1 {
                return Err(vm.new_value_error("recursion limit must be greater or equal than 1"));
            }
            let d = depth() + 1;
            if limit <= d as i64 {
                return Err(vm.new_recursion_error(format!(
                    "cannot set the recursion limit to {limit} at the recursion depth {d}: the limit is too low"
                )));
            }
        }
        original(vm, args, callee)
    })
}
