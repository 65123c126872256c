//! Patches for stdlib modules (`calendar`: `stdlib311.py`; `_sqlite3`), applied when
//! the module is first imported (see `lazy`).

use rustpython_vm::{PyResult, VirtualMachine};

const SOURCE: &str = include_str!("stdlib311.py");

fn patch(vm: &VirtualMachine, module: &str, function: &str) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    let target = modules.get_item(module, vm)?;
    let globals = vm.ctx.new_dict();
    crate::exec_source(vm, SOURCE, "<hipy compat>", globals.clone())?;
    let patcher = globals.get_item(function, vm)?;
    patcher.call((target,), vm)?;
    Ok(())
}

pub fn calendar(vm: &VirtualMachine) -> PyResult<()> {
    patch(vm, "calendar", "patch_calendar")
}

/// `_sqlite3`'s exception classes belong to `sqlite3`, as in CPython (a
/// traceback says `sqlite3.OperationalError`); RustPython leaves them in
/// `_sqlite3`. Its other classes are immutable types.
pub fn sqlite3(vm: &VirtualMachine) -> PyResult<()> {
    let module = vm.sys_module.get_attr("modules", vm)?.get_item("_sqlite3", vm)?;
    for name in [
        "Warning", "Error", "InterfaceError", "DatabaseError", "DataError", "OperationalError",
        "IntegrityError", "InternalError", "ProgrammingError", "NotSupportedError",
    ] {
        if let Ok(class) = module.get_attr(name, vm) {
            class.set_attr("__module__", vm.ctx.new_str("sqlite3"), vm)?;
        }
    }
    Ok(())
}
