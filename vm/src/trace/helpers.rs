//! `extern "C"` helpers that compiled traces call for everything they do not
//! compute inline. Object arguments are borrowed pointers; results marked
//! "owned" are new references the trace must release. A helper that fails
//! stores the exception in `PENDING` and returns its error value (null, or
//! the documented integer); the trace then exits through a `RaisePending`
//! snapshot and the vm raises it at that instruction.

use std::cell::{Cell, RefCell};
use std::ptr::NonNull;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyDict, PyFloat, PyList, PyStr, PyTuple};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};


thread_local! {
    static VM: Cell<*const VirtualMachine> = const { Cell::new(std::ptr::null()) };
    // Released by `trace::release_loops` at thread exit, not by the TLS
    // destructors.
    static PENDING: std::mem::ManuallyDrop<RefCell<Option<PyBaseExceptionRef>>> =
        const { std::mem::ManuallyDrop::new(RefCell::new(None)) };
}

/// Makes `vm` available to helpers while compiled code runs; restores the
/// previous one when dropped (compiled loops can nest through helpers).
pub struct VmScope(*const VirtualMachine);

impl VmScope {
    pub fn enter(vm: &VirtualMachine) -> VmScope {
        VmScope(VM.with(|c| c.replace(vm as *const VirtualMachine)))
    }
}

impl Drop for VmScope {
    fn drop(&mut self) {
        VM.with(|c| c.set(self.0));
    }
}

pub(super) fn vm() -> &'static VirtualMachine {
    // SAFETY: set by `VmScope` for the whole time compiled code runs.
    unsafe { &*VM.with(|c| c.get()) }
}

/// The exception a helper left behind (for `RaisePending` exits).
pub fn take_pending() -> Option<PyBaseExceptionRef> {
    PENDING.with(|p| p.borrow_mut().take())
}

pub(super) fn fail(e: PyBaseExceptionRef) {
    PENDING.with(|p| *p.borrow_mut() = Some(e));
}

#[inline]
pub(super) unsafe fn obj<'a>(p: *const PyObject) -> &'a PyObject {
    &*p
}

#[inline]
pub(super) fn owned(o: PyObjectRef) -> *const PyObject {
    o.into_raw().as_ptr()
}

pub(super) fn owned_or_fail(r: PyResult) -> *const PyObject {
    match r {
        Ok(o) => owned(o),
        Err(e) => {
            fail(e);
            std::ptr::null()
        }
    }
}

/// Take ownership of a reference the trace hands over.
///
/// # Safety
/// `p` must be an owned reference.
pub unsafe fn adopt(p: *const PyObject) -> PyObjectRef {
    PyObjectRef::from_raw(NonNull::new_unchecked(p as *mut PyObject))
}

pub extern "C" fn hp_incref(p: *const PyObject) -> *const PyObject {
    let o = unsafe { obj(p) }.to_owned();
    owned(o)
}

pub extern "C" fn hp_decref(p: *const PyObject) {
    drop(unsafe { adopt(p) });
}

pub extern "C" fn hp_box_int(v: i64) -> *const PyObject {
    owned(vm().ctx.new_int(v).into())
}

pub extern "C" fn hp_box_float(v: f64) -> *const PyObject {
    owned(vm().ctx.new_float(v).into())
}

/// True/False for an i64 0/1 (owned).
pub extern "C" fn hp_box_bool(v: i64) -> *const PyObject {
    owned(vm().ctx.new_bool(v != 0).into())
}

/// The value of an exact int that fits an i64, or `i64::MIN` (the trace
/// guards against it).
pub extern "C" fn hp_unbox_int(p: *const PyObject) -> i64 {
    crate::layout::objects::exact_small_int(vm(), unsafe { obj(p) }).unwrap_or(i64::MIN)
}

/// `a <op> b` for any objects (BINARY_OP's argument numbering). Owned.
pub extern "C" fn hp_binop(a: *const PyObject, b: *const PyObject, op: i64) -> *const PyObject {
    // Borrowed: the trace holds both operands for the call.
    let (a, b) = unsafe { (obj(a), obj(b)) };
    owned_or_fail(crate::ops::binary_op(vm(), a, b, op as u32).map_err(|e| crate::compat::normalize_error(vm(), e)))
}

/// COMPARE_OP on any objects. Owned.
pub extern "C" fn hp_compare(a: *const PyObject, b: *const PyObject, op: i64) -> *const PyObject {
    let (a, b) = unsafe { (obj(a).to_owned(), obj(b).to_owned()) };
    owned_or_fail(crate::ops::compare(vm(), &a, &b, op as u32))
}

