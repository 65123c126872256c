//! Generators, coroutines and async generators as hipy objects with hipy frames.
//!
//! One payload (`Coro`) serves the three kinds; three thin Python types expose
//! the methods each kind has. A suspended frame lives inside the object; when
//! resumed it becomes the base frame of a nested `eval::run` and comes back
//! out on yield. `types.GeneratorType` and friends resolve to these types
//! because `types.py` is imported after hipy's hooks are installed.

use std::sync::atomic::Ordering;

use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::object::{Traverse, TraverseFn};

use rustpython_vm::builtins::{PyBaseException, PyBaseExceptionRef, PyCode, PyStrRef};
use rustpython_vm::bytecode::{CodeFlags, Instruction};
use rustpython_vm::class::PyClassImpl;
use rustpython_vm::exceptions::ExceptionCtor;
use rustpython_vm::function::OptionalArg;
use rustpython_vm::protocol::{PyIter, PyIterReturn};
use rustpython_vm::types::{Destructor, IterNext, Iterable, Representable, SelfIter};
use rustpython_vm::{
    pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, TryFromObject,
    VirtualMachine,
};

use crate::code::CodeInfo;
use crate::eval::{self, Flow, Outcome, Resume};
use crate::frame::Frame;
use crate::{layout, runtime};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Generator,
    Coroutine,
    AsyncGenerator,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Generator => "generator",
            Kind::Coroutine => "coroutine",
            Kind::AsyncGenerator => "async generator",
        }
    }
}

/// The suspended frame of a generator. A generator may be resumed on any
/// thread, one at a time, as in CPython.
struct FrameCell(PyMutex<Option<Box<Frame>>>);
// SAFETY: the mutex serializes access to the frame. Its one non-thread-safe
// part, the `Rc` of its decoded code, is replaced by the current thread's
// decoding (`code::adopt`) before the frame runs or is dropped on a thread
// other than the one that decoded it, so only one thread ever counts it.
unsafe impl Send for FrameCell {}
unsafe impl Sync for FrameCell {}

impl FrameCell {
    /// Take the frame out to run or drop it here.
    fn take(&self) -> Option<Box<Frame>> {
        let mut frame = self.0.lock().take()?;
        crate::code::adopt(&mut frame.code);
        Some(frame)
    }
}

impl Drop for FrameCell {
    fn drop(&mut self) {
        drop(self.take());
    }
}

pub struct Coro {
    kind: Kind,
    frame: FrameCell,
    code: PyRef<PyCode>,
    name: rustpython_vm::common::lock::PyMutex<PyStrRef>,
    qualname: rustpython_vm::common::lock::PyMutex<PyStrRef>,
    running: AtomicFlag,
    started: AtomicFlag,
    /// Saved exc_info item while suspended.
    exc_state: rustpython_vm::common::lock::PyMutex<Option<PyBaseExceptionRef>>,
    /// `exc_state` holds an item: most resumes find none and skip its lock.
    exc_saved: AtomicFlag,
    /// Async generators: an asend/athrow is in progress.
    running_async: AtomicFlag,
    /// Async generators: a hook firstiter has been called.
    hooks_inited: AtomicFlag,
    /// Async generators: the `sys.set_asyncgen_hooks` finalizer in force at
    /// first iteration, called when the generator dies unfinished.
    finalizer: rustpython_vm::common::lock::PyMutex<Option<PyObjectRef>>,
    /// The address of the frame while `resume_with` runs it as the base of a
    /// nested run (0 otherwise): `gi_frame` of a running generator finds it
    /// there, on the current thread's stacks (`running_frame`).
    nested: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct AtomicFlag(std::sync::atomic::AtomicBool);
impl AtomicFlag {
    fn get(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
    fn set(&self, v: bool) {
        self.0.store(v, std::sync::atomic::Ordering::Relaxed)
    }
}

impl std::fmt::Debug for Coro {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<hipy {:?}>", self.kind)
    }
}

impl Coro {
    /// The collector's view: the values of a suspended frame (its locals and
    /// stack, `locals`, its function) and the saved exception. A running
    /// frame is on a run stack, not here; a frame being taken out is skipped.
    fn traverse(&self, traverse_fn: &mut TraverseFn<'_>) {
        if let Some(frame) = self.frame.0.try_lock() {
            if let Some(f) = frame.as_ref() {
                for o in f.slots.iter().flatten() {
                    o.traverse(traverse_fn);
                }
                f.locals.traverse(traverse_fn);
                f.func.traverse(traverse_fn);
            }
        }
        if let Some(exc) = self.exc_state.try_lock() {
            exc.traverse(traverse_fn);
        }
    }

    /// Break a cycle through a suspended frame: hand its values to the
    /// collector and drop the frame.
    fn clear(&mut self, out: &mut Vec<PyObjectRef>) {
        if let Some(mut f) = self.frame.take() {
            out.extend(f.slots.drain(..).flatten());
            out.extend(f.locals.take());
            out.extend(f.func.take());
        }
    }

    /// Mark the generator running; false if it already was (on any thread).
    fn claim(&self) -> bool {
        self.running.0.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_ok()
    }

    /// The frame starts running (it was claimed): the generator's own
    /// exc_info item goes on the thread's stack.
    fn begin_run(&self, vm: &VirtualMachine) {
        self.started.set(true);
        let saved = self.exc_saved.get() && {
            self.exc_saved.set(false);
            true
        };
        runtime::push_exc_item(vm, if saved { self.exc_state.lock().take() } else { None });
    }

    /// Keep the frame that yielded until the next resume.
    fn keep(&self, vm: &VirtualMachine, frame: Box<Frame>) {
        refresh_frame_object(vm, &frame);
        *self.frame.0.lock() = Some(frame);
    }

    /// The frame stopped running: at a yield its exc_info item is kept for
    /// the next resume (`suspended`), otherwise dropped.
    fn end_run(&self, vm: &VirtualMachine, suspended: bool) {
        let exc = runtime::pop_exc_item(vm);
        // `begin_run` left the state empty, and only the running frame sets it.
        if suspended && exc.is_some() {
            *self.exc_state.lock() = exc;
            self.exc_saved.set(true);
        }
        self.running.0.store(false, Ordering::Release);
    }

    /// Whether a resume now would be allowed to run on the caller's stack
    /// (below the recursion limit, not already running).
    fn resumable_on_stack(&self, vm: &VirtualMachine) -> bool {
        on_stack_allowed(vm) && !self.running.get()
    }

    fn finished(&self) -> bool {
        self.frame.0.lock().is_none()
    }

    /// Resume the frame. `Ok(Return(v))` is a yield of `v`;
    /// `Ok(StopIteration(r))` means the frame returned `r`.
    fn resume(&self, vm: &VirtualMachine, how: Resume) -> PyResult<PyIterReturn> {
        self.resume_with(vm, how, None)
    }

    /// `resume`, with the frame in push mode while it runs if a sink is
    /// given (see `push`).
    fn resume_with(&self, vm: &VirtualMachine, how: Resume, sink: Option<&mut dyn crate::push::Sink>) -> PyResult<PyIterReturn> {
        if !self.claim() {
            return Err(vm.new_value_error(format!("{} already executing", self.kind.noun())));
        }
        let Some(mut frame) = self.frame.take() else {
            self.running.set(false);
            return match how {
                // CPython raises this for a throw() too (close() of a
                // finished coroutine returns before resuming).
                _ if self.kind == Kind::Coroutine => {
                    Err(vm.new_runtime_error("cannot reuse already awaited coroutine"))
                }
                Resume::Throw(e) => Err(e),
                _ => Ok(PyIterReturn::StopIteration(None)),
            };
        };
        self.begin_run(vm);
        self.nested.store(&*frame as *const Frame as usize, Ordering::Relaxed);
        let (result, mut frame) = match sink {
            Some(sink) => {
                frame.push = true;
                crate::push::with_sink(sink, || eval::run(vm, frame, how))
            }
            None => eval::run(vm, frame, how),
        };
        frame.push = false;
        self.nested.store(0, Ordering::Relaxed);
        match result {
            Ok(Outcome::Yield(v)) => {
                self.keep(vm, frame);
                self.end_run(vm, true);
                Ok(PyIterReturn::Return(v))
            }
            Ok(Outcome::Return(v)) => {
                self.end_run(vm, false);
                frame.recycle(vm);
                Ok(PyIterReturn::StopIteration(if vm.is_none(&v) { None } else { Some(v) }))
            }
            Err(e) => {
                self.end_run(vm, false);
                frame.recycle(vm);
                Err(e)
            }
        }
    }

