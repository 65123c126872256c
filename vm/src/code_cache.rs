//! Compiled modules cached on disk, next to their source, as CPython's
//! `__pycache__` does: `pkg/__pycache__/mod.hipy-01.pyc` (`.opt-N` under
//! `-O`). hipy's own tag, so CPython's files and hipy's never mix.
//!
//! The file is CPython's pyc layout: a magic word, flags, the source's
//! mtime and size (or, for hash-based files written by `py_compile`, the
//! source hash), then the code object in RustPython's marshal format,
//! written without references (`marshal.dumps(code, 2)`) so that the code
//! nested in it is decoded only when first used (vendor patch 60), or, for
//! code with a slice constant (which version 2 cannot write), with them.
//! The magic word is hipy's, derived from RustPython's version, bytecode magic
//! and marshal format (and the 3.11 annotations of `compat::annotations`),
//! so a hipy on another RustPython recompiles instead of reading a stale
//! file.
//!
//! `SourceFileLoader.get_code` is replaced by [`get_code`]: a cache hit
//! costs a stat, a read and an unmarshal; a miss compiles through the
//! loader's own `source_to_code` and writes the file atomically (a
//! temporary file renamed over it) unless `sys.dont_write_bytecode` is set
//! (`-B`, `PYTHONDONTWRITEBYTECODE`). An unreadable, unwritable, stale or
//! corrupt cache file is ignored: the module is compiled from source.

use std::io::Write;
use std::path::{Path, PathBuf};

use rustpython_vm::builtins::{PyBytes, PyCode, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

/// `sys.implementation.cache_tag`: hipy's cache format, version 01.
pub const CACHE_TAG: &str = "hipy-01";

/// The first four bytes of every cache file (little-endian word ending in
/// `\r\n`, as CPython's magic).
pub fn magic() -> [u8; 4] {
    use rustpython_vm::version;
    let key = format!(
        "{CACHE_TAG} annotations 3.11 unreferenced rustpython {} magic {} marshal {}",
        version::VERSION_HEX_IMPL,
        version::PYC_MAGIC_NUMBER,
        rustpython_vm::compiler::core::marshal::FORMAT_VERSION
    );
    // FNV-1a, folded to 15 bits (CPython's own numbers stay below 4000).
    let mut h: u32 = 0x811c_9dc5;
    for b in key.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    let word = (((h >> 16) ^ h) & 0x7fff) as u16 | 0x4000;
    let [lo, hi] = word.to_le_bytes();
    [lo, hi, b'\r', b'\n']
}

/// Sets hipy's cache tag and magic in the import system and installs
/// [`get_code`] on `SourceFileLoader`. Call before the first import from a
/// source file.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let implementation = vm.sys_module.get_attr("implementation", vm)?;
    implementation.set_attr("cache_tag", vm.ctx.new_str(CACHE_TAG), vm)?;
    let external = vm.import("_frozen_importlib_external", 0)?;
    external.set_attr("MAGIC_NUMBER", vm.ctx.new_bytes(magic().to_vec()), vm)?;
    let loader = external.get_attr("SourceFileLoader", vm)?;
    // A Python function that calls the native one, so that it binds as a
    // method; its file name is importlib's, so that tracebacks drop it as
    // they drop importlib's own frames. Compiled when hipy is built:
    // compiling it at each start cost 1.1 M instructions.
    let code = PyCode::new_ref_from_frozen(
        vm,
        rustpython_vm::py_compile!(
            source = "def get_code(self, fullname):\n    return _hipy_get_code(self, fullname)\n",
            module_name = "<frozen importlib._bootstrap_external>"
        ),
    );
    let globals = vm.ctx.new_dict();
    globals.set_item("_hipy_get_code", vm.new_function("_hipy_get_code", get_code).into(), vm)?;
    globals.set_item("__name__", vm.ctx.new_str("importlib._bootstrap_external").into(), vm)?;
    vm.run_code_obj(code, rustpython_vm::scope::Scope::with_builtins(None, globals.clone(), vm))?;
    let wrapper = globals.get_item("get_code", vm)?;
    wrapper.set_attr("__qualname__", vm.ctx.new_str("SourceFileLoader.get_code"), vm)?;
    loader.set_attr("get_code", wrapper, vm)?;
    Ok(())
}

