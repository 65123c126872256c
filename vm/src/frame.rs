//! hipy's frames: plain data, so that a JIT snapshot can describe and rebuild one.
//!
//! A frame is its code, the index of the next instruction, the localsplus slots
//! (locals, then cells, then free variables) followed by the value stack in one
//! vector, and the namespaces. `None` in a slot is CPython's NULL.

use std::rc::Rc;

use std::mem::ManuallyDrop;

use rustpython_vm::builtins::{PyDict, PyTuple};
use rustpython_vm::{PyObjectRef, PyPayload, PyRef, VirtualMachine};

/// A reference a frame holds: owned, or borrowed from the function object
/// the frame also holds (a function's globals, builtins and closure never
/// change, so they live as long as it does). Borrowing saves two atomic
/// refcount updates per field per call.
pub struct Held<T: PyPayload> {
    r: ManuallyDrop<PyRef<T>>,
    owned: bool,
}

impl<T: PyPayload> Held<T> {
    pub fn owned(r: PyRef<T>) -> Self {
        Held { r: ManuallyDrop::new(r), owned: true }
    }

    /// # Safety
    /// `r` must stay alive for as long as this value exists (it belongs to
    /// the function object held by the same frame).
    pub unsafe fn borrowed(r: &PyRef<T>) -> Self {
        Held { r: ManuallyDrop::new(std::ptr::read(r)), owned: false }
    }

    /// An owned reference (incrementing the count).
    pub fn to_ref(&self) -> PyRef<T> {
        (*self.r).clone()
    }
}

impl<T: PyPayload> std::ops::Deref for Held<T> {
    type Target = PyRef<T>;
    fn deref(&self) -> &PyRef<T> {
        &self.r
    }
}

impl<T: PyPayload> Drop for Held<T> {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: dropped exactly once, here.
            unsafe { ManuallyDrop::drop(&mut self.r) };
        }
    }
}

use crate::code::CodeInfo;

/// What the caller frame does with a value returned by this frame.
#[derive(Clone)]
pub enum Continuation {
    /// Push the value on the caller's stack (an ordinary call).
    Push,
    /// An `__init__` frame: the result must be None; push `instance` instead.
    Init(PyObjectRef),
    /// Discard the value (a property setter run for STORE_ATTR).
    Discard,
    /// The frame of a binary operator's Python method `a.__op__(b)`:
    /// NotImplemented falls back to the reflected method (`dunder`).
    Binary { a: PyObjectRef, b: PyObjectRef, op: u32 },
    /// A generator's frame resumed by the consumer's FOR_ITER
    /// (`generator::resume_on_stack`): a yield hands the value to the
    /// consumer and the frame back to the generator `gen`; a return makes
    /// the consumer's FOR_ITER jump to `exhausted`.
    Generator { gen: PyObjectRef, exhausted: u32 },
    /// A generator's frame resumed by a builtin that builds a container of
    /// its values (`list(g)`, `set(g)`... `push::consume`): a plain yield
    /// adds the value to `acc` and the frame goes on; a return pushes the
    /// container on the caller's stack.
    Consume { gen: PyObjectRef, acc: PyObjectRef, kind: crate::push::Container },
}

pub struct Frame {
    pub code: Rc<CodeInfo>,
    /// Index of the next instruction to execute.
    pub pc: u32,
    /// Index of the instruction being executed (for tracebacks and handlers).
    pub lasti: u32,
    /// localsplus followed by the value stack.
    pub slots: Vec<Option<PyObjectRef>>,
    pub globals: Held<PyDict>,
    pub builtins: Held<PyDict>,
    /// The namespace for LOAD_NAME/STORE_NAME (module and class bodies,
    /// `exec`); None for optimized function frames.
    pub locals: Option<PyObjectRef>,
    /// The function object being run, if any.
    pub func: Option<PyObjectRef>,
    /// The function's closure cells (for COPY_FREE_VARS).
    pub closure: Option<Held<PyTuple>>,
    pub ret: Continuation,
    /// Distinguishes this frame from later ones reusing its box (frame
    /// objects handed to Python find their live frame by address + serial).
    pub serial: u64,
    /// A generator frame run by a consumer that takes its values without
    /// suspending it (`push`): a plain `yield` offers its value to that
    /// consumer first.
    pub push: bool,
    /// A trace function moved this suspended generator frame (`f_lineno`
    /// at its yield's `return` event): the value sent in on resumption is
    /// not pushed.
    pub resume_jumped: bool,
    /// The frame object handed to Python for this frame, once one was asked
    /// for (`sys._getframe`, a trace or profile function).
    pub obj: std::cell::OnceCell<PyObjectRef>,
    /// The RustPython frame object that stands for this frame in
    /// tracebacks, once an exception passed through it (see `traceback`).
    pub tb_frame: std::cell::OnceCell<PyRef<rustpython_vm::frame::FrameObject>>,
    /// A frame compiled code runs inline, made for a frame walk during a
    /// call it makes (`trace::sites`): its locals are not in its slots.
    pub inlined: bool,
}