    fn send(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult<PyIterReturn> {
        if !self.started.get() && !vm.is_none(&value) && !self.finished() {
            return Err(vm.new_type_error(format!(
                "can't send non-None value to a just-started {}",
                self.kind.noun()
            )));
        }
        self.resume(vm, Resume::Send(value))
    }

    /// The object a frame suspended in `yield from` / `await` delegates to.
    fn yield_from_target(&self) -> Option<PyObjectRef> {
        let guard = self.frame.0.lock();
        let f = guard.as_ref()?;
        let op = f.code.ops.get(f.lasti as usize)?;
        if matches!(op.kind, Instruction::YieldValue { .. }) && op.arg >= 1 && f.stack_len() > 0 {
            Some(f.top().clone())
        } else {
            None
        }
    }

    fn throw(&self, vm: &VirtualMachine, exc: PyBaseExceptionRef) -> PyResult<PyIterReturn> {
        if let Some(yf) = self.yield_from_target() {
            if !self.claim() {
                return Err(vm.new_value_error(format!("{} already executing", self.kind.noun())));
            }
            if exc.fast_isinstance(vm.ctx.exceptions.generator_exit) {
                // Close the delegate first; its error replaces GeneratorExit.
                let r = close_object(vm, &yf);
                self.running.set(false);
                if let Err(e) = r {
                    return self.resume(vm, Resume::Throw(e));
                }
                return self.resume(vm, Resume::Throw(exc));
            }
            // The delegate runs as if called from this frame: its
            // exceptions get this frame's handled exception as context.
            // A delegate that is a generator or coroutine runs with this
            // frame linked in below it (CPython's `_gen_throw`).
            self.begin_run(vm);
            let r = match as_coro(vm, &yf).and_then(|_| self.frame.take()) {
                Some(frame) => {
                    let (r, frame) = eval::with_frame_linked(frame, || throw_object(vm, &yf, exc.clone()));
                    self.keep(vm, frame);
                    r
                }
                None => throw_object(vm, &yf, exc.clone()),
            };
            self.end_run(vm, true);
            return match r {
                Some(Ok(PyIterReturn::Return(v))) => Ok(PyIterReturn::Return(v)),
                // The delegate finished: resume with its StopIteration raised
                // at the yield (CLEANUP_THROW turns it into the value).
                Some(Ok(PyIterReturn::StopIteration(v))) => {
                    self.resume(vm, Resume::Throw(vm.new_stop_iteration(v)))
                }
                Some(Err(e)) => self.resume(vm, Resume::Throw(e)),
                None => self.resume(vm, Resume::Throw(exc)),
            };
        }
        self.resume(vm, Resume::Throw(exc))
    }

    fn close(&self, vm: &VirtualMachine) -> PyResult<()> {
        if self.finished() {
            return Ok(());
        }
        if !self.started.get() {
            let frame = self.frame.take();
            if let Some(f) = frame {
                f.recycle(vm);
            }
            return Ok(());
        }
        if self.close_without_handlers(vm) {
            return Ok(());
        }
        let exc = vm.new_exception_empty(vm.ctx.exceptions.generator_exit.to_owned());
        match self.throw(vm, exc) {
            Ok(PyIterReturn::Return(_)) => Err(vm.new_runtime_error(format!(
                "{} ignored GeneratorExit",
                self.kind.noun()
            ))),
            Ok(PyIterReturn::StopIteration(_)) => Ok(()),
            Err(e)
                if e.fast_isinstance(vm.ctx.exceptions.generator_exit)
                    || e.fast_isinstance(vm.ctx.exceptions.stop_iteration) =>
            {
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// close() of a frame suspended at a plain `yield` that no `try`,
    /// `with` or `except` of its own encloses (the RESUME after the yield
    /// says so: exception depth 1, the handler every generator has for
    /// StopIteration): GeneratorExit would unwind it running no code, so the
    /// frame is dropped without making the exception or its traceback, as
    /// CPython 3.12+ does. Not while a trace or profile hook is set (its
    /// events for the unwinding are kept). True if closed this way.
    fn close_without_handlers(&self, vm: &VirtualMachine) -> bool {
        const RESUME_AFTER_YIELD: u32 = 1;
        const RESUME_DEPTH1: u32 = 4;
        if vm.use_tracing.get() || !self.claim() {
            return false;
        }
        let plain = self.frame.0.lock().as_ref().is_some_and(|f| {
            let ops = &f.code.ops;
            let Some(y) = ops.get(f.lasti as usize) else { return false };
            let after = f.lasti as usize + 1 + usize::from(y.ncache);
            matches!(y.kind, Instruction::YieldValue { .. })
                && y.arg == 0
                && ops.get(after).is_some_and(|r| {
                    matches!(r.kind, Instruction::Resume { .. }) && r.arg == RESUME_AFTER_YIELD | RESUME_DEPTH1
                })
        });
        let frame = if plain { self.frame.take() } else { None };
        self.running.0.store(false, Ordering::Release);
        match frame {
            Some(f) => {
                f.recycle(vm);
                self.exc_saved.set(false);
                let saved = self.exc_state.lock().take();
                drop(saved);
                true
            }
            None => false,
        }
    }

    fn repr(&self, zelf: &PyObject) -> String {
        format!(
            "<{} object {} at {:#x}>",
            match self.kind {
                Kind::Generator => "generator",
                Kind::Coroutine => "coroutine",
                Kind::AsyncGenerator => "async_generator",
            },
            self.qualname.lock().as_wtf8(),
            zelf.get_id()
        )
    }

    /// `gi_frame` / `cr_frame` / `ag_frame` of `owner`, the object this is.
    fn frame_object(&self, owner: &PyObject, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        let guard = self.frame.0.lock();
        match guard.as_ref() {
            Some(f) => {
                let o = crate::introspect::generator_frame_object(vm, f, owner)?;
                // Suspended (or running): what it shows is read now.
                crate::introspect::frame_ended(vm, f);
                Ok(Some(o))
            }
            None if self.running.get() => {
                drop(guard);
                self.running_frame(owner, vm)
            }
            None => Ok(None),
        }
    }

    /// `gi_frame` of a generator running on this thread: its frame is out of
    /// the generator, on one of the thread's stacks, resumed there by a
    /// FOR_ITER (its continuation names the generator) or as the base of a
    /// nested run (`nested`). The live frame's object, as `sys._getframe`
    /// gives it inside. None when it runs on another thread.
    fn running_frame(&self, owner: &PyObject, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        let nested = self.nested.load(Ordering::Relaxed);
        let mut found: Option<*const Frame> = None;
        runtime::walk_frames(|f| {
            let mine = match &f.ret {
                crate::frame::Continuation::Generator { gen, .. } | crate::frame::Continuation::Consume { gen, .. } => gen.is(owner),
                _ => f as *const Frame as usize == nested,
            };
            if mine {
                found = Some(f as *const Frame);
            }
            mine
        });
        // SAFETY: a frame on this thread's stacks, which stay as they are
        // while this native code runs on it.
        found.map(|f| crate::introspect::generator_frame_object(vm, unsafe { &*f }, owner)).transpose()
    }
}

fn close_object(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<()> {
    if let Some(c) = as_coro(vm, obj) {
        return c.close(vm);
    }
    match vm.get_attribute_opt(&obj, "close") {
        Ok(Some(close)) => close.call((), vm).map(drop),
        Ok(None) => Ok(()),
        // As CPython's gen_close_iter: a failing lookup is unraisable, and
        // the delegating frame still gets its GeneratorExit.
        Err(e) => {
            vm.run_unraisable(e, None, obj.clone());
            Ok(())
        }
    }
}

/// Throw into a delegate; None when it has no `throw` method.
fn throw_object(vm: &VirtualMachine, obj: &PyObjectRef, exc: PyBaseExceptionRef) -> Option<PyResult<PyIterReturn>> {
    if let Some(c) = as_coro(vm, obj) {
        return Some(c.throw(vm, exc));
    }
    let throw = match vm.get_attribute_opt(&obj, "throw") {
        Ok(Some(t)) => t,
        Ok(None) => return None,
        Err(e) => return Some(Err(e)),
    };
    let typ: PyObjectRef = exc.class().to_owned().into();
    Some(PyIterReturn::from_pyresult(throw.call((typ, exc.clone()), vm), vm))
}

fn normalize_throw(
    vm: &VirtualMachine,
    typ: PyObjectRef,
    val: OptionalArg,
    tb: OptionalArg,
) -> PyResult<PyBaseExceptionRef> {
    let val = val.unwrap_or_none(vm);
    let tb = match tb.unwrap_or_none(vm) {
        tb if vm.is_none(&tb) => None,
        tb => Some(
            tb.downcast::<rustpython_vm::builtins::PyTraceback>()
                .map_err(|_| vm.new_type_error("throw() third argument must be a traceback object"))?,
        ),
    };
    let ctor = ExceptionCtor::try_from_object(vm, typ)?;
    if matches!(ctor, ExceptionCtor::Instance(_)) && !vm.is_none(&val) {
        return Err(vm.new_type_error("instance exception may not have a separate value"));
    }
    let exc = match if vm.is_none(&val) { ctor.instantiate(vm) } else { ctor.instantiate_value(val, vm) } {
        Ok(exc) => exc,
        // CPython normalizes the exception inside the generator: what
        // creating it raised is thrown in instead.
        Err(e) => return Ok(e),
    };
    if tb.is_some() {
        exc.set_traceback(tb);
    }
    Ok(exc)
}

fn iter_return_to_result(vm: &VirtualMachine, r: PyIterReturn) -> PyResult {
    match r {
        PyIterReturn::Return(v) => Ok(v),
        PyIterReturn::StopIteration(v) => Err(vm.new_stop_iteration(v)),
    }
}

macro_rules! coro_type {
    ($ty:ident, $name:literal) => {
        #[pyclass(module = false, name = $name, traverse = "manual")]
        #[derive(Debug, PyPayload)]
        pub struct $ty {
            inner: Coro,
        }

        // SAFETY: `Coro::traverse` reports references the generator owns.
        unsafe impl Traverse for $ty {
            fn traverse(&self, traverse_fn: &mut TraverseFn<'_>) {
                self.inner.traverse(traverse_fn);
            }

            fn clear(&mut self, out: &mut Vec<PyObjectRef>) {
                self.inner.clear(out);
            }
        }
    };
}

coro_type!(HipyGenerator, "generator");

#[pyclass(module = false, name = "coroutine", traverse = "manual")]
#[derive(Debug, PyPayload)]
pub struct HipyCoroutine {
    inner: Coro,
    /// `cr_origin`: where it was made, while `sys.set_coroutine_origin_tracking_depth`
    /// asks for it (`origin`).
    origin: Option<PyObjectRef>,
}

// SAFETY: `Coro::traverse` reports references the coroutine owns.
unsafe impl Traverse for HipyCoroutine {
    fn traverse(&self, traverse_fn: &mut TraverseFn<'_>) {
        self.inner.traverse(traverse_fn);
        self.origin.traverse(traverse_fn);
    }

    fn clear(&mut self, out: &mut Vec<PyObjectRef>) {
        self.inner.clear(out);
    }
}
coro_type!(HipyAsyncGenerator, "async_generator");

#[pyclass(with(IterNext, Iterable, Representable, Destructor), flags(DISALLOW_INSTANTIATION, HAS_WEAKREF))]
impl HipyGenerator {
    #[pymethod]
    fn send(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let r = zelf.inner.send(vm, value)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn throw(zelf: &Py<Self>, typ: PyObjectRef, val: OptionalArg, tb: OptionalArg, vm: &VirtualMachine) -> PyResult {
        let exc = normalize_throw(vm, typ, val, tb)?;
        let r = zelf.inner.throw(vm, exc)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn close(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        zelf.inner.close(vm)
    }
    #[pygetset]
    fn gi_frame(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        zelf.inner.frame_object(zelf.as_object(), vm)
    }
    #[pygetset]
    fn gi_running(zelf: &Py<Self>) -> bool {
        zelf.inner.running.get()
    }
    #[pygetset]
    fn gi_suspended(zelf: &Py<Self>) -> bool {
        zelf.inner.started.get() && !zelf.inner.running.get() && !zelf.inner.finished()
    }
    #[pygetset]
    fn gi_code(zelf: &Py<Self>) -> PyRef<PyCode> {
        zelf.inner.code.clone()
    }
    #[pygetset]
    fn gi_yieldfrom(zelf: &Py<Self>) -> Option<PyObjectRef> {
        zelf.inner.yield_from_target()
    }
    #[pygetset]
    fn __name__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.name.lock().clone()
    }
    #[pygetset(setter)]
    fn set___name__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.name.lock() = v;
    }
    #[pygetset]
    fn __qualname__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.qualname.lock().clone()
    }
    #[pygetset(setter)]
    fn set___qualname__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.qualname.lock() = v;
    }
}

impl SelfIter for HipyGenerator {}
impl IterNext for HipyGenerator {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        zelf.inner.resume(vm, Resume::Send(vm.ctx.none()))
    }
}
impl Representable for HipyGenerator {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(zelf.inner.repr(zelf.as_object()))
    }
}
impl Destructor for HipyGenerator {
    fn del(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        finalize(&zelf.inner, zelf.as_object(), vm);
        Ok(())
    }
}

/// `frame.clear()` of the frame of `gen` (a generator, coroutine or async
/// generator) while it does not run: as in CPython, the generator is
/// finalized as if it died (a coroutine never awaited warns, a suspended
/// generator is closed), and one that never started is finished.
pub fn clear_frame(vm: &VirtualMachine, gen: &PyObjectRef) -> PyResult<()> {
    let Some(c) = as_coro(vm, gen) else {
        return Ok(());
    };
    if c.running.get() {
        return Err(vm.new_runtime_error("cannot clear an executing frame"));
    }
    if let Some(g) = gen.downcast_ref::<HipyGenerator>() {
        HipyGenerator::del(g, vm)?;
    } else if let Some(g) = gen.downcast_ref::<HipyCoroutine>() {
        HipyCoroutine::del(g, vm)?;
    } else if let Some(g) = gen.downcast_ref::<HipyAsyncGenerator>() {
        HipyAsyncGenerator::del(g, vm)?;
    }
    if !c.started.get() {
        c.close(vm)?;
    }
    Ok(())
}

/// Whether `finalize` would close plain generator `g` (see `init_types`).
fn generator_del_needed(g: &PyObject) -> bool {
    g.downcast_ref::<HipyGenerator>().is_some_and(|g| g.inner.started.get() && !g.inner.finished())
}

/// CPython's `_PyGen_Finalize`: close a suspended generator when it dies, so
/// `finally` blocks run; errors go to `sys.unraisablehook`.
fn finalize(c: &Coro, obj: &PyObject, vm: &VirtualMachine) {
    if c.finished() || !c.started.get() {
        return;
    }
    if let Err(e) = c.close(vm) {
        // CPython's PyErr_WriteUnraisable(gen): no message (the hook prints
        // "Exception ignored in: <gen>"), and an exception without a
        // traceback (RuntimeError: generator ignored GeneratorExit) gets one
        // for the running frame.
        if e.traceback().is_none() {
            crate::runtime::current_frame(|f| {
                if let Some(f) = f {
                    crate::traceback::add_entry(vm, &e, f);
                }
            });
        }
        vm.run_unraisable(e, None, obj.to_owned());
    }
}

#[pyclass(with(Representable, Destructor), flags(DISALLOW_INSTANTIATION, HAS_WEAKREF))]
impl HipyCoroutine {
    #[pymethod]
    fn send(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let r = zelf.inner.send(vm, value)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn throw(zelf: &Py<Self>, typ: PyObjectRef, val: OptionalArg, tb: OptionalArg, vm: &VirtualMachine) -> PyResult {
        let exc = normalize_throw(vm, typ, val, tb)?;
        let r = zelf.inner.throw(vm, exc)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn close(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        zelf.inner.close(vm)
    }
    #[pymethod]
    fn __await__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        Ok(CoroutineWrapper { coro: zelf.to_owned() }.into_ref(&vm.ctx).into())
    }
    #[pygetset]
    fn cr_frame(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        zelf.inner.frame_object(zelf.as_object(), vm)
    }
    #[pygetset]
    fn cr_running(zelf: &Py<Self>) -> bool {
        zelf.inner.running.get()
    }
    #[pygetset]
    fn cr_suspended(zelf: &Py<Self>) -> bool {
        zelf.inner.started.get() && !zelf.inner.running.get() && !zelf.inner.finished()
    }
    #[pygetset]
    fn cr_code(zelf: &Py<Self>) -> PyRef<PyCode> {
        zelf.inner.code.clone()
    }
    #[pygetset]
    fn cr_await(zelf: &Py<Self>) -> Option<PyObjectRef> {
        zelf.inner.yield_from_target()
    }
    #[pygetset]
    fn cr_origin(zelf: &Py<Self>) -> Option<PyObjectRef> {
        zelf.origin.clone()
    }
    #[pygetset]
    fn __name__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.name.lock().clone()
    }
    #[pygetset(setter)]
    fn set___name__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.name.lock() = v;
    }
    #[pygetset]
    fn __qualname__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.qualname.lock().clone()
    }
    #[pygetset(setter)]
    fn set___qualname__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.qualname.lock() = v;
    }
}

