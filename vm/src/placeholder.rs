//! Modules that are in `sys.modules` from the start but run their code
//! only when first used.
//!
//! A placeholder is a plain module whose dict holds `__getattr__` and
//! `__dir__` hooks. The first lookup of a name it lacks (also `dir()`)
//! removes the hooks and runs the module's code in the placeholder's own
//! dict, so the module object never changes: references taken before see
//! the loaded module. The hooks being gone, later lookups are ordinary
//! module lookups.
//!
//! `__spec__`, `__loader__` and `__package__` are left out of the
//! placeholder's dict (a new module gets them as None), so asking for them
//! loads the module too; the loader sets what the real module has.
//!
//! A placeholder made with `Use::Import` also loads when an `import`
//! statement names it (`builtins.__import__`), as a real import would run
//! it: an assignment to one of its attributes (`warnings.showwarning = f`,
//! which no hook sees) then replaces the loaded value, not one the loading
//! would overwrite.

use rustpython_vm::builtins::{PyDictRef, PyStr, PyStrRef};
use rustpython_vm::function::{ItemDoc, PyMethodFlags};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// Runs a module's code in the placeholder `module`.
pub type Load = fn(&PyObjectRef, &VirtualMachine) -> PyResult<()>;

/// What loads a placeholder besides an attribute it lacks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// Only attribute lookups and `dir()`.
    Attribute,
    /// Also an `import` statement naming it.
    Import,
}

const HOOKS: [&str; 2] = ["__getattr__", "__dir__"];
const LEFT_OUT: [&str; 3] = ["__spec__", "__loader__", "__package__"];

/// Put a placeholder for `name` into `sys.modules`; `load` runs at its
/// first use. Returns the module's dict (for entries the placeholder holds
/// from the start).
pub fn install(vm: &VirtualMachine, name: &'static str, doc: Option<&str>, load: Load, uses: Use) -> PyResult<PyDictRef> {
    let dict = vm.ctx.new_dict();
    let module: PyObjectRef = vm.new_module(name, dict.clone(), doc.map(|d| vm.ctx.new_str(d))).into();
    for key in LEFT_OUT {
        dict.del_item(key, vm)?;
    }
    // Bound to the placeholder: called with the module as first argument.
    let getattr = vm
        .ctx
        .new_method_def(
            "__getattr__",
            move |module: PyObjectRef, attr: PyStrRef, vm: &VirtualMachine| -> PyResult {
                first_use(vm, &module, load)?;
                module.get_attr(&attr, vm)
            },
            PyMethodFlags::empty(),
            ItemDoc::NONE,
        )
        .build_function(vm, Some(module.clone()));
    let dir = vm
        .ctx
        .new_method_def(
            "__dir__",
            move |module: PyObjectRef, vm: &VirtualMachine| -> PyResult {
                first_use(vm, &module, load)?;
                let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
                Ok(vm.ctx.new_list(dict.keys_vec()).into())
            },
            PyMethodFlags::empty(),
            ItemDoc::NONE,
        )
        .build_function(vm, Some(module.clone()));
    dict.set_item("__getattr__", getattr.into(), vm)?;
    dict.set_item("__dir__", dir.into(), vm)?;
    vm.sys_module.get_attr("modules", vm)?.set_item(name, module, vm)?;
    if uses == Use::Import {
        let builtins = vm.builtins.clone();
        crate::compat::wrap_function(vm, builtins.as_object(), "__import__", move |vm, args, callee, original| {
            if let Some(imported) = args.args.first().and_then(|n| n.downcast_ref::<PyStr>()) {
                load_imported(vm, name, imported, load)?;
            }
            original(vm, args, callee)
        })?;
    }
    Ok(dict)
}

/// Whether `module` is a placeholder not loaded yet (its hooks, which
/// loading removes first, are in its dict).
fn pending(vm: &VirtualMachine, module: &PyObjectRef) -> bool {
    module.dict().is_some_and(|d| d.contains_key("__getattr__", vm) && !d.contains_key("__spec__", vm))
}

/// Loads the placeholder `module` unless it was loaded already.
fn first_use(vm: &VirtualMachine, module: &PyObjectRef, load: Load) -> PyResult<()> {
    if !pending(vm, module) {
        return Ok(());
    }
    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
    for hook in HOOKS {
        dict.del_item(hook, vm)?;
    }
    load(module, vm)
}

/// `import NAME` (or `import NAME.sub`, `from NAME import x`) while
/// `sys.modules` still holds the placeholder NAME: load it. A relative
/// import naming a module of the importer's package so named loads it
/// too early, never wrongly.
fn load_imported(vm: &VirtualMachine, name: &str, imported: &PyStr, load: Load) -> PyResult<()> {
    let imported = imported.as_wtf8().as_bytes();
    let top = imported.split(|&b| b == b'.').next().unwrap_or_default();
    if top != name.as_bytes() {
        return Ok(());
    }
    let Ok(module) = vm.sys_module.get_attr("modules", vm)?.get_item(name, vm) else { return Ok(()) };
    first_use(vm, &module, load)
}

/// A loader for a module the import system finds (a frozen or a source
/// module): its spec is found and executed into the placeholder, as
/// `importlib.reload` does (which also moves it to the end of
/// `sys.modules`, where an import at this moment would have put it).
pub fn load_found(module: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let name = module.get_attr("__name__", vm)?;
    let bootstrap = vm.import("_frozen_importlib", 0)?;
    let spec = bootstrap.get_attr("_find_spec", vm)?.call((name.clone(), vm.ctx.none()), vm)?;
    if vm.is_none(&spec) {
        let name = name.str(vm)?;
        return Err(vm.new_import_error(format!("No module named '{name}'"), name));
    }
    bootstrap.get_attr("_exec", vm)?.call((spec, module.clone()), vm)?;
    Ok(())
}
