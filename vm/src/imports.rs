//! IMPORT_NAME, IMPORT_FROM and `from m import *`.
//!
//! `__import__` itself is RustPython's (the import system is importlib, whose
//! Python functions run in hipy's loop through the function hook, and whose
//! module execution goes through hipy's `exec`).

use rustpython_vm::builtins::{PyStr, PyStrInterned};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::frame::Frame;

pub fn import_name(
    vm: &VirtualMachine,
    f: &Frame,
    arg: u32,
    fromlist: PyObjectRef,
    level: PyObjectRef,
) -> PyResult {
    let name = f.code.names[arg as usize];
    let import = match f.builtins.get_item_opt("__import__", vm)? {
        Some(i) => i,
        None => return Err(vm.new_import_error("__import__ not found", name.to_owned())),
    };
    let locals = f.locals.clone().unwrap_or_else(|| vm.ctx.none());
    import
        .call((name.to_owned(), f.globals.clone(), locals, fromlist, level), vm)
        // Like CPython, hide importlib's own frames from the traceback.
        .inspect_err(|exc| rustpython_vm::import::remove_importlib_frames(vm, exc))
}

/// `builtins.__import__` waits for a module that another thread is still
/// executing (through its import lock) instead of returning it half made,
/// as CPython's `import_ensure_initialized` does; RustPython's returns
/// whatever `sys.modules` holds. Only absolute imports, and only once a
/// second thread may run.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let builtins = vm.builtins.clone();
    crate::compat::wrap_function(vm, builtins.as_object(), "__import__", |vm, args, callee, original| {
        if crate::threads::multi() {
            let absolute = args.args.get(4).or_else(|| args.kwargs.get("level")).is_none_or(|l| l.try_to_value::<i64>(vm).is_ok_and(|l| l == 0));
            if let (true, Some(name)) = (absolute, args.args.first()) {
                wait_for_initialization(vm, name)?;
            }
        }
        original(vm, args, callee)
    })
}

fn wait_for_initialization(vm: &VirtualMachine, name: &PyObjectRef) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    let Ok(module) = modules.get_item(&**name, vm) else { return Ok(()) };
    if !is_initializing(vm, &module) {
        return Ok(());
    }
    let bootstrap = vm.import("_frozen_importlib", 0)?;
    bootstrap.get_attr("_lock_unlock_module", vm)?.call((name.clone(),), vm)?;
    Ok(())
}

fn module_name(vm: &VirtualMachine, module: &PyObjectRef) -> Option<String> {
    let n = module.get_attr("__name__", vm).ok()?;
    n.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string())
}

fn is_initializing(vm: &VirtualMachine, module: &PyObjectRef) -> bool {
    let Ok(spec) = module.get_attr("__spec__", vm) else {
        return false;
    };
    match spec.get_attr("_initializing", vm) {
        Ok(v) => v.try_to_bool(vm).unwrap_or(false),
        Err(_) => false,
    }
}

pub fn import_from(vm: &VirtualMachine, module: &PyObjectRef, name: &'static PyStrInterned) -> PyResult {
    if let Some(v) = vm.get_attribute_opt(&module, name)? {
        return Ok(v);
    }
    let mod_name = module_name(vm, module);
    if let Some(m) = &mod_name {
        let full = vm.ctx.new_str(format!("{m}.{}", name.as_str()));
        if let Ok(modules) = vm.sys_module.get_attr("modules", vm) {
            if let Ok(sub) = modules.get_item(full.as_object(), vm) {
                return Ok(sub);
            }
        }
    }
    let shown = mod_name.clone().unwrap_or_else(|| "<unknown module name>".to_owned());
    let path = module
        .get_attr("__file__", vm)
        .ok()
        .and_then(|p| p.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string()));
    let msg = if is_initializing(vm, module) {
        match &path {
            Some(p) => format!(
                "cannot import name '{}' from partially initialized module '{shown}' (most likely due to a circular import) ({p})",
                name.as_str()
            ),
            None => format!(
                "cannot import name '{}' from partially initialized module '{shown}' (most likely due to a circular import)",
                name.as_str()
            ),
        }
    } else {
        match &path {
            Some(p) => format!("cannot import name '{}' from '{shown}' ({p})", name.as_str()),
            None => format!("cannot import name '{}' from '{shown}' (unknown location)", name.as_str()),
        }
    };
    let err = vm.new_import_error(msg, vm.ctx.new_str(shown));
    if let Some(p) = path {
        let _ = err.as_object().set_attr("path", vm.ctx.new_str(p), vm);
    }
    Err(err)
}

pub fn import_star(vm: &VirtualMachine, f: &Frame, module: &PyObjectRef) -> PyResult<()> {
    let Some(locals) = &f.locals else {
        return Err(vm.new_system_error("no locals found during 'import *'"));
    };
    let Some(dict) = module.dict() else {
        return Ok(());
    };
    let source = |what: &str| match module_name(vm, module) {
        Some(m) => format!("{m}.{what}"),
        None => what.to_owned(),
    };
    let require_str = |obj: PyObjectRef, what: &str| -> PyResult<PyObjectRef> {
        if obj.class().fast_issubclass(vm.ctx.types.str_type) {
            Ok(obj)
        } else {
            Err(vm.new_type_error(format!(
                "{} in {} must be str, not {}",
                if what == "__all__" { "Item" } else { "Key" },
                source(what),
                obj.class().name()
            )))
        }
    };
    if let Some(all) = dict.get_item_opt("__all__", vm)? {
        let items: Vec<PyObjectRef> = all.try_to_value(vm)?;
        for item in items {
            let name = require_str(item, "__all__")?;
            let s = name.downcast_ref::<PyStr>().unwrap();
            let value = module.get_attr(s, vm)?;
            locals.set_item(&*name, value, vm)?;
        }
    } else {
        for (k, v) in dict.items_vec() {
            let k = require_str(k, "__dict__")?;
            let s = k.downcast_ref::<PyStr>().unwrap();
            if !s.as_wtf8().as_bytes().starts_with(b"_") {
                locals.set_item(&*k, v, vm)?;
            }
        }
    }
    Ok(())
}
