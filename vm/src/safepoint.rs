//! Safepoints: where running Python code stops to handle signals, run an
//! automatic cycle collection, or park while another thread stops the world.
//!
//! The interpreter polls at `RESUME` and `JUMP_BACKWARD`, as CPython checks
//! its eval breaker, and checks for signals after each call (`after_call`). Compiled loops cannot call RustPython's private checks,
//! so they test `REQUESTED` and the young generation's count at every
//! back-edge (`guard_no_interrupt`) and leave for the interpreter, which
//! polls at the back-edge it resumes at. `REQUESTED` is raised by:
//!
//! - signals (`signals`): `SIGNAL`, for the main thread, which runs the
//!   Python handlers;
//! - anything that stops the world while it runs (`gc.collect`, an
//!   automatic collection, `os.fork`, `sys._current_frames`, finalization):
//!   `STOP`.
//!
//! Automatic collections keep CPython 3.11's thresholds (700, 10, 10) but
//! use two generations, as CPython 3.14's collector does: a young
//! collection when the young generation holds more objects than the first
//! threshold (counting an instance and a tracked `__dict__` as one,
//! `TRACKED_PER_OBJECT`), and, checked every `threshold1` young collections,
//! a full one when the objects that outlived young collections since the
//! last full one outnumber both what the old generation held after it
//! (`FULL_GROWTH`; CPython 3.11 waits for a quarter) and `threshold1` young
//! generations' worth. RustPython's collector costs several times CPython's
//! per object (and tracks every dict, where CPython leaves dicts of atoms
//! untracked), so each scan saved counts:
//! - CPython 3.11's middle collections scanned every survivor once more
//!   (float_points spent 255 ms of its 607 ms of collections there; with
//!   two generations its collections take 330 ms), and garbage cycles that
//!   outlive a young collection are collected by the next full one;
//! - CPython 3.11's full-collection rule made a program that builds 3M
//!   lists spend 4.8 s in full collections against CPython's 0.65 s;
//!   waiting for the old generation to double does about 2.5 times less
//!   work while it grows.

use std::sync::atomic::{AtomicU32, AtomicU8, AtomicUsize, Ordering::Relaxed};

use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// A signal arrived: the main thread runs its handlers.
pub const SIGNAL: u8 = 1;
/// Some thread stops the world: every thread parks at its next safepoint.
pub const STOP: u8 = 2;
/// Some thread has a trace or profile hook set: compiled loops leave at
/// their next back-edge (the interpreter does not enter them again on a
/// thread with a hook; see `hooks`).
pub const HOOK: u8 = 4;

pub(crate) static REQUESTED: AtomicU8 = AtomicU8::new(0);

/// `usize::MAX`, or the young generation's threshold while automatic
/// collection is on (refreshed at every poll; compiled code reads it).
static GC_LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// CPython's per-generation counters above the young one: young
/// collections since the last older one, and middle ones (only
/// `gc.collect(1)` makes them) since the last full one.
static YOUNG_RUNS: AtomicU32 = AtomicU32::new(0);
static MIDDLE_RUNS: AtomicU32 = AtomicU32::new(0);
/// The old generation's size after the last full collection.
static LONG_LIVED: AtomicUsize = AtomicUsize::new(0);
/// A full collection waits for this many objects promoted since the last
/// one per object the old generation held after it (CPython 3.11: 1/4).
const FULL_GROWTH: usize = 1;

/// Addresses compiled code reads at each back-edge.
pub struct Watch {
    pub flag: u64,
    /// The bits of `flag` this thread's code stops for.
    pub mask: u8,
    pub gc_count: u64,
    pub gc_limit: u64,
}

/// What compiled code on the current thread watches.
pub fn watch() -> Watch {
    Watch {
        flag: REQUESTED.as_ptr() as u64,
        mask: if crate::signals::on_main_thread() { SIGNAL | STOP | HOOK } else { STOP | HOOK },
        gc_count: crate::layout::gc::young_count() as *const AtomicUsize as u64,
        gc_limit: GC_LIMIT.as_ptr() as u64,
    }
}


