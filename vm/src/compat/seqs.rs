//! Sequence behaviour of `list`, `bytes` and `bytearray` as in CPython 3.11.
//!
//! - `list.index` / `list.remove`: RustPython formats a missing value with
//!   `str()` in quotes (`'9' is not in list`), calling a user `__str__`; 3.11
//!   says `list.remove(x): x not in list` and `%r is not in list`.
//! - `range` subscripts, `in` on sets, concatenation and slice assignment with a wrong operand, and
//!   `bytearray.pop`, are worded as 3.11 words them (slot wrappers that only
//!   look at errors).

use std::sync::OnceLock;

use num_traits::{Signed, ToPrimitive};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyList, PySlice};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::protocol::{PyMapping, PySequence};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::{messages, wrap};
use wrap::save_store;

type Concat = fn(PySequence<'_>, &PyObject, &VirtualMachine) -> PyResult;
type Subscript = fn(PyMapping<'_>, &PyObject, &VirtualMachine) -> PyResult;
type Contains = fn(PySequence<'_>, &PyObject, &VirtualMachine) -> PyResult<bool>;
type AssSubscript = fn(PyMapping<'_>, &PyObject, Option<PyObjectRef>, &VirtualMachine) -> PyResult<()>;

static LIST_CONCAT: OnceLock<Concat> = OnceLock::new();
static BYTES_CONCAT: OnceLock<Concat> = OnceLock::new();
static BYTEARRAY_CONCAT: OnceLock<Concat> = OnceLock::new();
static RANGE_SUBSCRIPT: OnceLock<Subscript> = OnceLock::new();
static SET_CONTAINS: OnceLock<Contains> = OnceLock::new();
static FROZENSET_CONTAINS: OnceLock<Contains> = OnceLock::new();
static LIST_ASS_SUBSCRIPT: OnceLock<AssSubscript> = OnceLock::new();
static BYTEARRAY_ASS_SUBSCRIPT: OnceLock<AssSubscript> = OnceLock::new();

pub fn install(vm: &VirtualMachine) {
    let t = &vm.ctx.types;
    let slots = &t.list_type.slots;
    save_store!(LIST_CONCAT, slots.as_sequence.concat, list_concat as Concat);
    save_store!(LIST_ASS_SUBSCRIPT, slots.as_mapping.ass_subscript, list_ass_subscript as AssSubscript);
    save_store!(RANGE_SUBSCRIPT, t.range_type.slots.as_mapping.subscript, range_subscript as Subscript);
    save_store!(SET_CONTAINS, t.set_type.slots.as_sequence.contains, set_contains as Contains);
    save_store!(FROZENSET_CONTAINS, t.frozenset_type.slots.as_sequence.contains, frozenset_contains as Contains);
    save_store!(BYTES_CONCAT, t.bytes_type.slots.as_sequence.concat, bytes_concat as Concat);
    let slots = &t.bytearray_type.slots;
    save_store!(BYTEARRAY_CONCAT, slots.as_sequence.concat, bytearray_concat as Concat);
    save_store!(BYTEARRAY_ASS_SUBSCRIPT, slots.as_mapping.ass_subscript, bytearray_ass_subscript as AssSubscript);

    wrap::method(vm, t.list_type, "index", |vm, args, _, _| list_index(vm, args));
    wrap::method(vm, t.list_type, "remove", |vm, args, _, _| list_remove(vm, args));
    wrap::method(vm, t.bytearray_type, "pop", |vm, args, callee, original| {
        let zelf = args.args.first().cloned();
        original(vm, args, callee).map_err(|e| bytearray_pop_error(vm, zelf, e))
    });
}

fn list_concat(seq: PySequence<'_>, other: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = LIST_CONCAT.get().expect("saved");
    original(seq, other, vm).map_err(|e| {
        if e.class().is(vm.ctx.exceptions.type_error) && !other.fast_isinstance(vm.ctx.types.list_type) {
            vm.new_type_error(format!("can only concatenate list (not \"{}\") to list", other.class().name()))
        } else {
            e
        }
    })
}

fn range_subscript(m: PyMapping<'_>, key: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = RANGE_SUBSCRIPT.get().expect("saved");
    original(m, key, vm).map_err(|e| messages::normalize(vm, e))
}

/// `x in s` with an unhashable `x`: the hash error as it is (see
/// `messages::normalize`).
fn set_contains(seq: PySequence<'_>, item: &PyObject, vm: &VirtualMachine) -> PyResult<bool> {
    let original = SET_CONTAINS.get().expect("saved");
    original(seq, item, vm).map_err(|e| messages::normalize(vm, e))
}

fn frozenset_contains(seq: PySequence<'_>, item: &PyObject, vm: &VirtualMachine) -> PyResult<bool> {
    let original = FROZENSET_CONTAINS.get().expect("saved");
    original(seq, item, vm).map_err(|e| messages::normalize(vm, e))
}

/// 3.11: "can't concat str to bytes" for a non-buffer right operand.
fn bytes_like_concat_error(vm: &VirtualMachine, seq: &PyObject, other: &PyObject, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let msg = messages::exception_message(&e).unwrap_or_default();
    if e.class().is(vm.ctx.exceptions.type_error) && msg.starts_with("a bytes-like object is required, not ") {
        vm.new_type_error(format!("can't concat {} to {}", other.class().name(), seq.class().name()))
    } else {
        e
    }
}

fn bytes_concat(seq: PySequence<'_>, other: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = BYTES_CONCAT.get().expect("saved");
    let obj = seq.obj;
    original(seq, other, vm).map_err(|e| bytes_like_concat_error(vm, obj, other, e))
}

fn bytearray_concat(seq: PySequence<'_>, other: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = BYTEARRAY_CONCAT.get().expect("saved");
    let obj = seq.obj;
    original(seq, other, vm).map_err(|e| bytes_like_concat_error(vm, obj, other, e))
}

/// Whether a subscript is a slice with step 1 (a plain slice assignment).
fn simple_slice(vm: &VirtualMachine, key: &PyObject) -> Option<bool> {
    let slice = key.downcast_ref::<PySlice>()?;
    Some(match &slice.step {
        None => true,
        Some(step) if vm.is_none(step) => true,
        Some(step) => step.try_index(vm).ok().is_some_and(|s| s.as_bigint().to_i64() == Some(1)),
    })
}

fn list_ass_subscript(m: PyMapping<'_>, key: &PyObject, value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
    let original = LIST_ASS_SUBSCRIPT.get().expect("saved");
    let value_type = value.as_ref().map(|v| v.class().name().to_string());
    original(m, key, value, vm).map_err(|e| {
        let msg = messages::exception_message(&e);
        let not_iterable = value_type.map(|t| format!("'{t}' object is not iterable"));
        if e.class().is(vm.ctx.exceptions.type_error) && msg.is_some() && msg == not_iterable {
            match simple_slice(vm, key) {
                Some(true) => return vm.new_type_error("can only assign an iterable"),
                Some(false) => return vm.new_type_error("must assign iterable to extended slice"),
                None => {}
            }
        }
        e
    })
}

fn bytearray_ass_subscript(m: PyMapping<'_>, key: &PyObject, value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
    let original = BYTEARRAY_ASS_SUBSCRIPT.get().expect("saved");
    original(m, key, value, vm).map_err(|e| {
        let Some(msg) = messages::exception_message(&e) else { return e };
        if let Some(rest) = msg.strip_prefix("attempt to assign sequence of size ") {
            return messages::reworded(vm, &e, format!("attempt to assign bytes of size {rest}"));
        }
        let is_slice = key.downcast_ref::<PySlice>().is_some();
        if is_slice && msg.starts_with("cannot convert '") && msg.ends_with("' object to bytearray") {
            return vm.new_type_error("can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        }
        e
    })
}

fn bytearray_pop_error(vm: &VirtualMachine, zelf: Option<PyObjectRef>, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let is_range_error = messages::exception_message(&e).as_deref() == Some("index out of range");
    match zelf {
        Some(zelf) if is_range_error && e.class().is(vm.ctx.exceptions.index_error) => {
            if zelf.length(vm).ok() == Some(0) {
                vm.new_index_error("pop from empty bytearray")
            } else {
                vm.new_index_error("pop index out of range")
            }
        }
        _ => e,
    }
}

/// `list.index`'s start/stop (_PyEval_SliceIndexNotNone), clamped to
/// `0..=len` after adding `len` to a negative one.
fn slice_bound(vm: &VirtualMachine, obj: &PyObject, len: usize) -> PyResult<usize> {
    let index = match obj.try_index_opt(vm) {
        Some(i) => i?,
        None => return Err(vm.new_type_error("slice indices must be integers or have an __index__ method")),
    };
    let i = index.as_bigint();
    if i.is_negative() {
        let back = (-i).to_usize().unwrap_or(usize::MAX);
        Ok(len.saturating_sub(back))
    } else {
        Ok(i.to_usize().unwrap_or(usize::MAX))
    }
}

/// The list and the arguments after it; a wrong shape is reported by
/// `calls`' translation with 3.11's message.
fn list_args(vm: &VirtualMachine, args: FuncArgs, min: usize, max: usize) -> PyResult<(PyObjectRef, Vec<PyObjectRef>)> {
    let name = "list method";
    if !args.kwargs.is_empty() || args.args.len() < 1 + min || args.args.len() > 1 + max {
        return Err(vm.new_type_error(format!("{name} got a wrong number of arguments")));
    }
    let mut it = args.args.into_iter();
    let zelf = it.next().expect("checked");
    if zelf.downcast_ref::<PyList>().is_none() {
        return Err(vm.new_type_error("descriptor requires a 'list' object"));
    }
    Ok((zelf, it.collect()))
}

fn item_at(list: &PyObject, i: usize) -> Option<PyObjectRef> {
    list.downcast_ref::<PyList>().and_then(|l| l.borrow_vec().get(i).cloned())
}

fn list_len(list: &PyObject) -> usize {
    list.downcast_ref::<PyList>().map_or(0, |l| l.borrow_vec().len())
}

fn list_index(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let (zelf, rest) = list_args(vm, args, 1, 3)?;
    let value = &rest[0];
    let len = list_len(&zelf);
    let start = match rest.get(1) {
        Some(s) => slice_bound(vm, s, len)?,
        None => 0,
    };
    let stop = match rest.get(2) {
        Some(s) => slice_bound(vm, s, len)?,
        None => usize::MAX,
    };
    let mut i = start;
    while i < stop {
        let Some(item) = item_at(&zelf, i) else { break };
        if vm.identical_or_equal(&item, value)? {
            return Ok(vm.ctx.new_int(i).into());
        }
        i += 1;
    }
    let repr = value.repr(vm)?;
    Err(vm.new_value_error(format!("{} is not in list", repr.as_wtf8())))
}

fn list_remove(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let (zelf, rest) = list_args(vm, args, 1, 1)?;
    let value = &rest[0];
    let mut i = 0;
    while let Some(item) = item_at(&zelf, i) {
        if vm.identical_or_equal(&item, value)? {
            let list = zelf.downcast_ref::<PyList>().expect("checked");
            // Drop the removed item after releasing the list.
            let removed = {
                let mut items = list.borrow_vec_mut();
                (i < items.len()).then(|| items.remove(i))
            };
            drop(removed);
            return Ok(vm.ctx.none());
        }
        i += 1;
    }
    Err(vm.new_value_error("list.remove(x): x not in list"))
}
