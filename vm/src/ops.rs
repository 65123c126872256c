//! Instruction helpers: arithmetic, comparison, unpacking, container building,
//! intrinsics and pattern matching.

use num_traits::{Signed, Zero};
use rustpython_vm::builtins::{PyDict, PyList, PyStr, PyTuple, PyType};
use rustpython_vm::types::{PyComparisonOp, PyTypeFlags};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::forced_miss;
use crate::exact::{exact_float, exact_int, subscript_fast};
use crate::frame::Frame;

/// GET_ITER: hipy's own iterators for exact ranges, lists and tuples (the
/// eval loop and compiled traces step them inline), else the object's
/// `__iter__`.
pub fn get_iter(vm: &VirtualMachine, v: PyObjectRef) -> PyResult {
    if let Some(it) = crate::range::iter_range(vm, &v).or_else(|| crate::list_iter::iter_seq(vm, &v)) {
        return Ok(it);
    }
    Ok(v.get_iter(vm)?.into())
}

/// LIST_APPEND: `list` is the comprehension's list.
pub fn list_append(vm: &VirtualMachine, list: &PyObject, item: PyObjectRef) -> PyResult<()> {
    match list.downcast_ref::<PyList>() {
        Some(l) => Ok(l.borrow_vec_mut().push(item)),
        None => Err(vm.new_system_error("LIST_APPEND on a non-list")),
    }
}

/// SET_ADD: `set` is the comprehension's set. An exact int or str goes
/// into the table with the hash computed here (`exact::plain_hash`).
pub fn set_add(vm: &VirtualMachine, set: &PyObject, item: PyObjectRef) -> PyResult<()> {
    let Some(s) = set.downcast_ref::<rustpython_vm::builtins::PySet>() else {
        return Err(vm.new_system_error("SET_ADD on a non-set"));
    };
    if let Some(hash) = crate::exact::plain_hash(vm, &item) {
        return s.add_hashed(item, hash, vm);
    }
    s.add(item, vm).map_err(|e| crate::compat::normalize_error(vm, e))
}

/// SET_UPDATE: `{*a, *b}`.
pub fn set_update(vm: &VirtualMachine, set: &PyObjectRef, iterable: PyObjectRef) -> PyResult<()> {
    vm.call_method(set, "update", (iterable,)).map(drop).map_err(|e| crate::compat::normalize_error(vm, e))
}

/// MAP_ADD: `dict` is the comprehension's dict.
pub fn map_add(vm: &VirtualMachine, dict: &PyObject, key: PyObjectRef, value: PyObjectRef) -> PyResult<()> {
    match dict.downcast_ref::<PyDict>() {
        Some(d) => d.set_item(&*key, value, vm),
        None => Err(vm.new_system_error("MAP_ADD on a non-dict")),
    }
}

