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
use std::collections::HashMap;
use std::time::SystemTime;

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
    let found = with_extensions(dir, |files| {
        files.iter().find(|f| f.strip_prefix(tail).is_some_and(|rest| rest.starts_with('.'))).cloned()
    })??;
    Some(format!("{}/{found}", dir.trim_end_matches('/')))
}

/// The extension files (`*.so`, `*.pyd`) of each directory asked about, and
/// the directory's mtime when it was listed. Every failed import reaches
/// this finder, so a directory is listed again only when it changed, as
/// importlib's `FileFinder` does: a miss costs a `stat` per path entry.
static LISTINGS: std::sync::LazyLock<std::sync::Mutex<HashMap<String, (SystemTime, Vec<String>)>>> =
    std::sync::LazyLock::new(Default::default);

/// `f` applied to the extension files in `dir`; `None` when `dir` cannot
/// be read.
fn with_extensions<R>(dir: &str, f: impl FnOnce(&[String]) -> R) -> Option<R> {
    let mtime = std::fs::metadata(dir).and_then(|m| m.modified()).ok()?;
    let mut listings = LISTINGS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, files)) = listings.get(dir).filter(|(seen, _)| *seen == mtime) {
        return Some(f(files));
    }
    let files: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|f| f.ends_with(".so") || f.ends_with(".pyd"))
        .collect();
    let result = f(&files);
    listings.insert(dir.to_owned(), (mtime, files));
    Some(result)
}