impl Representable for HipyCoroutine {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(zelf.inner.repr(zelf.as_object()))
    }
}
impl Destructor for HipyCoroutine {
    fn del(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        let c = &zelf.inner;
        if !c.started.get() && !c.finished() {
            // CPython's `_PyErr_WarnUnawaitedCoroutine`, which RustPython has.
            let qualname = c.qualname.lock().clone();
            rustpython_vm::warn::warn_unawaited_coroutine(zelf.as_object(), &qualname, vm);
        }
        finalize(c, zelf.as_object(), vm);
        Ok(())
    }
}

/// What `coroutine.__await__()` returns.
#[pyclass(module = false, name = "coroutine_wrapper")]
#[derive(Debug, PyPayload)]
pub struct CoroutineWrapper {
    coro: PyRef<HipyCoroutine>,
}

#[pyclass(with(IterNext, Iterable))]
impl CoroutineWrapper {
    #[pymethod]
    fn send(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let r = zelf.coro.inner.send(vm, value)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn throw(zelf: &Py<Self>, typ: PyObjectRef, val: OptionalArg, tb: OptionalArg, vm: &VirtualMachine) -> PyResult {
        let exc = normalize_throw(vm, typ, val, tb)?;
        let r = zelf.coro.inner.throw(vm, exc)?;
        iter_return_to_result(vm, r)
    }
    #[pymethod]
    fn close(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        zelf.coro.inner.close(vm)
    }
}
impl SelfIter for CoroutineWrapper {}
impl IterNext for CoroutineWrapper {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        zelf.coro.inner.resume(vm, Resume::Send(vm.ctx.none()))
    }
}

