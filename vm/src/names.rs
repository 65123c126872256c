//! Name resolution: globals, builtins, the LOAD_NAME namespace, cells.

use rustpython_vm::builtins::{PyDict, PyStrInterned};
use rustpython_vm::bytecode::{CO_FAST_FREE, CO_FAST_HIDDEN};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::{CodeInfo, Op, SiteCache};
use crate::globals_cache;
use crate::frame::Frame;
use crate::layout;

pub fn name_error(vm: &VirtualMachine, name: &'static PyStrInterned) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_name_error(format!("name '{}' is not defined", name.as_str()), name.to_owned())
}

pub fn unbound_local(vm: &VirtualMachine, code: &CodeInfo, idx: usize) -> rustpython_vm::builtins::PyBaseExceptionRef {
    let name = code.slot_names[idx].as_str();
    vm.new_exception_msg(
        vm.ctx.exceptions.unbound_local_error.to_owned(),
        format!("cannot access local variable '{name}' where it is not associated with a value").into(),
    )
}

fn unbound_free(vm: &VirtualMachine, code: &CodeInfo, idx: usize) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if code.slot_kinds[idx] & CO_FAST_FREE != 0 {
        let name = code.slot_names[idx];
        vm.new_name_error(
            format!(
                "cannot access free variable '{}' where it is not associated with a value in enclosing scope",
                name.as_str()
            ),
            name.to_owned(),
        )
    } else {
        unbound_local(vm, code, idx)
    }
}

#[inline]
pub fn load_global(vm: &VirtualMachine, f: &Frame, name: &'static PyStrInterned) -> PyResult {
    if let Some(v) = f.globals.get_item_opt(name, vm)? {
        return Ok(v);
    }
    match f.builtins.get_item_opt(name, vm)? {
        Some(v) => Ok(v),
        None => Err(name_error(vm, name)),
    }
}

/// LOAD_GLOBAL through the site's cache: a hit reads the entry directly.
pub fn load_global_cached(vm: &VirtualMachine, f: &Frame, op: Op) -> PyResult {
    let name = f.code.names[(op.arg >> 1) as usize];
    let Some(cell) = f.code.cache(op) else { return load_global(vm, f, name) };
    // SAFETY: caches are per-thread and not borrowed across calls out.
    let relocations = match unsafe { &*cell.get() } {
        SiteCache::Global { slot: Some(slot), relocations } => {
            if let Some(v) = globals_cache::read(&f.globals, f.builtins.as_object(), slot) {
                return Ok(v);
            }
            *relocations
        }
        SiteCache::Global { slot: None, relocations } => *relocations,
        _ => 0,
    };
    let v = load_global(vm, f, name)?;
    if relocations < MAX_RELOCATIONS {
        let slot = globals_cache::locate(vm, &f.globals, f.builtins.as_object(), name);
        // SAFETY: as above; `locate` runs no Python code.
        unsafe { *cell.get() = SiteCache::Global { slot, relocations: relocations + 1 } };
    }
    Ok(v)
}

/// How often a LOAD_GLOBAL site looks its name up again (after the dicts'
/// key sets changed) before it stops caching.
const MAX_RELOCATIONS: u8 = 16;

pub fn delete_global(vm: &VirtualMachine, f: &Frame, arg: u32) -> PyResult<()> {
    let name = f.code.names[arg as usize];
    match f.globals.del_item(name, vm) {
        Ok(()) => Ok(()),
        Err(e) if e.fast_isinstance(vm.ctx.exceptions.key_error) => Err(name_error(vm, name)),
        Err(e) => Err(e),
    }
}

fn no_locals(vm: &VirtualMachine, what: &str, name: &PyStrInterned) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_system_error(format!("no locals when {what} '{}'", name.as_str()))
}

/// Look `key` up in a mapping; None when missing (KeyError swallowed).
pub fn mapping_get(vm: &VirtualMachine, mapping: &PyObject, key: &PyObject) -> PyResult<Option<PyObjectRef>> {
    if let Some(d) = mapping.downcast_ref::<PyDict>() {
        if mapping.class().is(vm.ctx.types.dict_type) {
            return d.get_item_opt(key, vm);
        }
    }
    match mapping.get_item(key, vm) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.fast_isinstance(vm.ctx.exceptions.key_error) => Ok(None),
        Err(e) => Err(e),
    }
}

pub fn load_name(vm: &VirtualMachine, f: &Frame, name: &'static PyStrInterned) -> PyResult {
    let Some(locals) = &f.locals else {
        return Err(no_locals(vm, "loading", name));
    };
    if let Some(v) = mapping_get(vm, locals, name.as_object())? {
        return Ok(v);
    }
    load_global(vm, f, name)
}

