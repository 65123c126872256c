//! A container built from a generator on the caller's frame stack:
//! `list(g)`, `tuple(g)`, `set(g)`, `frozenset(g)` and `sep.join(g)` (an
//! exact `str` separator) of a plain generator
//! the trace recorder follows (`trace::record::iteration::consume`) run the
//! generator's frame above the caller's, with `Continuation::Consume`: a
//! plain yield adds its value to the container and the frame goes on, as
//! if resumed with None; the generator's return pushes the container on
//! the caller's stack. Compiled code does the same with the generator's
//! body inline in the caller's trace, and its exits rebuild such frames.
//!
//! A value the container does not take without running Python code (a set
//! takes what `hashes_natively`) suspends the generator at its yield, as
//! CPython's `set(iterable)` has it suspended while it hashes the value,
//! and the rest of the call runs as `push::build` does (`declined`).

use std::cell::Cell;

use rustpython_vm::builtins::{PyList, PySet, PyStr};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::collect::{hashes_natively, SetItems};
use super::{drain, Container, Sink};
use crate::frame::{Continuation, Frame};

thread_local! {
    /// The generator the next call of a container type consumes on the
    /// stack (`consume_next`); 0 for none.
    static NEXT: Cell<usize> = const { Cell::new(0) };
}

/// The call about to run, `container(g)`, consumes generator `g` on the
/// caller's stack: the trace recorder asks for it where it records the
/// generator's body inline.
pub fn consume_next(g: &PyObject) {
    NEXT.with(|n| n.set(g as *const PyObject as usize));
}

/// The container `callable(*args)` (with `receiver` as self, if any)
/// builds on the stack if the recorder asked for it (`consume_next`): the
/// generator's frame, resumed, with its continuation set. None: the call
/// runs as usual.
pub fn on_stack(vm: &VirtualMachine, callable: &PyObject, receiver: Option<&PyObjectRef>, args: &[Option<PyObjectRef>]) -> Option<Box<Frame>> {
    let next = NEXT.with(|n| n.get());
    if next == 0 {
        return None;
    }
    NEXT.with(|n| n.set(0));
    let [Some(g)] = args else { return None };
    if next != &**g as *const PyObject as usize {
        return None;
    }
    let (kind, acc) = match receiver {
        None => {
            let kind = Container::of(vm, callable)?;
            (kind, new(vm, kind))
        }
        Some(sep) if joins(vm, callable, sep) => {
            let acc = new(vm, Container::Join);
            take(vm, Container::Join, &acc, sep);
            (Container::Join, acc)
        }
        Some(_) => return None,
    };
    let mut frame = crate::generator::resume_on_stack(vm, g)?;
    frame.ret = Continuation::Consume { gen: g.clone(), acc, kind };
    Some(frame)
}

/// Whether `callable` called on `receiver` is `str.join` on an exact `str`.
pub fn joins(vm: &VirtualMachine, callable: &PyObject, receiver: &PyObject) -> bool {
    let str_type = vm.ctx.types.str_type;
    receiver.class().is(str_type)
        && str_type.get_attr(vm.ctx.intern_str("join")).is_some_and(|join| join.is(callable))
}

/// The empty container a `kind` call collects into (a list for a tuple,
/// a set for a frozenset; for a join, the list takes the separator first).
pub fn new(vm: &VirtualMachine, kind: Container) -> PyObjectRef {
    match kind {
        Container::List | Container::Tuple | Container::Join => vm.ctx.new_list(Vec::new()).into(),
        Container::Set | Container::FrozenSet => PySet::default().into_ref(&vm.ctx).into(),
    }
}

/// Whether a `kind` container takes `v` without running Python code.
pub fn takes(vm: &VirtualMachine, kind: Container, v: &PyObject) -> bool {
    match kind {
        Container::List | Container::Tuple | Container::Join => true,
        Container::Set | Container::FrozenSet => hashes_natively(vm, v, 4),
    }
}

