//! The standard library as real files. Its modules are frozen into the
//! binary (imports read no files), and its sources and data files are
//! packed into it too (`build.rs`). The first run on a machine writes them
//! out once into a per-user cache directory named after the pack's
//! content, `~/.cache/hipy/stdlib-VERSION-KEY` (`$XDG_CACHE_HOME/hipy`
//! when set; a private directory under the temporary directory when the
//! home is not writable): they are unpacked into a temporary directory that
//! is then renamed into place, so a directory that exists is complete,
//! and processes starting together agree on one. Later runs cost a stat.
//!
//! That directory is `sys._stdlib_dir` and the standard library's entry
//! of `sys.path`, so frozen modules get a `__file__` there and
//! `import_fresh_module` (frozen modules turned off) imports the same
//! sources from it, with their compiled code cached beside them
//! (`__pycache__/NAME.hipy-01.pyc`). [`install`] gives frozen
//! code those file names, so tracebacks, `linecache` and
//! `inspect.getsource` read the sources, and lets `importlib.resources`
//! read the library's data files.
//!
//! Without a writable place (or on an unpack error) hipy keeps
//! RustPython's defaults: modules still import, without sources.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rustpython_vm::builtins::{PyCode, PyDict, PyFunction, PyStr, PyTuple, PyType};
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

const PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/stdlib.lz4"));
const KEY: &str = env!("HIPY_STDLIB_KEY");

/// The directory holding the standard library, written out on first use.
pub(crate) fn directory() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| cache_bases().into_iter().find_map(|base| materialize(&base).ok())).as_deref()
}

/// Where the directory may go, in order: the user's cache directory, then
/// a directory of this user's under the temporary directory.
fn cache_bases() -> Vec<(PathBuf, bool)> {
    let env = |name| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let mut bases = Vec::new();
    match (env("XDG_CACHE_HOME").filter(|p| p.is_absolute()), env("HOME")) {
        (Some(cache), _) => bases.push((cache.join("hipy"), false)),
        (None, Some(home)) => bases.push((home.join(".cache").join("hipy"), false)),
        (None, None) => {}
    }
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    bases.push((std::env::temp_dir().join(format!("hipy-{uid}")), true));
    bases
}

fn materialize((base, shared): &(PathBuf, bool)) -> io::Result<PathBuf> {
    let name = format!("stdlib-{}-{KEY}", env!("CARGO_PKG_VERSION"));
    let dir = base.join(&name);
    if *shared {
        private_dir(base)?;
    }
    if dir.is_dir() {
        return Ok(dir);
    }
    std::fs::create_dir_all(base)?;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let tmp = base.join(format!(".{name}.{}.{nanos}", std::process::id()));
    let done = unpack(&tmp).and_then(|()| std::fs::rename(&tmp, &dir));
    match done {
        Ok(()) => Ok(dir),
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            // Another process may have put its copy in place first.
            if dir.is_dir() {
                Ok(dir)
            } else {
                Err(e)
            }
        }
    }
}

/// A directory under the shared temporary directory must be this user's
/// alone (mode 0700), or someone else could plant the library's sources.
fn private_dir(base: &Path) -> io::Result<()> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    match std::fs::DirBuilder::new().mode(0o700).create(base) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let meta = std::fs::symlink_metadata(base)?;
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    if !meta.is_dir() || meta.uid() != uid || meta.mode() & 0o077 != 0 {
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, "not a private directory"));
    }
    Ok(())
}

/// Writes every file of the pack under `root` (see `build.rs` for the
/// layout).
fn unpack(root: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let raw = lz4_flex::decompress_size_prepended(PACK).map_err(|_| corrupt())?;
    let mut rest = raw.as_slice();
    std::fs::create_dir_all(root)?;
    while !rest.is_empty() {
        let n = word(&mut rest)? as usize;
        let rel = std::str::from_utf8(bytes(&mut rest, n)?).map_err(|_| corrupt())?;
        let mode = word(&mut rest)?;
        let size = word(&mut rest)? as usize;
        let data = bytes(&mut rest, size)?;
        if rel.split('/').any(|part| part.is_empty() || part == "." || part == "..") {
            return Err(corrupt());
        }
        let path = root.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, data)?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode | 0o600))?;
    }
    Ok(())
}

fn corrupt() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "hipy: the standard library pack is corrupt")
}

