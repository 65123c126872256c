//! hipy's `list_iterator` and `tuple_iterator`: what GET_ITER makes of an
//! exact `list` or `tuple`. Their state is the sequence and a plain index
//! word, so the eval loop steps them without a slot call and compiled traces
//! step them inline (`field_offsets`, the same for both). As in CPython, every
//! step re-reads the sequence's length, and an iterator that ran out stays
//! exhausted even if a list grows.

use std::sync::atomic::{AtomicI64, Ordering::Relaxed};

use rustpython_vm::builtins::{PyList, PyListRef, PyTuple, PyTupleRef};
use rustpython_vm::class::PyClassImpl;
use rustpython_vm::object::{payload_offset, Traverse, TraverseFn};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::types::{IterNext, Iterable, SelfIter};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// The index of an iterator that ran out: no sequence is this long, so the
/// inline bounds check of compiled code fails on it.
pub const EXHAUSTED: i64 = i64::MAX;

/// The items of the sequence an iterator walks, read under its lock (a
/// list's) for the length of `f`.
trait Items {
    fn with_items<R>(&self, f: impl FnOnce(&[PyObjectRef]) -> R) -> R;
}

impl Items for PyListRef {
    fn with_items<R>(&self, f: impl FnOnce(&[PyObjectRef]) -> R) -> R {
        f(&self.borrow_vec())
    }
}

impl Items for PyTupleRef {
    fn with_items<R>(&self, f: impl FnOnce(&[PyObjectRef]) -> R) -> R {
        f(self.as_slice())
    }
}

/// One iterator type over `$seq` (a list or a tuple): CPython's
/// `listiterobject`/`tupleiterobject` behaviour, `$empty` being what
/// `__reduce__` gives once it is exhausted.
macro_rules! seq_iterator {
    ($(#[$doc:meta])* $name:ident, $pyname:literal, $seq:ty, $empty:expr) => {
        $(#[$doc])*
        /// Traversed by the collector (and so tracked, as CPython tracks these
        /// iterators): a cycle through one (a suspended generator iterating a
        /// list that holds the generator) must be collectable.
        #[pyclass(module = false, name = $pyname, traverse = "manual")]
        #[derive(Debug, PyPayload)]
        #[repr(C)]
        pub struct $name {
            pub seq: $seq,
            /// The next index, or `EXHAUSTED`.
            pub index: AtomicI64,
        }

        // SAFETY: the sequence is the iterator's only reference.
        unsafe impl Traverse for $name {
            fn traverse(&self, traverse_fn: &mut TraverseFn<'_>) {
                self.seq.traverse(traverse_fn);
            }
        }

        impl $name {
            #[inline]
            pub fn step_next(&self) -> Option<PyObjectRef> {
                let i = self.index.load(Relaxed);
                let item = usize::try_from(i).ok().and_then(|i| self.seq.with_items(|items| items.get(i).cloned()));
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

            pub fn len(&self) -> usize {
                self.seq.with_items(|items| items.len())
            }
        }

        #[pyclass(with(IterNext, Iterable))]
        impl $name {
            #[pymethod]
            fn __length_hint__(zelf: &Py<Self>) -> usize {
                if zelf.exhausted() {
                    return 0;
                }
                zelf.len().saturating_sub(zelf.index.load(Relaxed) as usize)
            }

            /// `(iter, (seq,), index)`, or `(iter, (empty,))` once exhausted, as CPython.
            #[pymethod]
            fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
                let iter = vm.builtins.get_attr("iter", vm)?;
                let t = |items: Vec<PyObjectRef>| -> PyObjectRef { PyTuple::new_ref(items, &vm.ctx).into() };
                Ok(if zelf.exhausted() {
                    let empty: fn(&VirtualMachine) -> PyObjectRef = $empty;
                    t(vec![iter, t(vec![empty(vm)])])
                } else {
                    let index = vm.ctx.new_int(zelf.index.load(Relaxed)).into();
                    t(vec![iter, t(vec![zelf.seq.clone().into()]), index])
                })
            }

            /// Set the index (clamped to `0..=len`), as CPython; ignored once exhausted.
            #[pymethod]
            fn __setstate__(zelf: &Py<Self>, state: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
                let index: isize = state.try_into_value(vm)?;
                if !zelf.exhausted() {
                    zelf.index.store((index as i64).clamp(0, zelf.len() as i64), Relaxed);
                }
                Ok(())
            }
        }

        impl SelfIter for $name {}

        impl IterNext for $name {
            fn next(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<PyIterReturn> {
                Ok(match zelf.step_next() {
                    Some(v) => PyIterReturn::Return(v),
                    None => PyIterReturn::StopIteration(None),
                })
            }
        }
    };
}

seq_iterator!(ListIter, "list_iterator", PyListRef, |vm| vm.ctx.new_list(vec![]).into());
seq_iterator!(TupleIter, "tuple_iterator", PyTupleRef, |vm| vm.ctx.empty_tuple.clone().into());

/// Byte offsets of (sequence, index) from the start of either iterator.
pub fn field_offsets() -> (i32, i32) {
    let base = payload_offset::<ListIter>() as i32;
    debug_assert_eq!(base, payload_offset::<TupleIter>() as i32);
    (
        base + std::mem::offset_of!(ListIter, seq) as i32,
        base + std::mem::offset_of!(ListIter, index) as i32,
    )
}

pub fn init_type() {
    let _ = ListIter::make_static_type();
    let _ = TupleIter::make_static_type();
}

/// GET_ITER of an exact `list` or `tuple`: hipy's iterator.
pub fn iter_seq(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<PyObjectRef> {
    let index = AtomicI64::new(0);
    if obj.class().is(vm.ctx.types.list_type) {
        let seq = obj.clone().downcast::<PyList>().ok()?;
        return Some(ListIter { seq, index }.into_ref(&vm.ctx).into());
    }
    if obj.class().is(vm.ctx.types.tuple_type) {
        let seq = obj.clone().downcast::<PyTuple>().ok()?;
        return Some(TupleIter { seq, index }.into_ref(&vm.ctx).into());
    }
    None
}