/// Set up after RustPython's initialisation.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    vm.state.gc.set_threshold(700, Some(10), Some(10));
    refresh_limit(vm);
    crate::compat::lazy::register(&[("gc", wrap_gc)]);
    // Registered first, so it runs last of the atexit functions.
    at_exit(vm, vm.new_function("_hipy_stop_for_exit", stop_for_exit).into());
    let posix = vm.import("posix", 0)?;
    if posix.get_attr("fork", vm).is_ok() {
        crate::compat::wrap_function(vm, posix.as_object(), "fork", |vm, args, callee, original| {
            stopping_the_world(|| original(vm, args, callee))
        })?;
    }
    // RustPython stops the world itself to read every thread's frame: a
    // thread in a compiled loop sees only `REQUESTED` (without it the
    // caller waited for that thread forever).
    let sys = vm.import("sys", 0)?;
    crate::compat::wrap_function(vm, sys.as_object(), "_current_frames", |vm, args, callee, original| {
        stopping_the_world(|| original(vm, args, callee))
    })?;
    Ok(())
}

/// `gc`'s functions with hipy's collector (when `gc` is first imported).
fn wrap_gc(vm: &VirtualMachine) -> PyResult<()> {
    let gc = vm.import("gc", 0)?;
    crate::compat::wrap_function(vm, gc.as_object(), "collect", |vm, args, _callee, _original| {
        if let Some(k) = args.kwargs.keys().find(|k| k.as_str().ok() != Some("generation")) {
            return Err(vm.new_type_error(format!("'{}' is an invalid keyword argument for collect()", k.to_string_lossy())));
        }
        let n = args.args.len() + args.kwargs.len();
        if n > 1 {
            return Err(vm.new_type_error(format!("collect() takes at most 1 argument ({n} given)")));
        }
        let generation = match args.args.first().or_else(|| args.kwargs.get("generation")) {
            Some(g) => g.try_to_value::<i64>(vm)?,
            None => 2,
        };
        if !(0..=2).contains(&generation) {
            return Err(vm.new_value_error("invalid generation"));
        }
        let r = collect(vm, generation as usize, true);
        Ok(vm.ctx.new_int(r.collected + r.uncollectable).into())
    })?;
    for name in ["enable", "disable", "set_threshold"] {
        crate::compat::wrap_function(vm, gc.as_object(), name, |vm, args, callee, original| {
            let result = original(vm, args, callee);
            refresh_limit(vm);
            result
        })?;
    }
    // CPython's counts: young objects, then collections of each younger
    // generation since the older one's last collection.
    crate::compat::wrap_function(vm, gc.as_object(), "get_count", |vm, _args, _callee, _original| {
        let young = rustpython_vm::gc_state::gc_state().get_count().0;
        Ok(vm.new_tuple((young, YOUNG_RUNS.load(Relaxed), MIDDLE_RUNS.load(Relaxed))).into())
    })?;
    Ok(())
}

/// `atexit.register(func)` without importing `atexit` (CPython does not
/// import it at start either): the functions run last registered first.
pub(crate) fn at_exit(vm: &VirtualMachine, func: PyObjectRef) {
    let entry = rustpython_vm::common::rc::PyRc::new((func, rustpython_vm::function::FuncArgs::default()));
    vm.state.atexit_funcs.lock().insert(0, entry);
}

/// The program has ended and its atexit functions have run: from now on
/// every thread stops at its next safepoint (finalization stops the world
/// and parks daemon threads). This thread's compiled loops are dropped:
/// their traces hold constants (functions, and through them module
/// globals) outside the collector's view, and finalization's collections
/// are RustPython's own, which do not release them (see
/// `release_loops_at_collection`). Held, they kept `__main__`'s namespace
/// alive past its module, so its objects were never finalized and every
/// collection at exit walked them.
fn stop_for_exit() {
    crate::trace::release_loops_at_collection(true);
    REQUESTED.fetch_or(STOP, Relaxed);
}

