//! Threads. RustPython runs Python threads in parallel, without a global
//! lock, and counts references with atomic instructions. Compiled code
//! counts them with plain instructions while one thread runs Python code,
//! and through the (atomic) helpers once another one may: it reads `MULTI`
//! before each inline count (`CompileOptions::with_refcounts`).
//!
//! `MULTI` is raised by the thread that starts another, before `_thread`
//! starts it: later counts on the starting thread see it in program order,
//! and the new thread sees it from the start. A thread started some other
//! way raises it when it first enters hipy's loop (`note_thread`).

use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// 1 once more than one thread may run Python code (never lowered).
pub static MULTI: AtomicU8 = AtomicU8::new(0);

static MAIN: OnceLock<std::thread::ThreadId> = OnceLock::new();

thread_local! {
    static NOTED: Cell<bool> = const { Cell::new(false) };
}

/// Whether more than one thread may run Python code.
pub fn multi() -> bool {
    MULTI.load(Ordering::SeqCst) != 0
}

/// The address of the byte compiled code tests (non-zero: use the helpers).
pub fn flag_address() -> u64 {
    MULTI.as_ptr() as u64
}

fn raise() {
    MULTI.store(1, Ordering::SeqCst);
    crate::refs::disable();
}

/// Called when a thread enters hipy's loop: a thread other than the one
/// that installed hipy raises the flag (if `_thread` did not already).
#[inline]
pub fn note_thread() {
    if NOTED.with(|n| n.replace(true)) {
        return;
    }
    if MAIN.get().is_some_and(|m| *m != std::thread::current().id()) {
        raise();
    }
}

/// `_thread`'s thread starters raise the flag first, and run the thread's
/// function through `thread_main`.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let _ = MAIN.set(std::thread::current().id());
    let main: PyObjectRef = vm.new_function("_hipy_thread_main", thread_main).into();
    let thread = vm.import("_thread", 0)?;
    for name in ["start_new_thread", "start_joinable_thread", "start_new"] {
        if thread.get_attr(name, vm).is_ok() {
            let main = main.clone();
            crate::compat::wrap_function(vm, thread.as_object(), name, move |vm, mut args, callee, original| {
                raise();
                if let Some(function) = args.args.first_mut() {
                    let target = std::mem::replace(function, vm.ctx.none());
                    // Imported here, not at start-up: few programs start threads.
                    let partial = vm.import("_functools", 0)?.get_attr("partial", vm)?;
                    *function = partial.call((main.clone(), target), vm)?;
                }
                original(vm, args, callee)
            })?;
        }
    }
    Ok(())
}

/// The body of every thread `_thread` starts: call the program's function,
/// report what it raised as CPython's thread bootstrap does (SystemExit
/// ends the thread quietly), then release hipy's per-thread state while the
/// thread's interpreter is still usable. Releasing an object needs
/// RustPython's thread-locals, which the thread's TLS destructors may have
/// torn down already; that is why hipy's thread-locals that hold objects are
/// never dropped by those destructors, only here.
fn thread_main(mut args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    if args.args.is_empty() {
        return Err(vm.new_type_error("_hipy_thread_main needs the thread's function"));
    }
    let function = args.args.remove(0);
    if let Err(exc) = function.call(args, vm) {
        if !exc.fast_isinstance(vm.ctx.exceptions.system_exit) {
            vm.run_unraisable(exc, Some("Exception ignored in thread started by".to_owned()), function.clone());
        }
    }
    drop(function);
    release_thread_state();
    Ok(())
}

/// Drop the Python objects hipy keeps per thread: decoded code, compiled
/// loops, the exception state. The thread is ending.
pub fn release_thread_state() {
    crate::trace::release_loops();
    crate::code::release_cache();
    crate::runtime::release();
    crate::frame::release_pool();
}

/// Called when the program has finished, before the interpreter finalizes.
/// CPython waits for threads at exit through `threading._shutdown` only if
/// `threading` was imported; RustPython's finalization imports it either way,
/// which runs its module code (a few milliseconds, or a `threading.py` next
/// to the script). When it was not imported, a None entry in `sys.modules`
/// makes that import fail quietly; an atexit function registered now, so
/// run before the program's own, removes the entry again, and atexit
/// functions can import threading as they could under CPython.
pub fn finish_without_importing_threading(vm: &VirtualMachine) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    if modules.get_item("threading", vm).is_ok() {
        return Ok(());
    }
    modules.set_item("threading", vm.ctx.none(), vm)?;
    let unblock = vm.new_function("hipy_unblock_threading", |vm: &VirtualMachine| -> PyResult<()> {
        let modules = vm.sys_module.get_attr("modules", vm)?;
        if modules.get_item("threading", vm).is_ok_and(|m| vm.is_none(&m)) {
            modules.del_item("threading", vm)?;
        }
        Ok(())
    });
    crate::safepoint::at_exit(vm, unblock.into());
    Ok(())
}