impl Frame {
    /// A new frame, in a box taken from this thread's pool.
    pub fn new(
        code: Rc<CodeInfo>,
        globals: Held<PyDict>,
        builtins: Held<PyDict>,
        locals: Option<PyObjectRef>,
        func: Option<PyObjectRef>,
    ) -> Box<Frame> {
        let n = code.nlocalsplus;
        let serial = STORE.with(|s| {
            let serial = s.serial.get() + 1;
            s.serial.set(serial);
            serial
        });
        let pooled = match code.spare.take() {
            Some(p) => Some(p),
            // SAFETY: the pool is only touched here and in `recycle`, which
            // run no Python code while they hold it.
            None => STORE.with(|s| unsafe { (*s.pool.get()).pop() }),
        };
        let (boxed, mut slots) = pooled.unwrap_or_else(|| (Box::new(std::mem::MaybeUninit::uninit()), Vec::new()));
        slots.reserve(n + code.stacksize + 1);
        // A pooled vector is empty: fill the localsplus with NULLs.
        debug_assert!(slots.is_empty());
        // SAFETY: capacity for `n` reserved above; each slot is written
        // before the length covers it.
        unsafe {
            let p = slots.as_mut_ptr();
            for i in 0..n {
                p.add(i).write(None);
            }
            slots.set_len(n);
        }
        let frame = Frame {
            code,
            pc: 0,
            lasti: 0,
            slots,
            globals,
            builtins,
            locals,
            func,
            closure: None,
            ret: Continuation::Push,
            push: false,
            resume_jumped: false,
            obj: std::cell::OnceCell::new(),
            tb_frame: std::cell::OnceCell::new(),
            serial,
            inlined: false,
        };
        // SAFETY: the box is uninitialised storage of the right type.
        let raw = Box::into_raw(boxed) as *mut Frame;
        unsafe {
            raw.write(frame);
            Box::from_raw(raw)
        }
    }

    /// Fill slot `i` of a new frame, which holds NULL until now (an
    /// argument moved in by a call): nothing to drop.
    #[inline(always)]
    pub fn init_slot(&mut self, i: usize, v: Option<PyObjectRef>) {
        let slot = &mut self.slots[i];
        debug_assert!(slot.is_none());
        // SAFETY: the slot holds None, which owns nothing.
        unsafe { std::ptr::write(slot, v) };
    }

    #[inline(always)]
    pub fn push(&mut self, v: PyObjectRef) {
        self.slots.push(Some(v));
    }

    #[inline(always)]
    pub fn push_opt(&mut self, v: Option<PyObjectRef>) {
        self.slots.push(v);
    }

    /// Pop a value that the compiler guarantees is not NULL.
    #[inline(always)]
    pub fn pop(&mut self) -> PyObjectRef {
        match self.slots.pop() {
            Some(Some(v)) => v,
            _ => stack_corrupt(),
        }
    }

    #[inline(always)]
    pub fn pop_opt(&mut self) -> Option<PyObjectRef> {
        match self.slots.pop() {
            Some(v) => v,
            None => stack_corrupt(),
        }
    }

    #[inline(always)]
    pub fn top(&self) -> &PyObjectRef {
        match self.slots.last() {
            Some(Some(v)) => v,
            _ => stack_corrupt(),
        }
    }

    /// The value `i` places below the top (0 = top).
    #[inline(always)]
    pub fn peek(&self, i: usize) -> &PyObjectRef {
        match &self.slots[self.slots.len() - 1 - i] {
            Some(v) => v,
            None => stack_corrupt(),
        }
    }

    #[inline(always)]
    pub fn peek_opt(&self, i: usize) -> &Option<PyObjectRef> {
        &self.slots[self.slots.len() - 1 - i]
    }

    /// Current depth of the value stack.
    #[inline(always)]
    pub fn stack_len(&self) -> usize {
        self.slots.len() - self.code.nlocalsplus
    }

