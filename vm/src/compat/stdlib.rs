//! Patches for pure-Python stdlib modules (`calendar`) (`stdlib311.py`), applied when
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
