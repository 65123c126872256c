//! The eval loop: one loop, an explicit frame stack for Python→Python calls.
//!
//! `run` executes a base frame and every frame it calls until the base frame
//! returns, yields (generators) or raises. Calls to Python functions, class
//! instantiation with a Python `__init__`, and property getters push frames on
//! the same stack instead of recursing on the Rust stack. Everything else goes
//! to RustPython's object protocol. A Python function called *by* RustPython
//! (a sort key, a dunder reached through a slot) starts a nested `run` through
//! the hook in `hooks.rs`.

use rustpython_vm::builtins::{
    PyBaseExceptionRef, PySet, PySlice, PyStr,
};
use rustpython_vm::bytecode::Instruction;
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use crate::frame::{Continuation, Frame};
use crate::{attr, call, compat, generator, names, ops, runtime, stats, unwind};

/// How a suspended (or fresh) base frame is entered.
pub enum Resume {
    /// Start or continue at `pc` with nothing pushed.
    Start,
    /// Resume a generator: push the value sent in, then continue.
    Send(PyObjectRef),
    /// Resume a generator by raising an exception at its suspension point.
    Throw(PyBaseExceptionRef),
    /// Continue frames a compiled function's exit rebuilt (`run_rebuilt`):
    /// the exception the exit left to raise, and a bridge recording started
    /// at the exit.
    Rebuilt(Box<(Option<Raised>, Option<Box<crate::trace::Recorder>>)>),
}

/// How the base frame stopped.
pub enum Outcome {
    Return(PyObjectRef),
    Yield(PyObjectRef),
}

/// What an instruction asks the loop to do next.
pub enum Flow {
    Next,
    /// Push a new frame (a call into Python code).
    Push(Box<Frame>),
    Return(PyObjectRef),
    Yield(PyObjectRef),
    /// A back-edge reached its JIT check count (the frame is at the loop
    /// header): enter compiled code or start recording.
    Jit,
    /// FOR_ITER at the header of a compiled loop (the JUMP_BACKWARD index
    /// given), not yet executed: enter the compiled loop.
    JitHeader(u32),
}

/// An exception leaving an instruction, and whether it is a re-raise (which
/// adds no traceback entry).
pub struct Raised {
    pub exc: PyBaseExceptionRef,
    pub reraise: bool,
    pub new_raise: bool,
    /// RERAISE n restores the original raising instruction's index, which a
    /// handler that pushes lasti must see (the handler itself is still looked
    /// up at the RERAISE).
    pub lasti: Option<u32>,
    /// Thrown into a generator: its `__context__` was decided by the throw
    /// (CPython's `_PyErr_ChainStackItem`), not by the frame it enters.
    pub thrown: bool,
}

impl From<PyBaseExceptionRef> for Raised {
    fn from(exc: PyBaseExceptionRef) -> Self {
        Raised { exc, reraise: false, new_raise: false, lasti: None, thrown: false }
    }
}

type Step = Result<Flow, Raised>;

/// Continue with the next instruction unless `$e` changes frames.
macro_rules! flow {
    ($e:expr) => {
        match $e {
            Ok(Flow::Next) => {}
            other => return other,
        }
    };
}

/// In `execute_frames`: continue with the next instruction unless `$e`
/// changes frames; a new frame of Python code is entered right here when
/// the loop runs on the run's stack and no hook is set.
macro_rules! switch {
    ($e:expr, $vm:ident, $stack:ident, $fp:ident, $frames:lifetime) => {
        match $e {
            Ok(Flow::Next) => {}
            Ok(Flow::Push(new)) if !$stack.is_null() && !$vm.use_tracing.get() => {
                // SAFETY: `stack` is the run's stack; `f` is not used after.
                unsafe {
                    push_frame($vm, &mut *$stack, new)?;
                    $fp = top_frame($stack);
                }
                continue $frames;
            }
            other => return other,
        }
    };
}

/// Frames on the current thread's stacks, checked against the recursion limit.
#[inline]
fn enter_frame(vm: &VirtualMachine) -> PyResult<()> {
    let d = runtime::depth();
    if d >= vm.recursion_limit.get() {
        return Err(vm.new_exception_msg(
            vm.ctx.exceptions.recursion_error.to_owned(),
            "maximum recursion depth exceeded".into(),
        ));
    }
    runtime::set_depth(d + 1);
    Ok(())
}

#[inline]
fn leave_frame() {
    runtime::set_depth(runtime::depth() - 1);
}

/// Registers a frame stack with the runtime for introspection and removes
/// it again when dropped (also on panic).
struct StackGuard;

impl StackGuard {
    fn new(stack: &Vec<Box<Frame>>) -> StackGuard {
        runtime::with(|rt| rt.stacks.borrow_mut().push(stack as *const Vec<Box<Frame>>));
        StackGuard
    }
}

impl Drop for StackGuard {
    fn drop(&mut self) {
        runtime::with(|rt| {
            rt.stacks.borrow_mut().pop();
        });
    }
}

/// Run `f` with `frame` (a suspended generator's) linked in as the
/// innermost frame, and hand the frame back: a generator that passes a
/// `throw()` on to the generator it delegates to stands on the stack
/// meanwhile, as in CPython (`sys._getframe().f_back`, tracebacks).
pub fn with_frame_linked<R>(frame: Box<Frame>, f: impl FnOnce() -> R) -> (R, Box<Frame>) {
    let mut stack: Vec<Box<Frame>> = vec![frame];
    let r = {
        let _guard = StackGuard::new(&stack);
        f()
    };
    (r, stack.pop().expect("the linked frame"))
}

/// Run `base` until it returns, yields or raises. The base frame is handed
/// back so a generator can keep it.
pub fn run(vm: &VirtualMachine, base: Box<Frame>, resume: Resume) -> (PyResult<Outcome>, Box<Frame>) {
    crate::threads::note_thread();
    if let Err(e) = enter_frame(vm) {
        return (Err(e), base);
    }
    // A nested run also costs Rust stack: let RustPython's native stack guard
    // turn exhaustion into RecursionError.
    let mut stack: Vec<Box<Frame>> = Vec::with_capacity(8);
    stack.push(base);
    let result = {
        let _guard = StackGuard::new(&stack);
        let r = vm.with_recursion("", || Ok(()));
        match r {
            Err(e) => Err(e),
            Ok(()) => run_loop(vm, &mut stack, resume),
        }
    };
    // Frames above the base are gone (popped on return/unwind); the base is
    // the only one left.
    debug_assert_eq!(stack.len(), 1);
    let base = stack.pop().expect("base frame");
    leave_frame();
    (result, base)
}