/// `bool(o)`: 0/1, or -1 with an exception pending.
pub extern "C" fn hp_truthy(p: *const PyObject) -> i64 {
    match unsafe { obj(p) }.to_owned().try_to_bool(vm()) {
        Ok(b) => b as i64,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// LOAD_GLOBAL: globals, then builtins. Owned.
pub extern "C" fn hp_load_global(globals: *const PyObject, builtins: *const PyObject, name: *const PyObject) -> *const PyObject {
    let vm = vm();
    let (g, b, n) = unsafe { (obj(globals), obj(builtins), obj(name)) };
    let lookup = || -> PyResult {
        let g = g.downcast_ref::<PyDict>().expect("globals dict");
        if let Some(v) = g.get_item_opt(n, vm)? {
            return Ok(v);
        }
        let b = b.downcast_ref::<PyDict>().expect("builtins dict");
        match b.get_item_opt(n, vm)? {
            Some(v) => Ok(v),
            None => {
                let name = n.downcast_ref::<PyStr>().expect("name");
                Err(vm.new_name_error(format!("name '{}' is not defined", name.as_wtf8()), name.to_owned()))
            }
        }
    };
    owned_or_fail(lookup())
}

/// `o[k] = v`: 0, or -1 with an exception pending.
pub extern "C" fn hp_setitem(o: *const PyObject, k: *const PyObject, v: *const PyObject) -> i64 {
    let (o, k, v) = unsafe { (obj(o), obj(k), obj(v).to_owned()) };
    let Some(v) = crate::exact::store_subscript_fast(vm(), o, k, v) else { return 0 };
    match o.set_item(k, v, vm()) {
        Ok(()) => 0,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// 0 when `r` is Ok; else the exception becomes the pending one and -1.
fn status(r: PyResult<()>) -> i64 {
    match r {
        Ok(()) => 0,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// LIST_APPEND (`ops::list_append`); 0, or -1 with an exception pending.
pub extern "C" fn hp_list_append(l: *const PyObject, v: *const PyObject) -> i64 {
    let (l, v) = unsafe { (obj(l), obj(v).to_owned()) };
    status(crate::ops::list_append(vm(), l, v))
}

/// `list.pop()` (`index` i64::MIN) or `list.pop(index)` of an exact list
/// (`builtin_calls::list_pop`): the item, owned.
pub extern "C" fn hp_list_pop(l: *const PyObject, index: i64) -> *const PyObject {
    let l = unsafe { obj(l) }.to_owned();
    owned_or_fail(crate::builtin_calls::list_pop(vm(), &l, (index != i64::MIN).then_some(index)))
}

/// A plain yield in a push-mode frame (`push`): 1 if the consumer took the
/// value, 0 if it declined it (nothing changed).
pub extern "C" fn hp_offer(v: *const PyObject) -> i64 {
    i64::from(crate::push::offer(vm(), unsafe { obj(v) }))
}

/// `hp_offer` of an unboxed int.
pub extern "C" fn hp_offer_int(v: i64) -> i64 {
    i64::from(crate::push::offer_int(vm(), v))
}

/// `hp_offer` of an unboxed float.
pub extern "C" fn hp_offer_float(v: f64) -> i64 {
    i64::from(crate::push::offer_float(vm(), v))
}

/// FOR_ITER resuming a generator inside compiled code (generator peeling,
/// `generator::enter_compiled`): its slot buffer, whose references the trace
/// takes over with `hp_gen_take`; null when the generator cannot be resumed
/// as recorded (nothing changed then).
pub extern "C" fn hp_gen_enter(g: *const PyObject, pc: i64, n: i64, nulls: i64) -> *const PyObject {
    crate::generator::enter_compiled(vm(), unsafe { obj(g) }, pc as u32, n as usize, nulls as u64) as *const PyObject
}

/// The reference in slot `i` of an entered generator's buffer (owned: the
/// frame no longer counts it).
pub extern "C" fn hp_gen_take(buf: *const PyObject, i: i64) -> *const PyObject {
    // SAFETY: `buf` is a slot buffer from `hp_gen_enter`/`hp_gen_buffer` and
    // slot `i` was non-empty when the generator was entered.
    unsafe {
        let slot = (buf as *mut Option<PyObjectRef>).add(i as usize);
        std::ptr::replace(slot, None).map_or(std::ptr::null(), owned)
    }
}

/// Store the trace's reference `v` in slot `i` of an entered generator's
/// buffer (consumes `v`).
pub extern "C" fn hp_gen_put(buf: *const PyObject, i: i64, v: *const PyObject) {
    // SAFETY: as in `hp_gen_take`; the slot holds no reference (taken, or
    // past the frame's length); `v` is owned.
    unsafe { (buf as *mut Option<PyObjectRef>).add(i as usize).write(Some(adopt(v))) }
}

/// A generator compiled code entered returned: its frame ends.
pub extern "C" fn hp_gen_finish(g: *const PyObject) {
    crate::generator::finish_compiled(vm(), unsafe { obj(g) })
}

/// The slot buffer of a generator compiled code entered (for bridges).
pub extern "C" fn hp_gen_buffer(g: *const PyObject) -> *const PyObject {
    crate::generator::compiled_buffer(unsafe { obj(g) }) as *const PyObject
}

/// The generator's yield at `lasti`: it is suspended with `n` slots, which
/// the trace filled except the empty ones (`nulls`).
pub extern "C" fn hp_gen_suspend(g: *const PyObject, lasti: i64, pc: i64, n: i64, nulls: i64) {
    crate::generator::suspend_compiled(vm(), unsafe { obj(g) }, lasti as u32, pc as u32, n as usize, nulls as u64)
}

/// The empty container of a container call of kind `kind`
/// (`push::consume`), owned.
pub extern "C" fn hp_consume_new(kind: i64) -> *const PyObject {
    owned(crate::push::consume::new(vm(), crate::push::consume::kind_of(kind)))
}

/// Add `v` to container `acc` of kind `kind`: 1, or 0 (nothing changed)
/// if that would run Python code.
pub extern "C" fn hp_consume_take(acc: *const PyObject, v: *const PyObject, kind: i64) -> i64 {
    let (acc, v) = unsafe { (obj(acc), obj(v)) };
    i64::from(crate::push::consume::take(vm(), crate::push::consume::kind_of(kind), acc, v))
}

/// The result of a container call that collected into `acc` (a list, a
/// tuple or a set; never a frozenset or a join, which may raise), owned.
pub extern "C" fn hp_consume_end(acc: *const PyObject, kind: i64) -> *const PyObject {
    let vm = vm();
    let acc = unsafe { obj(acc) }.to_owned();
    owned(crate::push::consume::finish(vm, crate::push::consume::kind_of(kind), acc).expect("a list, tuple or set never fails"))
}

/// The result of `sep.join(g)` that collected the separator and the
/// values into `acc` (`Container::Join`), owned; null with an exception
/// pending when a value is not a str.
pub extern "C" fn hp_consume_join(acc: *const PyObject) -> *const PyObject {
    let vm = vm();
    let acc = unsafe { obj(acc) }.to_owned();
    owned_or_fail(crate::push::consume::finish(vm, crate::push::Container::Join, acc))
}

/// SET_ADD (`ops::set_add`); 0, or -1 with an exception pending.
pub extern "C" fn hp_set_add(s: *const PyObject, v: *const PyObject) -> i64 {
    let (s, v) = unsafe { (obj(s), obj(v).to_owned()) };
    status(crate::ops::set_add(vm(), s, v))
}

/// LIST_EXTEND (`ops::list_extend`); 0, or -1 with an exception pending.
pub extern "C" fn hp_list_extend(l: *const PyObject, it: *const PyObject) -> i64 {
    let (l, it) = unsafe { (obj(l).to_owned(), obj(it).to_owned()) };
    status(crate::ops::list_extend(vm(), &l, it))
}

/// SET_UPDATE (`ops::set_update`); 0, or -1 with an exception pending.
pub extern "C" fn hp_set_update(s: *const PyObject, it: *const PyObject) -> i64 {
    let (s, it) = unsafe { (obj(s).to_owned(), obj(it).to_owned()) };
    status(crate::ops::set_update(vm(), &s, it))
}

/// DICT_UPDATE (`ops::dict_update`); 0, or -1 with an exception pending.
pub extern "C" fn hp_dict_update(d: *const PyObject, src: *const PyObject) -> i64 {
    let (d, src) = unsafe { (obj(d).to_owned(), obj(src).to_owned()) };
    status(crate::ops::dict_update(vm(), &d, src))
}

/// MAP_ADD (`ops::map_add`); 0, or -1 with an exception pending.
pub extern "C" fn hp_map_add(d: *const PyObject, k: *const PyObject, v: *const PyObject) -> i64 {
    let (d, k, v) = unsafe { (obj(d), obj(k).to_owned(), obj(v).to_owned()) };
    status(crate::ops::map_add(vm(), d, k, v))
}

fn index(len: usize, i: i64) -> Option<usize> {
    let n = len as i64;
    let j = if i < 0 { i + n } else { i };
    (0 <= j && j < n).then_some(j as usize)
}

/// `list[i]` of an exact list. Owned, or null (no exception) when out of
/// range: the trace exits and the interpreter raises IndexError itself.
pub extern "C" fn hp_list_get(l: *const PyObject, i: i64) -> *const PyObject {
    let l = unsafe { obj(l) }.downcast_ref::<PyList>().expect("list");
    let items = l.borrow_vec();
    match index(items.len(), i) {
        Some(j) => owned(items[j].clone()),
        None => std::ptr::null(),
    }
}

/// `tuple[i]` of an exact tuple, as `hp_list_get`.
pub extern "C" fn hp_tuple_get(t: *const PyObject, i: i64) -> *const PyObject {
    let t = unsafe { obj(t) }.downcast_ref::<PyTuple>().expect("tuple");
    match index(t.len(), i) {
        Some(j) => owned(t.as_slice()[j].clone()),
        None => std::ptr::null(),
    }
}

/// `str[i]` of an exact str, as `hp_list_get`: the one-character str
/// (cached for Latin-1 characters, as the generic path makes it).
pub extern "C" fn hp_str_get(s: *const PyObject, i: i64) -> *const PyObject {
    let so = unsafe { obj(s) };
    let st = so.downcast_ref::<PyStr>().expect("str");
    let Some(j) = index(st.char_len(), i) else { return std::ptr::null() };
    if crate::exact::is_ascii(st) {
        return owned(vm().ctx.latin1_char(st.as_wtf8().as_bytes()[j]).into());
    }
    // In range, so the generic subscript cannot raise.
    let vm = vm();
    owned_or_fail(crate::ops::binary_op(vm, so, vm.ctx.new_int(j).as_object(), 26))
}

/// `d.get(k, default)` of an exact dict: the value or `default`, owned;
/// null with the exception pending when hashing or comparing `k` raises.
pub extern "C" fn hp_dict_get(d: *const PyObject, k: *const PyObject, default: *const PyObject) -> *const PyObject {
    let (d, k) = unsafe { (obj(d).downcast_ref::<PyDict>().expect("dict"), obj(k)) };
    owned_or_fail(d.get_item_opt(k, vm()).map(|v| v.unwrap_or_else(|| unsafe { obj(default) }.to_owned())))
}

/// `d[k]` of an exact dict: the value, owned; null with KeyError(k)
/// pending when `k` is missing, or with what hashing or comparing `k` raised.
pub extern "C" fn hp_dict_subscript(d: *const PyObject, k: *const PyObject) -> *const PyObject {
    let (d, k) = unsafe { (obj(d).downcast_ref::<PyDict>().expect("dict"), obj(k)) };
    let vm = vm();
    owned_or_fail(d.get_item_opt(k, vm).and_then(|v| v.ok_or_else(|| vm.new_key_error(k.to_owned()))))
}

/// `list[i] = v` of an exact list: 0, or 1 (no exception) when out of range.
pub extern "C" fn hp_list_set(l: *const PyObject, i: i64, v: *const PyObject) -> i64 {
    let l = unsafe { obj(l) }.downcast_ref::<PyList>().expect("list");
    let v = unsafe { obj(v) }.to_owned();
    let mut items = l.borrow_vec_mut();
    match index(items.len(), i) {
        Some(j) => {
            let old = std::mem::replace(&mut items[j], v);
            drop(items);
            drop(old);
            0
        }
        None => 1,
    }
}

/// `items[i] = x`, where `items` is an exact list's item array and the
/// trace checked `0 <= i < len`. When the old item is a float that only the
/// list can see, it takes the new value in place (no allocation); otherwise
/// a new float replaces it and the old item is released. Returns 1 when
/// that release may have run Python code (the old item was not an exact
/// float: a finalizer may run), else 0; the trace guards on it.
pub extern "C" fn hp_store_float_item(items: *mut *const PyObject, i: i64, x: f64) -> i64 {
    // SAFETY: `i` is in bounds (above); the slot holds an owned reference.
    let slot = unsafe { items.add(i as usize) };
    let old = unsafe { *slot };
    if let Some(payload) = sole_float_payload(old) {
        // SAFETY: no one else can read the box (see `sole_float_payload`).
        unsafe { payload.write(x) };
        return 0;
    }
    let replaced_float = unsafe { obj(old) }.class().is(vm().ctx.types.float_type);
    unsafe { *slot = owned(vm().ctx.new_float(x).into()) };
    hp_decref(old);
    i64::from(!replaced_float)
}

/// The payload of `p` if it is an exact float whose count word is exactly 1:
/// a single reference (its holder's), and not immortal, leaked or published
/// to a lock-free cache. Changing its value then changes nothing anyone
/// else can observe. None when the layout probes did not find the word.
fn sole_float_payload(p: *const PyObject) -> Option<*mut f64> {
    // Another thread could be taking a reference to it right now.
    if crate::threads::multi() {
        return None;
    }
    let layout = super::layout()?;
    let rc = layout.refcount_offset? as usize;
    // SAFETY: `p` is a live object; the count word is at its probed offset.
    let word = unsafe { *((p as *const u8).add(rc) as *const u64) };
    let exact_float = unsafe { obj(p) }.class().is(vm().ctx.types.float_type);
    let payload = layout.obj.float_payload_offset as usize;
    (word == 1 && exact_float).then(|| unsafe { (p as *mut u8).add(payload) as *mut f64 })
}

/// `len(o)`, or -1 with an exception pending.
pub extern "C" fn hp_len(o: *const PyObject) -> i64 {
    match unsafe { obj(o) }.length(vm()) {
        Ok(n) => n as i64,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// `sum(seq)` of an exact list or tuple (`push::sum_sequence`). New
/// reference, or null with the exception pending.
pub extern "C" fn hp_sum_seq(seq: *const PyObject) -> *const PyObject {
    owned_or_fail(crate::push::sum_sequence(vm(), &unsafe { obj(seq) }.to_owned()))
}

/// A private object `hp_iter_next` returns (owned) at exhaustion; no Python
/// code can obtain it, so it never collides with a value.
pub fn stop_object(vm: &VirtualMachine) -> &'static PyObjectRef {
    static STOP: std::sync::OnceLock<PyObjectRef> = std::sync::OnceLock::new();
    STOP.get_or_init(|| vm.ctx.new_base_object(vm.ctx.types.object_type.to_owned(), None))
}

fn stop_marker() -> *const PyObject {
    owned(stop_object(vm()).clone())
}

/// next(it): the value (owned), `stop_marker()` when exhausted, or null
/// with an exception pending.
pub extern "C" fn hp_iter_next(it: *const PyObject) -> *const PyObject {
    let it = unsafe { obj(it) }.to_owned();
    match crate::generator::iter_next(vm(), &it) {
        Ok(PyIterReturn::Return(v)) => owned(v),
        Ok(PyIterReturn::StopIteration(_)) => stop_marker(),
        Err(e) => {
            fail(e);
            std::ptr::null()
        }
    }
}

fn call(f: *const PyObject, args: Vec<PyObjectRef>) -> *const PyObject {
    let f = unsafe { obj(f) }.to_owned();
    let n = args.len();
    owned_or_fail(f.vectorcall(args, n, None, vm()))
}

/// A Python function with a compiled entry trace runs it directly
/// (`trace::call_entry`); None for any other call.
fn compiled_entry<const N: usize>(f: *const PyObject, args: [*const PyObject; N]) -> Option<*const PyObject> {
    // SAFETY: the trace passes live objects.
    let args = args.map(|a| unsafe { obj(a) });
    crate::trace::call_entry(vm(), unsafe { obj(f) }, &args).map(owned_or_fail)
}

pub extern "C" fn hp_call_py0(f: *const PyObject) -> *const PyObject {
    compiled_entry(f, []).unwrap_or_else(|| hp_call0(f))
}

pub extern "C" fn hp_call_py1(f: *const PyObject, a: *const PyObject) -> *const PyObject {
    compiled_entry(f, [a]).unwrap_or_else(|| hp_call1(f, a))
}

pub extern "C" fn hp_call_py2(f: *const PyObject, a: *const PyObject, b: *const PyObject) -> *const PyObject {
    compiled_entry(f, [a, b]).unwrap_or_else(|| hp_call2(f, a, b))
}

pub extern "C" fn hp_call_py3(f: *const PyObject, a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    compiled_entry(f, [a, b, c]).unwrap_or_else(|| hp_call3(f, a, b, c))
}

pub extern "C" fn hp_call_py4(f: *const PyObject, a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject) -> *const PyObject {
    compiled_entry(f, [a, b, c, d]).unwrap_or_else(|| hp_call4(f, a, b, c, d))
}

pub extern "C" fn hp_call0(f: *const PyObject) -> *const PyObject {
    call(f, vec![])
}

/// `f(args)` of a generator function with exactly these positional
/// parameters: the generator made directly
/// (`generator::call_generator_function`), or the call by protocol if `f`
/// is no longer such a function.
fn gen_new<const N: usize>(f: *const PyObject, args: [*const PyObject; N]) -> *const PyObject {
    // SAFETY: the trace passes live objects.
    let (func, args) = unsafe { (obj(f).to_owned(), args.map(|a| obj(a))) };
    match crate::generator::call_generator_function(vm(), &func, &args) {
        Some(r) => owned_or_fail(r),
        None => call(f, args.iter().map(|&a| a.to_owned()).collect()),
    }
}

pub extern "C" fn hp_gen_new0(f: *const PyObject) -> *const PyObject {
    gen_new(f, [])
}

pub extern "C" fn hp_gen_new1(f: *const PyObject, a: *const PyObject) -> *const PyObject {
    gen_new(f, [a])
}

pub extern "C" fn hp_gen_new2(f: *const PyObject, a: *const PyObject, b: *const PyObject) -> *const PyObject {
    gen_new(f, [a, b])
}

pub extern "C" fn hp_gen_new3(f: *const PyObject, a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    gen_new(f, [a, b, c])
}

pub extern "C" fn hp_gen_new4(f: *const PyObject, a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject) -> *const PyObject {
    gen_new(f, [a, b, c, d])
}

pub extern "C" fn hp_call1(f: *const PyObject, a: *const PyObject) -> *const PyObject {
    call_builtin_first(f, unsafe { [Some(obj(a).to_owned())] })
}

/// `f(*args)` as the interpreter's CALL makes it: the builtins it calls
/// directly first (`builtin_calls`, which takes a method descriptor's first
/// argument as its object), the general call otherwise.
fn call_builtin_first<const N: usize>(f: *const PyObject, args: [Option<PyObjectRef>; N]) -> *const PyObject {
    if let Some(r) = crate::builtin_calls::call(vm(), unsafe { obj(f) }, None, &args) {
        return owned_or_fail(r);
    }
    let args = args.map(|a| a.expect("an argument"));
    if let Some(r) = crate::compat::calls::call_fast(vm(), unsafe { obj(f) }, &args, N, None) {
        return owned_or_fail(r);
    }
    call(f, args.into())
}

pub extern "C" fn hp_call2(f: *const PyObject, a: *const PyObject, b: *const PyObject) -> *const PyObject {
    call_builtin_first(f, unsafe { [Some(obj(a).to_owned()), Some(obj(b).to_owned())] })
}

pub extern "C" fn hp_call3(f: *const PyObject, a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    call_builtin_first(f, unsafe { [Some(obj(a).to_owned()), Some(obj(b).to_owned()), Some(obj(c).to_owned())] })
}

pub extern "C" fn hp_call4(
    f: *const PyObject,
    a: *const PyObject,
    b: *const PyObject,
    c: *const PyObject,
    d: *const PyObject,
) -> *const PyObject {
    call_builtin_first(f, unsafe { [Some(obj(a).to_owned()), Some(obj(b).to_owned()), Some(obj(c).to_owned()), Some(obj(d).to_owned())] })
}

/// CALL_KW: `f(*args[..n-k], **dict(zip(kwnames, args[n-k..])))`, where
/// `kwnames` is the tuple of the last k arguments' names.
fn call_kw(f: *const PyObject, kwnames: *const PyObject, args: &[*const PyObject]) -> *const PyObject {
    let (f, kwnames) = unsafe { (obj(f), obj(kwnames)) };
    let Some(names) = kwnames.downcast_ref::<rustpython_vm::builtins::PyTuple>() else {
        fail(vm().new_system_error("CALL_KW names are not a tuple"));
        return std::ptr::null();
    };
    let nargs = args.len() - names.len();
    // Safety: `PyObjectRef` is a transparent non-null pointer; the slice
    // borrows the references the compiled code holds (no count is taken
    // and nothing drops them here).
    let args: &[PyObjectRef] = unsafe { std::slice::from_raw_parts(args.as_ptr().cast::<PyObjectRef>(), args.len()) };
    if let Some(r) = crate::compat::calls::call_fast(vm(), f, args, nargs, Some(names.as_slice())) {
        return owned_or_fail(r);
    }
    owned_or_fail(f.vectorcall(args.to_vec(), nargs, Some(names.as_slice()), vm()))
}

pub extern "C" fn hp_call_kw1(f: *const PyObject, k: *const PyObject, a: *const PyObject) -> *const PyObject {
    call_kw(f, k, &[a])
}

pub extern "C" fn hp_call_kw2(f: *const PyObject, k: *const PyObject, a: *const PyObject, b: *const PyObject) -> *const PyObject {
    call_kw(f, k, &[a, b])
}

pub extern "C" fn hp_call_kw3(
    f: *const PyObject,
    k: *const PyObject,
    a: *const PyObject,
    b: *const PyObject,
    c: *const PyObject,
) -> *const PyObject {
    call_kw(f, k, &[a, b, c])
}

pub extern "C" fn hp_call_kw4(
    f: *const PyObject,
    k: *const PyObject,
    a: *const PyObject,
    b: *const PyObject,
    c: *const PyObject,
    d: *const PyObject,
) -> *const PyObject {
    call_kw(f, k, &[a, b, c, d])
}

/// DICT_MERGE (building `**kwargs`): `source`'s items into `dict`, keys
/// unique, as the interpreter does; 0, or -1 with an exception pending.
pub extern "C" fn hp_dict_merge(dict: *const PyObject, source: *const PyObject, callable: *const PyObject) -> i64 {
    let (d, s, c) = unsafe { (obj(dict).to_owned(), obj(source).to_owned(), obj(callable).to_owned()) };
    status(crate::ops::dict_merge(vm(), &d, s, &c))
}

/// `in`: 1 or 0, or -1 with an exception pending.
pub extern "C" fn hp_contains(container: *const PyObject, item: *const PyObject) -> i64 {
    let vm = vm();
    let (c, i) = unsafe { (obj(container), obj(item)) };
    // The exact-type forms run no Python code: the operands stay borrowed.
    // The generic path holds its own references while `__contains__` runs.
    let r = match crate::exact::contains_fast(vm, i, c) {
        Some(r) => r,
        None => crate::ops::contains_generic(vm, &i.to_owned(), &c.to_owned()),
    };
    match r {
        Ok(b) => b as i64,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// `~o`. Owned, or null with an exception pending.
pub extern "C" fn hp_invert(o: *const PyObject) -> *const PyObject {
    owned_or_fail(vm()._invert(unsafe { obj(o) }))
}

/// `del o[k]`: 0, or -1 with an exception pending.
pub extern "C" fn hp_delitem(o: *const PyObject, k: *const PyObject) -> i64 {
    let (o, k) = unsafe { (obj(o), obj(k)) };
    status(o.del_item(k, vm()))
}

/// f-strings: `format(v, spec)` (`spec` a str).
pub extern "C" fn hp_format(v: *const PyObject, spec: *const PyObject) -> *const PyObject {
    let (v, spec) = unsafe { (obj(v), obj(spec)) };
    let Some(spec) = spec.downcast_ref::<PyStr>() else {
        fail(vm().new_system_error("format spec is not a str"));
        return std::ptr::null();
    };
    if spec.is_empty() {
        if let Some(s) = crate::strfmt::format_simple(vm(), v) {
            return owned(s);
        }
    }
    owned_or_fail(vm().format(v, spec.to_owned()).map(Into::into))
}

/// f-strings: `f"{n}"` of an unboxed int. Owned.
pub extern "C" fn hp_int_str(n: i64) -> *const PyObject {
    owned(crate::strfmt::int_text(vm(), n).into())
}

/// f-strings: `!s`, `!r`, `!a` (1, 2, 3).
pub extern "C" fn hp_convert(v: *const PyObject, which: i64) -> *const PyObject {
    let v = unsafe { obj(v) }.to_owned();
    let vm = vm();
    owned_or_fail(match which {
        1 => v.str(vm).map(Into::into),
        2 => v.repr(vm).map(Into::into),
        3 => rustpython_vm::stdlib::builtins::ascii(v, vm).map(Into::into),
        _ => Ok(v),
    })
}

/// f-strings (BUILD_STRING): str parts joined. Owned, or null with an
/// exception pending.
fn join_str<const N: usize>(parts: [*const PyObject; N]) -> *const PyObject {
    let vm = vm();
    owned_or_fail(crate::strfmt::join(vm, parts.iter().map(|&p| unsafe { obj(p) })).map(Into::into))
}

pub extern "C" fn hp_join_str2(a: *const PyObject, b: *const PyObject) -> *const PyObject {
    join_str([a, b])
}

pub extern "C" fn hp_join_str3(a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    join_str([a, b, c])
}

pub extern "C" fn hp_join_str4(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject) -> *const PyObject {
    join_str([a, b, c, d])
}

pub extern "C" fn hp_join_str5(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject) -> *const PyObject {
    join_str([a, b, c, d, e])
}

pub extern "C" fn hp_join_str6(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject, f: *const PyObject) -> *const PyObject {
    join_str([a, b, c, d, e, f])
}

/// `f(*args, **kwargs)` (`kwargs` None when absent). Owned, or null with an
/// exception pending.
pub extern "C" fn hp_call_ex(f: *const PyObject, args: *const PyObject, kwargs: *const PyObject) -> *const PyObject {
    let vm = vm();
    let f = unsafe { obj(f) }.to_owned();
    let args = unsafe { obj(args) }.to_owned();
    let positional: Vec<PyObjectRef> = match args.downcast_ref::<rustpython_vm::builtins::PyTuple>() {
        Some(t) => t.as_slice().to_vec(),
        None => match args.try_to_value(vm) {
            Ok(v) => v,
            Err(_) => {
                fail(vm.new_type_error(format!(
                    "{} argument after * must be an iterable, not {}",
                    crate::ops::function_str(vm, &f),
                    args.class().name()
                )));
                return std::ptr::null();
            }
        },
    };
    let mut kw = Vec::new();
    let kwargs = unsafe { obj(kwargs) };
    if !vm.is_none(kwargs) {
        let Some(d) = kwargs.downcast_ref::<rustpython_vm::builtins::PyDict>() else {
            fail(vm.new_system_error("CALL_FUNCTION_EX kwargs is not a dict"));
            return std::ptr::null();
        };
        for (k, v) in d.items_vec() {
            match k.downcast::<PyStr>() {
                Ok(k) => kw.push((k, v)),
                Err(_) => {
                    fail(vm.new_type_error("keywords must be strings"));
                    return std::ptr::null();
                }
            }
        }
    }
    owned_or_fail(crate::call::call_object(vm, &f, positional, kw))
}

/// `object.__new__(cls)` through the type's slot. Owned.
pub extern "C" fn hp_new_instance(cls: *const PyObject) -> *const PyObject {
    let cls = unsafe { obj(cls) }.to_owned();
    owned_or_fail(crate::call::new_instance(vm(), &cls))
}

/// A virtual object escaping (allocation removal): `object.__new__(cls)` for a
/// class the recorder checked (a plain Python class whose `__new__` is
/// object's), which cannot fail short of memory exhaustion. Owned.
pub extern "C" fn hp_materialize_instance(cls: *const PyObject) -> *const PyObject {
    owned(super::deopt::new_virtual(vm(), &unsafe { obj(cls) }.to_owned()))
}

/// A field of a virtual object escaping: `value` (consumed) stored as the
/// attribute `name` of the fresh instance, by `object.__setattr__` (into a
/// `__slots__` member or the `__dict__`; the recorder checked that this is a
/// plain store that runs no Python code).
pub extern "C" fn hp_instance_set(o: *const PyObject, name: *const PyObject, value: *const PyObject) {
    // SAFETY: the trace owned `value`; its reference moves into the object.
    let (o, n, v) = unsafe { (obj(o), obj(name), adopt(value)) };
    super::deopt::set_virtual_field(vm(), o, n, v);
}

/// `obj.member = value` for a `__slots__` member whose cell is at byte
/// `offset` from the object (the member descriptor's offset, as RustPython's
/// own slot stores address it). Consumes `value`; releases the old value.
pub extern "C" fn hp_slot_store(o: *const PyObject, offset: i64, value: *const PyObject) {
    // SAFETY: the trace guarded the class, whose member descriptor names this
    // cell (an atomic object pointer, null when unset); `value` is owned.
    let old = unsafe {
        let cell = &*((o as *const u8).wrapping_offset(offset as isize) as *const std::sync::atomic::AtomicPtr<PyObject>);
        cell.swap(value as *mut PyObject, std::sync::atomic::Ordering::AcqRel)
    };
    if !old.is_null() {
        drop(unsafe { adopt(old) });
    }
}

/// MAKE_FUNCTION: a function of `code` in `globals`; `defaults`, `closure`
/// and `kwdefaults` are None when the code gives none. Null with the
/// exception pending when the constructor raises.
pub extern "C" fn hp_make_function(
    code: *const PyObject,
    globals: *const PyObject,
    defaults: *const PyObject,
    closure: *const PyObject,
    kwdefaults: *const PyObject,
) -> *const PyObject {
    let vm = vm();
    let given = |p: *const PyObject| Some(unsafe { obj(p) }.to_owned()).filter(|o| !vm.is_none(o));
    let (code, globals) = unsafe { (obj(code).to_owned(), obj(globals).to_owned()) };
    let builtins = || crate::runtime::current_frame(|f| f.map(|f| f.builtins.to_ref().into()));
    match crate::function::new_function(vm, code, globals, given(defaults), given(closure), given(kwdefaults), builtins) {
        Ok(f) => owned(f),
        Err(e) => {
            fail(e);
            std::ptr::null()
        }
    }
}

/// A cell's contents (owned), or null (no exception) when empty.
pub extern "C" fn hp_cell_get(cell: *const PyObject) -> *const PyObject {
    match crate::layout::cell_get(unsafe { obj(cell) }, vm()) {
        Ok(Some(v)) => owned(v),
        Ok(None) => std::ptr::null(),
        Err(e) => {
            fail(e);
            std::ptr::null()
        }
    }
}

/// STORE_DEREF into `cell`; 0, or -1 with an exception pending.
pub extern "C" fn hp_cell_set(cell: *const PyObject, v: *const PyObject) -> i64 {
    let (cell, v) = unsafe { (obj(cell), obj(v).to_owned()) };
    status(crate::layout::cell_set(cell, Some(v), vm()))
}

/// New references to `ps` (borrowed object pointers).
///
/// # Safety
/// Each pointer must be a live object.
unsafe fn new_refs<const N: usize>(ps: [*const PyObject; N]) -> Vec<PyObjectRef> {
    ps.iter().map(|&p| unsafe { obj(p) }.to_owned()).collect()
}

/// A new tuple of the given items (BUILD_TUPLE 1..=6).
pub extern "C" fn hp_tuple1(a: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a]) }).into())
}

pub extern "C" fn hp_tuple2(a: *const PyObject, b: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a, b]) }).into())
}

