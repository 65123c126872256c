//! Direct calls: compiled code calling a Python function that has a
//! compiled entry trace runs that trace at once (`call_entry`), with no
//! frame unless the trace exits before the return.
//!
//! A call goes through the recorder's `CallPy0..4` helpers, which compiled
//! code uses only for plain Python functions called with exactly their
//! positional parameters (`CodeInfo::enters_with`). What a call looks up
//! about its callee (the entry trace, whether the arguments fit it) depends
//! on the code object only, so it is kept per thread in a small table keyed
//! by the code's address (`ENTRIES`). A cached trace keeps its code object
//! alive, so the address cannot be reused while it is cached; the table is
//! emptied whenever compiled traces are installed or released.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_vm::builtins::PyFunction;
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

use super::{after_exit, buffers, compiled, input_word, own_inputs, return_exit, run_chain, CompiledTrace};

/// Slots of the per-thread table (a power of two).
const SLOTS: usize = 64;

/// What a call found for a code object: its entry trace, if the calls of
/// that arity can enter it (None: they cannot, do not look again).
#[derive(Clone)]
struct Slot {
    code: usize,
    nargs: usize,
    entry: Option<Rc<CompiledTrace>>,
}

thread_local! {
    // Never dropped by the TLS destructors (traces hold objects): emptied by
    // `forget` when the thread's loops are released, like `WITH_COMPILED`.
    static ENTRIES: std::mem::ManuallyDrop<RefCell<Vec<Option<Slot>>>> =
        const { std::mem::ManuallyDrop::new(RefCell::new(Vec::new())) };
}

/// Forget every cached entry trace (traces were installed or are about to
/// be released: a cached one would keep its trace alive).
pub(super) fn forget() {
    let dropped = ENTRIES.with(|e| std::mem::take(&mut *e.borrow_mut()));
    drop(dropped);
}

/// The entry trace calls of `nargs` arguments of the function whose code is
/// at `code` can enter, if any.
fn entry_for(code: usize, nargs: usize) -> Option<Rc<CompiledTrace>> {
    let k = (code >> 4) % SLOTS;
    let hit = ENTRIES.with(|e| match e.borrow().get(k) {
        Some(Some(s)) if s.code == code && s.nargs == nargs => Some(s.entry.clone()),
        _ => None,
    });
    if let Some(entry) = hit {
        return entry;
    }
    // SAFETY: `code` is the code object of a live function.
    let code_obj = unsafe { &*(code as *const rustpython_vm::Py<rustpython_vm::builtins::PyCode>) };
    let info = crate::code::info_for(code_obj);
    if !info.enters_with(nargs) {
        return None;
    }
    let (resume, free) = info.entry_resume()?;
    let ct = compiled(&info, resume, false)?;
    // The inputs are the arguments, then the closure's cells in the last
    // local slots; every other slot (the stack's too) is empty at the
    // function's start.
    let cells = info.nlocalsplus - free..info.nlocalsplus;
    let fits = ct.inputs.len() == nargs + cells.len()
        && ct.header_nulls.iter().enumerate().all(|(i, &null)| null == (i >= nargs && !cells.contains(&i)));
    let entry = fits.then_some(ct);
    ENTRIES.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_empty() {
            e.resize(SLOTS, None);
        }
        e[k] = Some(Slot { code, nargs, entry: entry.clone() });
    });
    entry
}