/// BINARY_OP with CPython's NB_* argument numbering.
/// `a + b` of two exact strs without surrogates (CPython's
/// BINARY_OP_ADD_UNICODE): one buffer, no slot lookup. A str with lone
/// surrogates (WTF-8) goes to the general path, where a high and a low
/// surrogate meeting at the seam stay two code points.
fn str_concat(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> Option<PyObjectRef> {
    // `to_str` is None for a str with surrogates.
    let x = crate::exact::exact_str(vm, a)?.to_str()?;
    let y = crate::exact::exact_str(vm, b)?.to_str()?;
    if crate::code::forced_miss() {
        return None;
    }
    let mut joined = String::with_capacity(x.len() + y.len());
    joined.push_str(x);
    joined.push_str(y);
    Some(vm.ctx.new_str(joined).into())
}

/// `a + b` on two exact lists: one allocation of the joined length.
fn list_concat(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> Option<PyObjectRef> {
    let list_type = vm.ctx.types.list_type;
    if !a.class().is(list_type) || !b.class().is(list_type) || crate::code::forced_miss() {
        return None;
    }
    let (x, y) = (a.downcast_ref::<PyList>()?, b.downcast_ref::<PyList>()?);
    // One lock at a time, as `list.__add__` takes them (`a + a` included);
    // the capacity is a hint should another thread resize `b` in between.
    let y_len = y.borrow_vec().len();
    let mut joined: Vec<PyObjectRef> = {
        let x = x.borrow_vec();
        let mut joined = Vec::with_capacity(x.len() + y_len);
        joined.extend(x.iter().cloned());
        joined
    };
    joined.extend(y.borrow_vec().iter().cloned());
    Some(vm.ctx.new_list(joined).into())
}

pub fn binary_op(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: u32) -> PyResult {
    // The fast paths below all need a builtin type on the left (an int or
    // float, a str, a list, a dict or tuple to subscript); an instance of a
    // class made in Python (a Decimal, a Fraction) goes to the protocol.
    if a.class().heaptype_ext.is_none() {
        if let Some(r) = builtin_binary_op(vm, a, b, op) {
            return r;
        }
    }
    match op {
        0 => vm._add(a, b),
        1 => vm._and(a, b),
        2 => vm._floordiv(a, b),
        3 => vm._lshift(a, b),
        4 => vm._matmul(a, b),
        5 => vm._mul(a, b),
        6 => vm._mod(a, b),
        7 => vm._or(a, b),
        8 => vm._pow(a, b, vm.ctx.none.as_object()),
        9 => vm._rshift(a, b),
        10 => vm._sub(a, b),
        11 => vm._truediv(a, b),
        12 => vm._xor(a, b),
        13 => vm._iadd(a, b),
        14 => vm._iand(a, b),
        15 => vm._ifloordiv(a, b),
        16 => vm._ilshift(a, b),
        17 => vm._imatmul(a, b),
        18 => vm._imul(a, b),
        19 => vm._imod(a, b),
        20 => vm._ior(a, b),
        21 => vm._ipow(a, b, vm.ctx.none.as_object()),
        22 => vm._irshift(a, b),
        23 => vm._isub(a, b),
        24 => vm._itruediv(a, b),
        25 => vm._ixor(a, b),
        26 => a.get_item(b, vm),
        _ => Err(vm.new_system_error(format!("hipy: unknown BINARY_OP argument {op}"))),
    }
}

/// `binary_op` on builtin operands without the protocol: None when the
/// operands are not ones it handles.
#[inline]
fn builtin_binary_op(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: u32) -> Option<PyResult> {
    // Subscripts first: the most frequent BINARY_OP, which none of the
    // arithmetic paths below handles.
    if op == 26 {
        return subscript_fast(vm, a, b).map(Ok);
    }
    // Small-int and float fast paths for the common arithmetic operators.
    if let (Some(x), Some(y)) = (exact_int(vm, a), exact_int(vm, b)) {
        let small = crate::layout::objects::int_value;
        if let (Some(x), Some(y)) = (small(a), small(b)) {
            let r = match op {
                0 | 13 => x.checked_add(y),
                10 | 23 => x.checked_sub(y),
                5 | 18 => x.checked_mul(y),
                2 | 15 if y != 0 => floor_div(x, y),
                6 | 19 if y != 0 => floor_mod(x, y),
                1 | 14 => Some(x & y),
                7 | 20 => Some(x | y),
                12 | 25 => Some(x ^ y),
                // A negative exponent makes a float: the general path.
                8 | 21 if y >= 0 && !forced_miss() => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
                _ => None,
            };
            if let Some(r) = r {
                return Some(Ok(vm.ctx.new_int(r).into()));
            }
        }
        if matches!(op, 11 | 24) {
            // int / int: exact operands below 2**53 make one IEEE division
            // the correctly rounded result CPython computes.
            if let (Some(x), Some(y)) = (small_f64(vm, a), small_f64(vm, b)) {
                if y != 0.0 {
                    return Some(Ok(vm.ctx.new_float(x / y).into()));
                }
            }
            // 0 / big: CPython's zero carries the divisor's sign (RustPython
            // returns +0.0).
            if x.as_bigint().is_zero() && y.as_bigint().is_negative() {
                return Some(Ok(vm.ctx.new_float(-0.0).into()));
            }
        }
    } else if let (Some(x), Some(y)) = (float_operand(vm, a), float_operand(vm, b)) {
        let r = match op {
            0 | 13 => Some(x + y),
            10 | 23 => Some(x - y),
            5 | 18 => Some(x * y),
            11 | 24 if y != 0.0 => Some(x / y),
            8 | 21 => float_pow(x, y),
            _ => None,
        };
        if let Some(r) = r {
            return Some(Ok(vm.ctx.new_float(r).into()));
        }
    }
    if matches!(op, 0 | 13) {
        if let Some(v) = str_concat(vm, a, b) {
            return Some(Ok(v));
        }
    }
    if op == 0 {
        if let Some(v) = list_concat(vm, a, b) {
            return Some(Ok(v));
        }
    }
    if matches!(op, 6 | 19) {
        if let Some(v) = crate::strfmt::percent(vm, a, b) {
            return Some(v);
        }
    }
    if op == 5 {
        if let Some(v) = list_repeat(vm, a, b).or_else(|| list_repeat(vm, b, a)) {
            return Some(v);
        }
    }
    None
}

/// `x ** y` for a positive finite base and a finite exponent whose result is
/// finite: libm's `pow`, as CPython's float_pow computes it. Zero or negative
/// bases (ZeroDivisionError, complex results, CPython's sign handling),
/// infinities, NaNs and overflow take the general path (None); so does a
/// random miss.
#[inline]
fn float_pow(x: f64, y: f64) -> Option<f64> {
    if !(x > 0.0 && x.is_finite() && y.is_finite()) || forced_miss() {
        return None;
    }
    let r = x.powf(y);
    r.is_finite().then_some(r)
}

/// An exact int that converts to f64 without rounding.
#[inline]
fn small_f64(vm: &VirtualMachine, o: &PyObject) -> Option<f64> {
    let v = crate::exact::exact_i64(vm, o)?;
    (v.unsigned_abs() <= (1u64 << 53)).then_some(v as f64)
}

/// A float operand for mixed float arithmetic: floats, and exact ints that
/// convert exactly, provided at least one side is a float (checked by the
/// caller through the int/int branch coming first).
#[inline]
fn float_operand(vm: &VirtualMachine, o: &PyObject) -> Option<f64> {
    exact_float(vm, o).or_else(|| small_f64(vm, o))
}

/// `list * n` (and `n * list`) for an exact list and an exact int, as
/// CPython's list_repeat does it: each item gains its n references in one
/// count update, and the copies are plain pointer copies. None when the
/// general protocol must do it (other types, counts beyond i64).
fn list_repeat(vm: &VirtualMachine, list: &PyObject, n: &PyObject) -> Option<PyResult> {
    if !list.class().is(vm.ctx.types.list_type) {
        return None;
    }
    let n = crate::exact::exact_i64(vm, n)?.max(0) as usize;
    let items = list.downcast_ref::<PyList>()?.borrow_vec();
    // A result that cannot be allocated is CPython's MemoryError.
    let mut out: Vec<PyObjectRef> = Vec::new();
    let Some(len) = n
        .checked_mul(items.len())
        .filter(|&len| within_machine_memory(len.saturating_mul(8)) && out.try_reserve_exact(len).is_ok())
    else {
        return Some(Err(vm.no_memory_error()));
    };
    for item in items.iter() {
        if !crate::refs::add_references(item, n as u64) {
            for _ in 0..n {
                std::mem::forget(item.clone());
            }
        }
    }
    let (src, width, dst) = (items.as_ptr(), items.len(), out.as_mut_ptr());
    // SAFETY: `out` has room for `len` = n * width items; each copy owns one
    // of the references added above.
    unsafe {
        if width == 1 {
            for k in 0..n {
                dst.add(k).write(std::ptr::read(src));
            }
        } else {
            for k in 0..n {
                std::ptr::copy_nonoverlapping(src, dst.add(k * width), width);
            }
        }
        out.set_len(len);
    }
    Some(Ok(vm.ctx.new_list(out).into()))
}

/// Whether `bytes` could be allocated on this machine at all: no more than
/// its memory and swap. mimalloc reserves address space without committing
/// it, so a request for more would succeed and the process be killed while
/// filling it; CPython's malloc is refused by the kernel and it raises
/// MemoryError, as hipy does with this check.
fn within_machine_memory(bytes: usize) -> bool {
    static LIMIT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let limit = *LIMIT.get_or_init(|| {
        // SAFETY: sysinfo fills the struct it is given.
        let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
        if unsafe { libc::sysinfo(&mut info) } != 0 {
            return isize::MAX as u64;
        }
        let unit = u64::from(info.mem_unit.max(1));
        (info.totalram as u64).saturating_add(info.totalswap as u64).saturating_mul(unit)
    });
    (bytes as u64) <= limit.min(isize::MAX as u64)
}

#[inline]
fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    if (x % y != 0) && ((x < 0) != (y < 0)) {
        Some(q - 1)
    } else {
        Some(q)
    }
}

#[inline]
fn floor_mod(x: i64, y: i64) -> Option<i64> {
    let r = x.checked_rem(y)?;
    if r != 0 && ((r < 0) != (y < 0)) {
        Some(r + y)
    } else {
        Some(r)
    }
}

pub(crate) fn cmp_op(arg: u32) -> PyComparisonOp {
    match arg >> 5 {
        0 => PyComparisonOp::Lt,
        1 => PyComparisonOp::Le,
        2 => PyComparisonOp::Eq,
        3 => PyComparisonOp::Ne,
        4 => PyComparisonOp::Gt,
        _ => PyComparisonOp::Ge,
    }
}

/// COMPARE_OP: `(op << 5) | mask`, bit 4 asks for a bool result.
pub fn compare(vm: &VirtualMachine, a: &PyObjectRef, b: &PyObjectRef, arg: u32) -> PyResult {
    let op = cmp_op(arg);
    if let Some(r) = crate::exact::compare_fast(vm, a, b, op) {
        return Ok(vm.ctx.new_bool(r).into());
    }
    let r = a.clone().rich_compare(b.clone(), op, vm)?;
    if arg & 16 != 0 && !r.class().is(vm.ctx.types.bool_type) {
        return Ok(vm.ctx.new_bool(r.try_to_bool(vm)?).into());
    }
    Ok(r)
}

/// UNARY_NEGATIVE: an exact int of one limb or an exact float without the
/// protocol (`int_value` never gives `i64::MIN`, so `-v` cannot overflow).
pub fn negative(vm: &VirtualMachine, a: &PyObject) -> PyResult {
    if let Some(v) = crate::exact::exact_i64(vm, a) {
        return Ok(vm.ctx.new_int(-v).into());
    }
    if let Some(x) = crate::exact::exact_float(vm, a) {
        return Ok(vm.ctx.new_float(-x).into());
    }
    vm._neg(a)
}

/// CONTAINS_OP (and compiled code's `in`): `needle in container`.
pub fn contains(vm: &VirtualMachine, needle: &PyObject, container: &PyObject) -> PyResult<bool> {
    if let Some(r) = crate::exact::contains_fast(vm, needle, container) {
        return r;
    }
    contains_generic(vm, needle, container)
}

/// `needle in container` through `__contains__` (or iteration).
pub fn contains_generic(vm: &VirtualMachine, needle: &PyObject, container: &PyObject) -> PyResult<bool> {
    vm._contains(container, needle).map_err(|e| crate::compat::normalize_error(vm, e))
}

/// LOAD_COMMON_CONSTANT: objects fixed at start-up. `all` and `any` are the
/// builtins as they were then, not what `builtins.all` names now: the
/// compiler tests `all is <common constant>` before running its inline loop,
/// so a program that rebinds `builtins.all` gets its own function called.
pub fn common_constant(vm: &VirtualMachine, arg: u32) -> PyResult {
    let builtin = |want_any: bool, name: &'static str| match crate::builtin_calls::start_up_all_any(want_any) {
        Some(f) => Ok(f.clone()),
        None => vm.builtins.get_attr(name, vm),
    };
    Ok(match arg {
        0 => vm.ctx.exceptions.assertion_error.to_owned().into(),
        1 => vm.ctx.exceptions.not_implemented_error.to_owned().into(),
        2 => vm.ctx.types.tuple_type.to_owned().into(),
        3 => builtin(false, "all")?,
        4 => builtin(true, "any")?,
        5 => vm.ctx.types.list_type.to_owned().into(),
        6 => vm.ctx.types.set_type.to_owned().into(),
        _ => return Err(vm.new_system_error(format!("hipy: unknown common constant {arg}"))),
    })
}