/// `SourceFileLoader.get_code(self, fullname)` with hipy's cache.
fn get_code(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let (loader, fullname): (PyObjectRef, PyObjectRef) = args.bind(vm)?;
    if !vm.is_none(&vm.sys_module.get_attr("pycache_prefix", vm).unwrap_or_else(|_| vm.ctx.none())) {
        // importlib's own method, still on the base class.
        let external = vm.import("_frozen_importlib_external", 0)?;
        let original = external.get_attr("SourceLoader", vm)?.get_attr("get_code", vm)?;
        return original.call((loader, fullname), vm);
    }
    let source_path = vm.call_method(&loader, "get_filename", (fullname,))?;
    let Some(path) = source_path.downcast_ref::<PyStr>().and_then(|s| s.to_str().map(str::to_owned)) else {
        return Err(vm.new_type_error("get_filename() must return a str"));
    };
    let optimize = vm.state.config.settings.optimize.min(2);
    let cache = cache_path(&path, optimize);
    let stat = std::fs::metadata(&path).ok().map(|m| {
        use std::os::unix::fs::MetadataExt;
        (m.mtime(), m.size(), m.mode())
    });
    let mut source: Option<Vec<u8>> = None;
    if let (Some(cache), Some((mtime, size, _))) = (&cache, stat) {
        if let Ok(data) = std::fs::read(cache) {
            if let Some(code) = load(vm, &data, mtime, size, &path, &mut source)? {
                return Ok(code);
            }
        }
    }
    let source = match source {
        Some(s) => vm.ctx.new_bytes(s).into(),
        None => match std::fs::read(&path) {
            Ok(s) => vm.ctx.new_bytes(s).into(),
            Err(_) => vm.call_method(&loader, "get_data", (source_path.clone(),))?,
        },
    };
    let code = vm.call_method(&loader, "source_to_code", (source.clone(), source_path))?;
    let dont_write = vm.sys_module.get_attr("dont_write_bytecode", vm)?.try_to_bool(vm)?;
    if let (false, Some(cache), Some((mtime, size, mode))) = (dont_write, cache, stat) {
        if code.downcast_ref::<PyCode>().is_some() {
            let mut data = Vec::with_capacity(4096);
            data.extend_from_slice(&magic());
            data.extend_from_slice(&0u32.to_le_bytes());
            data.extend_from_slice(&(mtime as u32).to_le_bytes());
            data.extend_from_slice(&(size as u32).to_le_bytes());
            // Version 2 writes no references (so the nested code can be
            // decoded when first used) but no slices either: code with a
            // slice constant is written with references.
            let dumps = vm.import("marshal", 0)?.get_attr("dumps", vm)?;
            if let Ok(body) = dumps.call((code.clone(), 2), vm).or_else(|_| dumps.call((code.clone(),), vm)) {
                if let Some(b) = body.downcast_ref::<PyBytes>() {
                    data.extend_from_slice(b.as_bytes());
                    // Best effort, as importlib: a read-only tree stays as it is.
                    let _ = write_atomic(&cache, &data, mode);
                }
            }
        }
    }
    Ok(code)
}

