//! `object.__getstate__` and `object.__reduce_ex__` for a class whose
//! `__slotnames__` is a non-empty list. RustPython reads each listed
//! attribute while it holds the list's lock, so a `__getattr__` that
//! changes the list waits for that lock forever (CPython's test_descr,
//! `test_issue24097`, hung). Here, as in CPython, each name is read from
//! the list and the lock is released before the attribute is looked up,
//! and a change of the list's size is a RuntimeError (with CPython's
//! misspelt `__slotsname__`). Every other object goes to RustPython's
//! implementation.

use rustpython_vm::builtins::{PyDict, PyList, PyListRef, PyStr, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::wrap;

pub fn install(vm: &VirtualMachine) {
    let object = vm.ctx.types.object_type;
    wrap::method(vm, object, "__getstate__", |vm, args, callee, original| {
        match args.args.first().and_then(|obj| slot_names(vm, obj)) {
            Some(names) => getstate_default(vm, &args.args[0], &names, false),
            None => original(vm, args, callee),
        }
    });
    wrap::method(vm, object, "__reduce_ex__", |vm, args, callee, original| {
        let Some(obj) = args.args.first().cloned() else { return original(vm, args, callee) };
        match slot_names(vm, &obj) {
            Some(names) if protocol(vm, &args) >= 2 && !overrides(vm, &obj, "__reduce__") && !overrides(vm, &obj, "__getstate__") => {
                reduce_newobj(vm, &obj, &names)
            }
            // Below protocol 2, copyreg calls __getstate__ (above).
            _ => original(vm, args, callee),
        }
    });
}

/// The class's own `__slotnames__`, when it is a non-empty list.
fn slot_names(vm: &VirtualMachine, obj: &PyObject) -> Option<PyListRef> {
    let names = obj.class().get_direct_attr(vm.ctx.intern_str("__slotnames__"))?;
    names.downcast::<PyList>().ok().filter(|l| !l.borrow_vec().is_empty())
}

fn protocol(vm: &VirtualMachine, args: &FuncArgs) -> i64 {
    args.args.get(1).and_then(|p| p.try_to_value::<i64>(vm).ok()).unwrap_or(0)
}

/// The class defines `name` other than `object` does.
fn overrides(vm: &VirtualMachine, obj: &PyObject, name: &str) -> bool {
    let name = vm.ctx.intern_str(name);
    match (obj.class().get_attr(name), vm.ctx.types.object_type.get_attr(name)) {
        (Some(mine), Some(object)) => !mine.is(&object),
        _ => false,
    }
}

fn getstate_default(vm: &VirtualMachine, obj: &PyObjectRef, names: &PyListRef, required: bool) -> PyResult {
    let cls = obj.class();
    if required && cls.slots.itemsize > 0 {
        return Err(vm.new_type_error(format!("cannot pickle {:.200} objects", cls.name())));
    }
    let state: PyObjectRef = match obj.dict() {
        Some(d) if !d.is_empty() => d.into(),
        _ => vm.ctx.none(),
    };
    if required && cls.slots.basicsize > vm.ctx.types.object_type.slots.basicsize {
        return Err(vm.new_type_error(format!("cannot pickle '{}' object", cls.name())));
    }
    let len = names.borrow_vec().len();
    let slots = vm.ctx.new_dict();
    for i in 0..len {
        let name = {
            let names = names.borrow_vec();
            if names.len() != len {
                return Err(vm.new_runtime_error("__slotsname__ changed size during iteration"));
            }
            names[i].clone()
        };
        let name = name
            .downcast::<PyStr>()
            .map_err(|n| vm.new_type_error(format!("attribute name must be string, not '{}'", n.class().name())))?;
        if let Some(value) = vm.get_attribute_opt(obj, &name)? {
            slots.set_item(&*name, value, vm)?;
        }
        if names.borrow_vec().len() != len {
            return Err(vm.new_runtime_error("__slotsname__ changed size during iteration"));
        }
    }
    Ok(if slots.is_empty() { state } else { vm.ctx.new_tuple(vec![state, slots.into()]).into() })
}

/// `__getnewargs_ex__` or `__getnewargs__`, looked up on the class.
fn special(vm: &VirtualMachine, obj: &PyObjectRef, name: &str) -> PyResult<Option<PyObjectRef>> {
    match obj.class().get_attr(vm.ctx.intern_str(name)) {
        Some(attr) => Ok(Some(vm.call_if_get_descriptor(&attr, obj.clone())?.call((), vm)?)),
        None => Ok(None),
    }
}

/// CPython's `reduce_newobj` (protocol 2 and above), as RustPython has it
/// but for the state (`getstate_default`).
fn reduce_newobj(vm: &VirtualMachine, obj: &PyObjectRef, names: &PyListRef) -> PyResult {
    let cls = obj.class();
    if cls.slots.new.load().is_none() {
        return Err(vm.new_type_error(format!("cannot pickle '{}' object", cls.name())));
    }
    let not_a = |what: &str, o: &PyObject| vm.new_type_error(format!("{what}, not '{}'", o.class().name()));
    let (args, kwargs) = if let Some(ex) = special(vm, obj, "__getnewargs_ex__")? {
        let pair = ex.downcast::<PyTuple>().map_err(|o| not_a("__getnewargs_ex__ should return a tuple", &o))?;
        if pair.len() != 2 {
            return Err(vm.new_value_error(format!("__getnewargs_ex__ should return a tuple of length 2, not {}", pair.len())));
        }
        let args = pair[0].clone().downcast::<PyTuple>().map_err(|o| {
            not_a("first item of the tuple returned by __getnewargs_ex__ must be a tuple", &o)
        })?;
        let kwargs = pair[1].clone().downcast::<PyDict>().map_err(|o| {
            not_a("second item of the tuple returned by __getnewargs_ex__ must be a dict", &o)
        })?;
        (Some(args), Some(kwargs))
    } else if let Some(args) = special(vm, obj, "__getnewargs__")? {
        let args = args.downcast::<PyTuple>().map_err(|o| not_a("__getnewargs__ should return a tuple", &o))?;
        (Some(args), None)
    } else {
        (None, None)
    };
    let copyreg = vm.import("copyreg", 0)?;
    let has_args = args.is_some();
    let (newobj, newargs): (PyObjectRef, PyObjectRef) = match (args, kwargs) {
        (Some(args), Some(kwargs)) if !kwargs.is_empty() => {
            (copyreg.get_attr("__newobj_ex__", vm)?, vm.ctx.new_tuple(vec![cls.to_owned().into(), args.into(), kwargs.into()]).into())
        }
        (args, _) => {
            let mut items: Vec<PyObjectRef> = vec![cls.to_owned().into()];
            items.extend(args.map(|a| a.as_slice().to_vec()).unwrap_or_default());
            (copyreg.get_attr("__newobj__", vm)?, vm.ctx.new_tuple(items).into())
        }
    };
    let is_list = obj.fast_isinstance(vm.ctx.types.list_type);
    let is_dict = obj.fast_isinstance(vm.ctx.types.dict_type);
    let state = getstate_default(vm, obj, names, !(has_args || is_list || is_dict))?;
    let listitems: PyObjectRef = if is_list { obj.get_iter(vm)?.into() } else { vm.ctx.none() };
    let dictitems: PyObjectRef =
        if is_dict { vm.call_method(obj, "items", ())?.get_iter(vm)?.into() } else { vm.ctx.none() };
    Ok(vm.ctx.new_tuple(vec![newobj, newargs, state, listitems, dictitems]).into())
}
