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
//! (`__pycache__/NAME.hipy-01.pyc`). `stdlib_files.py` gives frozen
//! code those file names, so tracebacks, `linecache` and
//! `inspect.getsource` read the sources, and lets `importlib.resources`
//! read the library's data files.
//!
//! Without a writable place (or on an unpack error) hipy keeps
//! RustPython's defaults: modules still import, without sources.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rustpython_vm::{PyResult, VirtualMachine};

const PACK: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/stdlib.lz4"));
const KEY: &str = env!("HIPY_STDLIB_KEY");
const HOOKS: &str = include_str!("stdlib_files.py");

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

/// Gives frozen modules their files' names (`stdlib_files.py`); call
/// before anything but the interpreter's own start-up is imported.
pub(crate) fn install(vm: &VirtualMachine) -> PyResult<()> {
    if directory().is_none() {
        return Ok(());
    }
    let code = vm
        .compile(HOOKS, rustpython_vm::compiler::Mode::Exec, "<frozen importlib._bootstrap>".to_owned())
        .map_err(|e| vm.new_system_error(format!("hipy: {e}")))?;
    let globals = vm.ctx.new_dict();
    globals.set_item("__name__", vm.ctx.new_str("importlib._bootstrap").into(), vm)?;
    vm.run_code_obj(code, rustpython_vm::scope::Scope::with_builtins(None, globals, vm))?;
    Ok(())
}