/// Finish a function whose compiled trace exited before its return
/// (`trace::call_entry`): `stack` holds its frame (counted in the depth)
/// and the frames the exit rebuilt above it, `pending` the exception the
/// exit left to raise, `rec` a bridge recording started at the exit.
pub fn run_rebuilt(
    vm: &VirtualMachine,
    mut stack: Vec<Box<Frame>>,
    pending: Option<Raised>,
    rec: Option<Box<crate::trace::Recorder>>,
) -> PyResult {
    crate::threads::note_thread();
    let result = {
        let _guard = StackGuard::new(&stack);
        run_loop(vm, &mut stack, Resume::Rebuilt(Box::new((pending, rec))))
    };
    debug_assert_eq!(stack.len(), 1);
    let base = stack.pop().expect("base frame");
    leave_frame();
    base.recycle(vm);
    returned(vm, result)
}

/// The value a plain (not generator) frame's run returned.
pub fn returned(vm: &VirtualMachine, result: PyResult<Outcome>) -> PyResult {
    match result {
        Ok(Outcome::Return(v)) => Ok(v),
        Ok(Outcome::Yield(_)) => Err(vm.new_system_error("hipy: plain frame yielded")),
        Err(e) => Err(e),
    }
}

// Inlined into `run`, the path of every call from native code.
#[inline(always)]
fn run_loop(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, resume: Resume) -> PyResult<Outcome> {
    let mut pending: Option<Raised> = None;
    let mut rec: Option<Box<crate::trace::Recorder>> = None;
    match resume {
        Resume::Start => {}
        Resume::Rebuilt(rebuilt) => (pending, rec) = *rebuilt,
        Resume::Send(_) if std::mem::take(&mut stack.last_mut().unwrap().resume_jumped) => {}
        Resume::Send(v) => stack.last_mut().unwrap().push(v),
        Resume::Throw(exc) => {
            // As CPython does, the frame receives None as the sent value and
            // then raises, so a `yield from` handler (CLEANUP_THROW) finds
            // [receiver, last sent value, exception] on its stack.
            if !std::mem::take(&mut stack.last_mut().unwrap().resume_jumped) {
                stack.last_mut().unwrap().push(vm.ctx.none());
            }
            // A throw resumes the frame without its RESUME: report the
            // `call` here, as CPython does (TRACE_FUNCTION_THROW_ENTRY).
            let hooked = if crate::hooks::active(vm) {
                crate::hooks::fire(vm, stack.last().unwrap(), crate::hooks::Event::Call, None).err()
            } else {
                None
            };
            let exc = hooked.unwrap_or(exc);
            // CPython's `_PyErr_ChainStackItem`: a thrown exception gets the
            // generator's own handled exception (its exc_info item, pushed
            // by the resume) as `__context__`, not an outer frame's. An
            // asyncio task that awaited a failed future is thrown into so.
            if runtime::top_exc_item().is_some() {
                crate::unwind::contextualize(&exc);
            }
            pending = Some(Raised { exc, reraise: false, new_raise: false, lasti: None, thrown: true });
        }
    }
    let mut executed: u64 = 0;
    let trace = trace_enabled();
    // A loop header whose compiled loop did not take the frame: execute its
    // FOR_ITER alone, without asking again.
    let mut skip_entry = false;
    // The top frame returned from compiled code with this value.
    let mut returned: Option<PyObjectRef> = None;
    let result = loop {
        let step: Step = match pending.take() {
            Some(raised) => Err(raised),
            None if returned.is_some() => Ok(Flow::Return(returned.take().unwrap())),
            None if crate::hooks::active(vm) => {
                // A hook is set: no recording, no compiled code; one
                // instruction at a time, reporting events.
                rec = None;
                traced_step(vm, stack.last_mut().unwrap(), &mut executed, trace)
            }
            None if rec.is_some() => crate::trace::record_step(vm, stack, &mut rec, |f| {
                execute(vm, f, &mut executed, trace)
            }),
            None if std::mem::take(&mut skip_entry) || trace => {
                execute(vm, stack.last_mut().unwrap(), &mut executed, trace)
            }
            None => execute_on_stack(vm, stack, &mut executed),
        };
        match step {
            Ok(Flow::Next) => {}
            Ok(Flow::Jit) if crate::hooks::active(vm) => {}
            Ok(Flow::JitHeader(_)) if crate::hooks::active(vm) => skip_entry = true,
            Ok(Flow::Jit) => {
                match crate::trace::back_edge(vm, stack, &mut rec) {
                    Ok(crate::trace::Entered::Returned(v)) => returned = Some(v),
                    Ok(_) => {}
                    Err(raised) => pending = Some(raised),
                }
                // The back-edge asked the JIT already: the header's FOR_ITER
                // (if the frame is there) runs without asking again.
                skip_entry = rec.is_none();
            }
            Ok(Flow::JitHeader(jump)) => match crate::trace::enter_at_header(vm, stack, &mut rec, jump) {
                Ok(crate::trace::Entered::Returned(v)) => returned = Some(v),
                Ok(entered) => skip_entry = matches!(entered, crate::trace::Entered::No),
                Err(raised) => pending = Some(raised),
            },
            Ok(Flow::Push(new)) => {
                if let Err(e) = push_frame(vm, stack, new) {
                    pending = Some(e);
                }
            }
            Ok(Flow::Return(value)) => {
                if crate::hooks::active(vm) {
                    let top = stack.last().unwrap();
                    if let Err(e) = crate::hooks::fire(vm, top, crate::hooks::Event::Return, Some(value.clone())) {
                        pending = Some(e.into());
                        continue;
                    }
                }
                if stack.len() == 1 {
                    break Ok(Outcome::Return(value));
                }
                if let Err(e) = return_to_caller(vm, stack, value) {
                    pending = Some(e);
                }
            }
            Ok(Flow::Yield(value)) => {
                if crate::hooks::active(vm) {
                    let top = stack.last_mut().unwrap();
                    if let Err(e) = crate::hooks::fire_yield(vm, top, value.clone()) {
                        pending = Some(e.into());
                        continue;
                    }
                    // The trace function moved the point where the
                    // generator resumes: the value sent in is dropped there.
                    if let Some(j) = crate::introspect::take_jump(top) {
                        apply_jump(vm, top, j);
                        top.resume_jumped = true;
                    }
                }
                if stack.len() == 1 {
                    break Ok(Outcome::Yield(value));
                }
                // A generator run by its consumer's FOR_ITER (or a
                // container call) on this stack.
                if let Err(e) = yield_to_caller(vm, stack, value) {
                    pending = Some(e);
                }
            }
            Err(raised) => match unwind::unwind(vm, stack, raised) {
                Ok(()) => {}
                Err(exc) => break Err(exc),
            },
        }
    };
    stats::add_executed(executed);
    result
}

