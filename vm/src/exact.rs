//! The interpreter's specialized forms of BINARY_OP `[]`, STORE_SUBSCR,
//! COMPARE_OP and CONTAINS_OP for operands of exact builtin types (int,
//! float, str, list, tuple, dict, set), as CPython 3.11's quickened
//! instructions do them (BINARY_SUBSCR_LIST_INT / _DICT, COMPARE_OP_STR_JUMP,
//! ...). The guard of each is the operands' exact classes, which hold for
//! the object's lifetime, so no state is kept per instruction; a subclass
//! (which may override the dunder), a value out of the fast range, or any
//! case that could raise or run Python code answers None, and the caller
//! takes the generic protocol path. In the random-miss test mode
//! (`HIPY_CACHE_RANDOM_MISS`) the newer forms also miss at random, so the
//! corpus runs both paths.

use rustpython_vm::builtins::{PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PySet, PySlice, PyStr, PyTuple};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::forced_miss;

#[inline]
pub(crate) fn exact_int<'a>(vm: &VirtualMachine, o: &'a PyObject) -> Option<&'a PyInt> {
    if o.class().is(vm.ctx.types.int_type) {
        o.downcast_ref::<PyInt>().map(|i| &**i)
    } else {
        None
    }
}

/// Whether class `cls` has type flag `flag` (`PyTypeFlags::HEAPTYPE`, ...):
/// one load, inlined (RustPython's `has_feature` is a call).
#[inline(always)]
pub(crate) fn type_has(cls: &rustpython_vm::builtins::PyType, flag: u8) -> bool {
    cls.slots.flags.as_bits().load(std::sync::atomic::Ordering::Acquire) & (1u64 << flag) != 0
}

/// The value of `o` when it is an exact int that fits an i64 (not
/// `i64::MIN`): the interpreter's small-int read.
#[inline]
pub(crate) fn exact_i64(vm: &VirtualMachine, o: &PyObject) -> Option<i64> {
    if o.class().is(vm.ctx.types.int_type) {
        crate::layout::objects::int_value(o)
    } else {
        None
    }
}

#[inline]
pub(crate) fn exact_float(vm: &VirtualMachine, o: &PyObject) -> Option<f64> {
    if o.class().is(vm.ctx.types.float_type) {
        o.downcast_ref::<PyFloat>().map(|f| f.to_f64())
    } else {
        None
    }
}

#[inline]
pub(crate) fn exact_str<'a>(vm: &VirtualMachine, o: &'a PyObject) -> Option<&'a PyStr> {
    if o.class().is(vm.ctx.types.str_type) {
        o.downcast_ref::<PyStr>().map(|s| &**s)
    } else {
        None
    }
}

/// Whether `s` is all ASCII (known from its kind, without a scan).
#[inline]
pub(crate) fn is_ascii(s: &PyStr) -> bool {
    matches!(s.kind(), rustpython_vm::common::str::StrKind::Ascii)
}

/// An exact int or str: a dict or set key whose hash and equality are
/// builtin (no Python code runs, nothing can raise).
#[inline]
fn plain_key(vm: &VirtualMachine, o: &PyObject) -> bool {
    let c = o.class();
    c.is(vm.ctx.types.str_type) || c.is(vm.ctx.types.int_type)
}

/// The hash of an exact int of one limb or an exact str, computed here
/// (a str's is cached on it) instead of through the hash slot; None for
/// anything else. Such a hash runs no Python code and cannot fail.
#[inline]
pub(crate) fn plain_hash(vm: &VirtualMachine, o: &PyObject) -> Option<rustpython_vm::common::hash::PyHash> {
    let c = o.class();
    if c.is(vm.ctx.types.int_type) {
        return crate::layout::objects::int_value(o).map(crate::int_hash::small_int_hash);
    }
    if c.is(vm.ctx.types.str_type) {
        let s = o.downcast_ref::<PyStr>()?;
        return <PyStr as rustpython_vm::types::Hashable>::hash(s, vm).ok();
    }
    None
}

