//! The attribute helpers compiled code calls: the generic ones, and the
//! hinted forms that read an instance dict the way the interpreter's inline
//! caches do (`attr`): a hint `(stamp << 32) | index` taken from the site's
//! cache when the trace was recorded says the name is entry `index` of any
//! dict with keys-version stamp `stamp` (a shape shared by the instances of
//! a class, `layout::instances`). A dict with that stamp is read or written
//! at the entry without hashing; any other dict, or more than one thread
//! running Python, takes the generic path, so a stale hint costs time only.

use rustpython_vm::builtins::{PyDict, PyStr};
use rustpython_vm::{Py, PyObject};

use super::helpers::{fail, obj, owned, owned_or_fail, vm};
use crate::layout::instances as inst;

/// `o.name`. Owned.
pub extern "C" fn hp_getattr(o: *const PyObject, name: *const PyObject) -> *const PyObject {
    let (o, n) = unsafe { (obj(o), obj(name)) };
    let n = n.downcast_ref::<PyStr>().expect("name");
    owned_or_fail(o.get_attr(n, vm()))
}

/// `o.name` from the instance dict only (a cache said the type defines
/// nothing by that name). Owned, or null without an exception when absent.
fn getattr_dict(o: *const PyObject, name: *const PyObject) -> *const PyObject {
    let (o, n) = unsafe { (obj(o), obj(name)) };
    match o.dict() {
        Some(d) => match d.get_item_opt(n, vm()) {
            Ok(Some(v)) => owned(v),
            Ok(None) => std::ptr::null(),
            Err(e) => {
                fail(e);
                std::ptr::null()
            }
        },
        None => std::ptr::null(),
    }
}

/// `o.name = v`: 0, or -1 with an exception pending.
pub extern "C" fn hp_setattr(o: *const PyObject, name: *const PyObject, v: *const PyObject) -> i64 {
    let (o, n, v) = unsafe { (obj(o), obj(name), obj(v).to_owned()) };
    let n = n.downcast_ref::<PyStr>().expect("name");
    match o.set_attr(n, v, vm()) {
        Ok(()) => 0,
        Err(e) => {
            fail(e);
            -1
        }
    }
}

/// 1 when the instance dict of `o` has `name` (it would shadow a method).
fn has_dict_attr(o: *const PyObject, name: *const PyObject) -> i64 {
    let (o, n) = unsafe { (obj(o), obj(name)) };
    match o.dict() {
        Some(d) => i64::from(d.get_item_opt(n, vm()).ok().flatten().is_some()),
        None => 0,
    }
}

/// The hint's stamp and entry index.
fn unpack(hint: i64) -> (u32, u32) {
    ((hint as u64 >> 32) as u32, hint as u32)
}

/// The instance dict of `o` with its stamp (given its shape's stamp if it
/// has none yet), for a direct read under a hint's `stamp`: None for no
/// hint (0), while several threads run Python, without the probed layout,
/// or when `o` has no dict yet.
///
/// # Safety
/// `o`'s class has an instance dict (the trace guards the class whose site
/// cache gave the hint).
unsafe fn direct_dict<'a>(o: &'a PyObject, stamp: u32) -> Option<(&'static inst::InstanceLayout, &'a Py<PyDict>, u32)> {
    if stamp == 0 || crate::threads::multi() {
        return None;
    }
    let l = inst::layout()?;
    let d = inst::dict_ref(l, o)?;
    Some((l, d, inst::shape_stamp(l, d)))
}

/// `o.name` from the instance dict through `hint` (see the module). Owned,
/// or null without an exception when absent.
pub extern "C" fn hp_getattr_hinted(o: *const PyObject, name: *const PyObject, hint: i64) -> *const PyObject {
    let (stamp, index) = unpack(hint);
    // SAFETY: see `direct_dict`; the stamp attests the entry layout.
    if let Some((l, d, s)) = unsafe { direct_dict(obj(o), stamp) } {
        if s == stamp && s != 0 {
            return owned(unsafe { inst::entry_value(l, d, index) }.to_owned());
        }
    }
    getattr_dict(o, name)
}

/// `o.name = v` (borrowed `v`) through `hint` when the dict holds the name
/// (replacing the value, released after the store), `setattr` otherwise: 0,
/// or -1 with an exception pending. The trace guards the class version
/// under which the site's cache found a plain instance-dict store.
pub extern "C" fn hp_setattr_hinted(o: *const PyObject, name: *const PyObject, v: *const PyObject, hint: i64) -> i64 {
    let (stamp, index) = unpack(hint);
    // SAFETY: as in `hp_getattr_hinted`.
    if let Some((l, d, s)) = unsafe { direct_dict(obj(o), stamp) } {
        if s == stamp && s != 0 {
            let old = unsafe { inst::replace_entry_value(l, d, index, obj(v).to_owned()) };
            drop(old);
            return 0;
        }
    }
    hp_setattr(o, name, v)
}

/// 1 when the instance dict of `o` has `name`; a dict of shape `hint`'s
/// stamp is known not to (the site's negative hint).
pub extern "C" fn hp_has_dict_attr_hinted(o: *const PyObject, name: *const PyObject, hint: i64) -> i64 {
    let (shape, _) = unpack(hint);
    // SAFETY: as in `hp_getattr_hinted`.
    if let Some((_, _, s)) = unsafe { direct_dict(obj(o), shape) } {
        if s == shape && inst::is_shape(s) {
            return 0;
        }
    }
    has_dict_attr(o, name)
}
