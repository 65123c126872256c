//! C extension modules: hipy cannot load CPython's compiled extensions
//! (`name.cpython-311-x86_64-linux-gnu.so`, `name.abi3.so`, ...). The
//! import system has no loader for them, so without this guard their import
//! would say "No module named ..." although the file is there. The last
//! finder on `sys.meta_path` looks for such a file where the module would
//! be and raises an `ImportError` that names it. Code that falls back to
//! pure Python on `ImportError` keeps working.

use rustpython_vm::builtins::{PyList, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyResult, VirtualMachine};

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let attrs = vm.ctx.new_dict();
    attrs.set_item("find_spec", vm.new_function("find_spec", find_spec).into(), vm)?;
    let finder = vm.new_module("hipy_extension_guard", attrs, None);
    let meta_path = vm.sys_module.get_attr("meta_path", vm)?;
    vm.call_method(&meta_path, "append", (finder,))?;
    Ok(())
}

/// `find_spec(fullname, path=None, target=None)`: `None` (not found)
/// unless a compiled extension module for `fullname` is on `path`
/// (`sys.path` for a top-level module).
fn find_spec(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let Some(name) = args.args.first().and_then(|n| n.downcast_ref::<PyStr>()).and_then(|n| n.to_str()) else {
        return Ok(vm.ctx.none());
    };
    let name = name.to_owned();
    let path = match args.args.get(1).filter(|p| !vm.is_none(p)) {
        Some(p) => p.clone(),
        None => vm.sys_module.get_attr("path", vm)?,
    };
    let dirs: Vec<String> = match path.downcast_ref::<PyList>() {
        Some(l) => l
            .borrow_vec()
            .iter()
            .filter_map(|d| d.downcast_ref::<PyStr>().and_then(|s| s.to_str()).map(str::to_owned))
            .collect(),
        // A namespace package's path object: iterate it.
        None => path.try_to_value::<Vec<rustpython_vm::PyObjectRef>>(vm).map_or_else(
            |_| Vec::new(),
            |v| v.iter().filter_map(|d| d.downcast_ref::<PyStr>().and_then(|s| s.to_str()).map(str::to_owned)).collect(),
        ),
    };
    let tail = name.rsplit('.').next().unwrap_or(&name);
    for dir in dirs {
        let dir = if dir.is_empty() { ".".to_owned() } else { dir };
        if let Some(file) = extension_in(&dir, tail) {
            let msg = format!(
                "{file} is a CPython C extension module, which hipy cannot load: \
                 hipy runs pure-Python packages only (its numpy and pandas are built in)"
            );
            let err = vm.new_import_error(msg, vm.ctx.new_str(name.as_str()));
            err.as_object().set_attr("path", vm.ctx.new_str(file), vm)?;
            return Err(err);
        }
    }
    Ok(vm.ctx.none())
}

/// A compiled extension for module `tail` in `dir`: `tail.so`,
/// `tail.<tag>.so` or `tail.<tag>.pyd`.
fn extension_in(dir: &str, tail: &str) -> Option<String> {
    let entries = std::fs::read_dir(dir).ok()?;
    for entry in entries.flatten() {
        let fname = entry.file_name();
        let Some(f) = fname.to_str() else { continue };
        let Some(rest) = f.strip_prefix(tail) else { continue };
        if rest == ".so" || rest == ".pyd" || (rest.starts_with('.') && (rest.ends_with(".so") || rest.ends_with(".pyd"))) {
            return Some(format!("{}/{f}", dir.trim_end_matches('/')));
        }
    }
    None
}