pub extern "C" fn hp_tuple3(a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a, b, c]) }).into())
}

pub extern "C" fn hp_tuple4(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a, b, c, d]) }).into())
}

pub extern "C" fn hp_tuple5(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a, b, c, d, e]) }).into())
}

pub extern "C" fn hp_tuple6(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject, f: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_tuple(unsafe { new_refs([a, b, c, d, e, f]) }).into())
}

/// A new list of the given items (BUILD_LIST 0..=6).
pub extern "C" fn hp_list0() -> *const PyObject {
    owned(vm().ctx.new_list(vec![]).into())
}

pub extern "C" fn hp_list1(a: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a]) }).into())
}

pub extern "C" fn hp_list2(a: *const PyObject, b: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a, b]) }).into())
}

pub extern "C" fn hp_list3(a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a, b, c]) }).into())
}

pub extern "C" fn hp_list4(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a, b, c, d]) }).into())
}

pub extern "C" fn hp_list5(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a, b, c, d, e]) }).into())
}

pub extern "C" fn hp_list6(a: *const PyObject, b: *const PyObject, c: *const PyObject, d: *const PyObject, e: *const PyObject, f: *const PyObject) -> *const PyObject {
    owned(vm().ctx.new_list(unsafe { new_refs([a, b, c, d, e, f]) }).into())
}

