//! `min` and `max` of a generator in push mode: exact ints (in i64) and
//! floats are compared natively while the best value so far is of the same
//! kind; anything else is compared with Python's `<` / `>` as CPython's
//! `min_max` does (the new item on the left, the first extreme kept).

use rustpython_vm::function::{Callee, FuncArgs};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::{drain, Number, Sink};
use crate::generator;

enum Best {
    Empty,
    Num(Number),
    Obj(PyObjectRef),
}

impl Best {
    fn of(vm: &VirtualMachine, o: PyObjectRef) -> Best {
        Number::of(vm, &o).map_or(Best::Obj(o), Best::Num)
    }
}

struct Select {
    best: Best,
    max: bool,
}

impl Select {
    /// Take `n` if the best value so far is empty or of the same kind
    /// (compared natively: IEEE comparison is Python's for floats, so a
    /// NaN never wins and a NaN first stays); decline it otherwise.
    fn take_number(&mut self, n: Number) -> bool {
        let wins = match (&self.best, &n) {
            (Best::Empty, _) => true,
            (Best::Num(Number::Int(b)), Number::Int(v)) => self.beats(v, b),
            (Best::Num(Number::Float(b)), Number::Float(v)) => self.beats(v, b),
            _ => return false,
        };
        if wins {
            self.best = Best::Num(n);
        }
        true
    }

    fn beats<T: PartialOrd>(&self, new: T, best: T) -> bool {
        if self.max {
            new > best
        } else {
            new < best
        }
    }
}

impl Sink for Select {
    fn take(&mut self, vm: &VirtualMachine, v: &PyObject) -> bool {
        Number::of(vm, v).is_some_and(|n| self.take_number(n))
    }

    fn take_int(&mut self, _vm: &VirtualMachine, v: i64) -> bool {
        self.take_number(Number::Int(v))
    }

    fn take_float(&mut self, _vm: &VirtualMachine, x: f64) -> bool {
        self.take_number(Number::Float(x))
    }
}

/// `max(generator)` / `min(generator)`, with an optional `default` (a `key`
/// other than None, several positional arguments or any other iterable go
/// to the original).
pub(super) fn select(vm: &VirtualMachine, args: FuncArgs, callee: Callee, original: crate::compat::Original, max: bool) -> PyResult {
    let plain = args.args.len() == 1
        && generator::is_plain_generator(&args.args[0])
        && args.kwargs.iter().all(|(k, v)| k.as_str() == Ok("default") || (k.as_str() == Ok("key") && vm.is_none(v)));
    if !plain {
        return original(vm, args, callee);
    }
    let g = args.args[0].clone();
    let op = if max { PyComparisonOp::Gt } else { PyComparisonOp::Lt };
    let mut sink = Select { best: Best::Empty, max };
    drain(vm, &g, &mut sink, |sink, v| {
        let best = match std::mem::replace(&mut sink.best, Best::Empty) {
            Best::Empty => {
                sink.best = Best::of(vm, v);
                return Ok(None::<()>);
            }
            Best::Num(n) => n.into_object(vm),
            Best::Obj(o) => o,
        };
        let wins = v.rich_compare_bool(&best, op, vm);
        // On an error the generator stays suspended, as in CPython.
        sink.best = Best::of(vm, if wins.as_ref().is_ok_and(|w| *w) { v } else { best });
        wins.map(|_| None)
    })?;
    match sink.best {
        Best::Num(n) => Ok(n.into_object(vm)),
        Best::Obj(o) => Ok(o),
        // Empty: the original's answer for an empty iterable (the default,
        // or its ValueError).
        Best::Empty => {
            let mut empty = args;
            empty.args = vec![vm.ctx.empty_tuple.clone().into()];
            original(vm, empty, callee)
        }
    }
}