/// Add `v` to `acc` if that runs no Python code: true if taken, false
/// (nothing changed) if declined.
pub fn take(vm: &VirtualMachine, kind: Container, acc: &PyObject, v: &PyObject) -> bool {
    match kind {
        Container::List | Container::Tuple | Container::Join => {
            acc.downcast_ref::<PyList>().expect("a list").borrow_vec_mut().push(v.to_owned());
            true
        }
        Container::Set | Container::FrozenSet => {
            let set = acc.downcast_ref::<PySet>().expect("a set");
            // An exact int or str: its hash without the protocol.
            if let Some(hash) = crate::exact::plain_hash(vm, v) {
                return set.add_hashed(v.to_owned(), hash, vm).is_ok();
            }
            takes(vm, kind, v) && set.add(v.to_owned(), vm).is_ok()
        }
    }
}

/// A container kind as compiled code passes it (`Container as i64`).
pub fn kind_of(k: i64) -> Container {
    match k {
        0 => Container::List,
        1 => Container::Tuple,
        2 => Container::Set,
        3 => Container::FrozenSet,
        _ => Container::Join,
    }
}

/// YIELD_VALUE of `v` in a frame with continuation `ret`: true if a
/// consuming caller took the value (the frame goes on).
#[inline]
pub fn take_at_yield(vm: &VirtualMachine, ret: &Continuation, v: &PyObject) -> bool {
    match ret {
        Continuation::Consume { acc, kind, .. } => take(vm, *kind, acc, v),
        _ => false,
    }
}

/// The result of a `kind` call that collected into `acc`.
pub fn finish(vm: &VirtualMachine, kind: Container, acc: PyObjectRef) -> PyResult {
    match kind {
        Container::List | Container::Set => Ok(acc),
        Container::Tuple => {
            let items = acc.downcast_ref::<PyList>().expect("a list").borrow_vec().to_vec();
            Ok(vm.ctx.new_tuple(items).into())
        }
        Container::FrozenSet => vm.ctx.types.frozenset_type.as_object().call((acc,), vm),
        Container::Join => {
            // The separator, then the values: joined as `str.join` joins
            // the list CPython's makes of them (its errors name the
            // values' indexes).
            let items = acc.downcast_ref::<PyList>().expect("a list").borrow_vec();
            let (sep, values) = items.split_first().expect("the separator");
            let sep = sep.downcast_ref::<PyStr>().expect("an exact str separator");
            Ok(PyStr::join_items(sep, values, vm)?.into())
        }
    }
}

struct ListItems(PyObjectRef);

impl ListItems {
    fn push(&self, v: PyObjectRef) {
        self.0.downcast_ref::<PyList>().expect("a list").borrow_vec_mut().push(v);
    }
}

impl Sink for ListItems {
    fn take(&mut self, _vm: &VirtualMachine, v: &PyObject) -> bool {
        self.push(v.to_owned());
        true
    }
    fn take_int(&mut self, vm: &VirtualMachine, v: i64) -> bool {
        self.push(vm.ctx.new_int(v).into());
        true
    }
    fn take_float(&mut self, vm: &VirtualMachine, v: f64) -> bool {
        self.push(vm.ctx.new_float(v).into());
        true
    }
}

/// The generator `gen` a `kind` call consumed on the stack yielded `v`,
/// which `acc` did not take (or a hook is set): the generator is suspended
/// at that yield. Add `v` as the builtin does, and collect the rest of the
/// values as `push::build` does, the generator resumed by the caller.
pub fn declined(vm: &VirtualMachine, gen: &PyObject, acc: PyObjectRef, kind: Container, v: PyObjectRef) -> PyResult {
    match kind {
        Container::List | Container::Tuple | Container::Join => {
            let mut sink = ListItems(acc);
            sink.push(v);
            drain(vm, gen, &mut sink, |sink, v| {
                sink.push(v);
                Ok(None::<()>)
            })?;
            finish(vm, kind, sink.0)
        }
        Container::Set | Container::FrozenSet => {
            let set = acc.downcast::<PySet>().expect("a set");
            let normalize = |e| crate::compat::normalize_error(vm, e);
            set.add(v, vm).map_err(normalize)?;
            let mut sink = SetItems(set);
            drain(vm, gen, &mut sink, |sink, v| sink.0.add(v, vm).map(|()| None::<()>).map_err(normalize))?;
            finish(vm, kind, sink.0.into())
        }
    }
}
