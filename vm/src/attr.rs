//! Attribute instructions: LOAD_ATTR (with the method form that avoids making
//! bound methods), STORE_ATTR, LOAD_SUPER_ATTR and LOAD_SPECIAL.

use rustpython_vm::builtins::descriptor::PyMethodDescriptor;
use rustpython_vm::builtins::{PyStrInterned, PyType};
use rustpython_vm::function::PyMethodFlags;
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use rustpython_vm::builtins::PyDict;
use rustpython_vm::{Py, PyObject};

use crate::code::{AttrEntry, AttrKind, Op, SiteCache, ATTR_WAYS};
use crate::frame::Frame;
use crate::layout::instances::InstanceLayout;

/// Result of looking up a name for a call: either an unbound function to be
/// called with the object as first argument, or a plain attribute value.
pub enum Method {
    Unbound(PyObjectRef),
    Attribute(PyObjectRef),
}

/// The builtin method descriptor (`list.append`) that `get_method` would
/// return unbound for `obj.name`, found without calling any descriptor
/// (for the JIT's recorder, which must not run Python code twice).
pub fn builtin_method(vm: &VirtualMachine, obj: &PyObjectRef, name: &'static PyStrInterned) -> Option<PyObjectRef> {
    let cls = obj.class();
    if !uses_generic_getattr(vm, cls) {
        return None;
    }
    let d = cls.get_attr(name)?;
    if !is_plain_method_descriptor(vm, &d) {
        return None;
    }
    if let Some(dict) = obj.dict() {
        if dict.get_item_opt(name, vm).ok()?.is_some() {
            return None;
        }
    }
    Some(d)
}

/// A builtin method (`list.append`), not a classmethod: what `get_method`
/// returns unbound.
fn is_plain_method_descriptor(vm: &VirtualMachine, d: &PyObjectRef) -> bool {
    d.class().is(vm.ctx.types.method_descriptor_type)
        && d.downcast_ref::<PyMethodDescriptor>().is_some_and(|m| !m.method.flags.contains(PyMethodFlags::CLASS))
}

pub(crate) fn uses_generic_getattr(vm: &VirtualMachine, cls: &PyType) -> bool {
    match (cls.slots.getattro.load(), vm.ctx.types.object_type.slots.getattro.load()) {
        (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
        _ => false,
    }
}

/// CPython's `_PyObject_GetMethod`.
pub fn get_method(vm: &VirtualMachine, obj: &PyObjectRef, name: &'static PyStrInterned) -> PyResult<Method> {
    let cls = obj.class();
    if !uses_generic_getattr(vm, cls) {
        return obj.get_attr(name, vm).map(Method::Attribute);
    }
    let mut is_method = false;
    let mut descr_get = None;
    let descr = cls.get_attr(name);
    if let Some(d) = &descr {
        let dcls = d.class();
        if crate::exact::type_has(dcls, PyTypeFlags::METHOD_DESCRIPTOR) {
            let classmethod = d
                .downcast_ref::<PyMethodDescriptor>()
                .is_some_and(|m| m.method.flags.contains(PyMethodFlags::CLASS));
            if classmethod {
                descr_get = dcls.slots.descr_get.load();
            } else {
                is_method = true;
            }
        } else {
            descr_get = dcls.slots.descr_get.load();
            if let Some(get) = descr_get {
                if dcls.slots.descr_set.load().is_some() {
                    return get(d, Some(obj), Some(cls.as_object()), vm)
                        .map(Method::Attribute);
                }
            }
        }
    }
    if let Some(dict) = obj.dict() {
        if let Some(v) = dict.get_item_opt(name, vm)? {
            return Ok(Method::Attribute(v));
        }
    }
    match descr {
        Some(d) if is_method => Ok(Method::Unbound(d)),
        Some(d) => match descr_get {
            Some(get) => get(&d, Some(obj), Some(cls.as_object()), vm).map(Method::Attribute),
            None => Ok(Method::Attribute(d)),
        },
        None => {
            if let Some(getattr) = cls.get_attr(vm.ctx.intern_str("__getattr__")) {
                getattr
                    .call((obj.clone(), name.to_owned()), vm)
                    .map(Method::Attribute)
            } else {
                Err(vm.new_no_attribute_error(obj.clone(), name.to_owned()))
            }
        }
    }
}

fn type_key(cls: &PyType) -> (usize, u32) {
    (
        cls as *const PyType as usize,
        cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire),
    )
}