/// An empty set (BUILD_SET 0).
pub extern "C" fn hp_set0() -> *const PyObject {
    use rustpython_vm::PyPayload;
    owned(rustpython_vm::builtins::PySet::default().into_ref(&vm().ctx).into())
}

/// An empty dict (BUILD_MAP 0).
pub extern "C" fn hp_dict0() -> *const PyObject {
    owned(vm().ctx.new_dict().into())
}

pub extern "C" fn hp_sqrt(x: f64) -> f64 {
    x.sqrt()
}
pub extern "C" fn hp_sin(x: f64) -> f64 {
    x.sin()
}
pub extern "C" fn hp_cos(x: f64) -> f64 {
    x.cos()
}
pub extern "C" fn hp_exp(x: f64) -> f64 {
    x.exp()
}
pub extern "C" fn hp_fabs(x: f64) -> f64 {
    x.abs()
}

/// `x ** y` on floats where CPython returns a float without error (the
/// trace guards the cases it does not handle). CPython calls the C
/// library's `pow`, and so does this, except for `x ** 0.5` where `sqrt(x)`
/// is provably the float `pow` returns (`sqrt_as_pow`), at a third of the
/// cost.
pub extern "C" fn hp_pow(x: f64, y: f64) -> f64 {
    if y == 0.5 {
        if let Some(s) = sqrt_as_pow(x) {
            return s;
        }
    }
    x.powf(y)
}

