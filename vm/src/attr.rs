//! Attribute instructions: LOAD_ATTR (with the method form that avoids making
//! bound methods), STORE_ATTR, LOAD_SUPER_ATTR and LOAD_SPECIAL.

use rustpython_vm::builtins::descriptor::PyMethodDescriptor;
use rustpython_vm::builtins::{PyStrInterned, PyType};
use rustpython_vm::function::PyMethodFlags;
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::eval::{Flow, Raised};
use crate::frame::Frame;

/// Result of looking up a name for a call: either an unbound function to be
/// called with the object as first argument, or a plain attribute value.
pub enum Method {
    Unbound(PyObjectRef),
    Attribute(PyObjectRef),
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

/// LOAD_ATTR namei: `namei >> 1` is the name; bit 0 asks for the method form,
/// which pushes `[func, self]` or `[attr, NULL]`.
pub fn load_attr(vm: &VirtualMachine, f: &mut Frame, arg: u32) -> PyResult<()> {
    let name = f.code.names[(arg >> 1) as usize];
    let obj = f.pop();
    if arg & 1 == 0 {
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

pub fn store_attr(vm: &VirtualMachine, f: &mut Frame, arg: u32) -> Result<Flow, Raised> {
    let obj = f.pop();
    let value = f.pop();
    obj.set_attr(f.code.names[arg as usize], value, vm)?;
    Ok(Flow::Next)
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

fn special_name(arg: u32) -> &'static str {
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