fn uses_generic_setattr(vm: &VirtualMachine, cls: &PyType) -> bool {
    match (cls.slots.setattro.load(), vm.ctx.types.object_type.slots.setattro.load()) {
        (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
        _ => false,
    }
}

fn has_dict(cls: &PyType) -> bool {
    crate::exact::type_has(cls, PyTypeFlags::HAS_DICT)
}

/// Learn what LOAD_ATTR / STORE_ATTR of `name` on instances of `cls` does,
/// when it is simple enough to cache.
fn learn(vm: &VirtualMachine, obj: &PyObject, name: &'static PyStrInterned, method: bool, store: bool) -> Option<AttrEntry> {
    let cls = obj.class();
    // Module attributes: an exact module's dict (a module's getattr is the
    // generic one, then the module's `__getattr__`).
    if !store && cls.is(vm.ctx.types.module_type) {
        let (tp, version) = type_key(cls);
        return (version != 0 && cls.get_attr(name).is_none() && has_dict(cls))
            .then(|| AttrEntry::new(tp, version, AttrKind::ModuleDict));
    }
    let generic = if store { uses_generic_setattr(vm, cls) } else { uses_generic_getattr(vm, cls) };
    if !generic {
        return None;
    }
    let descr = cls.get_attr(name);
    let (tp, version) = type_key(cls);
    if version == 0 {
        return None;
    }
    let kind = match descr {
        None if store || cls.get_attr(vm.ctx.intern_str("__getattr__")).is_none() => AttrKind::InstanceDict,
        None => return None,
        Some(d) if method && !store && (d.class().is(vm.ctx.types.function_type) || is_plain_method_descriptor(vm, &d)) => {
            AttrKind::Method(crate::code::Borrowed::new(&*d))
        }
        Some(d) => {
            let dcls = d.class();
            if let Some(off) = crate::layout::instances::slot_offset(&d) {
                // A `__slots__` member of a base of `cls`.
                let m = d.downcast_ref::<rustpython_vm::builtins::descriptor::PyMemberDescriptor>()?;
                if !cls.fast_issubclass(m.common.typ.as_object()) || crate::layout::instances::layout().is_none_or(|l| !l.slots) {
                    return None;
                }
                AttrKind::Slot(off)
            } else if store {
                return None;
            } else if dcls.slots.descr_get.load().is_none() {
                // A plain class attribute (no descriptor): found unless the
                // instance dict shadows it.
                AttrKind::ClassAttr(crate::code::Borrowed::new(&*d))
            } else {
                return None;
            }
        }
    };
    Some(AttrEntry::new(tp, version, kind))
}

/// Look `key` up in the site's entries.
#[inline]
pub(crate) fn cached(cell: &std::cell::UnsafeCell<SiteCache>, key: (usize, u32)) -> Option<&AttrEntry> {
    // SAFETY: per-thread cache; the borrow ends before any call out.
    match unsafe { &*cell.get() } {
        SiteCache::Attr(entries) if key.1 != 0 => entries.iter().find(|e| (e.tp, e.version) == key),
        _ => None,
    }
}

/// Times in a row a site learns a type again after its version changed
/// before it pauses, and the misses it then lets pass without learning.
/// Learning costs a few type lookups, each an MRO walk after a version
/// change: a site whose class changes at every call (`C.count += 1` in a
/// method, an id counter bumped in `__init__`) paid that at every
/// execution (CPython's specializer backs off the same way).
const RELEARN_LIMIT: u8 = 4;
const ATTR_PAUSE: u16 = 64;

/// A site found no entry for its receiver's type and version: learn what
/// `name` means there (`learn`), unless the site is paused.
fn relearn(cell: &std::cell::UnsafeCell<SiteCache>, learn: impl FnOnce() -> Option<AttrEntry>) {
    {
        // SAFETY: as in `cached`; the borrow ends before `learn` runs.
        let cache = unsafe { &mut *cell.get() };
        if let SiteCache::AttrPaused(left) = cache {
            *left -= 1;
            if *left == 0 {
                *cache = SiteCache::Empty;
            }
            return;
        }
    }
    remember(cell, learn());
}

/// Add what was learned about a receiver type, replacing stale entries for
/// the same type; a site that sees more types than it has ways drops its
/// oldest entry (it re-specializes to what it sees now). A site that keeps
/// learning one type again pauses (`RELEARN_LIMIT`).
fn remember(cell: &std::cell::UnsafeCell<SiteCache>, entry: Option<AttrEntry>) {
    let Some(mut entry) = entry else { return };
    // SAFETY: as in `cached`.
    let cache = unsafe { &mut *cell.get() };
    match cache {
        SiteCache::Attr(entries) => {
            if let Some(old) = entries.iter().find(|e| e.tp == entry.tp && e.version != entry.version) {
                entry.relearns = old.relearns + 1;
                if entry.relearns >= RELEARN_LIMIT {
                    *cache = SiteCache::AttrPaused(ATTR_PAUSE);
                    return;
                }
            }
            entries.retain(|e| e.tp != entry.tp);
            if entries.len() >= ATTR_WAYS {
                entries.remove(0);
            }
            entries.push(entry);
        }
        _ => *cache = SiteCache::Attr(vec![entry]),
    }
}

/// The layout for reading an instance directly: only while one thread runs
/// Python (otherwise RustPython's locked paths are taken).
#[inline(always)]
fn direct() -> Option<&'static InstanceLayout> {
    if crate::threads::multi() {
        return None;
    }
    crate::layout::instances::layout()
}