/// `sqrt(x)` when every `pow` accurate to 0.54 ulp (glibc's bound for its
/// pow) rounds `x ** 0.5` to it. `sqrt` is correctly rounded but `pow` is
/// not: they differ for about 1 input in 1200, those whose exact root lies
/// near the midpoint between two floats. Here the exact root lies within
/// 0.4 ulp of `s = sqrt(x)`, so the floats next to `s` are more than 0.6 ulp
/// from it and `pow` cannot return them. The distance comes from the
/// residual `s*s - x` (`square_residual`), while `x` is far from the ends of
/// the float range: the root minus `s` is about `-(s*s - x) / 2s`. A power of two for `s` (where the spacing of floats
/// changes) goes to `pow`. Checked against glibc's pow on 3e8 random inputs
/// and 6.5e7 with the root 0.3 to 0.4 ulp from `s`: no difference.
fn sqrt_as_pow(x: f64) -> Option<f64> {
    const MANTISSA: u64 = (1 << 52) - 1;
    const EXPONENT: u64 = 0x7ff << 52;
    use hipy_jit::InlineSqrtPow as Bounds;
    if !(Bounds::LOWEST..=Bounds::HIGHEST).contains(&x) {
        return None;
    }
    let s = x.sqrt();
    let bits = s.to_bits();
    if bits & MANTISSA == 0 {
        return None;
    }
    let ulp = f64::from_bits(bits & EXPONENT) * f64::EPSILON;
    (square_residual(s, x).abs() <= Bounds::RESIDUAL_BOUND * s * ulp).then_some(s)
}