fn stopping_the_world<R>(f: impl FnOnce() -> R) -> R {
    REQUESTED.fetch_or(STOP, Relaxed);
    let r = f();
    REQUESTED.fetch_and(!STOP, Relaxed);
    r
}

/// The interpreter's safepoint: handle what is pending. Cheap when
/// nothing is: Python signal handlers are checked at every poll (one load
/// when none is pending), hipy's requests and the collector's count too;
/// RustPython's per-thread checks (stop-the-world, QSBR reclamation,
/// finalization; a thread-local borrow and several atomics) run at every
/// `THREAD_CHECK_STRIDE`th poll, or at once when hipy stops the world.
#[inline]
pub fn poll(vm: &VirtualMachine) -> PyResult<()> {
    rustpython_vm::signal::check_signals(vm)?;
    let due = THREAD_CHECK.with(|c| {
        let n = c.get();
        c.set(n.wrapping_sub(1));
        n == 0
    });
    if due
        || REQUESTED.load(Relaxed) & (SIGNAL | STOP) != 0
        || crate::layout::gc::young_count().load(Relaxed) >= GC_LIMIT.load(Relaxed)
    {
        return slow(vm);
    }
    Ok(())
}

/// After a call returns, as CPython's CALL checks its eval breaker: a
/// signal that arrived during a builtin (`_thread.interrupt_main()`, a
/// `signal.raise_signal`) runs its handler before the next instruction, so
/// the KeyboardInterrupt is raised at the call. Only signals: the other
/// requests wait for the next poll.
#[inline]
pub fn after_call(vm: &VirtualMachine) -> PyResult<()> {
    rustpython_vm::signal::check_signals(vm)
}

/// Polls between two of RustPython's per-thread checks. Every stop of the
/// world that hipy knows of raises `STOP` (checked at each poll); QSBR
/// reclamation, finalization and any other request are served within this
/// many polls (a few microseconds of interpretation).
const THREAD_CHECK_STRIDE: u32 = 32;

