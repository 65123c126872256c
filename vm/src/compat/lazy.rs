//! Fixes for modules a program may never import (`array`, `struct`...),
//! applied when the module first appears in `sys.modules`.
//!
//! `builtins.__import__` (which every `import` statement calls) is wrapped:
//! after an import, each pending fix whose module has been imported runs
//! once. Importing these modules at start-up instead would cost every
//! program their initialisation.

use std::cell::RefCell;

use rustpython_vm::builtins::PyDict;
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

use super::wrap;

type Fix = fn(&VirtualMachine) -> PyResult<()>;

thread_local! {
    /// `(module, fix)` pairs not applied yet, for this thread's interpreter.
    static PENDING: RefCell<Vec<(&'static str, Fix)>> = const { RefCell::new(Vec::new()) };
}

pub fn install(vm: &VirtualMachine, fixes: &[(&'static str, Fix)]) -> PyResult<()> {
    PENDING.with(|p| p.borrow_mut().extend_from_slice(fixes));
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
    let ready: Vec<Fix> = PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        if pending.is_empty() {
            return Vec::new();
        }
        let Ok(modules) = vm.sys_module.get_attr("modules", vm) else { return Vec::new() };
        let Some(modules) = modules.downcast_ref::<PyDict>() else { return Vec::new() };
        let mut ready = Vec::new();
        pending.retain(|&(name, fix)| {
            let module = modules.get_item_opt(name, vm).ok().flatten();
            let imported = module.is_some_and(|m| !initializing(vm, &m));
            if imported {
                ready.push(fix);
            }
            !imported
        });
        ready
    });
    for fix in ready {
        fix(vm)?;
    }
    Ok(())
}
