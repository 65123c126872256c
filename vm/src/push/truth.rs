//! `any` and `all` of a generator in push mode: the truth of exact ints,
//! floats, bools and None is tested natively; the sink declines the first
//! value that decides the answer, so the generator stays suspended just
//! after yielding it, as it does in CPython.

use rustpython_vm::function::{Callee, FuncArgs};
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

use super::{drain, Number, Sink};
use crate::generator;

struct Truth {
    /// The truth value that decides: true for `any`, false for `all`.
    decides: bool,
}

impl Sink for Truth {
    fn take(&mut self, vm: &VirtualMachine, v: &PyObject) -> bool {
        let t = if v.is(vm.ctx.none.as_object()) {
            false
        } else if v.class().is(vm.ctx.types.bool_type) {
            v.is(vm.ctx.true_value.as_object())
        } else {
            match Number::of(vm, v) {
                Some(Number::Int(i)) => i != 0,
                Some(Number::Float(x)) => x != 0.0,
                None => return false,
            }
        };
        t != self.decides
    }

    fn take_int(&mut self, _vm: &VirtualMachine, v: i64) -> bool {
        (v != 0) != self.decides
    }

    fn take_float(&mut self, _vm: &VirtualMachine, v: f64) -> bool {
        (v != 0.0) != self.decides
    }
}

/// `any(generator)` (`is_any`) or `all(generator)`; anything else goes to
/// the original.
pub(super) fn any_all(vm: &VirtualMachine, args: FuncArgs, callee: Callee, original: crate::compat::Original, is_any: bool) -> PyResult {
    if !(args.args.len() == 1 && args.kwargs.is_empty() && generator::is_plain_generator(&args.args[0])) {
        return original(vm, args, callee);
    }
    let g = args.args[0].clone();
    let mut sink = Truth { decides: is_any };
    let decided = drain(vm, &g, &mut sink, |_, v| {
        Ok((v.try_to_bool(vm)? == is_any).then_some(()))
    })?;
    Ok(vm.ctx.new_bool(if decided.is_some() { is_any } else { !is_any }).into())
}