fn not_iterable(vm: &VirtualMachine, obj: &PyObjectRef) -> bool {
    obj.class().slots.iter.load().is_none()
        && obj.get_class_attr(vm.ctx.intern_str("__getitem__")).is_none()
}

pub fn list_extend(vm: &VirtualMachine, list: &PyObjectRef, iterable: PyObjectRef) -> PyResult<()> {
    let Some(list) = list.downcast_ref::<PyList>() else {
        return Err(vm.new_system_error("LIST_EXTEND on a non-list"));
    };
    if not_iterable(vm, &iterable) {
        return Err(vm.new_type_error(format!(
            "Value after * must be an iterable, not {}",
            iterable.class().name()
        )));
    }
    let items: Vec<PyObjectRef> = iterable.try_to_value(vm)?;
    list.borrow_vec_mut().extend(items);
    Ok(())
}

fn has_keys(vm: &VirtualMachine, obj: &PyObjectRef) -> bool {
    obj.get_class_attr(vm.ctx.intern_str("keys")).is_some()
}

pub fn dict_update(vm: &VirtualMachine, dict: &PyObjectRef, source: PyObjectRef) -> PyResult<()> {
    if !has_keys(vm, &source) {
        return Err(vm.new_type_error(format!(
            "'{}' object is not a mapping",
            source.class().name()
        )));
    }
    let Some(dict) = dict.downcast_ref::<PyDict>() else {
        return Err(vm.new_system_error("DICT_UPDATE on a non-dict"));
    };
    dict.merge_object(source, vm)
}

