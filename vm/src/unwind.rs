//! Raising and unwinding: exception tables, traceback entries, `__context__`.

use rustpython_vm::builtins::{PyBaseException, PyBaseExceptionRef, PyTuple, PyType};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::eval::Raised;
use crate::frame::{Continuation, Frame};
use crate::{runtime, traceback};

/// Set `exc.__context__` to the exception being handled, breaking cycles the
/// way CPython's `_PyErr_SetObject` does.
pub fn contextualize(exc: &PyBaseExceptionRef) {
    let Some(context) = runtime::topmost_exception() else {
        return;
    };
    if context.is(exc) {
        return;
    }
    let mut o = context.clone();
    let mut slow = context.clone();
    let mut toggle = false;
    while let Some(next) = o.__context__() {
        if next.is(exc) {
            o.set_context(None);
            break;
        }
        o = next;
        if o.is(&slow) {
            break;
        }
        if toggle {
            if let Some(s) = slow.__context__() {
                slow = s;
            }
        }
        toggle = !toggle;
    }
    exc.set_context(Some(context));
}

/// Unwind `stack` from its top frame for `raised`: find a handler in the
/// exception table (possibly in a caller frame) and continue there, or
/// return the exception when it leaves the base frame.
pub fn unwind(vm: &VirtualMachine, stack: &mut Vec<Box<Frame>>, raised: Raised) -> Result<(), PyBaseExceptionRef> {
    let Raised { mut exc, mut reraise, new_raise, lasti: mut restored, thrown } = raised;
    let mut first = true;
    loop {
        let f = stack.last_mut().unwrap();
        if !reraise {
            let had_tb = exc.traceback().is_some();
            traceback::add_entry(vm, &exc, f);
            if (first && new_raise) || (!had_tb && !(first && thrown)) {
                contextualize(&exc);
            }
            if crate::hooks::active(vm) {
                if let Some(e) = crate::hooks::fire_exception(vm, f, &exc) {
                    exc = e;
                }
            }
        }
        if let Some(h) = f.code.handler_for(f.lasti) {
            let (target, depth, push_lasti) = (h.target, h.depth as usize, h.push_lasti);
            f.truncate_stack(depth);
            if push_lasti {
                f.push(vm.ctx.new_int(restored.unwrap_or(f.lasti)).into());
            }
            f.push(exc.into());
            f.pc = target;
            return Ok(());
        }
        // RERAISE n leaves the frame at the instruction that first raised
        // (its line is the frame's last, for `f_lineno` and the hook).
        if let Some(l) = restored {
            f.lasti = l;
        }
        if crate::hooks::active(vm) {
            if let Err(e) = crate::hooks::fire(vm, f, crate::hooks::Event::Return, None) {
                exc = e;
            }
        }
        if stack.len() == 1 {
            return Err(exc);
        }
        let mut done = stack.pop().unwrap();
        runtime::set_depth(runtime::depth() - 1);
        if let Continuation::Generator { gen, .. } | Continuation::Consume { gen, .. } = std::mem::replace(&mut done.ret, Continuation::Push) {
            crate::generator::finish_on_stack(vm, &gen);
        }
        done.recycle(vm);
        // The caller's CALL instruction raises it anew.
        reraise = false;
        restored = None;
        first = false;
    }
}

fn instantiate(vm: &VirtualMachine, obj: PyObjectRef, what: &str) -> PyResult<PyBaseExceptionRef> {
    if let Some(cls) = obj.downcast_ref::<PyType>() {
        if cls.fast_issubclass(vm.ctx.exceptions.base_exception_type) {
            let inst = obj.call((), vm)?;
            return inst.downcast::<PyBaseException>().map_err(|o| {
                vm.new_type_error(format!(
                    "calling {} should have returned an instance of BaseException, not {}",
                    cls.name(),
                    o.class().name()
                ))
            });
        }
    }
    obj.downcast::<PyBaseException>()
        .map_err(|_| vm.new_type_error(what.to_owned()))
}

/// RAISE_VARARGS: 0 = bare `raise`, 1 = `raise exc`, 2 = `raise exc from cause`.
pub fn raise_varargs(vm: &VirtualMachine, f: &mut Frame, kind: u32) -> Raised {
    match kind {
        0 => match runtime::topmost_exception() {
            Some(exc) => Raised { exc, reraise: true, new_raise: false, lasti: None, thrown: false },
            None => vm.new_runtime_error("No active exception to reraise").into(),
        },
        1 | 2 => {
            let cause = if kind == 2 { Some(f.pop()) } else { None };
            let exc_obj = f.pop();
            let exc = match instantiate(vm, exc_obj, "exceptions must derive from BaseException") {
                Ok(e) => e,
                Err(e) => return e.into(),
            };
            if let Some(cause) = cause {
                if vm.is_none(&cause) {
                    exc.set_cause(None);
                } else {
                    match instantiate(vm, cause, "exception causes must derive from BaseException") {
                        Ok(c) => exc.set_cause(Some(c)),
                        Err(e) => return e.into(),
                    }
                }
            }
            Raised { exc, reraise: false, new_raise: true, lasti: None, thrown: false }
        }
        _ => {
            let exc = f.pop();
            match exc.downcast::<PyBaseException>() {
                Ok(exc) => Raised { exc, reraise: true, new_raise: false, lasti: None, thrown: false },
                Err(o) => vm
                    .new_type_error(format!(
                        "exceptions must derive from BaseException, not {}",
                        o.class().name()
                    ))
                    .into(),
            }
        }
    }
}

fn check_catchable(vm: &VirtualMachine, typ: &PyObjectRef) -> PyResult<()> {
    let ok = |t: &PyObjectRef| {
        t.downcast_ref::<PyType>()
            .is_some_and(|c| c.fast_issubclass(vm.ctx.exceptions.base_exception_type))
    };
    let valid = match typ.downcast_ref::<PyTuple>() {
        Some(t) => t.as_slice().iter().all(ok),
        None => ok(typ),
    };
    if valid {
        Ok(())
    } else {
        Err(vm.new_type_error("catching classes that do not inherit from BaseException is not allowed"))
    }
}

/// CHECK_EXC_MATCH.
pub fn exception_matches(vm: &VirtualMachine, exc: &PyObjectRef, typ: &PyObjectRef) -> PyResult<bool> {
    check_catchable(vm, typ)?;
    exc.is_instance(typ, vm)
}

/// CHECK_EG_MATCH's argument checks (`except*`).
pub fn check_eg_valid(vm: &VirtualMachine, typ: &PyObjectRef) -> PyResult<()> {
    check_catchable(vm, typ)?;
    let is_group = |t: &PyObjectRef| {
        t.downcast_ref::<PyType>().is_some_and(|c| {
            c.fast_issubclass(vm.ctx.exceptions.base_exception_group)
        })
    };
    let bad = match typ.downcast_ref::<PyTuple>() {
        Some(t) => t.as_slice().iter().any(is_group),
        None => is_group(typ),
    };
    if bad {
        return Err(vm.new_type_error(
            "catching ExceptionGroup with except* is not allowed. Use except instead.",
        ));
    }
    Ok(())
}