/// A value yielded by `yield` in an async generator, as opposed to a value
/// yielded by an `await` inside it (CPython's `_PyAsyncGenWrappedValue`).
#[pyclass(module = false, name = "async_generator_wrapped_value")]
#[derive(Debug, PyPayload)]
pub struct AsyncGenWrapped {
    value: PyObjectRef,
}

#[pyclass]
impl AsyncGenWrapped {}

pub fn async_gen_wrap(vm: &VirtualMachine, v: PyObjectRef) -> PyObjectRef {
    AsyncGenWrapped { value: v }.into_ref(&vm.ctx).into()
}

#[pyclass(with(Representable, Destructor), flags(DISALLOW_INSTANTIATION, HAS_WEAKREF))]
impl HipyAsyncGenerator {
    #[pymethod]
    fn __aiter__(zelf: &Py<Self>) -> PyRef<HipyAsyncGenerator> {
        zelf.to_owned()
    }
    #[pymethod]
    fn __anext__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let zelf = zelf.to_owned();
        HipyAsyncGenerator::init_hooks(&zelf, vm)?;
        Ok(AsyncGenOp::new(zelf, AsyncOpKind::Send(vm.ctx.none())).into_ref(&vm.ctx).into())
    }
    #[pymethod]
    fn asend(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let zelf = zelf.to_owned();
        HipyAsyncGenerator::init_hooks(&zelf, vm)?;
        Ok(AsyncGenOp::new(zelf, AsyncOpKind::Send(value)).into_ref(&vm.ctx).into())
    }
    #[pymethod]
    fn athrow(zelf: &Py<Self>, typ: PyObjectRef, val: OptionalArg, tb: OptionalArg, vm: &VirtualMachine) -> PyResult {
        let zelf = zelf.to_owned();
        HipyAsyncGenerator::init_hooks(&zelf, vm)?;
        let exc = normalize_throw(vm, typ, val, tb)?;
        Ok(AsyncGenOp::new(zelf, AsyncOpKind::Throw(exc)).into_ref(&vm.ctx).into())
    }
    #[pymethod]
    fn aclose(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let zelf = zelf.to_owned();
        HipyAsyncGenerator::init_hooks(&zelf, vm)?;
        Ok(AsyncGenOp::new(zelf, AsyncOpKind::Close).into_ref(&vm.ctx).into())
    }
    #[pygetset]
    fn ag_frame(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
        zelf.inner.frame_object(zelf.as_object(), vm)
    }
    #[pygetset]
    fn ag_running(zelf: &Py<Self>) -> bool {
        zelf.inner.running_async.get()
    }
    #[pygetset]
    fn ag_code(zelf: &Py<Self>) -> PyRef<PyCode> {
        zelf.inner.code.clone()
    }
    #[pygetset]
    fn ag_await(zelf: &Py<Self>) -> Option<PyObjectRef> {
        zelf.inner.yield_from_target()
    }
    #[pygetset]
    fn __name__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.name.lock().clone()
    }
    #[pygetset(setter)]
    fn set___name__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.name.lock() = v;
    }
    #[pygetset]
    fn __qualname__(zelf: &Py<Self>) -> PyStrRef {
        zelf.inner.qualname.lock().clone()
    }
    #[pygetset(setter)]
    fn set___qualname__(zelf: &Py<Self>, v: PyStrRef) {
        *zelf.inner.qualname.lock() = v;
    }
}

