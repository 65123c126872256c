//! hipy's `list_iterator`: what GET_ITER makes of an exact `list`. Its state
//! is the list and a plain index word, so the eval loop steps it without a
//! slot call and compiled traces step it inline (`field_offsets`). As in
//! CPython, every step re-reads the list's length, and an iterator that ran
//! out stays exhausted even if the list grows.

use std::sync::atomic::{AtomicI64, Ordering::Relaxed};

use rustpython_vm::builtins::{PyList, PyListRef, PyTuple};
use rustpython_vm::class::PyClassImpl;
use rustpython_vm::object::{payload_offset, Traverse, TraverseFn};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::types::{IterNext, Iterable, SelfIter};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// Traversed by the collector (and so tracked, as CPython tracks its list
/// iterators): a cycle through one (a suspended generator iterating a list
/// that holds the generator) must be collectable.
#[pyclass(module = false, name = "list_iterator", traverse = "manual")]
#[derive(Debug, PyPayload)]
#[repr(C)]
pub struct ListIter {
    pub list: PyListRef,
    /// The next index, or `EXHAUSTED`.
    pub index: AtomicI64,
}

// SAFETY: the list is the iterator's only reference.
unsafe impl Traverse for ListIter {
    fn traverse(&self, traverse_fn: &mut TraverseFn<'_>) {
        self.list.traverse(traverse_fn);
    }
}

/// The index of an iterator that ran out: no list is this long, so the
/// inline bounds check of compiled code fails on it.
pub const EXHAUSTED: i64 = i64::MAX;

/// Byte offsets of (list, index) from the start of the object.
pub fn field_offsets() -> (i32, i32) {
    let base = payload_offset::<ListIter>() as i32;
    (
        base + std::mem::offset_of!(ListIter, list) as i32,
        base + std::mem::offset_of!(ListIter, index) as i32,
    )
}

impl ListIter {
    #[inline]
    pub fn step_next(&self) -> Option<PyObjectRef> {
        let i = self.index.load(Relaxed);
        let item = usize::try_from(i).ok().and_then(|i| self.list.borrow_vec().get(i).cloned());
        match item {
            Some(v) => {
                self.index.store(i + 1, Relaxed);
                Some(v)
            }
            None => {
                self.index.store(EXHAUSTED, Relaxed);
                None
            }
        }
    }

    fn exhausted(&self) -> bool {
        self.index.load(Relaxed) == EXHAUSTED
    }
}

#[pyclass(with(IterNext, Iterable))]
impl ListIter {
    #[pymethod]
    fn __length_hint__(zelf: &Py<Self>) -> usize {
        if zelf.exhausted() {
            return 0;
        }
        let i = zelf.index.load(Relaxed) as usize;
        zelf.list.borrow_vec().len().saturating_sub(i)
    }

    /// `(iter, (list,), index)`, or `(iter, ([],))` once exhausted, as CPython.
    #[pymethod]
    fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let iter = vm.builtins.get_attr("iter", vm)?;
        let t = |items: Vec<PyObjectRef>| -> PyObjectRef { PyTuple::new_ref(items, &vm.ctx).into() };
        Ok(if zelf.exhausted() {
            t(vec![iter, t(vec![vm.ctx.new_list(vec![]).into()])])
        } else {
            let index = vm.ctx.new_int(zelf.index.load(Relaxed)).into();
            t(vec![iter, t(vec![zelf.list.clone().into()]), index])
        })
    }

    /// Set the index (clamped to `0..=len`), as CPython; ignored once exhausted.
    #[pymethod]
    fn __setstate__(zelf: &Py<Self>, state: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let index: isize = state.try_into_value(vm)?;
        if !zelf.exhausted() {
            let len = zelf.list.borrow_vec().len() as i64;
            zelf.index.store((index as i64).clamp(0, len), Relaxed);
        }
        Ok(())
    }
}

impl SelfIter for ListIter {}

impl IterNext for ListIter {
    fn next(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        Ok(match zelf.step_next() {
            Some(v) => PyIterReturn::Return(v),
            None => PyIterReturn::StopIteration(None),
        })
    }
}

pub fn init_type() {
    let _ = ListIter::make_static_type();
}

/// GET_ITER of an exact `list`: hipy's iterator.
pub fn iter_list(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<PyObjectRef> {
    if !obj.class().is(vm.ctx.types.list_type) {
        return None;
    }
    let list = obj.clone().downcast::<PyList>().ok()?;
    Some(ListIter { list, index: AtomicI64::new(0) }.into_ref(&vm.ctx).into())
}
