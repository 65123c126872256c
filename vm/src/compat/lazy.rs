//! Fixes for modules a program may never import (`array`, `struct`,
//! `gc`, `math`...), applied when the module first appears in
//! `sys.modules`.
//!
//! `builtins.__import__` (which every `import` statement calls) is wrapped:
//! after an import, each pending fix whose module has been imported runs
//! once. Importing these modules at start-up instead would cost every
//! program their initialisation.

use std::sync::Mutex;

use rustpython_vm::builtins::PyDict;
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

use super::wrap;

type Fix = fn(&VirtualMachine) -> PyResult<()>;

/// `(module, fix)` pairs not applied yet. Shared by every thread: a module
/// may be imported first by any of them.
static PENDING: Mutex<Vec<(&'static str, Fix)>> = Mutex::new(Vec::new());

/// Fixes to apply when their module is imported; `install` then wraps
/// the interpreter's `__import__`.
pub fn register(fixes: &[(&'static str, Fix)]) {
    PENDING.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(fixes);
}

/// Once per interpreter, after the `register` calls of its start-up.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let builtins = vm.builtins.clone();
    wrap::function(vm, builtins.as_object(), "__import__", |vm, args, callee, original| {
        let module = original(vm, args, callee)?;
        apply_imported(vm)?;
        Ok(module)
    })?;
    // Some may be imported already (by the start-up code).
    apply_imported(vm)
}

/// Whether `module` is still executing its body (an import inside it
/// returned); it is patched after the import that started it returns.
fn initializing(vm: &VirtualMachine, module: &PyObject) -> bool {
    module
        .get_attr("__spec__", vm)
        .and_then(|spec| spec.get_attr("_initializing", vm))
        .and_then(|flag| flag.try_to_bool(vm))
        .unwrap_or(false)
}

fn apply_imported(vm: &VirtualMachine) -> PyResult<()> {
    let lock = || PENDING.lock().unwrap_or_else(|e| e.into_inner());
    let pending = {
        let pending = lock();
        if pending.is_empty() {
            return Ok(());
        }
        pending.clone()
    };
    // Looked up without the lock: reading a module's spec may run code.
    let Ok(modules) = vm.sys_module.get_attr("modules", vm) else { return Ok(()) };
    let Some(modules) = modules.downcast_ref::<PyDict>() else { return Ok(()) };
    let imported: Vec<&'static str> = pending
        .iter()
        .filter(|(name, _)| {
            // A blocked module (`sys.modules[name] = None`) is not imported.
            modules.get_item_opt(*name, vm).ok().flatten().is_some_and(|m| !vm.is_none(&m) && !initializing(vm, &m))
        })
        .map(|(name, _)| *name)
        .collect();
    if imported.is_empty() {
        return Ok(());
    }
    // Each fix runs once, on the thread that takes it out of the list.
    let mut ready = Vec::new();
    lock().retain(|&(name, fix)| {
        let take = imported.contains(&name);
        if take {
            ready.push(fix);
        }
        !take
    });
    for fix in ready {
        fix(vm)?;
    }
    Ok(())
}
