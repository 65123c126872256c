//! Instances of Python classes, read the way the inline caches need them:
//!
//! - the instance dict pointer, which RustPython 0.6 keeps in a prefix in
//!   front of the object (`dict_member_offset`);
//! - `__slots__` members, atomic pointer cells at the (negative) offset their
//!   member descriptor names;
//! - whether a string is interned (the count word's LEAKED bit);
//! - **shapes**: a keys-version stamp shared by every dict whose entries are
//!   the same interned keys in the same order, with no holes (CPython's
//!   shared-key dictionaries, PyPy's maps). RustPython resets a dict's stamp
//!   whenever its key set changes, and a nonzero stamp attests the exact
//!   entry layout it was given for; hipy gives hole-free, interned-key
//!   dicts a stamp from its own range that stands for their key sequence,
//!   so the instances of a class, whose `__init__` adds the same attributes
//!   in the same order, share one stamp and a cached entry index serves
//!   them all.
//!
//! Everything is probed at start-up on real objects made through the public
//! API and checked against it; if a probe fails the caches use the public
//! API (slower, never wrong). Reading RustPython's internals without their
//! locks is only done while one thread runs Python (`threads::multi()`).

use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use rustpython_vm::builtins::descriptor::{MemberAccess, MemberKind, PyMemberDescriptor, PyMemberFlags};
use rustpython_vm::builtins::PyDict;
use rustpython_vm::object::dict_member_offset;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::dicts::{self, DictLayout};

#[derive(Clone, Copy, Debug)]
pub struct InstanceLayout {
    /// Offset (negative) of the instance dict pointer from the object start.
    pub dict: isize,
    /// Whether `__slots__` member cells read as probed.
    pub slots: bool,
    /// The dict layout (entries, stamp).
    pub dicts: DictLayout,
}

static LAYOUT: OnceLock<Option<InstanceLayout>> = OnceLock::new();

#[inline]
pub fn layout() -> Option<&'static InstanceLayout> {
    LAYOUT.get().and_then(|l| l.as_ref())
}

/// Probe instance layouts (after `dicts::probe` and `objects::probe`).
pub fn probe(vm: &VirtualMachine) {
    LAYOUT.get_or_init(|| probe_layout(vm).ok().flatten());
}

/// Bit 61 of the count word: the string pool owns this object (interned).
const LEAKED: u64 = 1 << 61;

fn probe_layout(vm: &VirtualMachine) -> PyResult<Option<InstanceLayout>> {
    let Some(dl) = dicts::layout() else { return Ok(None) };
    if super::objects::layout().and_then(|l| l.refcount_offset) != Some(0) {
        return Ok(None);
    }
    // Interned strings carry LEAKED, fresh ones do not.
    let interned = vm.ctx.intern_str("hipy_probe_interned_name");
    let fresh = vm.ctx.new_str(String::from("hipy_probe_fresh_name"));
    if !is_interned(interned.as_object()) || is_interned(fresh.as_object()) {
        return Ok(None);
    }
    let scope = super::run_probe_code(
        vm,
        rustpython_vm::py_compile!(
            source = "class _D:\n    pass\nclass _S:\n    __slots__ = ('a', 'b')\nclass _SD(_S):\n    pass\n",
            module_name = "<hipy-probe>"
        ),
    )?;
    let g = |n: &str| scope.globals.get_item(n, vm);
    let d_cls = g("_D")?;
    let s_cls = g("_S")?;
    let sd_cls = g("_SD")?;
    // The instance dict pointer.
    let off = dict_member_offset();
    let mut dict_ok = true;
    for _ in 0..2 {
        let o = d_cls.call((), vm)?;
        o.set_attr("x", vm.ctx.new_int(1), vm)?;
        let Some(d) = o.dict() else { return Ok(None) };
        // SAFETY: the class has a dict, so the prefix holds its pointer.
        let raw = unsafe { read_ptr(&o, off) };
        dict_ok &= raw == d.as_object() as *const PyObject as usize;
    }
    // Modules keep their dict in the same prefix (the caches read module
    // attributes through it).
    let m = vm.new_module("hipy_probe_module", vm.ctx.new_dict(), None);
    m.as_object().set_attr("x", vm.ctx.new_int(1), vm)?;
    let md = m.as_object().dict();
    dict_ok &= m.class().slots.flags.has_feature(rustpython_vm::types::PyTypeFlags::HAS_DICT)
        && md.is_some_and(|d| unsafe { read_ptr(m.as_object(), off) } == d.as_object() as *const PyObject as usize);
    if !dict_ok {
        return Ok(None);
    }
    // Slot members: both read and written through the probed cells, seen
    // by the public API both ways, on the class and a subclass with a dict.
    let mut slots = true;
    for cls in [&s_cls, &sd_cls] {
        let o = cls.call((), vm)?;
        for name in ["a", "b"] {
            let descr = s_cls.get_attr(name, vm)?;
            let Some(off) = slot_offset(&descr) else {
                slots = false;
                continue;
            };
            // Unset: the cell is empty.
            slots &= unsafe { read_ptr(&o, off) } == 0;
            let marker: PyObjectRef = vm.ctx.new_str(format!("hipy-slot-{name}")).into();
            o.set_attr(name, marker.clone(), vm)?;
            slots &= unsafe { read_ptr(&o, off) } == marker.as_object() as *const PyObject as usize;
            let other: PyObjectRef = vm.ctx.new_str(format!("hipy-slot2-{name}")).into();
            // SAFETY: the probe checked the cell above.
            let old = unsafe { swap_slot(&o, off, Some(other.clone())) };
            slots &= old.is_some_and(|v| v.is(&marker));
            slots &= o.get_attr(name, vm).is_ok_and(|v| v.is(&other));
        }
    }
    Ok(Some(InstanceLayout { dict: off, slots, dicts: dl }))
}