/// The entry index of `name` in `d` (identity of the interned key) with
/// the stamp it holds under, giving `d` its shape's stamp if it has none.
fn locate_in(l: &InstanceLayout, d: &Py<PyDict>, name: &'static PyStrInterned) -> (u32, u32) {
    let s = crate::layout::instances::shape_stamp(l, d);
    if s == 0 {
        return (0, 0);
    }
    match crate::layout::instances::index_of(l, d, name) {
        Some(i) => (s, i),
        None => (0, 0),
    }
}

/// Update the hint of the entry for `key` (looked up again: the lookup
/// that found the new hint may have run Python code, which may have
/// changed the site's cache).
fn set_hint(cell: &std::cell::UnsafeCell<SiteCache>, key: (usize, u32), hint: (u32, u32)) {
    if let Some(e) = cached(cell, key) {
        e.hint.set(hint);
    }
}

/// Read `name` from the instance dict of `obj` through the entry's hint
/// (refreshing it). None when the dict does not hold it.
#[inline]
fn dict_read(
    vm: &VirtualMachine,
    l: &InstanceLayout,
    obj: &PyObject,
    (cell, key, (hs, hi)): (&std::cell::UnsafeCell<SiteCache>, (usize, u32), (u32, u32)),
    name: &'static PyStrInterned,
) -> PyResult<Option<PyObjectRef>> {
    // SAFETY: the type has a dict (checked by the caller) and only this
    // thread runs Python.
    let Some(d) = (unsafe { crate::layout::instances::dict_ref(l, obj) }) else { return Ok(None) };
    let s = crate::layout::instances::stamp(l, d);
    if s == hs && s != 0 {
        // SAFETY: the stamp attests the entry layout the hint was taken under.
        return Ok(Some(unsafe { crate::layout::instances::entry_value(l, d, hi) }.to_owned()));
    }
    let d = d.to_owned();
    let v = d.get_item_opt(name, vm)?;
    if v.is_some() && !crate::threads::multi() {
        set_hint(cell, key, locate_in(l, &d, name));
    }
    Ok(v)
}

/// Whether the instance dict of `obj` (whose type has one) does not hold
/// `name`, through the entry's negative hint (refreshing it).
#[inline(always)]
fn dict_lacks(
    vm: &VirtualMachine,
    l: &InstanceLayout,
    obj: &PyObject,
    (cell, key, (hs, hi)): (&std::cell::UnsafeCell<SiteCache>, (usize, u32), (u32, u32)),
    name: &'static PyStrInterned,
) -> PyResult<bool> {
    // SAFETY: as in `dict_read`.
    let Some(d) = (unsafe { crate::layout::instances::dict_ref(l, obj) }) else { return Ok(true) };
    let s = crate::layout::instances::stamp(l, d);
    if s == hs && crate::layout::instances::is_shape(s) {
        return Ok(true);
    }
    dict_lacks_lookup(vm, l, d, (cell, key, (hs, hi)), name)
}

/// `dict_lacks` when the hint does not answer: a real lookup.
#[inline(never)]
fn dict_lacks_lookup(
    vm: &VirtualMachine,
    l: &InstanceLayout,
    d: &Py<PyDict>,
    (cell, key, _): (&std::cell::UnsafeCell<SiteCache>, (usize, u32), (u32, u32)),
    name: &'static PyStrInterned,
) -> PyResult<bool> {
    let d = d.to_owned();
    if d.get_item_opt(name, vm)?.is_some() {
        return Ok(false);
    }
    if !crate::threads::multi() {
        let s = crate::layout::instances::shape_stamp(l, &d);
        if crate::layout::instances::is_shape(s) {
            set_hint(cell, key, (s, 0));
        }
    }
    Ok(true)
}

