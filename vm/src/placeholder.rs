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
//! The attributes the import system gives a module (`__spec__`,
//! `__loader__`, `__package__`, `__file__`, `__cached__`, `__path__`) are
//! answered without running the module: the first lookup of one sets them
//! as the import would (its `describe` function), and a lookup of one the
//! module does not get raises AttributeError. `site` reads `__loader__`,
//! `__file__` and `__cached__` of every module in `sys.modules` at start-up
//! (`abs_paths`), which loaded `traceback` and `warnings` on every run
//! (5 ms) when asking for them loaded the module.
//!
//! A placeholder also loads when an `import` statement names it
//! (`builtins.__import__`), as a real import would run it: an assignment to
//! one of its attributes (`warnings.showwarning = f`, which no hook sees)
//! then replaces the loaded value, not one the loading would overwrite, and
//! a module imported by a program is loaded before the interpreter shuts
//! down (`traceback.print_exception` in a `__del__` at exit needs imports).
//!
//! One thread loads; another that uses the module meanwhile waits until the
//! code has run (as an import waits on the module's lock), and the loading
//! thread's own lookups during the load see the module as it is so far.

use rustpython_vm::builtins::{PyDictRef, PyStr, PyStrRef};
use rustpython_vm::function::{ItemDoc, PyMethodFlags};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::ThreadId;

/// Runs a module's code in the placeholder `module`.
pub type Load = fn(&PyObjectRef, &VirtualMachine) -> PyResult<()>;

/// Sets the placeholder `module`'s [`IMPORT_ATTRS`] as importing it would
/// (at least `__spec__`), without running its code.
pub type Describe = fn(&PyObjectRef, &VirtualMachine) -> PyResult<()>;

const HOOKS: [&str; 2] = ["__getattr__", "__dir__"];
/// Set by the import system, not by the module's code.
const IMPORT_ATTRS: [&str; 6] = ["__spec__", "__loader__", "__package__", "__file__", "__cached__", "__path__"];

/// Put a placeholder for `name` into `sys.modules`; `load` runs at its
/// first use, `describe` at the first lookup of an attribute the import
/// system sets. Returns the module's dict (for entries the placeholder
/// holds from the start).
pub fn install(
    vm: &VirtualMachine,
    name: &'static str,
    doc: Option<&str>,
    load: Load,
    describe: Describe,
) -> PyResult<PyDictRef> {
    let dict = vm.ctx.new_dict();
    let module: PyObjectRef = vm.new_module(name, dict.clone(), doc.map(|d| vm.ctx.new_str(d))).into();
    for key in IMPORT_ATTRS {
        if dict.contains_key(key, vm) {
            dict.del_item(key, vm)?;
        }
    }
    let loaded = Arc::new(LoadOnce::default());
    // Bound to the placeholder: called with the module as first argument.
    let getattr = {
        let loaded = loaded.clone();
        vm.ctx
            .new_method_def(
                "__getattr__",
                move |module: PyObjectRef, attr: PyStrRef, vm: &VirtualMachine| -> PyResult {
                    if IMPORT_ATTRS.iter().any(|a| attr.as_wtf8() == *a) && !loaded.started() {
                        return import_attr(vm, &module, &attr, describe);
                    }
                    first_use(vm, &module, load, &loaded)?;
                    module.get_attr(&attr, vm)
                },
                PyMethodFlags::empty(),
                ItemDoc::NONE,
            )
            .build_function(vm, Some(module.clone()))
    };
    let dir = {
        let loaded = loaded.clone();
        vm.ctx
            .new_method_def(
                "__dir__",
                move |module: PyObjectRef, vm: &VirtualMachine| -> PyResult {
                    first_use(vm, &module, load, &loaded)?;
                    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
                    Ok(vm.ctx.new_list(dict.keys_vec()).into())
                },
                PyMethodFlags::empty(),
                ItemDoc::NONE,
            )
            .build_function(vm, Some(module.clone()))
    };
    dict.set_item("__getattr__", getattr.into(), vm)?;
    dict.set_item("__dir__", dir.into(), vm)?;
    vm.sys_module.get_attr("modules", vm)?.set_item(name, module, vm)?;
    let builtins = vm.builtins.clone();
    crate::compat::wrap_function(vm, builtins.as_object(), "__import__", move |vm, args, callee, original| {
        if let Some(imported) = args.args.first().and_then(|n| n.downcast_ref::<PyStr>()) {
            load_imported(vm, name, imported, load, &loaded)?;
        }
        original(vm, args, callee)
    })?;
    Ok(dict)
}