/// One instruction of `f` while a trace or profile hook is set: `call` at
/// RESUME, `line` where CPython 3.11 reports one, `c_call`/`c_return`/
/// `c_exception` around a call of a builtin (see `hooks`).
#[cold]
#[inline(never)]
fn traced_step(vm: &VirtualMachine, f: &mut Frame, executed: &mut u64, trace: bool) -> Step {
    use crate::hooks::{self, Event};
    let pc = f.pc;
    let op = f.code.ops[pc as usize];
    let prev = f.lasti;
    if matches!(op.kind, Instruction::Resume { .. }) {
        f.lasti = pc;
        hooks::fire(vm, f, Event::Call, None)?;
    } else {
        if hooks::traces_lines(f) {
            if let Some(line) = f.code.line_of(pc) {
                let backward = pc < prev && !matches!(op.kind, Instruction::Send { .. });
                // Nothing before the first RESUME has a line to compare with
                // (CPython's `_co_firsttraceable`).
                let first = f.code.ops.iter().position(|o| matches!(o.kind, Instruction::Resume { .. }));
                let last = if first.is_some_and(|r| prev as usize <= r) { None } else { f.code.line_of(prev) };
                if backward || last != Some(line) {
                    f.lasti = pc;
                    hooks::fire(vm, f, Event::Line, None)?;
                    if let Some(j) = crate::introspect::take_jump(f) {
                        apply_jump(vm, f, j);
                    }
                }
            }
        }
        if hooks::traces_opcodes(f) {
            f.lasti = pc;
            hooks::fire(vm, f, Event::Opcode, None)?;
        }
    }
    // A trace function may have moved the frame (`f_lineno`).
    let op = f.code.ops[f.pc as usize];
    let c = if hooks::profiling(vm) { c_call_target(vm, f, op) } else { None };
    if let Some(c) = &c {
        hooks::fire(vm, f, Event::CCall, Some(c.clone()))?;
    }
    let r = execute(vm, f, executed, trace);
    if let Some(c) = c {
        let ev = if r.is_ok() { Event::CReturn } else { Event::CException };
        if let Err(e) = hooks::fire(vm, f, ev, Some(c)) {
            if r.is_ok() {
                return Err(e.into());
            }
        }
    }
    r
}

/// Make the jump a trace function asked for: pop what the target's stack
/// does not hold (a popped exception entry restores the exception state it
/// saved, as POP_EXCEPT would) and continue at the target.
fn apply_jump(vm: &VirtualMachine, f: &mut Frame, j: crate::jump::Jump) {
    use crate::jump;
    let mut s = j.from;
    // The setter checked the depth; never pop below the frame's locals.
    for _ in 0..(j.pops as usize).min(f.stack_len()) {
        let v = f.pop_opt();
        if jump::top(s) == jump::Kind::Except as i64 {
            let exc = v.and_then(|v| v.downcast::<rustpython_vm::builtins::PyBaseException>().ok());
            runtime::set_top_exc_item(vm, exc);
        }
        s = jump::pop(s);
    }
    f.pc = j.target;
    f.lasti = j.target;
}

/// What a profile function sees as the callee of CALL instruction `op`, if
/// CPython 3.11 reports `c_call` for it.
fn c_call_target(vm: &VirtualMachine, f: &Frame, op: crate::code::Op) -> Option<PyObjectRef> {
    let len = f.slots.len();
    let (base, argc) = match op.kind {
        Instruction::Call { .. } => (len.checked_sub(op.arg as usize + 2)?, op.arg as usize),
        Instruction::CallKw { .. } => (len.checked_sub(op.arg as usize + 3)?, op.arg as usize),
        Instruction::CallFunctionEx => (len.checked_sub(4)?, 0),
        _ => return None,
    };
    let callable = f.slots[base].as_ref()?;
    let first = match &f.slots[base + 1] {
        Some(s) => Some(s),
        None if argc > 0 => f.slots[base + 2].as_ref(),
        None => None,
    };
    crate::hooks::c_callable(vm, callable, first)
}

/// Execute one instruction of `f` (the single-step form of the loop:
/// trace and profile hooks, the recorder, `HIPY_TRACE`).
fn execute(vm: &VirtualMachine, f: &mut Frame, executed: &mut u64, trace: bool) -> Step {
    execute_frames::<true>(vm, f, std::ptr::null_mut(), executed, trace)
}

/// Execute instructions of the frame on top of `stack` (the run's frame
/// stack) as `execute` does, but switch frames here for calls of Python
/// code (CALL, CALL_KW, CALL_FUNCTION_EX, a Python binary operator, a
/// generator resumed by FOR_ITER), their returns and such a generator's
/// yields, instead of leaving the loop for `run_loop`.
/// Only while no trace or profile hook is set; everything else goes to
/// `run_loop` as before.
fn execute_on_stack(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, executed: &mut u64) -> Step {
    let f: *mut Frame = &mut **stack.last_mut().expect("a frame");
    execute_frames::<false>(vm, f, stack, executed, false)
}

/// Push `new` on the run's stack, the recursion limit checked (a frame
/// that would pass it is recycled and RecursionError raised).
#[inline(always)]
fn push_frame(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, new: Box<Frame>) -> Result<(), Raised> {
    if let Err(e) = enter_frame(vm) {
        // Never a generator's frame: `resume_on_stack` leaves room below
        // the recursion limit.
        debug_assert!(!matches!(new.ret, Continuation::Generator { .. }));
        new.recycle(vm);
        return Err(e.into());
    }
    stack.push(new);
    Ok(())
}

/// The frame on top of `stack` returned `value`: pop it and hand the
/// value to its caller, the new top, as its continuation says.
#[inline(always)]
fn return_to_caller(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, value: PyObjectRef) -> Result<(), Raised> {
    let mut done = stack.pop().expect("a returning frame");
    leave_frame();
    let ret = std::mem::replace(&mut done.ret, Continuation::Push);
    done.recycle(vm);
    let caller = stack.last_mut().expect("a caller");
    match ret {
        Continuation::Push => caller.push(value),
        Continuation::Discard => {}
        Continuation::Init(instance) => {
            if !vm.is_none(&value) {
                let e = vm.new_type_error(format!("__init__() should return None, not '{}'", value.class().name()));
                return Err(e.into());
            }
            caller.push(instance);
        }
        Continuation::Binary { a, b, op } => {
            if value.is(vm.ctx.not_implemented.as_object()) {
                let v = crate::dunder::binary_fallback(vm, &a, &b, op)?;
                caller.push(v);
            } else {
                caller.push(value);
            }
        }
        Continuation::Generator { gen, exhausted } => {
            generator::finish_on_stack(vm, &gen);
            caller.pc = exhausted;
        }
        Continuation::Consume { gen, acc, kind } => {
            generator::finish_on_stack(vm, &gen);
            caller.push(crate::push::consume::finish(vm, kind, acc)?);
        }
    }
    Ok(())
}