fn bytes<'a>(rest: &mut &'a [u8], n: usize) -> io::Result<&'a [u8]> {
    let (head, tail) = rest.split_at_checked(n).ok_or_else(corrupt)?;
    *rest = tail;
    Ok(head)
}

fn word(rest: &mut &[u8]) -> io::Result<u32> {
    Ok(u32::from_le_bytes(bytes(rest, 4)?.try_into().unwrap()))
}

/// An interpreter init hook: the library's directory becomes
/// `sys._stdlib_dir` and replaces RustPython's standard-library entry of
/// `sys.path` (the one before `lib-dynload`, as in CPython's layout).
pub(crate) fn configure(vm: &mut VirtualMachine) {
    let Some(dir) = directory() else { return };
    let dir = dir.to_string_lossy().into_owned();
    let Some(state) = rustpython_vm::common::rc::PyRc::get_mut(&mut vm.state) else { return };
    let paths = &mut state.config.paths;
    match paths.module_search_paths.iter().rposition(|p| p.ends_with("/lib-dynload")) {
        Some(i) if i > 0 => paths.module_search_paths[i - 1] = dir.clone(),
        _ => paths.module_search_paths.push(dir.clone()),
    }
    paths.stdlib_dir = Some(dir);
}

/// Gives frozen modules their files' names; call before anything but the
/// interpreter's own start-up is imported. `_imp.get_frozen_object` fixes
/// the file name of the code it returns, `FrozenImporter` gets a resource
/// reader over the library's directory, and the modules frozen before now
/// (importlib's, `encodings`...) have their functions' code fixed.
pub(crate) fn install(vm: &VirtualMachine) -> PyResult<()> {
    if directory().is_none() {
        return Ok(());
    }
    let imp = vm.import("_imp", 0)?;
    hipy_vm::compat::wrap_function(vm, &imp, "get_frozen_object", |vm, args, callee, original| {
        let name = args.args.first().cloned();
        let code = original(vm, args, callee)?;
        if let Some(filename) = name.map(|n| stdlib_file(vm, &n)).transpose()?.flatten() {
            fix_filename(vm, &co_filename_fixer(vm)?, &code, &filename)?;
        }
        Ok(code)
    })?;
    let bootstrap = vm.import("_frozen_importlib", 0)?;
    let importer = bootstrap.get_attr("FrozenImporter", vm)?;
    let reader = vm.new_function("_get_resource_reader", get_resource_reader);
    let reader = vm.ctx.types.staticmethod_type.as_object().call((reader,), vm)?;
    importer.set_attr("get_resource_reader", reader, vm)?;
    fix_loaded(vm, &importer)
}

/// The file a frozen module of the standard library comes from, as
/// `FrozenImporter._resolve_filename` names it in `__file__`, or None.
fn stdlib_file(vm: &VirtualMachine, name: &PyObjectRef) -> PyResult<Option<String>> {
    let Some(name) = name.downcast_ref::<PyStr>().and_then(|s| s.to_str()) else { return Ok(None) };
    let info = vm.import("_imp", 0)?.get_attr("find_frozen", vm)?.call((name,), vm)?;
    if vm.is_none(&info) {
        return Ok(None);
    }
    let Some(info) = info.downcast_ref::<PyTuple>() else { return Ok(None) };
    let [_, ispkg, origname] = info.as_slice() else { return Ok(None) };
    let ispkg = ispkg.clone().try_to_bool(vm)?;
    let Some(origname) = origname.downcast_ref::<PyStr>().and_then(|s| s.to_str()).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let dir = match vm.sys_module.get_attr("_stdlib_dir", vm) {
        Ok(d) if d.clone().try_to_bool(vm)? => d.str(vm)?.as_wtf8().to_string(),
        _ => return Ok(None),
    };
    Ok(Some(resolve_filename(&dir, origname, name, ispkg)))
}

/// `FrozenImporter._resolve_filename(fullname, alias, ispkg)[0]` for a
/// non-empty `fullname` (the module's original name) under `dir`.
fn resolve_filename(dir: &str, fullname: &str, alias: &str, ispkg: bool) -> String {
    let (mut fullname, mut ispkg) = (fullname.to_owned(), ispkg);
    if fullname != alias {
        match fullname.strip_prefix('<') {
            Some(rest) => {
                fullname = if ispkg { rest.to_owned() } else { format!("{rest}.__init__") };
            }
            None => ispkg = false,
        }
    }
    let rel = fullname.replace('.', "/");
    if ispkg {
        format!("{dir}/{rel}/__init__.py")
    } else {
        format!("{dir}/{rel}.py")
    }
}

