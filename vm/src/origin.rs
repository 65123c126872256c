//! Coroutine origin tracking: `sys.set_coroutine_origin_tracking_depth(n)`
//! makes each new coroutine record the `n` innermost frames that created it
//! (`cr_origin`), which `warnings` quotes when the coroutine is never
//! awaited. RustPython keeps its depth where hipy cannot read it, so hipy
//! serves both `sys` functions; the depth is per thread, as in CPython.

use std::cell::Cell;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::runtime;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

fn set_depth(args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    let depth = match args.args.first().or_else(|| args.kwargs.get("depth")) {
        Some(d) => d.try_to_value::<i32>(vm)?,
        None => return Err(vm.new_type_error("set_coroutine_origin_tracking_depth() missing required argument 'depth' (pos 1)")),
    };
    if depth < 0 {
        return Err(vm.new_value_error("depth must be >= 0"));
    }
    DEPTH.with(|d| d.set(depth as u32));
    Ok(())
}

fn get_depth() -> u32 {
    DEPTH.with(|d| d.get())
}

/// `cr_origin` for a coroutine made now: `(filename, lineno, funcname)` of
/// each running frame, innermost first, as deep as the tracking depth
/// asks; None when tracking is off.
pub fn cr_origin(vm: &VirtualMachine) -> Option<PyObjectRef> {
    let depth = get_depth() as usize;
    if depth == 0 {
        return None;
    }
    let mut items = Vec::new();
    runtime::walk_frames(|f| {
        let line = f.line().unwrap_or(0);
        items.push(
            vm.ctx
                .new_tuple(vec![
                    vm.ctx.new_str(f.code.filename()).into(),
                    vm.ctx.new_int(line).into(),
                    vm.ctx.new_str(f.code.name()).into(),
                ])
                .into(),
        );
        items.len() == depth
    });
    Some(vm.ctx.new_tuple(items).into())
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let sys = &vm.sys_module;
    sys.set_attr(
        "set_coroutine_origin_tracking_depth",
        vm.new_function("set_coroutine_origin_tracking_depth", set_depth),
        vm,
    )?;
    sys.set_attr(
        "get_coroutine_origin_tracking_depth",
        vm.new_function("get_coroutine_origin_tracking_depth", get_depth),
        vm,
    )?;
    Ok(())
}