/// A call of Python function `func` with exactly its positional parameters
/// `args`, made by compiled code (a residual call): run the function's
/// compiled entry trace at once, with no frame unless the trace exits
/// before the return. None: the function has no such trace, the arguments
/// do not fit its inputs, or the call must go the ordinary way (a hook is
/// set, a signal or request is pending, the recursion limit is reached:
/// the ordinary call reports it).
pub fn call_entry(vm: &VirtualMachine, func: &PyObject, args: &[&PyObject]) -> Option<PyResult> {
    const MAX_ARGS: usize = 4;
    const MAX_INPUTS: usize = 8;
    if !func.class().is(vm.ctx.types.function_type) || args.len() > MAX_ARGS {
        return None;
    }
    let f = func.downcast_ref::<PyFunction>()?;
    let ct = entry_for(crate::layout::function_code_addr(f), args.len())?;
    // A closure's cells follow the arguments (`entry_for` checked that the
    // trace takes exactly as many as COPY_FREE_VARS would copy).
    let cells = match f.closure_ref() {
        Some(c) => c.as_slice().get(..ct.inputs.len().checked_sub(args.len())?)?,
        None => &[][..],
    };
    if ct.inputs.len() != args.len() + cells.len() || ct.inputs.len() > MAX_INPUTS {
        return None;
    }
    let depth = crate::runtime::depth();
    let busy = crate::safepoint::REQUESTED.load(std::sync::atomic::Ordering::Relaxed) != 0;
    if busy || depth >= vm.recursion_limit.get() || crate::hooks::active(vm) || vm.c_stack_exhausted() {
        return None;
    }
    let inputs = || args.iter().copied().chain(cells.iter().map(|c| c.as_object()));
    let mut words = [0u64; MAX_INPUTS];
    for ((w, a), &kind) in words.iter_mut().zip(inputs()).zip(&ct.inputs) {
        *w = input_word(vm, a, kind)?;
    }
    let n = ct.inputs.len();
    let mut buf = buffers::take();
    crate::runtime::set_depth(depth + 1);
    // Compiled code called this: the helpers' vm is set already. The native
    // stack has room (checked above), so the call needs no `with_recursion`.
    own_inputs(inputs(), &ct.inputs);
    ct.entries.set(ct.entries.get() + 1);
    ct.entered.set(true);
    let exit = {
        let _run = super::sites::enter_run(false);
        // SAFETY: the inputs match the trace's kinds (`input_word`), and its
        // object inputs are owned references (`own_inputs`).
        let guard = unsafe { ct.code.run_into(&words[..n], &mut buf) };
        guard.map_err(|e| vm.new_system_error(format!("hipy JIT: {e:?}")))
    };
    let exit = match exit {
        Ok(guard) if !ct.transfers.get() || crate::safepoint::REQUESTED.load(std::sync::atomic::Ordering::Relaxed) != 0 => {
            Ok((ct, guard))
        }
        Ok(guard) => {
            // A bridge may end in a transfer into another loop: run on.
            let mut more = buffers::take();
            more.extend_from_slice(&words[..n]);
            let chain = match ct.transfer_words(vm, guard, &buf, &mut more) {
                Some(next) => vm.with_recursion("", || run_chain(vm, next, &mut more, &mut buf, false)),
                None => Ok((ct, guard)),
            };
            buffers::give(more);
            chain
        }
        Err(e) => Err(e),
    };
    crate::runtime::set_depth(depth);
    let (ct, guard) = match exit {
        Ok(exited) => exited,
        Err(e) => {
            // The code refused its inputs (a count `entry_for` ruled out, or
            // a transfer's chain too deep for the native stack).
            buffers::give(buf);
            return Some(Err(e));
        }
    };
    if let Some(value) = return_exit(vm, &ct, guard, &buf) {
        buffers::give(buf);
        return Some(Ok(value));
    }
    // The trace left before the return: the function's frame, as the exit
    // describes it, finishes in the interpreter.
    let positional = args.iter().map(|a| (*a).to_owned()).collect();
    let frame = match crate::call::frame_for_call(vm, &func.to_owned(), f, positional, Default::default()) {
        Ok(frame) => frame,
        Err(e) => {
            buffers::give(buf);
            return Some(Err(e));
        }
    };
    crate::runtime::set_depth(depth + 1);
    let mut stack = Vec::with_capacity(4);
    stack.push(frame);
    let mut rec = None;
    let pending = after_exit(vm, &mut stack, 0, &mut rec, &ct, guard, &buf).err();
    buffers::give(buf);
    Some(crate::eval::run_rebuilt(vm, stack, pending, rec))
}