/// An attribute the import system sets, of a placeholder not loaded yet:
/// described first (once), then read from the dict, or an AttributeError
/// when the module does not get it.
fn import_attr(vm: &VirtualMachine, module: &PyObjectRef, attr: &PyStrRef, describe: Describe) -> PyResult {
    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
    if !dict.contains_key("__spec__", vm) {
        // Present from now on: lookups while `describe` runs (the import
        // system's own `getattr(module, '__loader__', None)`) read the dict.
        dict.set_item("__spec__", vm.ctx.none(), vm)?;
        describe(module, vm)?;
    }
    match dict.get_item_opt(attr.as_object(), vm)? {
        Some(value) => Ok(value),
        None => {
            let name = module.get_attr("__name__", vm)?.str(vm)?;
            Err(vm.new_attribute_error(format!("module '{name}' has no attribute '{attr}'")))
        }
    }
}

/// Whether a placeholder's code has run: started (the hooks are gone) and
/// finished, with the thread running it while it runs.
#[derive(Default)]
struct LoadOnce {
    started: AtomicBool,
    finished: AtomicBool,
    loader: Mutex<Option<ThreadId>>,
    done: Condvar,
}

impl LoadOnce {
    fn started(&self) -> bool {
        self.started.load(Ordering::Acquire)
    }
}

/// Loads the placeholder `module` unless it was loaded already; waits
/// while another thread loads it.
fn first_use(vm: &VirtualMachine, module: &PyObjectRef, load: Load, once: &LoadOnce) -> PyResult<()> {
    if once.finished.load(Ordering::Acquire) {
        return Ok(());
    }
    let me = std::thread::current().id();
    let mut loader = once.loader.lock().unwrap_or_else(PoisonError::into_inner);
    if once.started() {
        while *loader != Some(me) && !once.finished.load(Ordering::Acquire) {
            // Detached: the loading thread may stop the world to collect.
            loader = vm.allow_threads(|| once.done.wait(loader).unwrap_or_else(PoisonError::into_inner));
        }
        return Ok(());
    }
    *loader = Some(me);
    once.started.store(true, Ordering::Release);
    drop(loader);
    let result = (|| {
        let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
        for hook in HOOKS {
            dict.del_item(hook, vm)?;
        }
        load(module, vm)
    })();
    let mut loader = once.loader.lock().unwrap_or_else(PoisonError::into_inner);
    *loader = None;
    once.finished.store(true, Ordering::Release);
    drop(loader);
    once.done.notify_all();
    result
}

/// `import NAME` (or `import NAME.sub`, `from NAME import x`) while
/// `sys.modules` still holds the placeholder NAME: load it. A relative
/// import naming a module of the importer's package so named loads it
/// too early, never wrongly.
fn load_imported(vm: &VirtualMachine, name: &str, imported: &PyStr, load: Load, once: &LoadOnce) -> PyResult<()> {
    let imported = imported.as_wtf8().as_bytes();
    let top = imported.split(|&b| b == b'.').next().unwrap_or_default();
    if top != name.as_bytes() {
        return Ok(());
    }
    if once.finished.load(Ordering::Acquire) {
        return Ok(());
    }
    let Ok(module) = vm.sys_module.get_attr("modules", vm)?.get_item(name, vm) else { return Ok(()) };
    first_use(vm, &module, load, once)
}

/// A loader for a module the import system finds (a frozen or a source
/// module): its spec is executed into the placeholder, as
/// `importlib.reload` does (which also moves it to the end of
/// `sys.modules`, where an import at this moment would have put it).
pub fn load_found(module: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
    if !dict.contains_key("__spec__", vm) {
        describe_found(module, vm)?;
    }
    let spec = module.get_attr("__spec__", vm)?;
    let bootstrap = vm.import("_frozen_importlib", 0)?;
    bootstrap.get_attr("_exec", vm)?.call((spec, module.clone()), vm)?;
    Ok(())
}

/// The [`Describe`] of [`load_found`]: the module's spec found, and the
/// attributes importing it sets (`importlib._bootstrap._init_module_attrs`,
/// and the `__file__` a frozen module's `create_module` gives it).
pub fn describe_found(module: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let name = module.get_attr("__name__", vm)?;
    let bootstrap = vm.import("_frozen_importlib", 0)?;
    let spec = bootstrap.get_attr("_find_spec", vm)?.call((name.clone(), vm.ctx.none()), vm)?;
    if vm.is_none(&spec) {
        let name = name.str(vm)?;
        return Err(vm.new_import_error(format!("No module named '{name}'"), name));
    }
    bootstrap.get_attr("_init_module_attrs", vm)?.call((spec.clone(), module.clone()), vm)?;
    if let Ok(filename) = spec.get_attr("loader_state", vm).and_then(|state| state.get_attr("filename", vm)) {
        if filename.clone().try_to_bool(vm)? {
            module.set_attr("__file__", filename, vm)?;
        }
    }
    Ok(())
}