/// `s*s - x` with one rounding, for `s` near `sqrt(x)` (no fused
/// multiply-add needed): `s*s` is split exactly into `p + e` (Dekker's
/// product, `s` cut into two 26-bit halves), and `p - x` is exact because
/// `p` and `x` are within a factor of two of each other.
fn square_residual(s: f64, x: f64) -> f64 {
    let c = 134_217_729.0 * s; // 2^27 + 1
    let hi = c - (c - s);
    let lo = s - hi;
    let p = s * s;
    let e = ((hi * hi - p) + 2.0 * hi * lo) + lo * lo;
    (p - x) + e
}

/// `x / y` on ints with CPython's correctly rounded result (y != 0).
pub extern "C" fn hp_int_truediv(x: i64, y: i64) -> f64 {
    if x.unsigned_abs() <= (1 << 53) && y.unsigned_abs() <= (1 << 53) {
        return x as f64 / y as f64;
    }
    let vm = vm();
    let (a, b): (PyObjectRef, PyObjectRef) = (vm.ctx.new_int(x).into(), vm.ctx.new_int(y).into());
    let r = vm._truediv(&a, &b);
    match r {
        Ok(v) => v.downcast_ref::<PyFloat>().map_or(f64::NAN, |f| f.to_f64()),
        Err(_) => f64::NAN,
    }
}