/// The code object in `data` if it is a valid cache file for the source
/// (`mtime`, `size`); `None` when it is stale or damaged. A hash-based file
/// reads the source into `source` to check its hash.
fn load(
    vm: &VirtualMachine,
    data: &[u8],
    mtime: i64,
    size: u64,
    path: &str,
    source: &mut Option<Vec<u8>>,
) -> PyResult<Option<PyObjectRef>> {
    if data.len() < 16 || data[..4] != magic() {
        return Ok(None);
    }
    let word = |i: usize| u32::from_le_bytes(data[i..i + 4].try_into().unwrap());
    let flags = word(4);
    match flags {
        0 => {
            if word(8) != mtime as u32 || word(12) != size as u32 {
                return Ok(None);
            }
        }
        // Hash-based (py_compile's CHECKED_HASH / UNCHECKED_HASH).
        1 | 3 => {
            let imp = vm.import("_imp", 0)?;
            let mode = imp.get_attr("check_hash_based_pycs", vm)?;
            let mode = mode.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string()).unwrap_or_default();
            let check = mode != "never" && (flags == 3 || mode == "always");
            if check {
                let Ok(bytes) = std::fs::read(path) else {
                    return Ok(None);
                };
                // The key importlib.util.source_hash (and so py_compile) uses.
                let token = imp.get_attr("pyc_magic_number_token", vm)?;
                let hash = vm.call_method(&imp, "source_hash", (token, vm.ctx.new_bytes(bytes.clone())))?;
                let same = hash.downcast_ref::<PyBytes>().is_some_and(|h| h.as_bytes() == &data[8..16]);
                *source = Some(bytes);
                if !same {
                    return Ok(None);
                }
            }
        }
        _ => return Ok(None),
    }
    // hipy's own files: a code object without references, read natively.
    if let [b'c', fields @ ..] = &data[16..] {
        if let Some(code) = PyCode::from_code_fields(vm, fields) {
            return Ok(Some(code.into()));
        }
    }
    // Others (py_compile's hash-based files) through `marshal.loads`.
    let body = vm.ctx.new_bytes(data[16..].to_vec());
    let loads = vm.import("marshal", 0)?.get_attr("loads", vm)?;
    match loads.call((body,), vm) {
        Ok(code) if code.downcast_ref::<PyCode>().is_some() => Ok(Some(code)),
        _ => Ok(None),
    }
}

/// `importlib.util.cache_from_source(path)` with hipy's tag (`None` for a
/// path without a directory part it can use).
pub fn cache_path(source: &str, optimize: u8) -> Option<PathBuf> {
    let p = Path::new(source);
    let dir = p.parent()?;
    let name = p.file_name()?.to_str()?;
    let (base, _) = name.rsplit_once('.').unwrap_or((name, ""));
    let base = if base.is_empty() { name } else { base };
    let opt = if optimize == 0 { String::new() } else { format!(".opt-{optimize}") };
    Some(dir.join("__pycache__").join(format!("{base}.{CACHE_TAG}{opt}.pyc")))
}

/// Writes `data` to a temporary file beside `path`, then renames it over
/// `path`: a reader sees the old file or the whole new one, never a part.
fn write_atomic(path: &Path, data: &[u8], source_mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let dir = path.parent().expect("cache path has a directory");
    match std::fs::create_dir(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = PathBuf::from(format!("{}.{}.{n}.tmp", path.display(), std::process::id()));
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode((source_mode | 0o200) & 0o666)
            .open(&tmp)?;
        f.write_all(data)?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_paths_follow_importlib() {
        let p = |s, o| cache_path(s, o).map(|p| p.display().to_string());
        assert_eq!(p("/a/b/mod.py", 0).as_deref(), Some("/a/b/__pycache__/mod.hipy-01.pyc"));
        assert_eq!(p("/a/b/mod.py", 2).as_deref(), Some("/a/b/__pycache__/mod.hipy-01.opt-2.pyc"));
        assert_eq!(p("/a/script", 0).as_deref(), Some("/a/__pycache__/script.hipy-01.pyc"));
        assert_eq!(p("/a/x.tar.py", 0).as_deref(), Some("/a/__pycache__/x.tar.hipy-01.pyc"));
    }

    #[test]
    fn magic_ends_like_cpython_and_differs_from_rustpython() {
        let m = magic();
        assert_eq!(&m[2..], b"\r\n");
        assert_ne!(m, rustpython_vm::version::PYC_MAGIC_NUMBER_BYTES);
    }
}
