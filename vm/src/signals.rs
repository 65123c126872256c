//! Signals as CPython delivers them.
//!
//! - The kernel gives a process-directed signal to any thread that does not
//!   block it; CPython's main thread is the process's first, which the kernel
//!   tries first. hipy runs Python's main code on a thread of its own, so
//!   `on_signal`, wrapped around the C handler RustPython installs for each
//!   signal with a Python handler, forwards a signal that lands elsewhere to
//!   that thread: a blocking call there (`time.sleep`, `input`) then sees
//!   `EINTR` and runs the handler. It also raises `safepoint::SIGNAL`, which
//!   compiled loops watch.
//! - A Python handler receives the frame that was running (RustPython passes
//!   None): `signal.signal` installs a trampoline that looks the frame up;
//!   `signal.signal` and `signal.getsignal` report the handler itself.
//! - SIGINT ignored when the process started (`nohup`) stays ignored.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::sync::OnceLock;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::safepoint::{REQUESTED, SIGNAL};

/// `pthread_self()` of the thread that runs the main program.
static MAIN_THREAD: AtomicUsize = AtomicUsize::new(0);
/// Whether SIGINT was ignored when the process started.
static SIGINT_IGNORED: AtomicU8 = AtomicU8::new(0);

const NSIG: usize = 65;
#[allow(clippy::declare_interior_mutable_const)]
const NO_HANDLER: AtomicUsize = AtomicUsize::new(0);
/// The C handler `on_signal` wraps, per signal.
static WRAPPED: [AtomicUsize; NSIG] = [NO_HANDLER; NSIG];

/// `functools.partial` and the trampoline that passes handlers their frame
/// (made when a program first sets a Python handler: `_functools` is not
/// imported at start-up).
static TRAMPOLINE: OnceLock<(PyObjectRef, PyObjectRef)> = OnceLock::new();

fn trampoline(vm: &VirtualMachine) -> PyResult<&'static (PyObjectRef, PyObjectRef)> {
    if let Some(t) = TRAMPOLINE.get() {
        return Ok(t);
    }
    let partial = vm.import("_functools", 0)?.get_attr("partial", vm)?;
    let trampoline: PyObjectRef = vm.new_function("_hipy_signal_handler", call_with_frame).into();
    Ok(TRAMPOLINE.get_or_init(|| (partial, trampoline)))
}

/// Whether the running thread runs the main program.
pub fn on_main_thread() -> bool {
    // SAFETY: pthread_self has no preconditions.
    MAIN_THREAD.load(Relaxed) == unsafe { libc::pthread_self() } as usize
}

/// Record the dispositions the process started with: call first thing in
/// `main`, before RustPython installs its handlers.
pub fn note_inherited() {
    // SAFETY: a query of the current action only.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN {
            SIGINT_IGNORED.store(1, Relaxed);
        }
    }
}

/// Set up on the thread that runs the main program, after RustPython's
/// initialisation.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    // SAFETY: pthread_self has no preconditions.
    MAIN_THREAD.store(unsafe { libc::pthread_self() } as usize, Relaxed);
    let signal = vm.import("_signal", 0)?;
    if SIGINT_IGNORED.load(Relaxed) != 0 {
        let ign = signal.get_attr("SIG_IGN", vm)?;
        signal.get_attr("signal", vm)?.call((libc::SIGINT, ign), vm)?;
    }
    for sig in 1..NSIG {
        wrap_c_handler(sig as libc::c_int);
    }
    crate::compat::wrap_function(vm, signal.as_object(), "signal", |vm, mut args: FuncArgs, callee, original| {
        let sig = args.args.first().and_then(|s| s.try_to_value::<i32>(vm).ok());
        if let Some(handler) = args.args.get_mut(1) {
            if handler.is_callable() {
                let (partial, trampoline) = trampoline(vm)?;
                *handler = partial.call((trampoline.clone(), handler.clone()), vm)?;
            }
        }
        let old = original(vm, args, callee).map(|h| unwrap(vm, h));
        if let Some(sig) = sig {
            wrap_c_handler(sig);
        }
        old
    })?;
    crate::compat::wrap_function(vm, signal.as_object(), "getsignal", |vm, args, callee, original| {
        original(vm, args, callee).map(|h| unwrap(vm, h))
    })?;
    Ok(())
}

/// The trampoline: `handler(signum, frame)` with the running frame.
fn call_with_frame(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let mut it = args.args.into_iter();
    let (Some(handler), Some(signum)) = (it.next(), it.next()) else {
        return Err(vm.new_type_error("_hipy_signal_handler(handler, signum, frame)"));
    };
    let frame = crate::introspect::current_frame_object(vm)?;
    handler.call((signum, frame), vm)
}

/// The user's handler behind a trampoline, or `h` itself.
fn unwrap(vm: &VirtualMachine, h: PyObjectRef) -> PyObjectRef {
    let Some((partial, trampoline)) = TRAMPOLINE.get() else { return h };
    if !h.class().is(partial) || !h.get_attr("func", vm).is_ok_and(|f| f.is(trampoline)) {
        return h;
    }
    h.get_attr("args", vm)
        .ok()
        .and_then(|a| a.get_item(&0, vm).ok())
        .unwrap_or(h)
}

/// Wrap the C handler of `sig` if RustPython's is installed there.
fn wrap_c_handler(sig: libc::c_int) {
    if sig <= 0 || sig as usize >= NSIG {
        return;
    }
    // SAFETY: sigaction queries and replaces the action of a valid signal
    // number; the new action keeps the old one's mask and flags.
    unsafe {
        let mut cur: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(sig, std::ptr::null(), &mut cur) != 0 {
            return;
        }
        let h = cur.sa_sigaction;
        let ours = on_signal as extern "C" fn(libc::c_int) as usize;
        if h == libc::SIG_DFL || h == libc::SIG_IGN || h == ours || cur.sa_flags & libc::SA_SIGINFO != 0 {
            return;
        }
        WRAPPED[sig as usize].store(h, Relaxed);
        cur.sa_sigaction = ours;
        libc::sigaction(sig, &cur, std::ptr::null_mut());
    }
}

extern "C" fn on_signal(sig: libc::c_int) {
    let main = MAIN_THREAD.load(Relaxed);
    // SAFETY: pthread_self and pthread_kill are async-signal-safe.
    unsafe {
        if main != 0 && libc::pthread_self() as usize != main {
            libc::pthread_kill(main as libc::pthread_t, sig);
            return;
        }
    }
    REQUESTED.fetch_or(SIGNAL, Relaxed);
    let h = WRAPPED[sig as usize].load(Relaxed);
    if h != 0 {
        // SAFETY: `h` is the plain (non-SA_SIGINFO) handler this one replaced.
        let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(h) };
        f(sig);
    }
}