fn slice(start: PyObjectRef, stop: PyObjectRef, step: Option<PyObjectRef>) -> PyObjectRef {
    use rustpython_vm::PyPayload;
    rustpython_vm::builtins::PySlice { start: Some(start), stop, step }.into_ref(&vm().ctx).into()
}

/// `slice(start, stop)` (BUILD_SLICE 2). Owned.
pub extern "C" fn hp_slice2(a: *const PyObject, b: *const PyObject) -> *const PyObject {
    owned(unsafe { slice(obj(a).to_owned(), obj(b).to_owned(), None) })
}

/// `slice(start, stop, step)` (BUILD_SLICE 3). Owned.
pub extern "C" fn hp_slice3(a: *const PyObject, b: *const PyObject, c: *const PyObject) -> *const PyObject {
    owned(unsafe { slice(obj(a).to_owned(), obj(b).to_owned(), Some(obj(c).to_owned())) })
}

/// `container[start:stop]` (BINARY_SLICE). Owned.
pub extern "C" fn hp_get_slice(c: *const PyObject, a: *const PyObject, b: *const PyObject) -> *const PyObject {
    let (c, a, b) = unsafe { (obj(c), obj(a), obj(b)) };
    if let Some(v) = crate::exact::slice_fast(vm(), c, Some(a), Some(b), None) {
        return owned(v);
    }
    let s = slice(a.to_owned(), b.to_owned(), None);
    owned_or_fail(c.get_item(&*s, vm()))
}

/// `container[start:stop] = value` (STORE_SLICE): 0, or -1 with an exception.
pub extern "C" fn hp_set_slice(v: *const PyObject, c: *const PyObject, a: *const PyObject, b: *const PyObject) -> i64 {
    if crate::exact::store_slice_fast(vm(), unsafe { obj(c) }, unsafe { obj(a) }, unsafe { obj(b) }, unsafe { obj(v) }) {
        return 0;
    }
    let s = unsafe { slice(obj(a).to_owned(), obj(b).to_owned(), None) };
    store_through(unsafe { obj(c) }, &s, unsafe { obj(v) })
}

