//! Attribute instructions: LOAD_ATTR (with the method form that avoids making
//! bound methods), STORE_ATTR, LOAD_SUPER_ATTR and LOAD_SPECIAL.

use rustpython_vm::builtins::descriptor::PyMethodDescriptor;
use rustpython_vm::builtins::{PyStrInterned, PyType};
use rustpython_vm::function::PyMethodFlags;
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::{AttrEntry, AttrKind, Op, SiteCache, ATTR_WAYS};
use crate::frame::Frame;

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

fn uses_generic_getattr(vm: &VirtualMachine, cls: &PyType) -> bool {
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
        if dcls.slots.flags.has_feature(PyTypeFlags::METHOD_DESCRIPTOR) {
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

/// Learn what LOAD_ATTR / STORE_ATTR of `name` on instances of `cls` does,
/// when it is simple enough to cache.
fn learn(vm: &VirtualMachine, cls: &PyType, name: &'static PyStrInterned, method: bool, store: bool) -> Option<AttrEntry> {
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
        Some(d) if method && !store && (d.class().is(vm.ctx.types.function_type) || is_plain_method_descriptor(vm, &d)) => {
            AttrKind::Method(d)
        }
        _ => return None,
    };
    Some(AttrEntry { tp, version, kind })
}

/// Look `key` up in the site's entries.
fn cached(cell: &std::cell::UnsafeCell<SiteCache>, key: (usize, u32)) -> Option<AttrKind> {
    // SAFETY: per-thread cache; the borrow ends before any call out.
    match unsafe { &*cell.get() } {
        SiteCache::Attr(entries) => entries
            .iter()
            .find(|e| (e.tp, e.version) == key)
            .map(|e| e.kind.clone()),
        _ => None,
    }
}

/// Add what was learned about a receiver type, replacing stale entries for
/// the same type; a site that sees too many types stops caching.
fn remember(cell: &std::cell::UnsafeCell<SiteCache>, entry: Option<AttrEntry>) {
    let Some(entry) = entry else { return };
    // SAFETY: as in `cached`.
    let cache = unsafe { &mut *cell.get() };
    match cache {
        SiteCache::Attr(entries) => {
            entries.retain(|e| e.tp != entry.tp);
            if entries.len() < ATTR_WAYS {
                entries.push(entry);
            }
        }
        _ => *cache = SiteCache::Attr(vec![entry]),
    }
}

/// LOAD_ATTR namei: `namei >> 1` is the name; bit 0 asks for the method form,
/// which pushes `[func, self]` or `[attr, NULL]`.
pub fn load_attr(vm: &VirtualMachine, f: &mut Frame, op: Op) -> PyResult<()> {
    let arg = op.arg;
    let method = arg & 1 != 0;
    let name = f.code.names[(arg >> 1) as usize];
    let obj = f.pop();
    let code = f.code.clone();
    let cell = code.cache(op);
    if let Some(cell) = cell {
        let key = type_key(obj.class());
        match cached(cell, key) {
            Some(AttrKind::InstanceDict) => {
                if let Some(dict) = obj.dict() {
                    if let Some(v) = dict.get_item_opt(name, vm)? {
                        f.push(v);
                        if method {
                            f.push_opt(None);
                        }
                        return Ok(());
                    }
                }
            }
            Some(AttrKind::Method(func)) if method => {
                let shadowed = match obj.dict() {
                    Some(d) => d.get_item_opt(name, vm)?.is_some(),
                    None => false,
                };
                if !shadowed {
                    f.push(func);
                    f.push(obj);
                    return Ok(());
                }
            }
            Some(AttrKind::Method(_)) => {}
            None => remember(cell, learn(vm, obj.class(), name, method, false)),
        }
    }
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

pub fn store_attr(vm: &VirtualMachine, f: &mut Frame, op: Op) -> PyResult<()> {
    let obj = f.pop();
    let value = f.pop();
    let name = f.code.names[op.arg as usize];
    let code = f.code.clone();
    if let Some(cell) = code.cache(op) {
        let key = type_key(obj.class());
        match cached(cell, key) {
            Some(AttrKind::InstanceDict) => {
                if let Some(dict) = obj.dict() {
                    return dict.set_item(name, value, vm);
                }
            }
            Some(_) => {}
            None => remember(cell, learn(vm, obj.class(), name, false, true)),
        }
    }
    obj.set_attr(name, value, vm)
}

/// LOAD_SUPER_ATTR: stack `[super, class, self]`; `arg >> 2` is the name,
/// bit 0 the method form.
pub fn load_super_attr(vm: &VirtualMachine, f: &mut Frame, arg: u32) -> PyResult<()> {
    let name = f.code.names[(arg >> 2) as usize];
    let obj = f.pop();
    let class = f.pop();
    let global_super = f.pop();
    let sup = global_super.call((class, obj.clone()), vm)?;
    let v = sup.get_attr(name, vm)?;
    if arg & 1 != 0 {
        // A bound method from super(): call it as it is.
        f.push(v);
        f.push_opt(None);
    } else {
        f.push(v);
    }
    Ok(())
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
    if acls.slots.flags.has_feature(PyTypeFlags::METHOD_DESCRIPTOR) {
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