pub fn store_name(vm: &VirtualMachine, f: &Frame, arg: u32, value: Option<PyObjectRef>) -> PyResult<()> {
    let name = f.code.names[arg as usize];
    let Some(locals) = &f.locals else {
        return Err(no_locals(vm, if value.is_some() { "storing" } else { "deleting" }, name));
    };
    match value {
        Some(v) => locals.set_item(name, v, vm),
        None => match locals.del_item(name, vm) {
            Ok(()) => Ok(()),
            Err(e) if e.fast_isinstance(vm.ctx.exceptions.key_error) => Err(name_error(vm, name)),
            Err(e) => Err(e),
        },
    }
}

/// The frame's locals as a mapping (LOAD_LOCALS, `locals()`): the namespace
/// for module and class bodies, or a fresh dict of the fast locals.
pub fn locals_mapping(vm: &VirtualMachine, f: &Frame) -> PyResult {
    if let Some(l) = &f.locals {
        return Ok(l.clone());
    }
    let dict = vm.ctx.new_dict();
    for_each_fast_local(vm, f, |name, value| dict.set_item(name, value, vm))?;
    Ok(dict.into())
}

/// Calls `g` with the name and value of each bound, visible fast local of
/// `f` (cells read through), in slot order.
pub fn for_each_fast_local(
    vm: &VirtualMachine,
    f: &Frame,
    mut g: impl FnMut(&'static PyStrInterned, PyObjectRef) -> PyResult<()>,
) -> PyResult<()> {
    for i in 0..f.code.nlocalsplus {
        if f.code.slot_kinds[i] & CO_FAST_HIDDEN != 0 {
            continue;
        }
        // (A generator frame that compiled code entered holds no slots: its
        // values are in the compiled code's registers.)
        let Some(Some(v)) = f.slots.get(i) else { continue };
        let value = if f.code.is_cell(i) && is_cell_slot(vm, f, i, v) {
            match layout::cell_get(v, vm)? {
                Some(inner) => inner,
                None => continue,
            }
        } else {
            v.clone()
        };
        g(f.code.slot_names[i], value)?;
    }
    Ok(())
}

/// The cells of `f`'s visible cell and free variables, by name (slots
/// that hold no cell yet are left out).
pub fn cells_of(vm: &VirtualMachine, f: &Frame) -> Vec<(&'static PyStrInterned, PyObjectRef)> {
    (0..f.code.nlocalsplus)
        .filter(|&i| f.code.is_cell(i) && f.code.slot_kinds[i] & CO_FAST_HIDDEN == 0)
        .filter_map(|i| match f.slots.get(i) {
            Some(Some(v)) if is_cell_slot(vm, f, i, v) => Some((f.code.slot_names[i], v.clone())),
            _ => None,
        })
        .collect()
}

/// A cell slot holds a cell once MAKE_CELL / COPY_FREE_VARS ran; before that
/// (early in the frame) it may still hold the raw argument.
fn is_cell_slot(vm: &VirtualMachine, _f: &Frame, _i: usize, v: &PyObjectRef) -> bool {
    v.class().is(vm.ctx.types.cell_type)
}

fn cell_in(vm: &VirtualMachine, f: &Frame, idx: usize) -> PyResult<PyObjectRef> {
    match &f.slots[idx] {
        Some(c) => Ok(c.clone()),
        None => Err(vm.new_system_error("hipy: cell slot is empty")),
    }
}

pub fn load_deref(vm: &VirtualMachine, f: &Frame, idx: usize) -> PyResult {
    let cell = cell_in(vm, f, idx)?;
    match layout::cell_get(&cell, vm)? {
        Some(v) => Ok(v),
        None => Err(unbound_free(vm, &f.code, idx)),
    }
}

pub fn store_deref(vm: &VirtualMachine, f: &Frame, idx: usize, v: Option<PyObjectRef>) -> PyResult<()> {
    let cell = cell_in(vm, f, idx)?;
    layout::cell_set(&cell, v, vm)
}

pub fn delete_deref(vm: &VirtualMachine, f: &Frame, idx: usize) -> PyResult<()> {
    let cell = cell_in(vm, f, idx)?;
    if layout::cell_get(&cell, vm)?.is_none() {
        return Err(unbound_free(vm, &f.code, idx));
    }
    layout::cell_set(&cell, None, vm)
}

pub fn copy_free_vars(vm: &VirtualMachine, f: &mut Frame, n: usize) -> PyResult<()> {
    if n == 0 {
        return Ok(());
    }
    let Some(closure) = &f.closure else {
        return Err(vm.new_system_error("hipy: COPY_FREE_VARS without a closure"));
    };
    let start = f.code.nlocalsplus - n;
    for (slot, cell) in f.slots[start..start + n].iter_mut().zip(closure.as_slice()) {
        *slot = Some(cell.clone());
    }
    Ok(())
}

pub fn setup_annotations(vm: &VirtualMachine, f: &Frame) -> PyResult<()> {
    let Some(locals) = &f.locals else {
        return Err(vm.new_system_error("no locals found when setting up annotations"));
    };
    let key = vm.ctx.intern_str("__annotations__");
    if mapping_get(vm, locals, key.as_object())?.is_none() {
        locals.set_item(key, vm.ctx.new_dict().into(), vm)?;
    }
    Ok(())
}
