//! Global-name lookups without hashing.
//!
//! RustPython 0.6 gives every dict a *keys-version stamp*: a `u32` that is
//! reset to 0 whenever the dict's key set changes (insert of a new key,
//! deletion, clear) and kept on value-only updates. While a dict's stamp is
//! unchanged, a key stays at the same index of its entry array. RustPython
//! keeps both the stamp and the entry array crate-private, so at start-up we
//! find them inside `PyDict` by probing real dicts made through the public
//! API (the stamp by letting RustPython's own specializer assign one), and
//! check the result several ways. If any probe fails, lookups take the slow
//! path: the layout costs speed, never correctness.
//!
//! The probes are in `layout::dicts`.
//!
//! hipy stamps dicts itself, from a range RustPython's counter never reaches
//! (and which RustPython's own 16-bit caches decline). A LOAD_GLOBAL site
//! remembers (globals stamp, builtins stamp, entry index); the interpreter
//! and the JIT's guards then read the value straight from the entry.


use rustpython_vm::builtins::{PyDict, PyStrInterned};

pub use crate::layout::dicts::{layout, DictLayout};
use crate::layout::addr;
use crate::layout::dicts::{index_with, stamp_at, stamp_with, value_with};
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, VirtualMachine};

/// Where `name` is for a LOAD_GLOBAL of these dicts, if the lookup can be
/// cached: both dicts stamped, the key stored as the interned name itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlobalSlot {
    /// The dicts the slot was found in (addresses, compared, never followed).
    pub globals: usize,
    pub builtins: usize,
    pub globals_stamp: u32,
    /// Set when the name is a builtin (absent from the globals).
    pub builtins_stamp: Option<u32>,
    pub index: u32,
}

pub fn locate(vm: &VirtualMachine, globals: &Py<PyDict>, builtins: &PyObject, name: &PyStrInterned) -> Option<GlobalSlot> {
    let l = layout()?;
    let gs = stamp_with(&l, globals);
    if gs == 0 {
        return None;
    }
    let (ga, ba) = (addr(globals.as_object()), addr(builtins));
    if let Some(i) = index_with(&l, globals, name) {
        return Some(GlobalSlot { globals: ga, builtins: ba, globals_stamp: gs, builtins_stamp: None, index: i as u32 });
    }
    // A key equal to the name but not the interned object itself would hide
    // from `index_with`: only treat the name as absent if a real lookup says so.
    if globals.get_item_opt(name, vm).ok()?.is_some() {
        return None;
    }
    let b = builtins.downcast_ref::<PyDict>().filter(|_| builtins.class().is(vm.ctx.types.dict_type))?;
    let bs = stamp_with(&l, b);
    if bs == 0 {
        return None;
    }
    let i = index_with(&l, b, name)?;
    Some(GlobalSlot { globals: ga, builtins: ba, globals_stamp: gs, builtins_stamp: Some(bs), index: i as u32 })
}

/// The value of a located global if the dicts are the same and their
/// stamps still hold.
#[inline]
pub fn read(globals: &Py<PyDict>, builtins: &PyObject, slot: &GlobalSlot) -> Option<PyObjectRef> {
    if addr(globals.as_object()) != slot.globals || addr(builtins) != slot.builtins {
        return None;
    }
    let l = layout()?;
    // SAFETY: probed offset.
    if unsafe { stamp_at(globals.as_object(), l.stamp) } != slot.globals_stamp {
        return None;
    }
    let d: &Py<PyDict> = match slot.builtins_stamp {
        None => globals,
        Some(bs) => {
            // SAFETY: a builtins stamp is only recorded for an exact dict,
            // and this is the same object.
            let b = unsafe { builtins.downcast_unchecked_ref::<PyDict>() };
            if unsafe { stamp_at(builtins, l.stamp) } != bs {
                return None;
            }
            b
        }
    };
    // SAFETY: the stamp still holds, so the entry is where it was found.
    Some(unsafe { value_with(&l, d, slot.index as usize) }.to_owned())
}
