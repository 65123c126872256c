//! hipy's `range_iterator`: `iter(range(...))` as GET_ITER makes it when the
//! bounds fit comfortably in an i64. Its state is three plain words, so the
//! eval loop steps it without going through a slot, and compiled traces read
//! and write it inline (`FIELD_*` offsets).

use std::sync::atomic::{AtomicI64, Ordering::Relaxed};

use num_traits::ToPrimitive;
use rustpython_vm::builtins::{PyRange, PyTuple};
use rustpython_vm::class::PyClassImpl;
use rustpython_vm::object::payload_offset;
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::types::{IterNext, Iterable, SelfIter};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

#[pyclass(module = false, name = "range_iterator")]
#[derive(Debug, PyPayload)]
#[repr(C)]
pub struct RangeIter {
    /// The next value to produce.
    pub cur: AtomicI64,
    /// How many values are left.
    pub remaining: AtomicI64,
    pub step: i64,
}

/// Byte offsets of the fields from the start of the object.
pub fn field_offsets() -> (i32, i32, i32) {
    let base = payload_offset::<RangeIter>() as i32;
    (
        base + std::mem::offset_of!(RangeIter, cur) as i32,
        base + std::mem::offset_of!(RangeIter, remaining) as i32,
        base + std::mem::offset_of!(RangeIter, step) as i32,
    )
}

/// Bounds beyond this use RustPython's own iterator (no overflow concerns).
const LIMIT: i64 = 1 << 62;

impl RangeIter {
    /// An iterator over `r`, or None when its bounds are too large.
    pub fn for_range(r: &PyRange) -> Option<RangeIter> {
        let start = r.start.as_bigint().to_i64()?;
        let stop = r.stop.as_bigint().to_i64()?;
        let step = r.step.as_bigint().to_i64()?;
        Self::new(start, stop, step)
    }

    /// An iterator from `start` to `stop` by `step`, or None when the bounds
    /// are too large or `step` is 0.
    pub fn new(start: i64, stop: i64, step: i64) -> Option<RangeIter> {
        if [start, stop, step].iter().any(|v| v.abs() >= LIMIT) || step == 0 {
            return None;
        }
        let len = if step > 0 {
            if start < stop { (stop - start + step - 1) / step } else { 0 }
        } else if start > stop {
            (start - stop - step - 1) / (-step)
        } else {
            0
        };
        Some(RangeIter { cur: AtomicI64::new(start), remaining: AtomicI64::new(len), step })
    }

    #[inline]
    pub fn step_next(&self) -> Option<i64> {
        let left = self.remaining.load(Relaxed);
        if left <= 0 {
            return None;
        }
        self.remaining.store(left - 1, Relaxed);
        let v = self.cur.load(Relaxed);
        self.cur.store(v.wrapping_add(self.step), Relaxed);
        Some(v)
    }
}

#[pyclass(with(IterNext, Iterable))]
impl RangeIter {
    #[pymethod]
    fn __length_hint__(zelf: &Py<Self>) -> i64 {
        zelf.remaining.load(Relaxed).max(0)
    }

    #[pymethod]
    fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        // (iter, (range(cur, stop, step),)) as CPython does, with the index folded in.
        let cur = zelf.cur.load(Relaxed);
        let left = zelf.remaining.load(Relaxed).max(0);
        let stop = cur + left * zelf.step;
        let range = vm.ctx.types.range_type.as_object().call((cur, stop, zelf.step), vm)?;
        let iter = vm.builtins.get_attr("iter", vm)?;
        let args: PyObjectRef = vm.ctx.new_tuple(vec![range]).into();
        Ok(PyTuple::new_ref(vec![iter, args], &vm.ctx).into())
    }
}

impl SelfIter for RangeIter {}

impl IterNext for RangeIter {
    fn next(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyIterReturn> {
        Ok(match zelf.step_next() {
            Some(v) => PyIterReturn::Return(vm.ctx.new_int(v).into()),
            None => PyIterReturn::StopIteration(None),
        })
    }
}

pub fn init_type() {
    let _ = RangeIter::make_static_type();
}

/// GET_ITER of an exact `range`: hipy's iterator when possible.
pub fn iter_range(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<PyObjectRef> {
    if !obj.class().is(vm.ctx.types.range_type) {
        return None;
    }
    let r = obj.downcast_ref::<PyRange>()?;
    Some(RangeIter::for_range(r)?.into_ref(&vm.ctx).into())
}

/// `iter(range(start, stop, step))`: hipy's iterator, or RustPython's where
/// the bounds are past hipy's limit (as GET_ITER of that range would give);
/// a zero step raises as `range()` does.
pub fn iter_of(vm: &VirtualMachine, start: i64, stop: i64, step: i64) -> PyResult {
    if let Some(it) = RangeIter::new(start, stop, step) {
        return Ok(it.into_ref(&vm.ctx).into());
    }
    let range = vm.ctx.types.range_type.as_object().call((start, stop, step), vm)?;
    Ok(range.get_iter(vm)?.into())
}