unsafe fn read_ptr(o: &PyObject, off: isize) -> usize {
    let p = (o as *const PyObject as *const u8).offset(off) as *const AtomicPtr<PyObject>;
    (*p).load(Ordering::Acquire) as usize
}

/// The cell offset of a `__slots__` member descriptor (an object member
/// read by offset, without audit hooks), if `descr` is one.
pub fn slot_offset(descr: &PyObject) -> Option<isize> {
    let m = descr.downcast_ref::<PyMemberDescriptor>()?;
    if !matches!(m.access, MemberAccess::Offset)
        || !matches!(m.member.kind, MemberKind::ObjectEx)
        || m.member.flags.intersects(PyMemberFlags::AUDIT_READ | PyMemberFlags::READONLY | PyMemberFlags::RELATIVE_OFFSET)
    {
        return None;
    }
    Some(m.member.offset)
}

/// The object in a slot cell, borrowed (None when the slot is unset).
///
/// # Safety
/// `off` is a slot offset of `o`'s type (its descriptor found on that type),
/// and only this thread runs Python.
#[inline(always)]
pub unsafe fn slot_ref(o: &PyObject, off: isize) -> Option<&PyObject> {
    let p = read_ptr(o, off) as *const PyObject;
    p.as_ref()
}

/// Store into a slot cell; returns the old value (drop it after the
/// store, outside any borrow: dropping may run `__del__`).
///
/// # Safety
/// As `slot_ref`.
#[inline(always)]
pub unsafe fn swap_slot(o: &PyObject, off: isize, v: Option<PyObjectRef>) -> Option<PyObjectRef> {
    let p = &*((o as *const PyObject as *const u8).offset(off) as *const AtomicPtr<PyObject>);
    let new = v.map_or(std::ptr::null_mut(), |v| v.into_raw().as_ptr());
    let old = p.swap(new, Ordering::AcqRel);
    std::ptr::NonNull::new(old).map(|p| PyObjectRef::from_raw(p))
}

/// The instance dict of `o`, borrowed (None if it has none yet).
///
/// # Safety
/// `o`'s type has a dict slot (`HAS_DICT`), and only this thread runs Python.
#[inline(always)]
pub unsafe fn dict_ref<'a>(l: &InstanceLayout, o: &'a PyObject) -> Option<&'a Py<PyDict>> {
    let p = read_ptr(o, l.dict) as *const PyObject;
    p.as_ref().map(|d| d.downcast_unchecked_ref::<PyDict>())
}

/// A dict's keys-version stamp (0: none).
#[inline(always)]
pub fn stamp(l: &InstanceLayout, d: &Py<PyDict>) -> u32 {
    // SAFETY: probed offset.
    unsafe { dicts::stamp_at(d.as_object(), l.dicts.stamp) }
}

/// The value at entry `index` of `d`, borrowed.
///
/// # Safety
/// `d`'s stamp is one under which `index` was found to hold a key, and only
/// this thread runs Python.
#[inline(always)]
pub unsafe fn entry_value<'a>(l: &InstanceLayout, d: &'a Py<PyDict>, index: u32) -> &'a PyObject {
    dicts::value_with(&l.dicts, d, index as usize)
}