/// The generator frame on top of `stack`, resumed by its consumer's
/// FOR_ITER (the frame below), yielded `value`: suspend it and give the
/// value to the consumer.
#[inline(always)]
fn yield_to_consumer(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, value: PyObjectRef) {
    let mut done = stack.pop().expect("a yielding frame");
    leave_frame();
    let Continuation::Generator { gen, .. } = std::mem::replace(&mut done.ret, Continuation::Push) else {
        unreachable!("only a generator frame yields above the base frame")
    };
    generator::suspend_on_stack(vm, &gen, done);
    stack.last_mut().expect("the consumer").push(value);
}

/// `yield_to_consumer` from `run_loop`: also a generator a container call
/// consumes on the stack (`push::consume`) whose container declined the
/// value, or whose yield a hook reported: the generator is suspended and
/// the caller finishes the call.
#[inline(never)]
fn yield_to_caller(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, value: PyObjectRef) -> Result<(), Raised> {
    if !matches!(stack.last().expect("a yielding frame").ret, Continuation::Consume { .. }) {
        yield_to_consumer(vm, stack, value);
        return Ok(());
    }
    let mut done = stack.pop().expect("a yielding frame");
    leave_frame();
    let Continuation::Consume { gen, acc, kind } = std::mem::replace(&mut done.ret, Continuation::Push) else {
        unreachable!("checked")
    };
    generator::suspend_on_stack(vm, &gen, done);
    let result = crate::push::consume::declined(vm, &gen, acc, kind, value)?;
    stack.last_mut().expect("the caller").push(result);
    Ok(())
}

/// The frame now on top of the run's stack.
///
/// # Safety
/// `stack` is the run's frame stack, not borrowed elsewhere.
#[inline(always)]
unsafe fn top_frame(stack: *mut Vec<Box<Frame>>) -> *mut Frame {
    unsafe { &mut **(*stack).last_mut().unwrap_unchecked() }
}