    /// A call's arguments go to the new frame `to`: the caller's values
    /// `slots[start..]` move into `to`'s first slots (which hold NULL), and
    /// the caller's stack ends at `base` (its slots `base..start` hold NULL:
    /// the callable was taken, and there is no self or it moved along).
    /// Plain moves, no reference count traffic.
    #[inline(always)]
    pub fn move_args(&mut self, base: usize, start: usize, to: &mut Frame, first: usize) {
        let len = self.slots.len();
        let n = len - start;
        assert!(base <= start && start <= len && first + n <= to.slots.len());
        debug_assert!(self.slots[base..start].iter().all(Option::is_none));
        debug_assert!(to.slots[first..first + n].iter().all(Option::is_none));
        // SAFETY: both ranges are in bounds (checked above); the values
        // move (the source's length is cut below them, so they are not
        // dropped twice) onto NULLs, which own nothing; `base..start` are
        // NULLs, so cutting the length there drops nothing.
        unsafe {
            std::ptr::copy_nonoverlapping(self.slots.as_ptr().add(start), to.slots.as_mut_ptr().add(first), n);
            self.slots.set_len(base);
        }
    }

    /// Pop `n` values, returning them bottom first.
    pub fn pop_n(&mut self, n: usize) -> Vec<PyObjectRef> {
        let start = self.slots.len() - n;
        self.slots
            .drain(start..)
            .map(|v| v.unwrap_or_else(|| stack_corrupt()))
            .collect()
    }

    /// Drop the slots from `len` on (the stack above a call's base).
    #[inline(always)]
    pub fn truncate_release(&mut self, len: usize) {
        while self.slots.len() > len {
            drop(self.slots.pop().flatten());
        }
    }

    pub fn truncate_stack(&mut self, depth: usize) {
        self.slots.truncate(self.code.nlocalsplus + depth);
    }

    pub fn line(&self) -> Option<u32> {
        self.code.line_of(self.lasti)
    }

    /// Drop the frame's contents and return its box and slot vector to the
    /// pool.
    pub fn recycle(mut self: Box<Self>, vm: &VirtualMachine) {
        if self.obj.get().is_some() {
            crate::introspect::frame_ended(vm, &self);
        }
        if self.tb_frame.get().is_some() {
            crate::traceback::frame_ended(&self);
        }
        let mut slots = std::mem::take(&mut self.slots);
        // Dropping values may run __del__, which may use the interpreter
        // (and the pool): do it before touching the pool.
        // First to last, as CPython clears a frame (the order of `__del__`s).
        let n = slots.len();
        // SAFETY: the length is cut first, so each value is read (moved
        // out) exactly once and never dropped by the vector.
        unsafe {
            slots.set_len(0);
            let p = slots.as_ptr();
            for i in 0..n {
                drop(std::ptr::read(p.add(i)));
            }
        }
        drop(self.func.take());
        let code = self.code.clone();
        let raw = Box::into_raw(self);
        // SAFETY: `raw` came from a live box; its contents are dropped in
        // place exactly once and the storage is reused as uninitialised.
        let boxed = unsafe {
            std::ptr::drop_in_place(raw);
            Box::from_raw(raw as *mut std::mem::MaybeUninit<Frame>)
        };
        if slots.capacity() > 4096 {
            slots = Vec::new();
        }
        // The code keeps one for its next call; the thread's pool the rest.
        let spare = code.spare.take();
        if spare.is_none() {
            code.spare.set(Some((boxed, slots)));
            return;
        }
        code.spare.set(spare);
        STORE.with(|s| {
            // SAFETY: as in `new`.
            let pool = unsafe { &mut *s.pool.get() };
            if pool.len() < 256 {
                pool.push((boxed, slots));
            }
        });
    }
}

#[cold]
#[inline(never)]
fn stack_corrupt() -> ! {
    panic!("hipy: value stack holds NULL or underflowed where the compiler guarantees a value")
}

pub(crate) type Pooled = (Box<std::mem::MaybeUninit<Frame>>, Vec<Option<PyObjectRef>>);

/// This thread's frame storage, read once per frame made and once per
/// frame ended. It has no destructor, so that an access is a plain
/// thread-local load (a thread-local with one is checked for registration
/// on every access): `release_pool` empties it when the thread ends.
struct FrameStore {
    /// Recycled frame boxes with their slot vectors, so calls do not allocate.
    pool: std::cell::UnsafeCell<ManuallyDrop<Vec<Pooled>>>,
    /// The serial of the last frame made.
    serial: std::cell::Cell<u64>,
}

thread_local! {
    static STORE: FrameStore = const {
        FrameStore { pool: std::cell::UnsafeCell::new(ManuallyDrop::new(Vec::new())), serial: std::cell::Cell::new(0) }
    };
}

/// Free this thread's recycled frames (the thread is ending).
pub fn release_pool() {
    let pool = STORE.with(|s| {
        // SAFETY: as in `Frame::new`.
        std::mem::take(unsafe { &mut **s.pool.get() })
    });
    drop(pool);
}