/// Replace the object on top of the stack by `v` (and NULL for the method
/// form, whose `self` slot is then empty).
#[inline(always)]
fn replace_top(f: &mut Frame, v: PyObjectRef, method: bool) {
    let n = f.slots.len();
    let old = std::mem::replace(&mut f.slots[n - 1], Some(v));
    drop(old);
    if method {
        f.push_opt(None);
    }
}

/// What a cached LOAD_ATTR did: nothing (take the generic path) or a
/// value pushed.
enum Loaded {
    Miss,
    Done,
}

/// LOAD_ATTR through the site's cache.
#[inline]
fn load_cached(vm: &VirtualMachine, f: &mut Frame, cell: &std::cell::UnsafeCell<SiteCache>, name: &'static PyStrInterned, method: bool) -> PyResult<Loaded> {
    let obj = f.top();
    let cls = obj.class();
    let key = type_key(cls);
    let Some(e) = cached(cell, key) else {
        relearn(cell, || learn(vm, obj, name, method, false));
        return Ok(Loaded::Miss);
    };
    if crate::code::forced_miss() {
        let obj = obj.clone();
        remember(cell, learn(vm, &obj, name, method, false));
        return Ok(Loaded::Miss);
    }
    let Some(l) = direct() else { return Ok(Loaded::Miss) };
    match &e.kind {
        AttrKind::InstanceDict | AttrKind::ModuleDict => {
            if !has_dict(cls) {
                return Ok(Loaded::Miss);
            }
            match dict_read(vm, l, obj, (cell, key, e.hint.get()), name)? {
                Some(v) => replace_top(f, v, method),
                None => return Ok(Loaded::Miss),
            }
        }
        AttrKind::Slot(off) => {
            // SAFETY: the offset is a slot of this type (version-checked).
            match unsafe { crate::layout::instances::slot_ref(obj, *off) } {
                Some(v) => {
                    let v = v.to_owned();
                    replace_top(f, v, method);
                }
                None => return Ok(Loaded::Miss),
            }
        }
        AttrKind::Method(func) if method => {
            // Owned before the dict lookup, which may run Python code that
            // changes this site's cache (and frees `e`).
            // SAFETY: `e` matched the receiver's type and version.
            let func = unsafe { func.get() }.to_owned();
            if has_dict(cls) && !dict_lacks(vm, l, obj, (cell, key, e.hint.get()), name)? {
                return Ok(Loaded::Miss);
            }
            let obj = f.pop();
            f.push(func);
            f.push(obj);
        }
        AttrKind::Method(_) => return Ok(Loaded::Miss),
        AttrKind::ClassAttr(v) => {
            // SAFETY: as for `Method`.
            let v = unsafe { v.get() }.to_owned();
            if has_dict(cls) && !dict_lacks(vm, l, obj, (cell, key, e.hint.get()), name)? {
                return Ok(Loaded::Miss);
            }
            replace_top(f, v, method);
        }
    }
    Ok(Loaded::Done)
}

/// LOAD_ATTR namei: `namei >> 1` is the name; bit 0 asks for the method form,
/// which pushes `[func, self]` or `[attr, NULL]`.
pub fn load_attr(vm: &VirtualMachine, f: &mut Frame, op: Op) -> PyResult<()> {
    let arg = op.arg;
    let method = arg & 1 != 0;
    let name = f.code.names[(arg >> 1) as usize];
    let code: *const crate::code::CodeInfo = &*f.code;
    // SAFETY: the frame holds its code for as long as it exists, and a
    // LOAD_ATTR never replaces it.
    if let Some(cell) = unsafe { &*code }.cache(op) {
        if let Loaded::Done = load_cached(vm, f, cell, name, method)? {
            return Ok(());
        }
    }
    let obj = f.pop();
    if !method {
        let v = obj.get_attr(name, vm)?;
        f.push(v);
        return Ok(());
    }
    match get_method(vm, &obj, name)? {
        Method::Unbound(func) => {
            f.push(func);
            f.push(obj);
        }
        Method::Attribute(v) => {
            f.push(v);
            f.push_opt(None);
        }
    }
    Ok(())
}