/// An exact int (checked by the caller) that converts to f64 without
/// rounding.
#[inline]
fn int_as_exact_f64(o: &PyObject) -> Option<f64> {
    let v = crate::layout::objects::int_value(o)?;
    (v.unsigned_abs() <= (1u64 << 53)).then_some(v as f64)
}

/// `seq[i]` for exact lists, tuples and ASCII strs with a small int index,
/// `seq[a:b:c]` for exact lists and tuples (`slice_fast`), and `d[k]`
/// for an exact dict holding the exact int or str `k` (a missing key takes
/// the generic path, which raises KeyError).
#[inline]
pub(crate) fn subscript_fast(vm: &VirtualMachine, seq: &PyObject, idx: &PyObject) -> Option<PyObjectRef> {
    let class = seq.class();
    if class.is(vm.ctx.types.dict_type) {
        if !plain_key(vm, idx) || forced_miss() {
            return None;
        }
        return seq.downcast_ref::<PyDict>()?.get_item_opt(idx, vm).ok().flatten();
    }
    if idx.class().is(vm.ctx.types.slice_type) {
        let s = idx.downcast_ref::<PySlice>()?;
        return slice_fast(vm, seq, s.start.as_deref(), Some(&s.stop), s.step.as_deref());
    }
    let i = exact_i64(vm, idx)?;
    let get = |items: &[PyObjectRef]| {
        let n = items.len() as i64;
        let j = if i < 0 { i + n } else { i };
        (0 <= j && j < n).then(|| items[j as usize].clone())
    };
    if class.is(vm.ctx.types.list_type) {
        let list = seq.downcast_ref::<PyList>()?;
        let items = list.borrow_vec();
        return get(&items);
    }
    if class.is(vm.ctx.types.tuple_type) {
        return get(seq.downcast_ref::<PyTuple>()?.as_slice());
    }
    if class.is(vm.ctx.types.str_type) {
        // An ASCII str: the character is byte j, and the result the same
        // cached one-character str the generic path returns.
        let s = seq.downcast_ref::<PyStr>()?;
        if !is_ascii(s) || forced_miss() {
            return None;
        }
        let bytes = s.as_wtf8().as_bytes();
        let n = bytes.len() as i64;
        let j = if i < 0 { i + n } else { i };
        return (0 <= j && j < n).then(|| vm.ctx.latin1_char(bytes[j as usize]).into());
    }
    None
}

/// `seq[i] = v` for exact lists with a small int index in range, and
/// `d[k] = v` for an exact dict and an exact int or str key: None when
/// stored (the value's reference moved into the container), else the value
/// back, for the general protocol to store (or raise).
#[inline]
pub fn store_subscript_fast(vm: &VirtualMachine, seq: &PyObject, idx: &PyObject, v: PyObjectRef) -> Option<PyObjectRef> {
    let class = seq.class();
    if class.is(vm.ctx.types.dict_type) {
        if !plain_key(vm, idx) || forced_miss() {
            return Some(v);
        }
        let Some(d) = seq.downcast_ref::<PyDict>() else { return Some(v) };
        // Hashing and comparing an exact int or str key runs no Python code
        // and cannot raise.
        d.set_item(idx, v, vm).expect("storing under an exact int or str key");
        return None;
    }
    let Some(i) = exact_i64(vm, idx) else {
        return Some(v);
    };
    let Some(list) = seq.downcast_ref::<PyList>().filter(|_| class.is(vm.ctx.types.list_type)) else {
        return Some(v);
    };
    let mut items = list.borrow_vec_mut();
    let n = items.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if 0 <= j && j < n {
        let old = std::mem::replace(&mut items[j as usize], v);
        drop(items);
        drop(old);
        None
    } else {
        drop(items);
        Some(v)
    }
}