/// RustPython freezes code under the module's name: no path, no `<...>`.
fn is_frozen_name(filename: &str) -> bool {
    !filename.contains('/') && !filename.starts_with('<')
}

/// `_imp._fix_co_filename`, for [`fix_filename`].
fn co_filename_fixer(vm: &VirtualMachine) -> PyResult {
    vm.import("_imp", 0)?.get_attr("_fix_co_filename", vm)
}

/// Gives `code` (and the code nested in it) the file name `filename` if it
/// still carries its frozen name; `fixer` is [`co_filename_fixer`]'s.
fn fix_filename(vm: &VirtualMachine, fixer: &PyObjectRef, code: &PyObjectRef, filename: &str) -> PyResult<()> {
    let Some(c) = code.downcast_ref::<PyCode>() else { return Ok(()) };
    if !is_frozen_name(c.source_path().as_str()) {
        return Ok(());
    }
    fixer.call((code.clone(), filename), vm)?;
    Ok(())
}

/// `FrozenImporter.get_resource_reader(fullname)`: importlib.resources'
/// `FileReader` over the module's file in the library's directory.
fn get_resource_reader(fullname: PyObjectRef, vm: &VirtualMachine) -> PyResult {
    let Some(filename) = stdlib_file(vm, &fullname)? else { return Ok(vm.ctx.none()) };
    vm.import("importlib.resources.readers", 0)?;
    let readers = vm.sys_module.get_attr("modules", vm)?.get_item("importlib.resources.readers", vm)?;
    let location = vm.ctx.types.namespace_type.as_object().call(
        FuncArgs::new(Vec::<PyObjectRef>::new(), KwArgs::from_iter([("path".to_owned(), vm.ctx.new_str(filename).into())])),
        vm,
    )?;
    readers.get_attr("FileReader", vm)?.call((location,), vm)
}

/// The modules frozen before the hook was set: the code of their
/// functions, of their classes' methods, properties, static and class
/// methods.
fn fix_loaded(vm: &VirtualMachine, importer: &PyObjectRef) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    let Some(modules) = modules.downcast_ref::<PyDict>() else { return Ok(()) };
    let fixer = co_filename_fixer(vm)?;
    for (name, module) in modules.items_vec() {
        let Some(name) = name.downcast_ref::<PyStr>().and_then(|s| s.to_str()) else { continue };
        let (Ok(spec), Ok(filename)) = (module.get_attr("__spec__", vm), module.get_attr("__file__", vm)) else { continue };
        let from_frozen = spec.get_attr("loader", vm).is_ok_and(|l| l.is(importer));
        let Some(filename) = filename.downcast_ref::<PyStr>().and_then(|s| s.to_str()).filter(|f| !f.is_empty()) else { continue };
        let Some(dict) = module.dict().filter(|_| from_frozen) else { continue };
        for value in dict.values_vec() {
            let members = value.downcast_ref::<PyType>().and_then(|t| t.attributes.as_dict().map(|d| d.values_vec()));
            match members {
                Some(members) if defined_in(vm, &value, name) => {
                    for member in members {
                        fix_member(vm, &fixer, member, name, filename)?;
                    }
                }
                _ => fix_member(vm, &fixer, value, name, filename)?,
            }
        }
    }
    Ok(())
}

fn defined_in(vm: &VirtualMachine, value: &PyObjectRef, module: &str) -> bool {
    value.get_attr("__module__", vm).is_ok_and(|m| m.downcast_ref::<PyStr>().is_some_and(|m| m.as_wtf8() == module))
}

fn fix_member(vm: &VirtualMachine, fixer: &PyObjectRef, value: PyObjectRef, module: &str, filename: &str) -> PyResult<()> {
    let types = &vm.ctx.types;
    if value.fast_isinstance(types.staticmethod_type) || value.fast_isinstance(types.classmethod_type) {
        if let Ok(func) = value.get_attr("__func__", vm) {
            return fix_member(vm, fixer, func, module, filename);
        }
    } else if value.fast_isinstance(types.property_type) {
        for accessor in ["fget", "fset", "fdel"] {
            fix_member(vm, fixer, value.get_attr(accessor, vm)?, module, filename)?;
        }
    } else if let Some(func) = value.downcast_ref::<PyFunction>() {
        if defined_in(vm, &value, module) {
            fix_filename(vm, fixer, &func.code_ref().to_owned().into(), filename)?;
        }
    }
    Ok(())
}