/// Name of a callable for call error messages, as CPython's
/// `_PyObject_FunctionStr`: `module.qualname()`, or `qualname()` for builtins.
pub fn function_str(vm: &VirtualMachine, callable: &PyObjectRef) -> String {
    if let Ok(q) = callable.get_attr("__qualname__", vm) {
        if let Some(s) = q.downcast_ref::<PyStr>() {
            let module = callable
                .get_attr("__module__", vm)
                .ok()
                .and_then(|m| m.downcast_ref::<PyStr>().map(|m| m.as_wtf8().to_string()));
            return match module {
                Some(m) if m != "builtins" => format!("{m}.{}()", s.as_wtf8()),
                _ => format!("{}()", s.as_wtf8()),
            };
        }
    }
    match callable.str(vm) {
        Ok(s) => format!("{} object", s.as_wtf8()),
        Err(_) => format!("{} object", callable.class().name()),
    }
}

pub fn dict_merge(
    vm: &VirtualMachine,
    dict: &PyObjectRef,
    source: PyObjectRef,
    callable: &PyObjectRef,
) -> PyResult<()> {
    let Some(dict) = dict.downcast_ref::<PyDict>() else {
        return Err(vm.new_system_error("DICT_MERGE on a non-dict"));
    };
    if !has_keys(vm, &source) {
        return Err(vm.new_type_error(format!(
            "{} argument after ** must be a mapping, not {}",
            function_str(vm, callable),
            source.class().name()
        )));
    }
    let keys = vm.call_method(&source, "keys", ())?;
    let keys: Vec<PyObjectRef> = keys.try_to_value(vm)?;
    for key in keys {
        if !key.class().fast_issubclass(vm.ctx.types.str_type) {
            return Err(vm.new_type_error("keywords must be strings"));
        }
        if dict.contains_key(&*key, vm) {
            return Err(vm.new_type_error(format!(
                "{} got multiple values for keyword argument '{}'",
                function_str(vm, callable),
                key.str(vm)?.as_wtf8()
            )));
        }
        let value = source.get_item(&*key, vm)?;
        dict.set_item(&*key, value, vm)?;
    }
    Ok(())
}

