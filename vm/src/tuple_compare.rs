//! Tuple comparison as CPython's `tuplerichcompare` does it, installed as
//! the `tuple` type's comparison slot (so every caller gets it: `<` in the
//! interpreter and in compiled code, `sorted`, `heapq`, `min`/`max`, dict
//! lookups with tuple keys).
//!
//! Items are compared for equality up to the first pair that differs (an
//! identical pair is equal without a call), then that pair is compared
//! with the operator itself and its result returned as it is (CPython does
//! not convert it to bool); tuples equal up to the shorter length compare
//! by length. Items of exact int, float or str classes compare natively
//! (`exact::compare_fast`); anything else takes the generic protocol, so
//! Python `__eq__`/`__lt__` methods run exactly where CPython runs them.

use rustpython_vm::builtins::PyTuple;
use rustpython_vm::function::{Either, PyComparisonValue};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::exact::compare_fast;

fn items_equal(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult<bool> {
    if a.is(b) {
        return Ok(true);
    }
    match compare_fast(vm, a, b, PyComparisonOp::Eq) {
        Some(eq) => Ok(eq),
        None => a.rich_compare_bool(b, PyComparisonOp::Eq, vm),
    }
}

fn tuple_richcompare(
    zelf: &PyObject,
    other: &PyObject,
    op: PyComparisonOp,
    vm: &VirtualMachine,
) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
    let (Some(v), Some(w)) = (zelf.downcast_ref::<PyTuple>(), other.downcast_ref::<PyTuple>()) else {
        return Ok(Either::B(PyComparisonValue::NotImplemented));
    };
    let (v, w) = (v.as_slice(), w.as_slice());
    let mut i = 0;
    while i < v.len() && i < w.len() {
        if !items_equal(vm, &v[i], &w[i])? {
            break;
        }
        i += 1;
    }
    let answer = |b: bool| Ok(Either::B(PyComparisonValue::Implemented(b)));
    if i >= v.len() || i >= w.len() {
        return answer(op.eval_ord(v.len().cmp(&w.len())));
    }
    match op {
        PyComparisonOp::Eq => answer(false),
        PyComparisonOp::Ne => answer(true),
        _ => match compare_fast(vm, &v[i], &w[i], op) {
            Some(b) => answer(b),
            None => (*v[i]).rich_compare(&w[i], op, vm).map(Either::A),
        },
    }
}

/// Makes `tuple_richcompare` the tuple type's comparison (subclasses made
/// from now on inherit it).
pub fn install(vm: &VirtualMachine) {
    vm.ctx.types.tuple_type.slots.richcompare.store(Some(tuple_richcompare));
}