/// `c[s] = v` by the generic path: 0, or -1 with an exception pending.
fn store_through(c: &PyObject, s: &PyObject, v: &PyObject) -> i64 {
    match c.set_item(s, v.to_owned(), vm()) {
        Ok(()) => 0,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// Slice bounds as compiled code passes them: unboxed, with bit `k` of
/// `nones` set when bound `k` (start, stop, step) is None.
fn bounds(start: i64, stop: i64, step: i64, nones: i64) -> [Option<i128>; 3] {
    let bound = |k: u32, v: i64| if nones & (1 << k) != 0 { None } else { Some(v as i128) };
    [bound(0, start), bound(1, stop), bound(2, step)]
}

/// A bound as the generic path takes it: None or an int object.
fn bound_object(b: Option<i128>) -> PyObjectRef {
    match b {
        None => vm().ctx.none(),
        Some(v) => vm().ctx.new_int(v).into(),
    }
}

/// `c[start:stop:step]` with unboxed bounds (`bounds`); an exact list or
/// tuple is sliced directly, anything else (or a zero step) goes through
/// a slice object. Owned.
pub extern "C" fn hp_slice_ints(c: *const PyObject, start: i64, stop: i64, step: i64, nones: i64) -> *const PyObject {
    let c = unsafe { obj(c) };
    let [a, b, k] = bounds(start, stop, step, nones);
    let t = &vm().ctx.types;
    let is_list = c.class().is(t.list_type);
    if is_list || c.class().is(t.tuple_type) {
        if let Some(r) = crate::exact::slice_of(vm(), c, is_list, a, b, k) {
            return owned(r);
        }
    }
    let s = slice(bound_object(a), bound_object(b), Some(bound_object(k)));
    owned_or_fail(c.get_item(&*s, vm()))
}

/// `c[start:stop] = v` with unboxed bounds (`bounds`, no step): 0, or -1
/// with an exception pending.
pub extern "C" fn hp_store_slice_ints(v: *const PyObject, c: *const PyObject, start: i64, stop: i64, nones: i64) -> i64 {
    let (v, c) = unsafe { (obj(v), obj(c)) };
    let [a, b, _] = bounds(start, stop, 0, nones | 4);
    if c.class().is(vm().ctx.types.list_type) && crate::exact::store_slice_of(vm(), c, a, b, v) {
        return 0;
    }
    store_through(c, &slice(bound_object(a), bound_object(b), None), v)
}

/// `iter(o)` as GET_ITER does it (`ops::get_iter`). Owned.
/// `super(class, obj).name` (LOAD_SUPER_ATTR's attribute form, a method
/// bound): owned, or null with an exception pending. `name` is the code's
/// interned name.
pub extern "C" fn hp_super_attr(
    global_super: *const PyObject,
    class: *const PyObject,
    obj_: *const PyObject,
    name: *const PyObject,
) -> *const PyObject {
    let vm = vm();
    let (global_super, class, o) = unsafe { (obj(global_super).to_owned(), obj(class).to_owned(), obj(obj_).to_owned()) };
    let name = unsafe { obj(name) }.downcast_ref::<rustpython_vm::builtins::PyStr>().expect("a name constant");
    let name = vm.ctx.intern_str(name.as_wtf8());
    owned_or_fail(crate::attr::super_attr(vm, &global_super, class, o, name))
}

/// tuple(list) for INTRINSIC_LIST_TO_TUPLE: owned, or null with an
/// exception pending.
pub extern "C" fn hp_list_to_tuple(l: *const PyObject) -> *const PyObject {
    owned_or_fail(crate::ops::list_to_tuple(vm(), unsafe { obj(l) }))
}

/// Cell `i` of function `f`'s closure (owned): a free variable of a
/// generator the trace runs without making it (`consume_unmade`).
pub extern "C" fn hp_func_cell(f: *const PyObject, i: i64) -> *const PyObject {
    let f = unsafe { obj(f) }.downcast_ref::<rustpython_vm::builtins::PyFunction>().expect("a function");
    owned(f.closure_ref().expect("a closure").as_slice()[i as usize].clone())
}

/// Item `i` of tuple `t` (owned; `i` in range).
pub extern "C" fn hp_tuple_item(t: *const PyObject, i: i64) -> *const PyObject {
    let t = unsafe { obj(t) }.downcast_ref::<rustpython_vm::builtins::PyTuple>().expect("a tuple");
    owned(t.as_slice()[i as usize].clone())
}

/// GET_ITER of `range(start, stop, step)` (CALL and GET_ITER in one):
/// owned, or null with an exception pending (a zero step).
pub extern "C" fn hp_range_iter(start: i64, stop: i64, step: i64) -> *const PyObject {
    owned_or_fail(crate::range::iter_of(vm(), start, stop, step))
}

pub extern "C" fn hp_get_iter(o: *const PyObject) -> *const PyObject {
    let o = unsafe { obj(o) }.to_owned();
    owned_or_fail(crate::ops::get_iter(vm(), o))
}

#[cfg(test)]
mod tests {
    use super::hp_pow;

    /// `x ** 0.5` is the C library's `pow(x, 0.5)` bit for bit, fast path or not.
    #[test]
    fn square_roots_are_what_pow_returns() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checked = 0;
        for k in 0..2_000_000u64 {
            let r = next();
            let x = match k % 4 {
                // Any positive finite double, subnormals included.
                0 => f64::from_bits(r % 0x7ff0_0000_0000_0000),
                // Moderate magnitudes.
                1 => f64::from_bits((r & ((1 << 52) - 1)) | ((1003 + r % 40) << 52)),
                // Squares of floats and their neighbours.
                2 => {
                    let m = f64::from_bits((r & ((1 << 52) - 1)) | ((1000 + r % 48) << 52));
                    f64::from_bits((m * m).to_bits().wrapping_add(r >> 62).wrapping_sub(1))
                }
                // Powers of two and small integers.
                _ => (r % 4096) as f64 * 2f64.powi((r >> 40) as i32 % 64 - 32),
            };
            if x.is_finite() && x > 0.0 {
                assert_eq!(hp_pow(x, 0.5).to_bits(), x.powf(0.5).to_bits(), "x = {x:e}");
                if (2f64.powi(-900)..=2f64.powi(1000)).contains(&x) {
                    let s = x.sqrt();
                    assert_eq!(super::square_residual(s, x), s.mul_add(s, -x), "x = {x:e}");
                }
                checked += 1;
            }
        }
        assert!(checked > 1_900_000);
        for x in [f64::MIN_POSITIVE, f64::MAX, 4.0, 2.0, 1.0, 0.25, 1e-300, 1e300] {
            assert_eq!(hp_pow(x, 0.5).to_bits(), x.powf(0.5).to_bits(), "x = {x:e}");
        }
    }
}