fn unpack_error(vm: &VirtualMachine, obj: &PyObjectRef, e: rustpython_vm::builtins::PyBaseExceptionRef) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if not_iterable(vm, obj) && e.class().is(vm.ctx.exceptions.type_error) {
        vm.new_type_error(format!("cannot unpack non-iterable {} object", obj.class().name()))
    } else {
        e
    }
}

pub fn unpack_sequence(vm: &VirtualMachine, f: &mut Frame, seq: PyObjectRef, n: usize) -> PyResult<()> {
    // Exact tuples and lists: the items go straight onto the stack (no
    // intermediate vector; no Python code runs while the list is borrowed).
    let push_items = |f: &mut Frame, items: &[PyObjectRef]| -> PyResult<()> {
        if items.len() != n {
            return Err(if items.len() > n {
                vm.new_value_error(format!("too many values to unpack (expected {n})"))
            } else {
                vm.new_value_error(format!("not enough values to unpack (expected {n}, got {})", items.len()))
            });
        }
        for item in items.iter().rev() {
            f.push(item.clone());
        }
        Ok(())
    };
    if seq.class().is(vm.ctx.types.tuple_type) {
        return push_items(f, seq.downcast_ref::<PyTuple>().unwrap().as_slice());
    }
    if seq.class().is(vm.ctx.types.list_type) {
        let list = seq.downcast_ref::<PyList>().unwrap();
        let items = list.borrow_vec();
        return push_items(f, &items[..]);
    }
    let iter = seq.get_iter(vm).map_err(|e| unpack_error(vm, &seq, e))?;
    let mut items = Vec::with_capacity(n);
    use rustpython_vm::protocol::PyIterReturn;
    while items.len() < n {
        match iter.next(vm)? {
            PyIterReturn::Return(v) => items.push(v),
            PyIterReturn::StopIteration(_) => {
                return Err(vm.new_value_error(format!(
                    "not enough values to unpack (expected {n}, got {})",
                    items.len()
                )))
            }
        }
    }
    if let PyIterReturn::Return(_) = iter.next(vm)? {
        return Err(vm.new_value_error(format!("too many values to unpack (expected {n})")));
    }
    for item in items.into_iter().rev() {
        f.push(item);
    }
    Ok(())
}