/// The instruction loop. `SINGLE`: return after one instruction (and
/// print it under `HIPY_TRACE`); the loop that runs programs is the other
/// instantiation, without either test per instruction.
fn execute_frames<const SINGLE: bool>(
    vm: &VirtualMachine,
    mut fp: *mut Frame,
    stack: *mut Vec<Box<Frame>>,
    executed: &mut u64,
    trace: bool,
) -> Step {
    'frames: loop {
    // SAFETY: `fp` is the frame on top of the run's stack (or the one
    // frame given to `execute`); nothing else borrows it while it runs.
    let f: &mut Frame = unsafe { &mut *fp };
    // The last instruction was a back-edge that did not ask the JIT (its
    // count is below `jit_next`): the loop header's FOR_ITER does not ask
    // either.
    let mut declined_back_edge = false;
    let code = f.code.clone();
    let ops: &[crate::code::Op] = &code.ops;
    loop {
    let pc = f.pc as usize;
    // SAFETY: `pc` always indexes `ops`: it starts in range and every jump
    // target and fall-through was computed at decode time from the same code.
    let op = unsafe { *ops.get_unchecked(pc) };
    *executed += 1;
    f.lasti = pc as u32;
    f.pc = pc as u32 + 1 + u32::from(op.ncache);
    let arg = op.arg;
    if SINGLE && trace {
        eprintln!(
            "[hipy] {}:{} {:?} arg={} depth={}",
            f.code.qualname(),
            pc,
            op.kind,
            arg,
            f.stack_len()
        );
    }
    match op.kind {
        Instruction::Nop | Instruction::NotTaken | Instruction::Cache => {}
        Instruction::ExtendedArg => {
            // Only reached by a jump onto a prefix; `arg` is the real
            // instruction's index.
            f.pc = arg;
        }
        Instruction::Resume { .. } => {
            crate::safepoint::poll(vm)?;
            // A function's start counts its calls as a back-edge counts a
            // loop's iterations: the JIT compiles it from here once hot.
            if arg & rustpython_vm::bytecode::oparg::ResumeContext::LOCATION_MASK == 0 && f.code.entry_traced {
                let count = stats::back_edge(f);
                if count >= f.code.jit_next[pc].get() {
                    return Ok(Flow::Jit);
                }
            }
        }
        Instruction::LoadConst { .. } => {
            let v = f.code.consts[arg as usize].clone();
            f.push(v);
        }
        Instruction::LoadSmallInt { .. } => {
            f.push(vm.ctx.new_int(arg as i32).into());
        }
        Instruction::LoadFast { .. }
        | Instruction::LoadFastBorrow { .. }
        | Instruction::LoadFastCheck { .. } => {
            let v = load_fast(vm, f, arg as usize)?;
            f.push(v);
        }
        Instruction::LoadFastLoadFast { .. } | Instruction::LoadFastBorrowLoadFastBorrow { .. } => {
            let a = load_fast(vm, f, (arg >> 4) as usize)?;
            let b = load_fast(vm, f, (arg & 15) as usize)?;
            f.push(a);
            f.push(b);
        }
        Instruction::LoadFastAndClear { .. } => {
            let v = f.slots[arg as usize].take();
            f.push_opt(v);
        }
        Instruction::StoreFast { .. } => {
            let v = f.pop_opt();
            drop(std::mem::replace(&mut f.slots[arg as usize], v));
        }
        Instruction::StoreFastLoadFast { .. } => {
            let v = f.pop_opt();
            f.slots[(arg >> 4) as usize] = v;
            let l = load_fast(vm, f, (arg & 15) as usize)?;
            f.push(l);
        }
        Instruction::StoreFastStoreFast { .. } => {
            let a = f.pop_opt();
            let b = f.pop_opt();
            f.slots[(arg >> 4) as usize] = a;
            f.slots[(arg & 15) as usize] = b;
        }
        Instruction::DeleteFast { .. } => {
            if f.slots[arg as usize].take().is_none() {
                return Err(names::unbound_local(vm, &f.code, arg as usize).into());
            }
        }
        Instruction::PopTop | Instruction::EndFor | Instruction::PopIter => {
            drop(f.pop_opt());
        }
        Instruction::PushNull => f.push_opt(None),
        Instruction::Copy { .. } => {
            let v = f.peek_opt(arg as usize - 1).as_ref().cloned();
            f.push_opt(v);
        }
        Instruction::Swap { .. } => {
            let n = f.slots.len();
            f.slots.swap(n - 1, n - arg as usize);
        }
        Instruction::LoadGlobal { .. } => {
            let v = names::load_global_cached(vm, f, op)?;
            f.push(v);
            if arg & 1 != 0 {
                f.push_opt(None);
            }
        }
        Instruction::StoreGlobal { .. } => {
            let v = f.pop();
            f.globals.set_item(f.code.names[arg as usize], v, vm)?;
        }
        Instruction::DeleteGlobal { .. } => names::delete_global(vm, f, arg)?,
        Instruction::LoadName { .. } => {
            let v = names::load_name(vm, f, f.code.names[arg as usize])?;
            f.push(v);
        }
        Instruction::StoreName { .. } => {
            let v = f.pop();
            names::store_name(vm, f, arg, Some(v))?;
        }
        Instruction::DeleteName { .. } => names::store_name(vm, f, arg, None)?,
        Instruction::LoadLocals => {
            let locals = names::locals_mapping(vm, f)?;
            f.push(locals);
        }
        Instruction::LoadFromDictOrGlobals { .. } => {
            let mapping = f.pop();
            let name = f.code.names[arg as usize];
            let v = match names::mapping_get(vm, &mapping, name.as_object())? {
                Some(v) => v,
                None => names::load_global(vm, f, name)?,
            };
            f.push(v);
        }
        Instruction::LoadFromDictOrDeref { .. } => {
            let mapping = f.pop();
            let name = f.code.slot_names[arg as usize];
            let v = match names::mapping_get(vm, &mapping, name.as_object())? {
                Some(v) => v,
                None => names::load_deref(vm, f, arg as usize)?,
            };
            f.push(v);
        }
        Instruction::LoadDeref { .. } => {
            let v = names::load_deref(vm, f, arg as usize)?;
            f.push(v);
        }
        Instruction::StoreDeref { .. } => {
            let v = f.pop();
            names::store_deref(vm, f, arg as usize, Some(v))?;
        }
        Instruction::DeleteDeref { .. } => names::delete_deref(vm, f, arg as usize)?,
        Instruction::MakeCell { .. } => {
            let initial = f.slots[arg as usize].take();
            f.slots[arg as usize] = Some(crate::layout::new_cell(initial, vm)?);
        }
        Instruction::CopyFreeVars { .. } => names::copy_free_vars(vm, f, arg as usize)?,
        Instruction::LoadBuildClass => {
            let v = match f.builtins.get_item_opt("__build_class__", vm)? {
                Some(v) => v,
                None => {
                    return Err(vm
                        .new_name_error("__build_class__ not found", vm.ctx.new_str("__build_class__"))
                        .into())
                }
            };
            f.push(v);
        }
        Instruction::LoadCommonConstant { .. } => f.push(ops::common_constant(vm, arg)?),

        Instruction::LoadAttr { .. } => attr::load_attr(vm, f, op)?,
        Instruction::StoreAttr { .. } => attr::store_attr(vm, f, op)?,
        Instruction::DeleteAttr { .. } => {
            let obj = f.pop();
            obj.del_attr(f.code.names[arg as usize], vm)?;
        }
        Instruction::LoadSuperAttr { .. } => attr::load_super_attr(vm, f, arg)?,
        Instruction::LoadSpecial { .. } => attr::load_special(vm, f, arg)?,

        Instruction::BinaryOp { .. } => {
            if let Some(frame) = crate::dunder::push_binary(vm, f, arg)? {
                switch!(Ok(Flow::Push(frame)), vm, stack, fp, 'frames);
            }
            let b = f.pop();
            let a = f.pop();
            let v = ops::binary_op(vm, &a, &b, arg).map_err(|e| compat::normalize_error(vm, e))?;
            drop(a);
            drop(b);
            f.push(v);
        }
        Instruction::BinaryOpInplaceAddUnicode => {
            let b = f.pop();
            let a = f.pop();
            let v = vm._iadd(&a, &b)?;
            f.push(v);
        }
        Instruction::BinarySlice => {
            let stop = f.pop();
            let start = f.pop();
            let container = f.pop();
            let v = match crate::exact::slice_fast(vm, &container, Some(&start), Some(&stop), None) {
                Some(v) => v,
                None => {
                    let slice = PySlice { start: Some(start), stop, step: None }.into_ref(&vm.ctx);
                    container.get_item(slice.as_object(), vm)?
                }
            };
            f.push(v);
        }
        Instruction::StoreSlice => {
            let stop = f.pop();
            let start = f.pop();
            let container = f.pop();
            let value = f.pop();
            if !crate::exact::store_slice_fast(vm, &container, &start, &stop, &value) {
                let slice = PySlice { start: Some(start), stop, step: None }.into_ref(&vm.ctx);
                container.set_item(slice.as_object(), value, vm)?;
            }
        }
        Instruction::StoreSubscr => {
            let key = f.pop();
            let container = f.pop();
            let value = f.pop();
            if let Some(value) = crate::exact::store_subscript_fast(vm, &container, &key, value) {
                container.set_item(&*key, value, vm)?;
            }
        }
        Instruction::DeleteSubscr => {
            let key = f.pop();
            let container = f.pop();
            container.del_item(&*key, vm)?;
        }
        Instruction::UnaryNegative => {
            let a = f.pop();
            f.push(ops::negative(vm, &a)?);
        }
        Instruction::UnaryInvert => {
            let a = f.pop();
            f.push(vm._invert(&a)?);
        }
        Instruction::UnaryNot => {
            let a = f.pop();
            let b = a.try_to_bool(vm)?;
            f.push(vm.ctx.new_bool(!b).into());
        }
        Instruction::ToBool => {
            let a = f.pop();
            let b = if a.class().is(vm.ctx.types.bool_type) {
                a
            } else {
                vm.ctx.new_bool(a.try_to_bool(vm)?).into()
            };
            f.push(b);
        }
        Instruction::CompareOp { .. } => {
            if !SINGLE && compare_and_branch(vm, f, ops, arg, executed) {
                continue;
            }
            let b = f.pop();
            let a = f.pop();
            let v = ops::compare(vm, &a, &b, arg)?;
            drop(a);
            drop(b);
            f.push(v);
        }
        Instruction::IsOp { .. } => {
            let b = f.pop();
            let a = f.pop();
            let r = a.is(&b) != (arg == 1);
            f.push(vm.ctx.new_bool(r).into());
        }
        Instruction::ContainsOp { .. } => {
            let b = f.pop();
            let a = f.pop();
            let r = ops::contains(vm, &a, &b)? != (arg == 1);
            f.push(vm.ctx.new_bool(r).into());
        }

        Instruction::JumpForward { .. } => f.pc = arg,
        Instruction::JumpBackward { .. } => {
            let count = stats::back_edge(f);
            f.pc = arg;
            crate::safepoint::poll(vm)?;
            if count >= f.code.jit_next[pc].get() {
                return Ok(Flow::Jit);
            }
            declined_back_edge = matches!(ops[arg as usize].kind, Instruction::ForIter { .. } | Instruction::ExtendedArg);
        }
        Instruction::JumpBackwardNoInterrupt { .. } => f.pc = arg,
        Instruction::PopJumpIfFalse { .. } => {
            let v = f.pop();
            if !truthy(vm, &v)? {
                f.pc = arg;
            }
            drop(v);
        }
        Instruction::PopJumpIfTrue { .. } => {
            let v = f.pop();
            if truthy(vm, &v)? {
                f.pc = arg;
            }
            drop(v);
        }
        Instruction::PopJumpIfNone { .. } => {
            let v = f.pop();
            if vm.is_none(&v) {
                f.pc = arg;
            }
        }
        Instruction::PopJumpIfNotNone { .. } => {
            let v = f.pop();
            if !vm.is_none(&v) {
                f.pc = arg;
            }
        }

        Instruction::GetIter => {
            let v = f.pop();
            f.push(ops::get_iter(vm, v)?);
        }
        Instruction::ForIter { .. } => {
            let declined = std::mem::take(&mut declined_back_edge);
            let jump = f.code.loop_entries[pc].get();
            if jump != crate::code::NO_LOOP && !SINGLE && !declined {
                f.pc = pc as u32;
                return Ok(Flow::JitHeader(jump));
            }
            if let Some(r) = f.top().downcast_ref::<crate::range::RangeIter>() {
                match r.step_next() {
                    Some(v) => f.push(vm.ctx.new_int(v).into()),
                    None => f.pc = arg,
                }
            } else if let Some(l) = f.top().downcast_ref::<crate::list_iter::ListIter>() {
                match l.step_next() {
                    Some(v) => f.push(v),
                    None => f.pc = arg,
                }
            } else if let Some(t) = f.top().downcast_ref::<crate::list_iter::TupleIter>() {
                match t.step_next() {
                    Some(v) => f.push(v),
                    None => f.pc = arg,
                }
            } else if let Some(mut gen_frame) = generator::resume_on_stack(vm, f.top()) {
                gen_frame.ret = Continuation::Generator { gen: f.top().clone(), exhausted: arg };
                switch!(Ok(Flow::Push(gen_frame)), vm, stack, fp, 'frames);
            } else {
                let it = f.top().clone();
                match generator::iter_next(vm, &it)? {
                    PyIterReturn::Return(v) => f.push(v),
                    PyIterReturn::StopIteration(_) => f.pc = arg,
                }
            }
        }
        Instruction::GetLen => {
            let n = f.top().length(vm)?;
            f.push(vm.ctx.new_int(n).into());
        }

        Instruction::BuildTuple { .. } => {
            let items = f.pop_n(arg as usize);
            f.push(vm.ctx.new_tuple(items).into());
        }
        Instruction::BuildList { .. } => {
            let items = f.pop_n(arg as usize);
            f.push(vm.ctx.new_list(items).into());
        }
        Instruction::BuildSet { .. } => {
            let items = f.pop_n(arg as usize);
            let set = PySet::default().into_ref(&vm.ctx);
            for item in items {
                set.add(item, vm).map_err(|e| compat::normalize_error(vm, e))?;
            }
            f.push(set.into());
        }
        Instruction::BuildMap { .. } => {
            let items = f.pop_n(2 * arg as usize);
            let dict = vm.ctx.new_dict();
            let mut it = items.into_iter();
            while let (Some(k), Some(v)) = (it.next(), it.next()) {
                dict.set_item(&*k, v, vm)?;
            }
            f.push(dict.into());
        }
        Instruction::BuildString { .. } => {
            let parts = f.pop_n(arg as usize);
            f.push(crate::strfmt::join(vm, parts.iter().map(|p| &**p))?.into());
        }
        Instruction::BuildSlice { .. } => {
            let step = if arg == 3 { Some(f.pop()) } else { None };
            let stop = f.pop();
            let start = f.pop();
            f.push(PySlice { start: Some(start), stop, step }.into_ref(&vm.ctx).into());
        }
        Instruction::ListAppend { .. } => {
            let item = f.pop();
            ops::list_append(vm, f.peek(arg as usize - 1), item)?;
        }
        Instruction::ListExtend { .. } => {
            let iterable = f.pop();
            let list = f.peek(arg as usize - 1).clone();
            ops::list_extend(vm, &list, iterable)?;
        }
        Instruction::SetAdd { .. } => {
            let item = f.pop();
            ops::set_add(vm, f.peek(arg as usize - 1), item)?;
        }
        Instruction::SetUpdate { .. } => {
            let iterable = f.pop();
            let set = f.peek(arg as usize - 1).clone();
            ops::set_update(vm, &set, iterable)?;
        }
        Instruction::MapAdd { .. } => {
            let value = f.pop();
            let key = f.pop();
            ops::map_add(vm, f.peek(arg as usize - 1), key, value)?;
        }
        Instruction::DictUpdate { .. } => {
            let source = f.pop();
            let dict = f.peek(arg as usize - 1).clone();
            ops::dict_update(vm, &dict, source)?;
        }
        Instruction::DictMerge { .. } => {
            let source = f.pop();
            let dict = f.peek(arg as usize - 1).clone();
            let callable = f.peek(arg as usize + 2).clone();
            ops::dict_merge(vm, &dict, source, &callable)?;
        }
        Instruction::UnpackSequence { .. } => {
            let seq = f.pop();
            ops::unpack_sequence(vm, f, seq, arg as usize)?;
        }
        Instruction::UnpackEx { .. } => {
            let seq = f.pop();
            ops::unpack_ex(vm, f, seq, (arg & 0xff) as usize, (arg >> 8) as usize)?;
        }

        Instruction::FormatSimple => {
            let v = f.pop();
            let s = match crate::strfmt::format_simple(vm, &v) {
                Some(s) => s,
                None => vm.format(&v, vm.ctx.new_str(""))?.into(),
            };
            f.push(s);
        }
        Instruction::FormatWithSpec => {
            let spec = f.pop();
            let v = f.pop();
            let spec = spec
                .downcast::<PyStr>()
                .map_err(|_| vm.new_system_error("format spec is not a str"))?;
            f.push(vm.format(&v, spec)?.into());
        }
        Instruction::ConvertValue { .. } => {
            let v = f.pop();
            let converted: PyObjectRef = match arg {
                1 => v.str(vm)?.into(),
                2 => v.repr(vm)?.into(),
                3 => rustpython_vm::stdlib::builtins::ascii(v, vm)?.into(),
                _ => v,
            };
            f.push(converted);
        }

        Instruction::CallIntrinsic1 { .. } => {
            let v = f.pop();
            let r = ops::intrinsic1(vm, f, arg, v)?;
            f.push(r);
        }
        Instruction::CallIntrinsic2 { .. } => {
            let b = f.pop();
            let a = f.pop();
            let r = ops::intrinsic2(vm, arg, a, b)?;
            f.push(r);
        }

        Instruction::Call { .. } => {
            switch!(call::call(vm, f, op, arg as usize, None).map_err(Raised::from), vm, stack, fp, 'frames);
            crate::safepoint::after_call(vm)?;
            // A builtin that set a trace or profile hook: leave, so the
            // loop reports events from the next instruction on.
            if vm.use_tracing.get() {
                return Ok(Flow::Next);
            }
        }
        Instruction::CallKw { .. } => {
            let kwnames = f.pop();
            switch!(call::call(vm, f, op, arg as usize, Some(kwnames)).map_err(Raised::from), vm, stack, fp, 'frames);
            crate::safepoint::after_call(vm)?;
            if vm.use_tracing.get() {
                return Ok(Flow::Next);
            }
        }
        Instruction::CallFunctionEx => {
            switch!(call::call_function_ex(vm, f).map_err(Raised::from), vm, stack, fp, 'frames);
            crate::safepoint::after_call(vm)?;
            // A builtin that set a trace or profile hook: leave, so the
            // loop reports events from the next instruction on.
            if vm.use_tracing.get() {
                return Ok(Flow::Next);
            }
        }
        Instruction::MakeFunction => crate::function::make_function(vm, f)?,
        Instruction::SetFunctionAttribute { .. } => crate::function::set_function_attribute(vm, f, arg)?,
        Instruction::ReturnValue => {
            let v = f.pop();
            // SAFETY: `stack` is the run's stack when not null.
            if !stack.is_null()
                && unsafe { (*stack).len() } > 1
                && !matches!(f.ret, Continuation::Discard)
                && !vm.use_tracing.get()
            {
                // SAFETY: `f` (the top) is not used after this.
                unsafe {
                    return_to_caller(vm, &mut *stack, v)?;
                    fp = top_frame(stack);
                }
                continue 'frames;
            }
            return Ok(Flow::Return(v));
        }

        Instruction::ReturnGenerator => {
            // Generators are created when their function is called (see
            // `call.rs`), and resume after this instruction; reaching it means
            // a generator code object was run as a plain frame.
            return Err(vm.new_system_error("hipy: RETURN_GENERATOR executed in a plain frame").into());
        }
        Instruction::YieldValue { .. } => {
            let v = f.pop();
            // A plain yield (arg 0; 1 is inside `yield from`/`await`).
            // The consumer took it: continue as if resumed with None.
            if f.push && arg == 0 && !vm.use_tracing.get() && crate::push::offer(vm, &v) {
                f.push(vm.ctx.none());
            } else if !vm.use_tracing.get() && crate::push::consume::take_at_yield(vm, &f.ret, &v) {
                // A container call consuming the generator took it.
                f.push(vm.ctx.none());
            } else {
                f.push = false;
                // A generator resumed by its consumer's FOR_ITER on this
                // stack: hand the value and control back to the consumer.
                // SAFETY: `stack` is the run's stack when not null.
                if !stack.is_null()
                    && unsafe { (*stack).len() } > 1
                    && matches!(f.ret, Continuation::Generator { .. })
                    && !vm.use_tracing.get()
                {
                    // SAFETY: `f` (the top) is not used after this.
                    unsafe {
                        yield_to_consumer(vm, &mut *stack, v);
                        fp = top_frame(stack);
                    }
                    continue 'frames;
                }
                return Ok(Flow::Yield(v));
            }
        }
        Instruction::Send { .. } => flow!(generator::send_op(vm, f, arg).map_err(Raised::from)),
        Instruction::EndSend => {
            let v = f.pop();
            f.pop();
            f.push(v);
        }
        Instruction::GetYieldFromIter => {
            let v = f.pop();
            let it = generator::yield_from_iter(vm, &f.code, v)?;
            f.push(it);
        }
        Instruction::GetAwaitable { .. } => {
            let v = f.pop();
            let it = generator::get_awaitable(vm, v, arg)?;
            f.push(it);
        }
        Instruction::GetAiter => {
            let v = f.pop();
            let it = generator::get_aiter(vm, v)?;
            f.push(it);
        }
        Instruction::GetAnext => {
            let it = f.top().clone();
            let aw = generator::get_anext(vm, &it)?;
            f.push(aw);
        }
        Instruction::EndAsyncFor => {
            let exc = f.pop();
            f.pop();
            if exc.fast_isinstance(vm.ctx.exceptions.stop_async_iteration) {
                runtime::set_top_exc_item(vm, None);
            } else {
                return Err(reraise(vm, exc));
            }
        }
        Instruction::CleanupThrow => {
            let exc = f.pop();
            if exc.fast_isinstance(vm.ctx.exceptions.stop_iteration) {
                let value = exc.get_attr("value", vm)?;
                f.pop();
                f.pop();
                f.push(vm.ctx.none());
                f.push(value);
            } else {
                return Err(reraise(vm, exc));
            }
        }

        Instruction::RaiseVarargs { .. } => return Err(unwind::raise_varargs(vm, f, arg)),
        Instruction::Reraise { .. } => {
            let exc = f.pop();
            let mut raised = reraise(vm, exc);
            if arg != 0 {
                // values[0] is the lasti pushed by the exception table.
                let lasti = f.peek(arg as usize - 1);
                raised.lasti = lasti.try_to_value::<u32>(vm).ok();
            }
            return Err(raised);
        }
        Instruction::PushExcInfo => {
            let exc = f.pop();
            let prev = runtime::top_exc_item();
            let exc_ref = exc.clone().downcast::<rustpython_vm::builtins::PyBaseException>().ok();
            runtime::set_top_exc_item(vm, exc_ref);
            f.push(prev.map_or_else(|| vm.ctx.none(), Into::into));
            f.push(exc);
        }
        Instruction::PopExcept => {
            let prev = f.pop();
            let prev = prev.downcast::<rustpython_vm::builtins::PyBaseException>().ok();
            runtime::set_top_exc_item(vm, prev);
        }
        Instruction::CheckExcMatch => {
            let typ = f.pop();
            let exc = f.top().clone();
            let r = unwind::exception_matches(vm, &exc, &typ)?;
            f.push(vm.ctx.new_bool(r).into());
        }
        Instruction::CheckEgMatch => {
            let typ = f.pop();
            let exc = f.pop();
            unwind::check_eg_valid(vm, &typ)?;
            let (rest, matched) = rustpython_vm::exceptions::exception_group_match(&exc, &typ, vm)?;
            if !vm.is_none(&matched) {
                if let Ok(m) = matched.clone().downcast::<rustpython_vm::builtins::PyBaseException>() {
                    runtime::set_top_exc_item(vm, Some(m));
                }
            }
            f.push(rest);
            f.push(matched);
        }
        Instruction::WithExceptStart => {
            let exc = f.top().clone();
            let n = f.slots.len();
            let exit = f.slots[n - 5].clone().expect("__exit__ on stack");
            let self_or_null = f.slots[n - 4].clone();
            let tb = exc.get_attr("__traceback__", vm)?;
            let typ: PyObjectRef = exc.class().to_owned().into();
            let r = match self_or_null {
                Some(s) => exit.call((s, typ, exc, tb), vm)?,
                None => exit.call((typ, exc, tb), vm)?,
            };
            f.push(r);
        }

        Instruction::ImportName { .. } => {
            let fromlist = f.pop();
            let level = f.pop();
            let m = crate::imports::import_name(vm, f, arg, fromlist, level)?;
            f.push(m);
        }
        Instruction::ImportFrom { .. } => {
            let m = f.top().clone();
            let v = crate::imports::import_from(vm, &m, f.code.names[arg as usize])?;
            f.push(v);
        }
        Instruction::SetupAnnotations => names::setup_annotations(vm, f)?,

        Instruction::MatchMapping => {
            let r = ops::match_flag(vm, f.top(), true);
            f.push(vm.ctx.new_bool(r).into());
        }
        Instruction::MatchSequence => {
            let r = ops::match_flag(vm, f.top(), false);
            f.push(vm.ctx.new_bool(r).into());
        }
        Instruction::MatchKeys => {
            let keys = f.top().clone();
            let subject = f.peek(1).clone();
            let r = ops::match_keys(vm, &subject, &keys)?;
            f.push(r);
        }
        Instruction::MatchClass { .. } => {
            let names = f.pop();
            let cls = f.pop();
            let subject = f.pop();
            let r = ops::match_class(vm, &subject, &cls, arg as usize, &names)?;
            f.push(r);
        }
        Instruction::BuildTemplate => {
            let interpolations = f.pop();
            let strings = f.pop();
            let t = ops::build_template(vm, strings, interpolations)?;
            f.push(t);
        }
        Instruction::BuildInterpolation { .. } => {
            let spec = if arg & 1 != 0 { Some(f.pop()) } else { None };
            let expr = f.pop();
            let value = f.pop();
            let i = ops::build_interpolation(vm, value, expr, arg >> 2, spec)?;
            f.push(i);
        }
        other => {
            return Err(vm
                .new_system_error(format!(
                    "hipy internal error: opcode {:?} is not handled by hipy's eval loop",
                    other
                ))
                .into());
        }
    }
    if SINGLE {
        return Ok(Flow::Next);
    }
    }
    }
}

/// `HIPY_TRACE=1` prints every executed instruction (debugging aid): the
/// run then steps one instruction at a time, so compiled loops are entered
/// from back-edges only, not at a loop's header.
fn trace_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("HIPY_TRACE").is_some())
}

/// A re-raise of `exc` (no new traceback entry).
fn reraise(vm: &VirtualMachine, exc: PyObjectRef) -> Raised {
    match exc.downcast::<rustpython_vm::builtins::PyBaseException>() {
        Ok(exc) => Raised { exc, reraise: true, new_raise: false, lasti: None, thrown: false },
        Err(obj) => vm
            .new_type_error(format!(
                "exceptions must derive from BaseException, not {}",
                obj.class().name()
            ))
            .into(),
    }
}

#[inline(always)]
fn load_fast(vm: &VirtualMachine, f: &Frame, idx: usize) -> PyResult {
    match &f.slots[idx] {
        Some(v) => Ok(v.clone()),
        None => Err(names::unbound_local(vm, &f.code, idx)),
    }
}

/// COMPARE_OP followed by POP_JUMP_IF_FALSE / POP_JUMP_IF_TRUE (CPython
/// 3.12's COMPARE_AND_BRANCH), for operands `exact::order_fast` answers
/// (exact ints, floats, strs): jump on the result without making, pushing
/// and testing a bool, and step over the NOT_TAKEN that follows a jump not
/// taken. False, with nothing done, for other operands or instructions and
/// on a random miss (`HIPY_CACHE_RANDOM_MISS`): the two instructions then
/// run one by one. Only in the loop that runs programs (a trace hook or
/// the recorder steps every instruction).
#[inline(always)]
fn compare_and_branch(vm: &VirtualMachine, f: &mut Frame, ops: &[crate::code::Op], arg: u32, executed: &mut u64) -> bool {
    let Some(next) = ops.get(f.pc as usize) else { return false };
    let jump_if = match next.kind {
        Instruction::PopJumpIfFalse { .. } => false,
        Instruction::PopJumpIfTrue { .. } => true,
        _ => return false,
    };
    let n = f.slots.len();
    let (Some(a), Some(b)) = (&f.slots[n - 2], &f.slots[n - 1]) else { return false };
    let Some(order) = crate::exact::order_fast(vm, a, b) else { return false };
    if crate::code::forced_miss() {
        return false;
    }
    let r = crate::exact::ordered(ops::cmp_op(arg), order);
    drop(f.slots.pop().flatten());
    drop(f.slots.pop().flatten());
    *executed += 1;
    if r == jump_if {
        f.pc = next.arg;
    } else {
        f.pc += 1 + u32::from(next.ncache);
        if matches!(ops.get(f.pc as usize).map(|o| o.kind), Some(Instruction::NotTaken)) {
            f.pc += 1;
            *executed += 1;
        }
    }
    true
}

#[inline(always)]
fn truthy(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<bool> {
    if v.is(&vm.ctx.true_value) {
        Ok(true)
    } else if v.is(&vm.ctx.false_value) {
        Ok(false)
    } else {
        v.clone().try_to_bool(vm)
    }
}