/// STORE_ATTR through the site's cache; false when the generic path must
/// do it (nothing was consumed then).
#[inline]
fn store_cached(vm: &VirtualMachine, f: &mut Frame, cell: &std::cell::UnsafeCell<SiteCache>, name: &'static PyStrInterned) -> PyResult<bool> {
    let obj = f.top();
    let cls = obj.class();
    let key = type_key(cls);
    let Some(e) = cached(cell, key) else {
        relearn(cell, || learn(vm, obj, name, false, true));
        return Ok(false);
    };
    if crate::code::forced_miss() {
        let obj = obj.clone();
        remember(cell, learn(vm, &obj, name, false, true));
        return Ok(false);
    }
    let Some(l) = direct() else { return Ok(false) };
    match &e.kind {
        AttrKind::Slot(off) => {
            let obj = f.pop();
            let value = f.pop();
            // SAFETY: the offset is a slot of this type (version-checked).
            let old = unsafe { crate::layout::instances::swap_slot(&obj, *off, Some(value)) };
            drop(old);
            drop(obj);
            Ok(true)
        }
        AttrKind::InstanceDict if has_dict(cls) => {
            // SAFETY: the type has a dict; one thread runs Python.
            let Some(d) = (unsafe { crate::layout::instances::dict_ref(l, obj) }).or_else(|| crate::layout::instances::make_dict(l, vm, obj))
            else {
                return Ok(false);
            };
            let s = crate::layout::instances::stamp(l, d);
            let (hs, hi) = e.hint.get();
            if s == hs && s != 0 {
                let obj = f.pop();
                let value = f.pop();
                // SAFETY: the key is at `hi` under this stamp; the old value
                // is released after the store.
                let d = unsafe { crate::layout::instances::dict_ref(l, &obj) }.expect("dict");
                let old = unsafe { crate::layout::instances::replace_entry_value(l, d, hi, value) };
                drop(old);
                drop(obj);
                return Ok(true);
            }
            // A new key: RustPython's own insert (a dict that grows past
            // 30 keys takes the generic path, which keeps RustPython's
            // inline-values flag as it expects).
            let len = if crate::layout::instances::is_shape(s) {
                crate::layout::instances::shape_len(l, d)
            } else {
                d.__len__()
            };
            if len >= 30 {
                return Ok(false);
            }
            let d = d.to_owned();
            let grow = e.grow.get();
            let obj = f.pop();
            let value = f.pop();
            let from = match (s, len) {
                (0, 0) => crate::layout::instances::empty_shape(),
                (0, _) => crate::layout::instances::shape_stamp(l, &d),
                _ => s,
            };
            let to = if crate::layout::instances::is_shape(from) && !crate::threads::multi() {
                if grow.0 == from {
                    grow.1
                } else {
                    let to = crate::layout::instances::shape_after(from, name.as_object());
                    if let Some(e) = cached(cell, key) {
                        e.grow.set((from, to));
                    }
                    to
                }
            } else {
                0
            };
            // A shape's dict takes the new key in one store, which runs no
            // Python code.
            let value = match crate::layout::instances::append_to_shape(vm, &d, from, to, name, value) {
                Ok(()) => {
                    crate::layout::instances::note_attrs(obj.class(), len + 1);
                    // The new key is the last entry of shape `to`.
                    set_hint(cell, key, (to, len as u32));
                    return Ok(true);
                }
                Err(value) => value,
            };
            // May run Python code (an equal key's `__eq__`, the replaced
            // value's `__del__`): `e` is not used after it.
            d.set_item(name, value, vm)?;
            crate::layout::instances::note_attrs(obj.class(), len + 1);
            drop(obj);
            if crate::threads::multi() {
                return Ok(true);
            }
            if crate::layout::instances::set_shape_after_append(l, &d, to, name.as_object(), len as u32) {
                // The new key is the last entry of shape `to`.
                set_hint(cell, key, (to, len as u32));
                return Ok(true);
            }
            let now = crate::layout::instances::stamp(l, &d);
            if now != 0 && crate::layout::instances::is_exact_dict(&d) {
                if let Some(i) = crate::layout::instances::index_of(l, &d, name) {
                    set_hint(cell, key, (now, i));
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

pub fn store_attr(vm: &VirtualMachine, f: &mut Frame, op: Op) -> PyResult<()> {
    let name = f.code.names[op.arg as usize];
    let code = f.code.clone();
    if let Some(cell) = code.cache(op) {
        if store_cached(vm, f, cell, name)? {
            return Ok(());
        }
    }
    let obj = f.pop();
    let value = f.pop();
    obj.set_attr(name, value, vm)
}

/// LOAD_SUPER_ATTR: stack `[super, class, self]`; `arg >> 2` is the name,
/// bit 0 the method form.
pub fn load_super_attr(vm: &VirtualMachine, f: &mut Frame, arg: u32) -> PyResult<()> {
    let name = f.code.names[(arg >> 2) as usize];
    let obj = f.pop();
    let class = f.pop();
    let global_super = f.pop();
    let v = super_attr(vm, &global_super, class, obj, name)?;
    f.push(v);
    if arg & 1 != 0 {
        // The method form: a bound method and NULL (compiled code makes the
        // same shape: `trace::record`).
        f.push_opt(None);
    }
    Ok(())
}

/// `super(class, obj).name` as LOAD_SUPER_ATTR computes it. When `super` is
/// the builtin and `obj` an instance of `class`, the attribute is found in
/// `type(obj)`'s MRO after `class` and bound as `super` would bind it,
/// without making the super object; otherwise `super(class, obj)` is called.
pub fn super_attr(
    vm: &VirtualMachine,
    global_super: &PyObjectRef,
    class: PyObjectRef,
    obj: PyObjectRef,
    name: &'static PyStrInterned,
) -> PyResult {
    if let Some(found) = super_lookup(vm, global_super, &class, &obj, name) {
        return match found.class().slots.descr_get.load() {
            Some(get) => get(&found, Some(&obj), Some(obj.class().as_object()), vm),
            None => Ok(found),
        };
    }
    let sup = global_super.call((class, obj), vm)?;
    sup.get_attr(name, vm)
}

/// What `super_attr`'s fast path finds, or None where `super()` itself must
/// answer (another `super`, a class-mode super, `__class__`, a miss).
fn super_lookup(
    vm: &VirtualMachine,
    global_super: &PyObject,
    class: &PyObject,
    obj: &PyObject,
    name: &'static PyStrInterned,
) -> Option<PyObjectRef> {
    if !global_super.is(vm.ctx.types.super_type) || name.as_bytes() == b"__class__" || crate::code::forced_miss() {
        return None;
    }
    let class = class.downcast_ref::<PyType>()?;
    if obj.downcast_ref::<PyType>().is_some() || !obj.class().fast_issubclass(class) {
        return None;
    }
    let mro = obj.class().mro.read();
    mro.iter().skip_while(|c| !c.is(class)).skip(1).find_map(|c| c.get_direct_attr(name))
}

pub(crate) fn special_name(arg: u32) -> &'static str {
    match arg {
        0 => "__enter__",
        1 => "__exit__",
        2 => "__aenter__",
        _ => "__aexit__",
    }
}

/// LOAD_SPECIAL: look a context-manager method up on the type; push
/// `[func, obj]` or `[bound, NULL]`.
pub fn load_special(vm: &VirtualMachine, f: &mut Frame, arg: u32) -> PyResult<()> {
    let obj = f.pop();
    let cls = obj.class();
    let name = vm.ctx.intern_str(special_name(arg));
    let Some(attr) = cls.get_attr(name) else {
        // CPython 3.11 looked up __enter__ before __exit__, so an object with
        // neither reports the plain message.
        let is_async = arg >= 2;
        let enter = vm.ctx.intern_str(if is_async { "__aenter__" } else { "__enter__" });
        let proto = if is_async { "asynchronous context manager" } else { "context manager" };
        let msg = if (arg == 1 || arg == 3) && cls.get_attr(enter).is_some() {
            format!(
                "'{}' object does not support the {} protocol (missed {} method)",
                cls.name(),
                proto,
                special_name(arg)
            )
        } else {
            format!("'{}' object does not support the {} protocol", cls.name(), proto)
        };
        return Err(vm.new_type_error(msg));
    };
    let acls = attr.class();
    if crate::exact::type_has(acls, PyTypeFlags::METHOD_DESCRIPTOR) {
        f.push(attr);
        f.push(obj);
    } else if let Some(get) = acls.slots.descr_get.load() {
        let bound = get(&attr, Some(&obj), Some(cls.as_object()), vm)?;
        f.push(bound);
        f.push_opt(None);
    } else {
        f.push(attr);
        f.push_opt(None);
    }
    Ok(())
}