impl HipyAsyncGenerator {
    /// `sys.set_asyncgen_hooks`: call firstiter on first use (asyncio uses
    /// it to close async generators at loop shutdown).
    fn init_hooks(zelf: &PyRef<Self>, vm: &VirtualMachine) -> PyResult<()> {
        if zelf.inner.hooks_inited.get() {
            return Ok(());
        }
        zelf.inner.hooks_inited.set(true);
        let fin = vm.async_gen_finalizer.borrow().clone();
        *zelf.inner.finalizer.lock() = fin.filter(|f| !vm.is_none(f));
        let first = vm.async_gen_firstiter.borrow().clone();
        if let Some(first) = first {
            if !vm.is_none(&first) {
                first.call((zelf.clone(),), vm)?;
            }
        }
        Ok(())
    }
}

impl Destructor for HipyAsyncGenerator {
    fn del(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        let c = &zelf.inner;
        if c.finished() || !c.started.get() {
            return Ok(());
        }
        let fin = c.finalizer.lock().take();
        match fin {
            // The finalizer (asyncio's) schedules aclose() on the loop.
            Some(fin) => {
                if let Err(e) = fin.call((zelf.to_owned(),), vm) {
                    vm.run_unraisable(e, None, zelf.as_object().to_owned());
                }
            }
            None => finalize(c, zelf.as_object(), vm),
        }
        Ok(())
    }
}

impl Representable for HipyAsyncGenerator {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(zelf.inner.repr(zelf.as_object()))
    }
}

#[derive(Debug)]
enum AsyncOpKind {
    Send(PyObjectRef),
    Throw(PyBaseExceptionRef),
    Close,
}

/// The awaitable returned by `__anext__`, `asend`, `athrow` and `aclose`.
#[pyclass(module = false, name = "async_generator_asend")]
#[derive(Debug, PyPayload)]
pub struct AsyncGenOp {
    gen: PyRef<HipyAsyncGenerator>,
    kind: rustpython_vm::common::lock::PyMutex<Option<AsyncOpKind>>,
    done: AtomicFlag,
    is_close: bool,
    /// An athrow() or aclose() (CPython's `async_generator_athrow`), not an
    /// asend() or __anext__().
    is_athrow: bool,
}

impl std::fmt::Debug for AtomicFlag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl AsyncGenOp {
    fn new(gen: PyRef<HipyAsyncGenerator>, kind: AsyncOpKind) -> Self {
        let is_close = matches!(kind, AsyncOpKind::Close);
        let is_athrow = matches!(kind, AsyncOpKind::Close | AsyncOpKind::Throw(_));
        AsyncGenOp {
            gen,
            kind: rustpython_vm::common::lock::PyMutex::new(Some(kind)),
            done: AtomicFlag::default(),
            is_close,
            is_athrow,
        }
    }

    fn reused(&self, vm: &VirtualMachine) -> rustpython_vm::builtins::PyBaseExceptionRef {
        vm.new_runtime_error(if self.is_athrow {
            "cannot reuse already awaited aclose()/athrow()"
        } else {
            "cannot reuse already awaited __anext__()/asend()"
        })
    }

    /// Interpret one step of the async generator: a wrapped value means the
    /// generator produced an item (the await finishes with it); a plain value
    /// is an inner await's yield, passed through to the event loop.
    fn unwrap(&self, vm: &VirtualMachine, r: PyResult<PyIterReturn>) -> PyResult {
        let c = &self.gen.inner;
        match r {
            Ok(PyIterReturn::Return(v)) => {
                if let Some(w) = v.downcast_ref::<AsyncGenWrapped>() {
                    c.running_async.set(false);
                    self.done.set(true);
                    if self.is_close {
                        return Err(vm.new_runtime_error("async generator ignored GeneratorExit"));
                    }
                    return Err(vm.new_stop_iteration(Some(w.value.clone())));
                }
                Ok(v)
            }
            Ok(PyIterReturn::StopIteration(_)) => {
                c.running_async.set(false);
                self.done.set(true);
                if self.is_close {
                    return Err(vm.new_stop_iteration(None));
                }
                Err(vm.new_exception_empty(vm.ctx.exceptions.stop_async_iteration.to_owned()))
            }
            Err(e) => {
                c.running_async.set(false);
                self.done.set(true);
                if self.is_close
                    && (e.fast_isinstance(vm.ctx.exceptions.stop_async_iteration)
                        || e.fast_isinstance(vm.ctx.exceptions.generator_exit))
                {
                    return Err(vm.new_stop_iteration(None));
                }
                Err(e)
            }
        }
    }

    fn step(&self, vm: &VirtualMachine, value: PyObjectRef) -> PyResult {
        if self.done.get() {
            return Err(self.reused(vm));
        }
        let c = &self.gen.inner;
        let first = self.kind.lock().take();
        let r = match first {
            Some(kind) => {
                if c.running_async.get() {
                    self.done.set(true);
                    return Err(vm.new_runtime_error(if self.is_close {
                        "aclose(): asynchronous generator is already running"
                    } else {
                        "anext(): asynchronous generator is already running"
                    }));
                }
                if c.finished() && (self.is_close || matches!(kind, AsyncOpKind::Throw(_))) {
                    self.done.set(true);
                    if self.is_close {
                        return Err(vm.new_stop_iteration(None));
                    }
                }
                c.running_async.set(true);
                match kind {
                    AsyncOpKind::Send(v) => {
                        let v = if vm.is_none(&value) { v } else { value };
                        c.send(vm, v)
                    }
                    AsyncOpKind::Throw(e) => c.throw(vm, e),
                    AsyncOpKind::Close => {
                        if !c.started.get() {
                            let f = c.frame.take();
                            if let Some(f) = f {
                                f.recycle(vm);
                            }
                            c.running_async.set(false);
                            self.done.set(true);
                            return Err(vm.new_stop_iteration(None));
                        }
                        let exc = vm.new_exception_empty(vm.ctx.exceptions.generator_exit.to_owned());
                        c.throw(vm, exc)
                    }
                }
            }
            None => c.send(vm, value),
        };
        self.unwrap(vm, r)
    }
}

#[pyclass(with(IterNext, Iterable))]
impl AsyncGenOp {
    #[pymethod]
    fn send(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        zelf.step(vm, value)
    }
    #[pymethod]
    fn throw(zelf: &Py<Self>, typ: PyObjectRef, val: OptionalArg, tb: OptionalArg, vm: &VirtualMachine) -> PyResult {
        if zelf.done.get() {
            return Err(zelf.reused(vm));
        }
        let exc = normalize_throw(vm, typ, val, tb)?;
        zelf.kind.lock().take();
        let r = zelf.gen.inner.throw(vm, exc);
        zelf.unwrap(vm, r)
    }
    #[pymethod]
    fn close(zelf: &Py<Self>) {
        zelf.done.set(true);
    }
    #[pymethod]
    fn __await__(zelf: &Py<Self>) -> PyRef<AsyncGenOp> {
        zelf.to_owned()
    }
}
impl SelfIter for AsyncGenOp {}
impl IterNext for AsyncGenOp {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        PyIterReturn::from_pyresult(zelf.step(vm, vm.ctx.none()), vm)
    }
}

/// Create the Python types (once per interpreter).
/// Whether `obj` is one of hipy's generators whose code is flagged
/// CO_ITERABLE_COROUTINE (a `types.coroutine` generator).
pub fn is_iterable_coroutine(obj: &PyObject) -> bool {
    obj.downcast_ref::<HipyGenerator>()
        .is_some_and(|g| g.inner.code.code.flags.contains(CodeFlags::ITERABLE_COROUTINE))
}