/// Replace the value at entry `index` of `d` (same key): returns the old
/// value, to be dropped after. A dict left untracked for holding only
/// atoms is tracked when `v` may be part of a cycle, as the dict's own
/// stores do.
///
/// # Safety
/// As `entry_value`.
#[inline(always)]
pub unsafe fn replace_entry_value(l: &InstanceLayout, d: &Py<PyDict>, index: u32, v: PyObjectRef) -> PyObjectRef {
    d.track_for_stored(&v);
    let ptr = dicts::word(d, l.dicts.entries);
    let cell = (ptr + index as usize * l.dicts.stride + l.dicts.value) as *mut *mut PyObject;
    let old = std::ptr::replace(cell, v.into_raw().as_ptr());
    PyObjectRef::from_raw(std::ptr::NonNull::new_unchecked(old))
}

/// The entry index of the interned `name` in `d` (by identity), if present.
pub fn index_of(l: &InstanceLayout, d: &Py<PyDict>, name: &rustpython_vm::builtins::PyStrInterned) -> Option<u32> {
    dicts::index_with(&l.dicts, d, name).map(|i| i as u32)
}

/// Whether `o` is interned (owned by the string pool).
#[inline]
pub fn is_interned(o: &PyObject) -> bool {
    // SAFETY: the count word is the object's first word (probed).
    let w = unsafe { &*(o as *const PyObject as *const AtomicU64) };
    w.load(Ordering::Relaxed) & LEAKED != 0
}

// ----- shapes -----

/// Stamps hipy gives shapes: below the per-dict stamps of `dicts` (from
/// 0xC000_0000), far above RustPython's own counter.
pub const SHAPE_FIRST: u32 = 0x8000_0000;
pub const SHAPE_LAST: u32 = 0xBFFF_FFFF;
/// Longest key sequence that gets a shape (CPython shares keys up to 30).
const SHAPE_MAX_KEYS: usize = 30;

static NEXT_SHAPE: AtomicU32 = AtomicU32::new(SHAPE_FIRST);

struct Shapes {
    by_keys: rustc_hash::FxHashMap<Box<[usize]>, u32>,
    /// The keys of shape `SHAPE_FIRST + i`.
    keys_of: Vec<Box<[usize]>>,
    /// (shape, added key) -> shape after appending it.
    next: rustc_hash::FxHashMap<(u32, usize), u32>,
}

static SHAPES: OnceLock<Mutex<Shapes>> = OnceLock::new();

fn shapes() -> std::sync::MutexGuard<'static, Shapes> {
    SHAPES
        .get_or_init(|| Mutex::new(Shapes { by_keys: Default::default(), keys_of: Vec::new(), next: Default::default() }))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// Whether `stamp` is one of hipy's shape stamps (every key an interned
/// string, no holes).
#[inline]
pub fn is_shape(stamp: u32) -> bool {
    (SHAPE_FIRST..=SHAPE_LAST).contains(&stamp)
}

/// The keys of `d` as identities into `buf`, if it is hole-free with
/// interned keys: how many.
fn shape_keys(l: &InstanceLayout, d: &Py<PyDict>, buf: &mut [usize; SHAPE_MAX_KEYS]) -> Option<usize> {
    let ptr = dicts::word(d, l.dicts.entries);
    let len = dicts::word(d, l.dicts.len);
    // No holes: the entry array holds exactly the live items (a hole's
    // bytes are not read at all).
    if len > SHAPE_MAX_KEYS || len != d.__len__() {
        return None;
    }
    for (i, slot) in buf.iter_mut().enumerate().take(len) {
        // SAFETY: `ptr`/`len` are the entry array's, with no holes.
        let k = unsafe { *((ptr + i * l.dicts.stride + l.dicts.key) as *const usize) };
        if k == 0 || !is_interned(unsafe { &*(k as *const PyObject) }) {
            return None;
        }
        *slot = k;
    }
    Some(len)
}

// A per-thread memo of short key sequences' shapes, so that a new instance
// gets its stamp without the registry's lock, hashing and allocation (the
// registry never changes a sequence's stamp, so a memo entry stays right).
const MEMO_KEYS: usize = 8;
const MEMO_WAYS: usize = 64;

#[derive(Clone, Copy, Default)]
struct Memo {
    len: u8,
    stamp: u32,
    keys: [usize; MEMO_KEYS],
}