#[inline]
/// `op` applied to an ordering (None: unordered, a NaN), as IEEE and
/// CPython's rich comparisons answer it.
pub(crate) fn ordered(op: PyComparisonOp, o: Option<std::cmp::Ordering>) -> bool {
    match o {
        Some(o) => op.eval_ord(o),
        None => op == PyComparisonOp::Ne,
    }
}

/// `a <op> b` for two exact ints, two exact floats, an exact int and an
/// exact float (an int beyond 2**53 takes the generic path, which compares
/// exactly), or two exact strs (code point order: WTF-8's byte order).
#[inline]
pub(crate) fn compare_fast(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: PyComparisonOp) -> Option<bool> {
    order_fast(vm, a, b).map(|o| ordered(op, o))
}

/// How `a` and `b` compare, for the operands `compare_fast` answers: the
/// ordering, None (inner) when they are unordered (a NaN), None (outer) when
/// the generic comparison must decide. One call answers both `==` and `<`
/// (a tuple comparison asks both of its first unequal items).
pub(crate) fn order_fast(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> Option<Option<std::cmp::Ordering>> {
    let (ca, cb) = (a.class(), b.class());
    let t = &vm.ctx.types;
    if ca.is(t.int_type) {
        if cb.is(t.int_type) {
            let small = crate::layout::objects::int_value;
            if let (Some(x), Some(y)) = (small(a), small(b)) {
                return Some(Some(x.cmp(&y)));
            }
            return Some(Some(a.downcast_ref::<PyInt>()?.as_bigint().cmp(b.downcast_ref::<PyInt>()?.as_bigint())));
        }
        if cb.is(t.float_type) && !forced_miss() {
            return Some(int_as_exact_f64(a)?.partial_cmp(&b.downcast_ref::<PyFloat>()?.to_f64()));
        }
        return None;
    }
    if ca.is(t.float_type) {
        let x = a.downcast_ref::<PyFloat>()?.to_f64();
        if cb.is(t.float_type) {
            return Some(x.partial_cmp(&b.downcast_ref::<PyFloat>()?.to_f64()));
        }
        if cb.is(t.int_type) && !forced_miss() {
            return Some(x.partial_cmp(&int_as_exact_f64(b)?));
        }
        return None;
    }
    if ca.is(t.str_type) && cb.is(t.str_type) && !forced_miss() {
        if a.is(b) {
            return Some(Some(std::cmp::Ordering::Equal));
        }
        let (x, y) = (a.downcast_ref::<PyStr>()?.as_wtf8(), b.downcast_ref::<PyStr>()?.as_wtf8());
        return Some(Some(x.as_bytes().cmp(y.as_bytes())));
    }
    None
}

/// Whether `item == needle` for an item of a tuple or list, when it can be
/// answered without running Python code: identity, or the same exact int
/// or str class. None otherwise.
#[inline]
fn plain_eq(vm: &VirtualMachine, item: &PyObject, needle: &PyObject, needle_is_str: bool) -> Option<bool> {
    if item.is(needle) {
        return Some(true);
    }
    if needle_is_str {
        let item = exact_str(vm, item)?;
        let needle = needle.downcast_ref::<PyStr>()?;
        Some(item.as_wtf8() == needle.as_wtf8())
    } else {
        let item = exact_int(vm, item)?;
        Some(item.as_bigint() == needle.downcast_ref::<PyInt>()?.as_bigint())
    }
}

/// `needle in container` for an exact str in an exact str (both valid
/// UTF-8, whose byte search finds exactly the code point substrings), an
/// exact int or str in an exact dict, set or frozenset, and in an exact
/// tuple or list whose items up to the answer are that exact type or the
/// needle itself. None: the generic `__contains__`.
pub(crate) fn contains_fast(vm: &VirtualMachine, needle: &PyObject, container: &PyObject) -> Option<PyResult<bool>> {
    if !plain_key(vm, needle) || forced_miss() {
        return None;
    }
    let t = &vm.ctx.types;
    let class = container.class();
    let needle_is_str = needle.class().is(t.str_type);
    if class.is(t.str_type) {
        if !needle_is_str {
            return None;
        }
        let hay = container.downcast_ref::<PyStr>()?.to_str()?;
        let pat = needle.downcast_ref::<PyStr>()?.to_str()?;
        return Some(Ok(hay.contains(pat)));
    }
    if class.is(t.dict_type) {
        return Some(container.downcast_ref::<PyDict>()?.get_item_opt(needle, vm).map(|v| v.is_some()));
    }
    if class.is(t.set_type) {
        let set = container.downcast_ref::<PySet>()?;
        return Some(match plain_hash(vm, needle) {
            Some(hash) => set.contains_hashed(needle, hash, vm),
            None => set.contains(needle, vm),
        });
    }
    if class.is(t.frozenset_type) {
        let set = container.downcast_ref::<PyFrozenSet>()?;
        return Some(match plain_hash(vm, needle) {
            Some(hash) => set.contains_hashed(needle, hash, vm),
            None => set.contains(needle, vm),
        });
    }
    let scan = |items: &[PyObjectRef]| -> Option<bool> {
        for item in items {
            if plain_eq(vm, item, needle, needle_is_str)? {
                return Some(true);
            }
        }
        Some(false)
    };
    if class.is(t.tuple_type) {
        return scan(container.downcast_ref::<PyTuple>()?.as_slice()).map(Ok);
    }
    if class.is(t.list_type) {
        let list = container.downcast_ref::<PyList>()?;
        let items = list.borrow_vec();
        return scan(&items[..]).map(Ok);
    }
    None
}

/// A slice bound: None, or an exact int (None: a subclass or a value the
/// caller leaves to the generic path, which runs `__index__`).
#[inline]
fn slice_bound(vm: &VirtualMachine, o: Option<&PyObject>) -> Option<Option<i128>> {
    match o {
        None => Some(None),
        Some(o) if vm.is_none(o) => Some(None),
        Some(o) => Some(Some(exact_i64(vm, o)? as i128)),
    }
}

/// The positions `seq[start:stop:step]` takes from a sequence of `n` items,
/// as CPython's `PySlice_AdjustIndices` computes them: the first index, the
/// step and the count. None for a zero step (the generic path raises).
fn slice_indices(n: usize, start: Option<i128>, stop: Option<i128>, step: Option<i128>) -> Option<(i128, i128, usize)> {
    let n = n as i128;
    let step = step.unwrap_or(1);
    if step == 0 {
        return None;
    }
    let (low, high) = if step < 0 { (-1, n - 1) } else { (0, n) };
    let adjust = |v: Option<i128>, default: i128| match v {
        None => default,
        Some(v) if v < 0 => (v + n).max(low),
        Some(v) => v.min(high),
    };
    let start = adjust(start, if step < 0 { high } else { 0 });
    let stop = adjust(stop, if step < 0 { low } else { n });
    let count = if step < 0 {
        if stop < start { (start - stop - 1) / -step + 1 } else { 0 }
    } else if start < stop {
        (stop - start - 1) / step + 1
    } else {
        0
    };
    Some((start, step, count as usize))
}

fn take_slice(items: &[PyObjectRef], start: i128, step: i128, count: usize) -> Vec<PyObjectRef> {
    if step == 1 {
        return items[start as usize..start as usize + count].to_vec();
    }
    (0..count).map(|k| items[(start + k as i128 * step) as usize].clone()).collect()
}

/// `seq[start:stop:step]` (BINARY_SLICE, or `[]` with a slice object) for
/// an exact list or tuple and bounds that are None or exact ints in i64: a
/// new list, or a tuple (the tuple itself for a full slice, as CPython).
/// None: the generic path.
pub(crate) fn slice_fast(
    vm: &VirtualMachine,
    seq: &PyObject,
    start: Option<&PyObject>,
    stop: Option<&PyObject>,
    step: Option<&PyObject>,
) -> Option<PyObjectRef> {
    let t = &vm.ctx.types;
    let class = seq.class();
    let is_list = class.is(t.list_type);
    // Tuples never miss at random: RustPython's generic slicing returns a
    // copy where CPython returns the tuple itself.
    if !is_list && !class.is(t.tuple_type) || is_list && forced_miss() {
        return None;
    }
    let (start, stop, step) = (slice_bound(vm, start)?, slice_bound(vm, stop)?, slice_bound(vm, step)?);
    slice_of(vm, seq, is_list, start, stop, step)
}

/// `seq[start:stop:step]` for an exact list (`is_list`) or tuple and
/// bounds already read (`slice_fast`; the JIT's unboxed bounds). None: a
/// zero step (the generic path raises).
pub(crate) fn slice_of(
    vm: &VirtualMachine,
    seq: &PyObject,
    is_list: bool,
    start: Option<i128>,
    stop: Option<i128>,
    step: Option<i128>,
) -> Option<PyObjectRef> {
    if is_list {
        let list = seq.downcast_ref::<PyList>()?;
        let items = list.borrow_vec();
        let (first, step, count) = slice_indices(items.len(), start, stop, step)?;
        let taken = take_slice(&items, first, step, count);
        drop(items);
        return Some(vm.ctx.new_list(taken).into());
    }
    let tuple = seq.downcast_ref::<PyTuple>()?;
    let items = tuple.as_slice();
    let (first, step, count) = slice_indices(items.len(), start, stop, step)?;
    if step == 1 && count == items.len() {
        return Some(seq.to_owned());
    }
    Some(vm.ctx.new_tuple(take_slice(items, first, step, count)).into())
}

/// `seq[start:stop] = value` (STORE_SLICE) for an exact list, bounds that
/// are None or exact ints in i64, and an exact list or tuple value (the
/// list itself included: its items are copied first, as CPython does).
/// False: the generic path. The replaced items are released after the
/// list is updated, since releasing them can run Python code.
pub(crate) fn store_slice_fast(vm: &VirtualMachine, seq: &PyObject, start: &PyObject, stop: &PyObject, value: &PyObject) -> bool {
    let t = &vm.ctx.types;
    if !seq.class().is(t.list_type) || forced_miss() {
        return false;
    }
    let (Some(start), Some(stop)) = (slice_bound(vm, Some(start)), slice_bound(vm, Some(stop))) else {
        return false;
    };
    store_slice_of(vm, seq, start, stop, value)
}

/// `seq[start:stop] = value` for an exact list `seq` and bounds already
/// read (`store_slice_fast`; the JIT's unboxed bounds). False: the generic
/// path.
pub(crate) fn store_slice_of(vm: &VirtualMachine, seq: &PyObject, start: Option<i128>, stop: Option<i128>, value: &PyObject) -> bool {
    let t = &vm.ctx.types;
    let new: Vec<PyObjectRef> = if value.class().is(t.list_type) {
        match value.downcast_ref::<PyList>() {
            Some(l) => l.borrow_vec().to_vec(),
            None => return false,
        }
    } else if value.class().is(t.tuple_type) {
        match value.downcast_ref::<PyTuple>() {
            Some(v) => v.as_slice().to_vec(),
            None => return false,
        }
    } else {
        return false;
    };
    let Some(list) = seq.downcast_ref::<PyList>() else { return false };
    let mut items = list.borrow_vec_mut();
    let Some((first, _, count)) = slice_indices(items.len(), start, stop, None) else { return false };
    let lo = first as usize;
    let removed: Vec<PyObjectRef> = items.splice(lo..lo + count, new).collect();
    drop(items);
    drop(removed);
    true
}