pub fn unpack_ex(vm: &VirtualMachine, f: &mut Frame, seq: PyObjectRef, before: usize, after: usize) -> PyResult<()> {
    let items: Vec<PyObjectRef> = seq.try_to_value(vm).map_err(|e| unpack_error(vm, &seq, e))?;
    if items.len() < before + after {
        return Err(vm.new_value_error(format!(
            "not enough values to unpack (expected at least {}, got {})",
            before + after,
            items.len()
        )));
    }
    let mut items = items;
    let tail: Vec<PyObjectRef> = items.split_off(items.len() - after);
    let middle: Vec<PyObjectRef> = items.split_off(before);
    for item in tail.into_iter().rev() {
        f.push(item);
    }
    f.push(vm.ctx.new_list(middle).into());
    for item in items.into_iter().rev() {
        f.push(item);
    }
    Ok(())
}

fn typing_attr(vm: &VirtualMachine, name: &'static str) -> PyResult {
    vm.import("typing", 0)?.get_attr(name, vm)
}

/// INTRINSIC_LIST_TO_TUPLE: a tuple of the list's items (`tuple(genexpr)`'s
/// inline loop ends with it).
pub fn list_to_tuple(vm: &VirtualMachine, v: &PyObject) -> PyResult {
    let list = v.downcast_ref::<PyList>().ok_or_else(|| vm.new_system_error("LIST_TO_TUPLE of a non-list"))?;
    Ok(vm.ctx.new_tuple(list.borrow_vec().to_vec()).into())
}

pub fn intrinsic1(vm: &VirtualMachine, f: &mut Frame, func: u32, v: PyObjectRef) -> PyResult {
    match func {
        1 => {
            let hook = vm
                .sys_module
                .get_attr("displayhook", vm)
                .map_err(|_| vm.new_runtime_error("lost sys.displayhook"))?;
            hook.call((v,), vm)
        }
        2 => {
            crate::imports::import_star(vm, f, &v)?;
            Ok(vm.ctx.none())
        }
        3 => Ok(crate::generator::stop_iteration_error(vm, &f.code, v)),
        4 => Ok(crate::generator::async_gen_wrap(vm, v)),
        5 => vm._pos(&v),
        6 => list_to_tuple(vm, &v),
        7 => typing_attr(vm, "TypeVar")?.call((v,), vm),
        8 => typing_attr(vm, "ParamSpec")?.call((v,), vm),
        9 => typing_attr(vm, "TypeVarTuple")?.call((v,), vm),
        10 => {
            let generic = typing_attr(vm, "Generic")?;
            generic.get_item(&*v, vm)
        }
        11 => {
            let t = v
                .downcast::<PyTuple>()
                .map_err(|_| vm.new_system_error("TypeAlias expects a tuple"))?;
            let [name, params, compute] = t.as_slice() else {
                return Err(vm.new_system_error("TypeAlias expects 3 items"));
            };
            // The value is computed eagerly (CPython evaluates it lazily).
            let value = compute.call((), vm)?;
            let kwargs = vec![("type_params".to_owned(), if vm.is_none(params) { vm.ctx.empty_tuple.clone().into() } else { params.clone() })];
            typing_attr(vm, "TypeAliasType")?.call(
                rustpython_vm::function::FuncArgs::new(vec![name.clone(), value], rustpython_vm::function::KwArgs::from_iter(kwargs)),
                vm,
            )
        }
        _ => Err(vm.new_system_error(format!("hipy: unknown intrinsic {func}"))),
    }
}