thread_local! {
    static MEMO: std::cell::RefCell<Vec<Memo>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn memo_slot(keys: &[usize]) -> usize {
    let mut h: u64 = keys.len() as u64;
    for &k in keys {
        h = (h ^ k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    (h >> 58) as usize % MEMO_WAYS
}

fn shape_of_keys(keys: &[usize]) -> u32 {
    if keys.len() > MEMO_KEYS {
        return register(keys.to_vec());
    }
    let i = memo_slot(keys);
    let hit = MEMO.with(|m| {
        let m = m.borrow();
        m.get(i).filter(|e| e.stamp != 0 && e.len as usize == keys.len() && &e.keys[..keys.len()] == keys).map(|e| e.stamp)
    });
    if let Some(st) = hit {
        return st;
    }
    let st = register(keys.to_vec());
    if st != 0 {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.is_empty() {
                m.resize(MEMO_WAYS, Memo::default());
            }
            let mut e = Memo { len: keys.len() as u8, stamp: st, keys: [0; MEMO_KEYS] };
            e.keys[..keys.len()].copy_from_slice(keys);
            m[i] = e;
        });
    }
    st
}

fn register(keys: Vec<usize>) -> u32 {
    let mut s = shapes();
    if let Some(&st) = s.by_keys.get(&keys[..]) {
        return st;
    }
    let st = NEXT_SHAPE.load(Ordering::Relaxed);
    if !is_shape(st) {
        return 0;
    }
    NEXT_SHAPE.store(st + 1, Ordering::Relaxed);
    let keys = keys.into_boxed_slice();
    s.keys_of.push(keys.clone());
    s.by_keys.insert(keys, st);
    st
}

/// `d`'s stamp, giving it its shape's stamp first if it has none and
/// qualifies. 0 when it has none, and for an instance of a dict subclass:
/// a hint reads entries directly, and RustPython's generic attribute
/// paths read such a dict through its `__getitem__`, so a hint for it
/// would make the result depend on the cache (CPython reads the entries;
/// see docs/interp-profile.md).
///
/// Only while one thread runs Python.
pub fn shape_stamp(l: &InstanceLayout, d: &Py<PyDict>) -> u32 {
    if !is_exact_dict(d) {
        return 0;
    }
    let s = stamp(l, d);
    if s != 0 {
        return s;
    }
    let mut buf = [0usize; SHAPE_MAX_KEYS];
    let Some(n) = shape_keys(l, d, &mut buf) else { return 0 };
    let st = shape_of_keys(&buf[..n]);
    install(l, d, st)
}

/// Whether `d` is an exact `dict` (not an instance of a subclass).
#[inline]
pub fn is_exact_dict(d: &Py<PyDict>) -> bool {
    use rustpython_vm::class::StaticType;
    d.class().is(PyDict::static_type())
}

fn install(l: &InstanceLayout, d: &Py<PyDict>, st: u32) -> u32 {
    if st == 0 {
        return 0;
    }
    // SAFETY: probed offset of the dict's `AtomicU32` stamp.
    let p = unsafe { &*((d.as_object() as *const PyObject as *const u8).add(l.dicts.stamp) as *const AtomicU32) };
    match p.compare_exchange(0, st, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => st,
        Err(cur) => cur,
    }
}

/// The shape of `from` with `key` appended, if `from` is a shape. Shapes
/// never change once made, so each thread keeps the transitions it took
/// last (`RECENT`) and takes the table's lock only for others.
pub fn shape_after(from: u32, key: &PyObject) -> u32 {
    if !is_shape(from) || !is_interned(key) {
        return 0;
    }
    let k = key as *const PyObject as usize;
    let slot = (from as usize ^ k >> 4) % RECENT_SLOTS;
    if let Some(st) = RECENT.with(|r| {
        let (f, key, to) = r[slot].get();
        (f == from && key == k).then_some(to)
    }) {
        return st;
    }
    let st = shape_after_locked(from, k);
    if st != 0 {
        RECENT.with(|r| r[slot].set((from, k, st)));
    }
    st
}

const RECENT_SLOTS: usize = 64;

thread_local! {
    /// (from, key address, to) of transitions this thread took; `from` 0 is empty.
    static RECENT: [std::cell::Cell<(u32, usize, u32)>; RECENT_SLOTS] =
        const { [const { std::cell::Cell::new((0, 0, 0)) }; RECENT_SLOTS] };
}

fn shape_after_locked(from: u32, k: usize) -> u32 {
    if let Some(&st) = shapes().next.get(&(from, k)) {
        return st;
    }
    let keys = {
        let s = shapes();
        let Some(keys) = s.keys_of.get((from - SHAPE_FIRST) as usize) else { return 0 };
        if keys.len() >= SHAPE_MAX_KEYS {
            return 0;
        }
        let mut keys = keys.to_vec();
        keys.push(k);
        keys
    };
    let st = register(keys);
    if st != 0 {
        shapes().next.insert((from, k), st);
    }
    st
}

/// After a new `key` was appended to `d`, whose shape was `from`: give `d`
/// the stamp of `to` (the shape with `key` appended) if `d` really is
/// `from`'s keys then `key` at `index`, with no holes.
///
/// Only while one thread runs Python.
/// Whether `d` holds stamp `to` now.
pub fn set_shape_after_append(l: &InstanceLayout, d: &Py<PyDict>, to: u32, key: &PyObject, index: u32) -> bool {
    if to == 0 || stamp(l, d) != 0 {
        return false;
    }
    let len = dicts::word(d, l.dicts.len);
    if len != index as usize + 1 || d.__len__() != len {
        return false;
    }
    let ptr = dicts::word(d, l.dicts.entries);
    // SAFETY: index < len.
    let k = unsafe { *((ptr + index as usize * l.dicts.stride + l.dicts.key) as *const usize) };
    k == key as *const PyObject as usize && install(l, d, to) == to
}

/// Append the new attribute `name` with `value` to `d`, whose stamp is
/// the shape `from`, leaving `d` with shape `to` (`shape_after(from,
/// name)`): one store, where `set_item` then `set_shape_after_append` are
/// two. `value` comes back, nothing changed, when `d` cannot take it so:
/// `to` is no shape, `name` is not an exact interned str, `d` is not an
/// exact dict whose stamp is `from`, or one of its keys has `name`'s hash.
///
/// Only while one thread runs Python.
pub fn append_to_shape(
    vm: &VirtualMachine,
    d: &Py<PyDict>,
    from: u32,
    to: u32,
    name: &Py<rustpython_vm::builtins::PyStr>,
    value: PyObjectRef,
) -> Result<(), PyObjectRef> {
    if !is_shape(from) || !is_shape(to) || !is_interned(name.as_object()) || !name.class().is(vm.ctx.types.str_type) || !is_exact_dict(d) {
        return Err(value);
    }
    d.append_new_key(name, value, from, to, vm)
}

/// The number of items of `d`, whose stamp is a shape: a shape's dict
/// has no holes, so its entry array holds exactly its items.
#[inline(always)]
pub fn shape_len(l: &InstanceLayout, d: &Py<PyDict>) -> usize {
    dicts::word(d, l.dicts.len)
}

/// Give a new, empty dict (a fresh instance's) the empty shape, so that
/// the first attribute stored knows the dict's length without asking it.
pub fn stamp_empty(l: &InstanceLayout, d: &Py<PyDict>) {
    install(l, d, empty_shape());
}

/// The instance dict of `o` made now, for its first attribute store: an
/// empty dict with the empty shape, what RustPython's own store would make
/// (`InstanceDict::get_or_insert`) plus the stamp, its entry array sized for
/// as many attributes as its class's instances were seen to hold
/// (`note_attrs`). None when `o`'s type has no dict slot.
///
/// Only while one thread runs Python, and `o` has no dict yet.
pub fn make_dict<'a>(l: &InstanceLayout, vm: &VirtualMachine, o: &'a PyObject) -> Option<&'a Py<PyDict>> {
    let d = vm.ctx.new_dict();
    stamp_empty(l, &d);
    o.set_dict(Some(d)).ok()?;
    // SAFETY: the type has a dict slot (the store succeeded).
    let d = unsafe { dict_ref(l, o) }?;
    if let Some(ext) = &o.class().heaptype_ext {
        let seen = ext.instance_attrs.load(Ordering::Relaxed);
        if seen != 0 {
            d.size_for_instance(seen as usize);
        }
    }
    Some(d)
}

/// An instance of `cls` holds `n` attributes now (after a store of a new
/// one): what `make_dict` sizes the next instance's dict for.
#[inline]
pub fn note_attrs(cls: &rustpython_vm::builtins::PyType, n: usize) {
    if let Some(ext) = &cls.heaptype_ext {
        let n = n.min(u8::MAX as usize) as u8;
        if ext.instance_attrs.load(Ordering::Relaxed) < n {
            ext.instance_attrs.store(n, Ordering::Relaxed);
        }
    }
}

/// The shape of an empty dict.
pub fn empty_shape() -> u32 {
    static EMPTY: AtomicU32 = AtomicU32::new(0);
    let s = EMPTY.load(Ordering::Relaxed);
    if s != 0 {
        return s;
    }
    let s = shape_of_keys(&[]);
    EMPTY.store(s, Ordering::Relaxed);
    s
}
