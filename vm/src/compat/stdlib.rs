//! Patches for stdlib modules (`calendar`, `pkgutil`, `bdb`, `multiprocessing.context`: `stdlib311.py`; `_sqlite3`; `re`), applied when
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

/// `re.Pattern`'s `pos` and `endpos` accept negative numbers, which count
/// as 0 (as CPython clamps them); RustPython's refuse them ("can't
/// convert negative number to unsigned"; pyparsing passes -1).
pub fn re(vm: &VirtualMachine) -> PyResult<()> {
    use rustpython_vm::builtins::PyType;
    static DONE: std::sync::Once = std::sync::Once::new();
    let module = vm.sys_module.get_attr("modules", vm)?.get_item("re", vm)?;
    let Ok(pattern) = module.get_attr("Pattern", vm)?.downcast::<PyType>() else { return Ok(()) };
    DONE.call_once(|| {
        // The type is static (shared by every interpreter); keep a reference
        // for the life of the process, as its new descriptors point to it.
        let typ: &'static rustpython_vm::Py<PyType> = Box::leak(Box::new(pattern));
        for name in ["match", "fullmatch", "search", "findall", "finditer", "scanner"] {
            super::wrap::method(vm, typ, name, |vm, mut args, callee, original| {
                let zero = |v: &mut rustpython_vm::PyObjectRef| {
                    if let Some(i) = v.downcast_ref::<rustpython_vm::builtins::PyInt>() {
                        if num_traits::Signed::is_negative(i.as_bigint()) {
                            *v = vm.ctx.new_int(0).into();
                        }
                    }
                };
                args.args.iter_mut().skip(2).for_each(zero);
                for (key, v) in args.kwargs.iter_mut() {
                    if matches!(key.to_string().as_str(), "pos" | "endpos") {
                        zero(v);
                    }
                }
                original(vm, args, callee)
            });
        }
    });
    Ok(())
}

/// `sysconfig.get_config_var("TZPATH")`, which `zoneinfo` reads for its
/// search path: CPython's configure default, as Debian's python3 has it.
/// RustPython's `_sysconfigdata` has no TZPATH, so `zoneinfo.TZPATH` was
/// empty and no zone was found.
const TZPATH: &str = "/usr/share/zoneinfo:/usr/lib/zoneinfo:/usr/share/lib/zoneinfo:/etc/zoneinfo";

pub fn sysconfig(vm: &VirtualMachine) -> PyResult<()> {
    let sysconfig = vm.sys_module.get_attr("modules", vm)?.get_item("sysconfig", vm)?;
    let name = vm.call_method(&sysconfig, "_get_sysconfigdata_name", ())?;
    let name = name.str(vm)?;
    let data = vm.import(&name, 0)?;
    let tzpath = vm.ctx.new_str(TZPATH);
    for vars in [data.get_attr("build_time_vars", vm)?, sysconfig.get_attr("_CONFIG_VARS", vm)?] {
        if !vm.is_none(&vars) && vars.get_item("TZPATH", vm).is_err() {
            vars.set_item("TZPATH", tzpath.clone().into(), vm)?;
        }
    }
    Ok(())
}

/// `pkgutil.iter_modules()` lists the (frozen) standard library.
/// `bdb` (and so `pdb`) always on `sys.settrace`.
pub fn bdb(vm: &VirtualMachine) -> PyResult<()> {
    patch(vm, "bdb", "patch_bdb")
}

pub fn pkgutil(vm: &VirtualMachine) -> PyResult<()> {
    patch(vm, "pkgutil", "patch_pkgutil")
}

pub fn multiprocessing_context(vm: &VirtualMachine) -> PyResult<()> {
    patch(vm, "multiprocessing.context", "patch_multiprocessing_context")
}

/// `_queue.SimpleQueue.get(block=False)`: RustPython's takes an item
/// without taking its count from the semaphore that blocking gets wait on,
/// so a blocking get can later wake for an item that is gone and raise
/// `Empty` (`multiprocessing.pool` drains its task queue that way at
/// `terminate()` while its workers wait). A non-blocking get goes through
/// `get_nowait`, which takes both, as CPython's single lock does.
pub fn queue(vm: &VirtualMachine) -> PyResult<()> {
    // `_queue` may be blocked (`sys.modules["_queue"] = None`, as
    // `import_fresh_module(..., blocked=["_queue"])` does).
    let module = vm.sys_module.get_attr("modules", vm)?.get_item("_queue", vm).ok();
    let Some(Ok(typ)) = module.and_then(|m| m.get_attr("SimpleQueue", vm).ok()).map(|t| t.downcast::<rustpython_vm::builtins::PyType>()) else {
        return Ok(());
    };
    // The type is static, shared by every interpreter: wrapped once.
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let typ: &'static rustpython_vm::Py<rustpython_vm::builtins::PyType> = Box::leak(Box::new(typ));
        super::wrap::method(vm, typ, "get", |vm, args, callee, original| {
            let block = args.args.get(1).or_else(|| args.kwargs.get("block")).cloned();
            if let (Some(block), Some(zelf)) = (block, args.args.first().cloned()) {
                if !block.try_to_bool(vm)? {
                    return vm.call_method(&zelf, "get_nowait", ());
                }
            }
            original(vm, args, callee)
        });
    });
    Ok(())
}