pub fn init_types() {
    let generator = HipyGenerator::make_static_type();
    // A generator that finished or never started dies without `close()`
    // (`finalize` does nothing): RustPython then skips the `__del__` slot
    // and its VM attach.
    generator.slots.del_needed.store(Some(generator_del_needed));
    let _ = HipyCoroutine::make_static_type();
    let _ = HipyAsyncGenerator::make_static_type();
    let _ = CoroutineWrapper::make_static_type();
    let _ = AsyncGenWrapped::make_static_type();
    let _ = AsyncGenOp::make_static_type();
}

/// Run the generator prologue (cell set-up up to RETURN_GENERATOR) and leave
/// the frame ready for its first send.
pub fn prepare_frame(vm: &VirtualMachine, f: &mut Frame) -> PyResult<()> {
    loop {
        let Some(op) = f.code.ops.get(f.pc as usize).copied() else {
            return Err(vm.new_system_error("hipy: generator code without RETURN_GENERATOR"));
        };
        f.lasti = f.pc;
        f.pc += 1 + u32::from(op.ncache);
        match op.kind {
            Instruction::ReturnGenerator => return Ok(()),
            Instruction::MakeCell { .. } => {
                let initial = f.slots[op.arg as usize].take();
                f.slots[op.arg as usize] = Some(layout::new_cell(initial, vm)?);
            }
            Instruction::CopyFreeVars { .. } => crate::names::copy_free_vars(vm, f, op.arg as usize)?,
            Instruction::Nop | Instruction::ExtendedArg => {}
            other => {
                return Err(vm.new_system_error(format!(
                    "hipy: unexpected {other:?} before RETURN_GENERATOR"
                )))
            }
        }
    }
}

/// Compiled code calls generator function `func` with exactly its
/// positional parameters (`trace::helpers::hp_gen_new*`): the frame is
/// bound and prepared and the generator made as CALL's fast path does
/// (`call::begin`), without the call protocol. None when `func` is not such
/// a function now (the helper then calls it by protocol).
pub fn call_generator_function(vm: &VirtualMachine, func: &PyObjectRef, args: &[&PyObject]) -> Option<PyResult> {
    let f = crate::call::exact_function(vm, func)?;
    let info = crate::code::info_for(&layout::function_code(f));
    if !info.is_generator_like() || !info.plain_params || info.argcount != args.len() || info.nlocalsplus < args.len() {
        return None;
    }
    // SAFETY: the frame holds `func`, which keeps these alive.
    let (globals, builtins, closure) = match unsafe { layout::frame_refs(vm, f) } {
        Ok(refs) => refs,
        Err(e) => return Some(Err(e)),
    };
    let mut frame = Frame::new(info, globals, builtins, None, Some(func.clone()));
    frame.closure = closure;
    for (slot, a) in frame.slots.iter_mut().zip(args) {
        *slot = Some((*a).to_owned());
    }
    if let Err(e) = prepare_frame(vm, &mut frame) {
        frame.recycle(vm);
        return Some(Err(e));
    }
    Some(Ok(new_generator(vm, frame)))
}

/// Wrap a prepared frame in a generator, coroutine or async generator.
pub fn new_generator(vm: &VirtualMachine, frame: Box<Frame>) -> PyObjectRef {
    let flags = frame.code.flags;
    let kind = if flags.contains(CodeFlags::ASYNC_GENERATOR) {
        Kind::AsyncGenerator
    } else if flags.contains(CodeFlags::COROUTINE) {
        Kind::Coroutine
    } else {
        Kind::Generator
    };
    let direct = frame
        .func
        .as_ref()
        .and_then(|f| f.downcast_ref::<rustpython_vm::builtins::PyFunction>())
        .map(|f| f.names());
    let (name, qualname) = match (direct, &frame.func) {
        (Some((n, q)), _) => (Some(n), Some(q)),
        (None, Some(func)) => (
            func.get_attr(vm.ctx.names.__name__, vm).ok().and_then(|n| n.downcast().ok()),
            func.get_attr(vm.ctx.names.__qualname__, vm).ok().and_then(|n| n.downcast().ok()),
        ),
        (None, None) => (None, None),
    };
    let name = name.unwrap_or_else(|| vm.ctx.new_str(frame.code.name()));
    let qualname = qualname.unwrap_or_else(|| vm.ctx.new_str(frame.code.qualname()));
    let inner = Coro {
        kind,
        code: frame.code.code.clone(),
        frame: FrameCell(PyMutex::new(Some(frame))),
        name: rustpython_vm::common::lock::PyMutex::new(name),
        qualname: rustpython_vm::common::lock::PyMutex::new(qualname),
        running: AtomicFlag::default(),
        started: AtomicFlag::default(),
        exc_state: rustpython_vm::common::lock::PyMutex::new(None),
        exc_saved: AtomicFlag::default(),
        running_async: AtomicFlag::default(),
        hooks_inited: AtomicFlag::default(),
        finalizer: rustpython_vm::common::lock::PyMutex::new(None),
        nested: Default::default(),
    };
    match kind {
        Kind::Generator => HipyGenerator { inner }.into_ref(&vm.ctx).into(),
        Kind::Coroutine => {
            let origin = crate::origin::cr_origin(vm);
            HipyCoroutine { inner, origin }.into_ref(&vm.ctx).into()
        }
        Kind::AsyncGenerator => HipyAsyncGenerator { inner }.into_ref(&vm.ctx).into(),
    }
}

fn as_coro<'a>(vm: &VirtualMachine, obj: &'a PyObjectRef) -> Option<&'a Coro> {
    let _ = vm;
    if let Some(g) = obj.downcast_ref::<HipyGenerator>() {
        return Some(&g.inner);
    }
    if let Some(c) = obj.downcast_ref::<HipyCoroutine>() {
        return Some(&c.inner);
    }
    None
}

/// `g` is one of hipy's generators (not a coroutine or async generator).
pub fn is_plain_generator(g: &PyObject) -> bool {
    g.downcast_ref::<HipyGenerator>().is_some()
}

/// Resume generator `g` (a plain generator, not a coroutine) with its
/// frame in push mode: its plain yields offer their values to `sink` first.
/// `Return(v)`: the sink declined `v` and the generator yielded it.
/// None if `g` is not one of hipy's generators.
pub fn resume_pushing(vm: &VirtualMachine, g: &PyObject, sink: &mut dyn crate::push::Sink) -> Option<PyResult<PyIterReturn>> {
    let g = g.downcast_ref::<HipyGenerator>()?;
    Some(g.inner.resume_with(vm, Resume::Send(vm.ctx.none()), Some(sink)))
}

/// FOR_ITER over one of hipy's generators runs its frame on the consumer's
/// frame stack, as CPython 3.12's FOR_ITER_GEN does, instead of in a nested
/// `eval::run`: no Rust recursion per value, and the trace recorder follows
/// the generator's instructions into the consumer's trace (generator
/// peeling). The frame is taken out of the generator, marked running and
/// handed the sent None; it comes back at its next yield (`suspend_on_stack`)
/// or is gone when it returns or raises (`finish_on_stack`). None when the
/// generator cannot run this way (running, finished): `iter_next` then says
/// what CPython says.
pub fn resume_on_stack(vm: &VirtualMachine, it: &PyObject) -> Option<Box<Frame>> {
    let g = &it.downcast_ref::<HipyGenerator>()?.inner;
    if NESTED_NEXT.with(|n| n.replace(0)) == it as *const PyObject as usize {
        return None;
    }
    if !on_stack_allowed(vm) || !g.claim() {
        return None;
    }
    let Some(mut frame) = g.frame.take() else {
        g.running.set(false);
        return None;
    };
    g.begin_run(vm);
    // As `eval::run` resumes with Send(None): the value goes where a trace
    // function's jump at the yield did not move the resume point.
    if !std::mem::take(&mut frame.resume_jumped) {
        frame.push(vm.ctx.none());
    }
    Some(frame)
}