thread_local! {
    /// Polls left until the next per-thread check (no destructor: a plain
    /// thread-local load).
    static THREAD_CHECK: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

#[cold]
#[inline(never)]
fn slow(vm: &VirtualMachine) -> PyResult<()> {
    THREAD_CHECK.with(|c| c.set(THREAD_CHECK_STRIDE));
    vm.check_signals()?;
    if REQUESTED.load(Relaxed) & SIGNAL == 0 && crate::layout::gc::young_count().load(Relaxed) < GC_LIMIT.load(Relaxed) {
        return Ok(());
    }
    // Only the main thread runs signal handlers, so only it consumes the
    // request (`vm.check_signals` above ran them).
    if crate::signals::on_main_thread() {
        REQUESTED.fetch_and(!SIGNAL, Relaxed);
    }
    let gc = &vm.state.gc;
    let (_, t1, t2) = gc.get_threshold();
    if crate::layout::gc::young_count().load(Relaxed) < refresh_limit(vm) {
        return Ok(());
    }
    let mut generation = 0;
    if t1 > 0 && t2 > 0 && YOUNG_RUNS.load(Relaxed) >= t1 {
        // Survivors of young collections wait in RustPython's middle list
        // until a full collection.
        let (_, middle, old) = rustpython_vm::gc_state::gc_state().get_count();
        let promoted = (middle + old).saturating_sub(LONG_LIVED.load(Relaxed));
        let windows = GC_LIMIT.load(Relaxed).saturating_mul(t1 as usize);
        if promoted > (LONG_LIVED.load(Relaxed) * FULL_GROWTH).max(windows) {
            generation = 2;
        }
    }
    collect(vm, generation, false);
    Ok(())
}

/// A collection is running on some thread (CPython's `gcstate->collecting`):
/// what its `gc.callbacks` allocate starts no other.
static COLLECTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Collect `generation` (`forced`: `gc.collect()`, which runs while
/// automatic collection is disabled too), calling `gc.callbacks` before and
/// after as CPython does, and publishing what DEBUG_SAVEALL kept in
/// `gc.garbage`.
fn collect(vm: &VirtualMachine, generation: usize, forced: bool) -> rustpython_vm::gc_state::CollectResult {
    use std::sync::atomic::Ordering::SeqCst;
    if COLLECTING.swap(true, SeqCst) {
        // Only explicit calls get here while a collection runs (from one
        // of its callbacks, or another thread): CPython collects nothing.
        return Default::default();
    }
    let gc = &vm.state.gc;
    if generation == 2 {
        crate::trace::release_loops_at_collection(forced);
    }
    run_callbacks(vm, "start", generation, 0, 0);
    let result = stopping_the_world(|| if forced { gc.collect_force(generation) } else { gc.collect(generation) });
    collected(generation);
    {
        let mut saved = gc.garbage.lock();
        if !saved.is_empty() {
            gc.py_garbage.borrow_vec_mut().extend(saved.drain(..));
        }
    }
    run_callbacks(vm, "stop", generation, result.collected, result.uncollectable);
    COLLECTING.store(false, SeqCst);
    result
}

/// Call each of `gc.callbacks` with `(phase, info)`; CPython 3.11's info
/// holds the generation and, for "stop", what was collected. A callback's
/// exception is reported as unraisable.
fn run_callbacks(vm: &VirtualMachine, phase: &'static str, generation: usize, collected: usize, uncollectable: usize) {
    let list = &vm.state.gc.py_callbacks;
    if list.borrow_vec().is_empty() {
        return;
    }
    let info = vm.ctx.new_dict();
    let _ = info.set_item("generation", vm.ctx.new_int(generation).into(), vm);
    let _ = info.set_item("collected", vm.ctx.new_int(collected).into(), vm);
    let _ = info.set_item("uncollectable", vm.ctx.new_int(uncollectable).into(), vm);
    let phase: rustpython_vm::PyObjectRef = vm.ctx.new_str(phase).into();
    // By index over the live list, as CPython walks it.
    let mut i = 0;
    loop {
        let Some(cb) = list.borrow_vec().get(i).cloned() else { break };
        if let Err(e) = cb.call((phase.clone(), info.clone()), vm) {
            vm.run_unraisable(e, Some("Exception ignored while calling GC callback".to_owned()), cb);
        }
        i += 1;
    }
}

/// Tracked objects per object CPython 3.11 counts: RustPython tracks an
/// instance and its `__dict__` separately when the dict holds something
/// that may be part of a cycle (a dict of atoms is untracked, vendor patch
/// 56), where CPython keeps the values inline in the instance (one
/// allocation), so such a program fills the young generation about twice
/// as fast. The young collection waits for this many times the first
/// threshold; `gc.get_threshold()` still says 700. (For instances of atoms,
/// now one tracked object each, this halves the number of young
/// collections against CPython's; their total cost is the same either way:
/// 600,000 points, 0.020 s in 425 collections, 0.017 s in 854.)
const TRACKED_PER_OBJECT: usize = 2;

/// Set `GC_LIMIT` from the collector's state; returns it.
fn refresh_limit(vm: &VirtualMachine) -> usize {
    let gc = &vm.state.gc;
    let t0 = gc.get_threshold().0;
    let limit = if gc.is_enabled() && t0 > 0 { t0 as usize * TRACKED_PER_OBJECT } else { usize::MAX };
    GC_LIMIT.store(limit, Relaxed);
    limit
}

/// Update CPython's collection counters after a collection of `generation`.
fn collected(generation: usize) {
    match generation {
        0 => {
            YOUNG_RUNS.fetch_add(1, Relaxed);
        }
        1 => {
            YOUNG_RUNS.store(0, Relaxed);
            MIDDLE_RUNS.fetch_add(1, Relaxed);
        }
        _ => {
            YOUNG_RUNS.store(0, Relaxed);
            MIDDLE_RUNS.store(0, Relaxed);
            LONG_LIVED.store(rustpython_vm::gc_state::gc_state().get_count().2, Relaxed);
        }
    }
}