pub fn intrinsic2(vm: &VirtualMachine, func: u32, a: PyObjectRef, b: PyObjectRef) -> PyResult {
    match func {
        1 => rustpython_vm::exceptions::prep_reraise_star(&a, &b, vm),
        2 | 3 => {
            // Bound / constraints are evaluated eagerly here.
            let value = b.call((), vm)?;
            let key = if func == 2 { "bound" } else { "" };
            let tv = typing_attr(vm, "TypeVar")?;
            if func == 2 {
                tv.call(
                    rustpython_vm::function::FuncArgs::new(
                        vec![a],
                        rustpython_vm::function::KwArgs::from_iter(vec![(key.to_owned(), value)]),
                    ),
                    vm,
                )
            } else {
                let mut args = vec![a];
                let cons: Vec<PyObjectRef> = value.try_to_value(vm)?;
                args.extend(cons);
                tv.call(args, vm)
            }
        }
        4 => {
            a.set_attr("__type_params__", b, vm)?;
            Ok(a)
        }
        5 => {
            let value = b.call((), vm)?;
            a.set_attr("__default__", value, vm)?;
            Ok(a)
        }
        _ => Err(vm.new_system_error(format!("hipy: unknown intrinsic2 {func}"))),
    }
}

pub fn match_flag(_vm: &VirtualMachine, subject: &PyObjectRef, mapping: bool) -> bool {
    let flag = if mapping { PyTypeFlags::MAPPING } else { PyTypeFlags::SEQUENCE };
    subject.class().has_patma_collection_flag(flag)
}

pub fn match_keys(vm: &VirtualMachine, subject: &PyObjectRef, keys: &PyObjectRef) -> PyResult {
    let keys = keys
        .downcast_ref::<PyTuple>()
        .ok_or_else(|| vm.new_system_error("MATCH_KEYS expects a tuple"))?;
    if keys.is_empty() {
        return Ok(vm.ctx.empty_tuple.clone().into());
    }
    let get = subject.get_attr("get", vm)?;
    let dummy = vm.ctx.new_base_object(vm.ctx.types.object_type.to_owned(), None);
    let seen = vm.ctx.new_list(vec![]);
    let mut values = Vec::with_capacity(keys.len());
    for key in keys.as_slice() {
        if vm._contains(seen.as_object(), key)? {
            return Err(vm.new_value_error(format!(
                "mapping pattern checks duplicate key ({})",
                key.repr(vm)?.as_wtf8()
            )));
        }
        seen.borrow_vec_mut().push(key.clone());
        let v = get.call((key.clone(), dummy.clone()), vm)?;
        if v.is(&dummy) {
            return Ok(vm.ctx.none());
        }
        values.push(v);
    }
    Ok(vm.ctx.new_tuple(values).into())
}

