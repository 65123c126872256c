//! Building a container from a generator in push mode: `list`, `tuple`,
//! `set` and `frozenset` called with a generator alone, and `sorted` and
//! `str.join`, which build a list of their argument first, as CPython's do.
//! A list or tuple takes every value (appending runs no Python code); a set
//! takes the values whose hashing and comparison run no Python code, and
//! adds the others as they come, as CPython's `set(iterable)` does.

use rustpython_vm::builtins::{PySet, PyStr, PyTuple, PyType};
use rustpython_vm::function::{Callee, FuncArgs};
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use super::{drain, Sink};
use crate::generator;

/// The containers `list(generator)` & co. build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    List,
    Tuple,
    Set,
    FrozenSet,
    /// `sep.join(generator)` for an exact `str` separator, which (as
    /// CPython's) makes a list of the values first: consumed on the stack
    /// (`push::consume`) into a list whose first item is the separator,
    /// joined at the end. `Container::of` never names it (it is a method).
    Join,
}

impl Container {
    /// Which container type `callable` is (exactly), if any.
    pub fn of(vm: &VirtualMachine, callable: &PyObject) -> Option<Container> {
        let t = &vm.ctx.types;
        let is = |ty: &'static Py<PyType>| callable.is(ty.as_object());
        if is(t.list_type) {
            Some(Container::List)
        } else if is(t.tuple_type) {
            Some(Container::Tuple)
        } else if is(t.set_type) {
            Some(Container::Set)
        } else if is(t.frozenset_type) {
            Some(Container::FrozenSet)
        } else {
            None
        }
    }
}

struct Items(Vec<PyObjectRef>);

impl Sink for Items {
    fn take(&mut self, _vm: &VirtualMachine, v: &PyObject) -> bool {
        self.0.push(v.to_owned());
        true
    }
    fn take_int(&mut self, vm: &VirtualMachine, v: i64) -> bool {
        self.0.push(vm.ctx.new_int(v).into());
        true
    }
    fn take_float(&mut self, vm: &VirtualMachine, v: f64) -> bool {
        self.0.push(vm.ctx.new_float(v).into());
        true
    }
}

pub(super) struct SetItems(pub(super) PyRef<PySet>);

impl Sink for SetItems {
    fn take(&mut self, vm: &VirtualMachine, v: &PyObject) -> bool {
        hashes_natively(vm, v, 4) && self.0.add(v.to_owned(), vm).is_ok()
    }
    fn take_int(&mut self, vm: &VirtualMachine, v: i64) -> bool {
        self.0.add(vm.ctx.new_int(v).into(), vm).is_ok()
    }
    fn take_float(&mut self, vm: &VirtualMachine, v: f64) -> bool {
        self.0.add(vm.ctx.new_float(v).into(), vm).is_ok()
    }
}

/// Whether hashing `v` and comparing it with what a set may hold runs no
/// Python code and cannot fail: exact ints, floats, strs, bytes, bools,
/// None, and tuples of those (nested at most `depth` deep).
pub(super) fn hashes_natively(vm: &VirtualMachine, v: &PyObject, depth: u32) -> bool {
    let t = &vm.ctx.types;
    let cls = v.class();
    if [t.int_type, t.float_type, t.str_type, t.bytes_type, t.bool_type, t.none_type].iter().any(|ty| cls.is(*ty)) {
        return true;
    }
    depth > 0
        && cls.is(t.tuple_type)
        && v.downcast_ref::<PyTuple>().is_some_and(|tup| tup.as_slice().iter().all(|x| hashes_natively(vm, x, depth - 1)))
}

/// The values of plain generator `g`, run in push mode.
fn items(vm: &VirtualMachine, g: &PyObject) -> PyResult<Vec<PyObjectRef>> {
    let mut sink = Items(Vec::new());
    drain(vm, g, &mut sink, |sink, v| {
        sink.0.push(v);
        Ok(None::<()>)
    })?;
    Ok(sink.0)
}

/// `container(g)` for plain generator `g`.
pub fn build(vm: &VirtualMachine, container: Container, g: &PyObject) -> PyResult {
    match container {
        Container::List => Ok(vm.ctx.new_list(items(vm, g)?).into()),
        Container::Tuple => Ok(vm.ctx.new_tuple(items(vm, g)?).into()),
        Container::Set | Container::FrozenSet => {
            let mut sink = SetItems(PySet::default().into_ref(&vm.ctx));
            drain(vm, g, &mut sink, |sink, v| sink.0.add(v, vm).map(|()| None::<()>).map_err(|e| crate::compat::normalize_error(vm, e)))?;
            let set: PyObjectRef = sink.0.into();
            match container {
                Container::Set => Ok(set),
                _ => vm.ctx.types.frozenset_type.as_object().call((set,), vm),
            }
        }
        Container::Join => unreachable!("Container::of never names str.join"),
    }
}

/// `sorted(generator, ...)`: the original on the generator's values.
pub(super) fn sorted(vm: &VirtualMachine, mut args: FuncArgs, callee: Callee, original: crate::compat::Original) -> PyResult {
    if let Some(g) = args.args.first().filter(|g| generator::is_plain_generator(g)).cloned() {
        args.args[0] = vm.ctx.new_list(items(vm, &g)?).into();
    }
    original(vm, args, callee)
}

/// `str.join(generator)`: the original on the generator's values.
pub(super) fn join(vm: &VirtualMachine, mut args: FuncArgs, callee: Callee, original: crate::compat::Original) -> PyResult {
    let plain = args.args.len() == 2
        && args.args[0].class().is(vm.ctx.types.str_type)
        && args.args[0].downcast_ref::<PyStr>().is_some()
        && generator::is_plain_generator(&args.args[1]);
    if plain {
        let g = args.args[1].clone();
        args.args[1] = vm.ctx.new_list(items(vm, &g)?).into();
    }
    original(vm, args, callee)
}