thread_local! {
    /// The generator the next FOR_ITER resumes in a nested run rather than
    /// on the stack (`resume_nested_next`); 0 for none.
    static NESTED_NEXT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The FOR_ITER about to run resumes generator `it` in a nested run, as
/// `iter_next` does, not on the consumer's stack: the trace recorder asks
/// for it where it records that FOR_ITER as a call instead of following the
/// generator's frame (past its inlining depth).
pub fn resume_nested_next(it: &PyObject) {
    NESTED_NEXT.with(|n| n.set(it as *const PyObject as usize));
}

/// Generator frame `f` yielded: its frame object, if it has one
/// (`sys._getframe()` inside it), shows the locals of the suspended frame,
/// as CPython's does.
fn refresh_frame_object(vm: &VirtualMachine, f: &Frame) {
    if f.obj.get().is_some() {
        crate::introspect::frame_ended(vm, f);
    }
}

/// The generator frame `frame`, run by `resume_on_stack`, yielded: keep it
/// in generator `it` until the next resume.
pub fn suspend_on_stack(vm: &VirtualMachine, it: &PyObject, frame: Box<Frame>) {
    let g = entered(it);
    g.keep(vm, frame);
    g.end_run(vm, true);
}

/// The generator frame run by `resume_on_stack` returned or raised; the
/// caller recycles the frame.
pub fn finish_on_stack(vm: &VirtualMachine, it: &PyObject) {
    entered(it).end_run(vm, false);
}

/// A generator that FOR_ITER or compiled code resumed on the stack.
fn entered(it: &PyObject) -> &Coro {
    &it.downcast_ref::<HipyGenerator>().expect("a generator").inner
}

/// Whether one more frame fits on the stack below the recursion limit, so
/// that `eval`'s push of it cannot fail (past it, the nested path raises
/// RecursionError as CPython does).
fn on_stack_allowed(vm: &VirtualMachine) -> bool {
    runtime::depth() + 1 < vm.recursion_limit.get()
}

/// A suspended generator as FOR_ITER will resume it on the consumer's
/// stack: its code, the pc it resumes at, and which of its slots are empty.
/// None if FOR_ITER would not run it on the stack.
pub fn suspended_on_stack(vm: &VirtualMachine, it: &PyObject) -> Option<(std::rc::Rc<CodeInfo>, u32, Vec<bool>)> {
    let g = &it.downcast_ref::<HipyGenerator>()?.inner;
    if !g.resumable_on_stack(vm) {
        return None;
    }
    let guard = g.frame.0.lock();
    // (A resume point moved by a trace function's jump: not recorded.)
    let f = guard.as_ref().filter(|f| !f.resume_jumped)?;
    Some((f.code.clone(), f.pc, f.slots.iter().map(|s| s.is_none()).collect()))
}

/// The globals and builtins of suspended generator `it`'s frame.
pub fn namespace(it: &PyObject) -> Option<(PyRef<rustpython_vm::builtins::PyDict>, PyRef<rustpython_vm::builtins::PyDict>)> {
    let g = &it.downcast_ref::<HipyGenerator>()?.inner;
    let guard = g.frame.0.lock();
    guard.as_ref().map(|f| (f.globals.to_ref(), f.builtins.to_ref()))
}

/// Compiled code resumes generator `it` if it can as it was recorded
/// (`trace::helpers::hp_gen_enter`): FOR_ITER would resume it on the stack,
/// and it is suspended at `pc` with `n` slots, empty where `nulls` says (bit
/// i for slot i). Then it is marked running as `resume_on_stack` does, and
/// its slot buffer is returned, whose references now belong to the compiled
/// code (the frame stays in the generator, holding none until
/// `suspend_compiled`). Null (nothing changed) when it cannot.
pub fn enter_compiled(vm: &VirtualMachine, it: &PyObject, pc: u32, n: usize, nulls: u64) -> *mut Option<PyObjectRef> {
    let Some(g) = it.downcast_ref::<HipyGenerator>().map(|g| &g.inner) else { return std::ptr::null_mut() };
    if !on_stack_allowed(vm) || !g.claim() {
        return std::ptr::null_mut();
    }
    let mut guard = g.frame.0.lock();
    let ready = guard.as_ref().is_some_and(|f| {
        !f.resume_jumped && f.pc == pc && f.slots.len() == n && f.slots.iter().enumerate().all(|(i, s)| s.is_none() == (nulls >> i & 1 == 1))
    });
    if !ready {
        drop(guard);
        g.running.0.store(false, Ordering::Release);
        return std::ptr::null_mut();
    }
    let f = guard.as_mut().expect("a ready generator's frame");
    // SAFETY: the references move to compiled code; the buffer keeps its
    // capacity (a frame reserves room for its whole stack).
    unsafe { f.slots.set_len(0) };
    let buf = f.slots.as_mut_ptr();
    drop(guard);
    g.begin_run(vm);
    buf
}

/// The slot buffer of generator `it`, entered by `enter_compiled`.
pub fn compiled_buffer(it: &PyObject) -> *mut Option<PyObjectRef> {
    entered(it).frame.0.lock().as_mut().expect("an entered generator's frame").slots.as_mut_ptr()
}

/// Compiled code suspends generator `it` at its yield at `lasti` (resuming
/// at `pc`): the compiled code has stored references in its `n` slots except
/// the empty ones (`nulls`).
pub fn suspend_compiled(vm: &VirtualMachine, it: &PyObject, lasti: u32, pc: u32, n: usize, nulls: u64) {
    let g = entered(it);
    {
        let mut guard = g.frame.0.lock();
        let f = guard.as_mut().expect("an entered generator's frame");
        let buf = f.slots.as_mut_ptr();
        for i in 0..n {
            if nulls >> i & 1 == 1 {
                // SAFETY: within the reserved capacity; the slot holds no
                // reference.
                unsafe { buf.add(i).write(None) };
            }
        }
        // SAFETY: all `n` slots are written.
        unsafe { f.slots.set_len(n) };
        f.pc = pc;
        f.lasti = lasti;
        refresh_frame_object(vm, f);
    }
    g.end_run(vm, true);
}

/// A generator compiled code entered returned: its frame (holding no
/// references) goes, and the generator is finished.
pub fn finish_compiled(vm: &VirtualMachine, it: &PyObject) {
    let g = entered(it);
    let frame = g.frame.take().expect("an entered generator's frame");
    g.end_run(vm, false);
    frame.recycle(vm);
}

/// An exit inside a consumed generator that compiled code ran without
/// making it (`trace::record` `consume_unmade`): the generator of plain
/// generator function `func`, made now and entered as `enter_compiled`
/// leaves one, its frame empty for `frame_for_exit`.
pub fn made_for_exit(vm: &VirtualMachine, func: &PyObjectRef) -> PyResult {
    let f = crate::call::exact_function(vm, func).ok_or_else(|| vm.new_system_error("hipy JIT: an unmade generator without its function"))?;
    let info = crate::code::info_for(&layout::function_code(f));
    // SAFETY: the frame holds `func`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, f) }?;
    let mut frame = Frame::new(info, globals, builtins, None, Some(func.clone()));
    frame.closure = closure;
    frame.slots.clear();
    let gen = new_generator(vm, frame);
    let g = entered(&gen);
    if !g.claim() {
        return Err(vm.new_system_error("hipy JIT: a new generator already running"));
    }
    g.begin_run(vm);
    Ok(gen)
}

/// An exit rebuilds the frame of generator `it`, entered by compiled code,
/// to run it on the interpreter's stack: the frame, empty, taken out of the
/// generator, which stays running.
pub fn frame_for_exit(it: &PyObject) -> Box<Frame> {
    entered(it).frame.take().expect("an entered generator's frame")
}

/// FOR_ITER's next(): our generators directly, anything else by protocol.
#[inline]
pub fn iter_next(vm: &VirtualMachine, it: &PyObjectRef) -> PyResult<PyIterReturn> {
    if let Some(g) = it.downcast_ref::<HipyGenerator>() {
        return g.inner.resume(vm, Resume::Send(vm.ctx.none()));
    }
    PyIter::new(it.clone()).next(vm)
}

/// SEND: stack `[receiver, value]` → `[receiver, yielded]`, or on completion
/// `[receiver, result]` and a jump to `target`.
pub fn send_op(vm: &VirtualMachine, f: &mut Frame, target: u32) -> PyResult<Flow> {
    let value = f.pop();
    let receiver = f.top().clone();
    let sent_none = vm.is_none(&value);
    let r = if let Some(c) = as_coro(vm, &receiver) {
        c.send(vm, value)?
    } else if vm.is_none(&value) {
        PyIter::new(receiver.clone()).next(vm)?
    } else {
        let send = receiver.get_attr("send", vm)?;
        PyIterReturn::from_pyresult(send.call((value,), vm), vm)?
    };
    match r {
        PyIterReturn::Return(v) => f.push(v),
        PyIterReturn::StopIteration(v) => {
            if crate::hooks::active(vm) && raises_stop_iteration(vm, &receiver, sent_none, v.as_ref()) {
                let exc = vm.new_stop_iteration(v.clone());
                if let Some(e) = crate::hooks::fire_exception(vm, f, &exc) {
                    return Err(e);
                }
            }
            f.push(v.unwrap_or_else(|| vm.ctx.none()));
            f.pc = target;
        }
    }
    Ok(Flow::Next)
}

/// Whether CPython 3.11's SEND, which under a trace function resumes the
/// receiver through `tp_iternext` (None sent to an iterator) or its `send`
/// method, sees a StopIteration when the receiver finishes: then the frame
/// gets an `exception` event for it. A generator's `__next__` returning
/// None and the builtin iterators end without one; `send`, coroutines
/// (which are no iterators), Python-level iterators and the async
/// generator's awaitables raise it.
fn raises_stop_iteration(vm: &VirtualMachine, receiver: &PyObjectRef, sent_none: bool, value: Option<&PyObjectRef>) -> bool {
    if !sent_none {
        return true;
    }
    if receiver.downcast_ref::<HipyGenerator>().is_some() {
        return value.is_some_and(|v| !vm.is_none(v));
    }
    if receiver.downcast_ref::<HipyCoroutine>().is_some() || receiver.downcast_ref::<AsyncGenOp>().is_some() {
        return true;
    }
    crate::exact::type_has(receiver.class(), rustpython_vm::types::PyTypeFlags::HEAPTYPE)
}

/// GET_YIELD_FROM_ITER.
pub fn yield_from_iter(vm: &VirtualMachine, code: &CodeInfo, v: PyObjectRef) -> PyResult {
    if v.downcast_ref::<HipyCoroutine>().is_some() {
        if !code.flags.intersects(CodeFlags::COROUTINE | CodeFlags::ITERABLE_COROUTINE) {
            return Err(vm.new_type_error(
                "cannot 'yield from' a coroutine object in a non-coroutine generator",
            ));
        }
        return Ok(v);
    }
    if v.downcast_ref::<HipyGenerator>().is_some() {
        return Ok(v);
    }
    Ok(v.get_iter(vm)?.into())
}

/// GET_AWAITABLE: the iterator an `await` drives.
pub fn get_awaitable(vm: &VirtualMachine, v: PyObjectRef, where_: u32) -> PyResult {
    if let Some(c) = v.downcast_ref::<HipyCoroutine>() {
        if c.inner.yield_from_target().is_some() {
            return Err(vm.new_runtime_error("coroutine is being awaited already"));
        }
        return Ok(v);
    }
    if let Some(g) = v.downcast_ref::<HipyGenerator>() {
        if g.inner.code.code.flags.contains(CodeFlags::ITERABLE_COROUTINE) {
            return Ok(v);
        }
    }
    let cls = v.class();
    let Some(await_fn) = cls.get_attr(vm.ctx.intern_str("__await__")) else {
        let msg = match where_ {
            1 => format!("'async with' received an object from __aenter__ that does not implement __await__: {}", cls.name()),
            2 => format!("'async with' received an object from __aexit__ that does not implement __await__: {}", cls.name()),
            _ => format!("object {} can't be used in 'await' expression", cls.name()),
        };
        return Err(vm.new_type_error(msg));
    };
    let it = await_fn.call((v.clone(),), vm)?;
    if it.downcast_ref::<HipyCoroutine>().is_some() {
        return Err(vm.new_type_error("__await__() returned a coroutine"));
    }
    if it.class().slots.iternext.load().is_none() {
        return Err(vm.new_type_error(format!(
            "__await__() returned non-iterator of type '{}'",
            it.class().name()
        )));
    }
    Ok(it)
}

pub fn get_aiter(vm: &VirtualMachine, v: PyObjectRef) -> PyResult {
    let cls = v.class();
    let Some(aiter) = cls.get_attr(vm.ctx.intern_str("__aiter__")) else {
        return Err(vm.new_type_error(format!(
            "'async for' requires an object with __aiter__ method, got {}",
            cls.name()
        )));
    };
    let it = aiter.call((v.clone(),), vm)?;
    if it.class().get_attr(vm.ctx.intern_str("__anext__")).is_none() {
        return Err(vm.new_type_error(format!(
            "'async for' received an object from __aiter__ that does not implement __anext__: {}",
            it.class().name()
        )));
    }
    Ok(it)
}

pub fn get_anext(vm: &VirtualMachine, it: &PyObjectRef) -> PyResult {
    let cls = it.class();
    let Some(anext) = cls.get_attr(vm.ctx.intern_str("__anext__")) else {
        return Err(vm.new_type_error(format!(
            "'async for' requires an iterator with __anext__ method, got {}",
            cls.name()
        )));
    };
    let aw = anext.call((it.clone(),), vm)?;
    if it.downcast_ref::<HipyAsyncGenerator>().is_some() {
        return Ok(aw);
    }
    get_awaitable(vm, aw.clone(), 0).map_err(|e| {
        let err = vm.new_type_error(format!(
            "'async for' received an invalid object from __anext__: {}",
            aw.class().name()
        ));
        err.set_cause(Some(e));
        err
    })
}

/// INTRINSIC_STOPITERATION_ERROR (PEP 479).
pub fn stop_iteration_error(vm: &VirtualMachine, code: &CodeInfo, v: PyObjectRef) -> PyObjectRef {
    let flags = code.flags;
    let msg = if v.fast_isinstance(vm.ctx.exceptions.stop_iteration) {
        if flags.contains(CodeFlags::ASYNC_GENERATOR) {
            "async generator raised StopIteration"
        } else if flags.contains(CodeFlags::COROUTINE) {
            "coroutine raised StopIteration"
        } else {
            "generator raised StopIteration"
        }
    } else if flags.contains(CodeFlags::ASYNC_GENERATOR)
        && v.fast_isinstance(vm.ctx.exceptions.stop_async_iteration)
    {
        "async generator raised StopAsyncIteration"
    } else {
        return v;
    };
    let err = vm.new_runtime_error(msg);
    let cause = v.downcast::<PyBaseException>().ok();
    err.set_context(cause.clone());
    err.set_cause(cause);
    err.into()
}