pub fn match_class(
    vm: &VirtualMachine,
    subject: &PyObjectRef,
    cls: &PyObjectRef,
    nargs: usize,
    kw_names: &PyObjectRef,
) -> PyResult {
    let Some(cls_type) = cls.downcast_ref::<PyType>() else {
        return Err(vm.new_type_error("called match pattern must be a class"));
    };
    // CPython 3.11 says "a type" here; 3.12+ says "a class".
    if !subject.is_instance(cls, vm)? {
        return Ok(vm.ctx.none());
    }
    let type_name = || cls_type.name().to_string();
    let mut seen: Vec<PyObjectRef> = Vec::new();
    let mut out = Vec::new();
    let mut take = |name: &PyObjectRef, out: &mut Vec<PyObjectRef>| -> PyResult<bool> {
        for s in &seen {
            if vm.bool_eq(s, name)? {
                return Err(vm.new_type_error(format!(
                    "{}() got multiple sub-patterns for attribute {}",
                    type_name(),
                    name.repr(vm)?.as_wtf8()
                )));
            }
        }
        seen.push(name.clone());
        let name_str = name
            .downcast_ref::<PyStr>()
            .ok_or_else(|| vm.new_type_error("attribute name must be a string"))?;
        match subject.get_attr(name_str, vm) {
            Ok(v) => {
                out.push(v);
                Ok(true)
            }
            Err(e) if e.fast_isinstance(vm.ctx.exceptions.attribute_error) => Ok(false),
            Err(e) => Err(e),
        }
    };
    if nargs > 0 {
        match vm.get_attribute_opt(&cls, "__match_args__")? {
            Some(match_args) => {
                let Some(t) = match_args.downcast_ref::<PyTuple>().filter(|_| match_args.class().is(vm.ctx.types.tuple_type)) else {
                    return Err(vm.new_type_error(format!(
                        "{}.__match_args__ must be a tuple (got {})",
                        type_name(),
                        match_args.class().name()
                    )));
                };
                if t.len() < nargs {
                    return Err(vm.new_type_error(format!(
                        "{}() accepts {} positional sub-pattern{} ({} given)",
                        type_name(),
                        t.len(),
                        if t.len() == 1 { "" } else { "s" },
                        nargs
                    )));
                }
                for name in &t.as_slice()[..nargs] {
                    if !name.class().fast_issubclass(vm.ctx.types.str_type) {
                        return Err(vm.new_type_error(format!(
                            "__match_args__ elements must be strings (got {})",
                            name.class().name()
                        )));
                    }
                    if !take(name, &mut out)? {
                        return Ok(vm.ctx.none());
                    }
                }
            }
            None => {
                if cls_type.slots.flags.has_feature(PyTypeFlags::_MATCH_SELF) {
                    if nargs > 1 {
                        return Err(vm.new_type_error(format!(
                            "{}() accepts 1 positional sub-pattern ({} given)",
                            type_name(),
                            nargs
                        )));
                    }
                    out.push(subject.clone());
                } else {
                    return Err(vm.new_type_error(format!(
                        "{}() accepts 0 positional sub-patterns ({} given)",
                        type_name(),
                        nargs
                    )));
                }
            }
        }
    }
    let kw = kw_names
        .downcast_ref::<PyTuple>()
        .ok_or_else(|| vm.new_system_error("MATCH_CLASS expects a tuple of names"))?;
    for name in kw.as_slice() {
        if !take(name, &mut out)? {
            return Ok(vm.ctx.none());
        }
    }
    Ok(vm.ctx.new_tuple(out).into())
}

/// BUILD_TEMPLATE (t-strings, PEP 750): `strings` and `interpolations` tuples.
pub fn build_template(vm: &VirtualMachine, strings: PyObjectRef, interpolations: PyObjectRef) -> PyResult {
    use rustpython_vm::PyPayload;
    let strings = strings
        .downcast::<PyTuple>()
        .map_err(|_| vm.new_type_error("BUILD_TEMPLATE expected tuple for strings"))?;
    let interpolations = interpolations
        .downcast::<PyTuple>()
        .map_err(|_| vm.new_type_error("BUILD_TEMPLATE expected tuple for interpolations"))?;
    Ok(rustpython_vm::builtins::PyTemplate::new(strings, interpolations).into_pyobject(vm))
}

/// BUILD_INTERPOLATION: oparg is `(conversion << 2) | has_format_spec`.
pub fn build_interpolation(
    vm: &VirtualMachine,
    value: PyObjectRef,
    expr: PyObjectRef,
    conversion: u32,
    spec: Option<PyObjectRef>,
) -> PyResult {
    use rustpython_vm::PyPayload;
    let expr = expr
        .downcast::<PyStr>()
        .map_err(|_| vm.new_type_error("BUILD_INTERPOLATION expected str for expression"))?;
    let spec = match spec {
        Some(s) => s
            .downcast::<PyStr>()
            .map_err(|_| vm.new_type_error("BUILD_INTERPOLATION expected str for format_spec"))?,
        None => vm.ctx.empty_str.to_owned(),
    };
    let conversion: PyObjectRef = match conversion {
        1 => vm.ctx.new_str("s").into(),
        2 => vm.ctx.new_str("r").into(),
        3 => vm.ctx.new_str("a").into(),
        _ => vm.ctx.none(),
    };
    let i = rustpython_vm::builtins::PyInterpolation::new(value, expr, conversion, spec, vm)?;
    Ok(i.into_pyobject(vm))
}
