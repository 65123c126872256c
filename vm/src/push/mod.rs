//! Push mode: a builtin that consumes a generator (`sum`, `min`, `max`,
//! `any`, `all`, `list`, `tuple`, `set`, `frozenset`, `sorted`,
//! `str.join`) runs it without suspending it at every value.
//!
//! The consumer resumes the generator with a *sink* (`generator::
//! resume_pushing`); while it runs, its frame is marked `push`, and a plain
//! `yield` first offers its value to the sink. A sink that takes the value
//! lets the frame continue at once, as if resumed with None. A sink that
//! declines leaves everything unchanged, and the frame yields the value as
//! usual. A sink takes only values it consumes without running Python code
//! (`sum`: exact ints and floats), so no Python code can tell the
//! difference: in CPython, only the consumer's C code runs between such a
//! yield and the next resume.
//!
//! Compiled loops in a push-mode frame offer their yields through the
//! `offer_*` helpers (`trace::helpers`), without leaving compiled code.

use std::cell::Cell;

use num_traits::ToPrimitive;
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::generator;

mod collect;
pub mod consume;
mod select;
mod sum;
mod truth;

/// A consumer of a generator's values.
pub trait Sink {
    /// Take `v`, or decline it, changing nothing.
    fn take(&mut self, vm: &VirtualMachine, v: &PyObject) -> bool;
    /// Take an int that compiled code holds unboxed.
    fn take_int(&mut self, vm: &VirtualMachine, v: i64) -> bool;
    /// Take a float that compiled code holds unboxed.
    fn take_float(&mut self, vm: &VirtualMachine, v: f64) -> bool;
}

type SinkPtr = *mut (dyn Sink + 'static);

thread_local! {
    /// The sink of the innermost push-mode generator run on this thread.
    static ACTIVE: Cell<Option<SinkPtr>> = const { Cell::new(None) };
}

/// Run `f` with `sink` as the active sink (push-mode runs nest: a
/// generator's body may itself sum another generator).
pub fn with_sink<R>(sink: &mut dyn Sink, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<SinkPtr>);
    impl Drop for Restore {
        fn drop(&mut self) {
            ACTIVE.with(|a| a.set(self.0));
        }
    }
    // SAFETY: the pointer is only used while `f` runs, when `sink` is alive
    // and not otherwise borrowed; `Restore` removes it afterwards.
    let ptr: SinkPtr = unsafe { std::mem::transmute::<*mut dyn Sink, SinkPtr>(sink as *mut dyn Sink) };
    let _restore = Restore(ACTIVE.with(|a| a.replace(Some(ptr))));
    f()
}

fn active<R>(f: impl FnOnce(&mut dyn Sink) -> R) -> Option<R> {
    let ptr = ACTIVE.with(|a| a.get())?;
    // SAFETY: set by `with_sink` for the duration of the push-mode run; the
    // frame that offers runs inside it and nothing else borrows the sink.
    Some(f(unsafe { &mut *ptr }))
}

/// A push-mode frame's plain yield of `v`: true if the consumer took it.
pub fn offer(vm: &VirtualMachine, v: &PyObject) -> bool {
    active(|s| s.take(vm, v)).unwrap_or(false)
}

pub fn offer_int(vm: &VirtualMachine, v: i64) -> bool {
    active(|s| s.take_int(vm, v)).unwrap_or(false)
}

pub fn offer_float(vm: &VirtualMachine, v: f64) -> bool {
    active(|s| s.take_float(vm, v)).unwrap_or(false)
}

pub use collect::{build, Container};
pub use sum::sum_sequence;

/// Run generator `g` in push mode until it ends: each value `sink`
/// declines goes to `declined`, which may stop the run early with a result
/// (`Some`). `Ok(None)`: the generator is exhausted.
fn drain<S: Sink, R>(
    vm: &VirtualMachine,
    g: &PyObject,
    sink: &mut S,
    mut declined: impl FnMut(&mut S, PyObjectRef) -> PyResult<Option<R>>,
) -> PyResult<Option<R>> {
    loop {
        match generator::resume_pushing(vm, g, sink).expect("a generator")? {
            PyIterReturn::StopIteration(_) => return Ok(None),
            PyIterReturn::Return(v) => {
                if let Some(r) = declined(sink, v)? {
                    return Ok(Some(r));
                }
            }
        }
    }
}

/// The value of int `o` (`i`, its payload) if it fits in i64: one read
/// of its magnitude word when the layout was probed.
#[inline]
fn int_i64(o: &PyObject, i: &rustpython_vm::builtins::PyInt) -> Option<i64> {
    crate::layout::objects::int_value(o).or_else(|| i.as_bigint().to_i64())
}

/// An exact int that fits in i64, or an exact float: the values sinks take
/// without running Python code.
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn of(vm: &VirtualMachine, o: &PyObject) -> Option<Number> {
        match crate::exact::exact_int(vm, o) {
            Some(i) => int_i64(o, i).map(Number::Int),
            None => crate::exact::exact_float(vm, o).map(Number::Float),
        }
    }

    fn into_object(self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            Number::Int(i) => vm.ctx.new_int(i).into(),
            Number::Float(x) => vm.ctx.new_float(x).into(),
        }
    }
}

/// Replace the builtins that consume generators by their push-mode
/// versions (each keeps the original's name, signature and documentation,
/// and calls it for every case it does not handle).
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let b = vm.builtins.as_object();
    crate::compat::wrap_function(vm, b, "sum", sum::sum)?;
    crate::compat::wrap_function(vm, b, "sorted", collect::sorted)?;
    // str is shared by the interpreters of a process: wrap its method once.
    static JOIN: std::sync::Once = std::sync::Once::new();
    JOIN.call_once(|| crate::compat::wrap::method(vm, vm.ctx.types.str_type, "join", collect::join));
    crate::compat::wrap_function(vm, b, "max", |vm, args, callee, original| select::select(vm, args, callee, original, true))?;
    crate::compat::wrap_function(vm, b, "min", |vm, args, callee, original| select::select(vm, args, callee, original, false))?;
    crate::compat::wrap_function(vm, b, "any", |vm, args, callee, original| truth::any_all(vm, args, callee, original, true))?;
    crate::compat::wrap_function(vm, b, "all", |vm, args, callee, original| truth::any_all(vm, args, callee, original, false))
}
