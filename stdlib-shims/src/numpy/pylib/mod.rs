//! The long tail of NumPy's API, written in Python over the native
//! primitives, the way NumPy's own `numpy/lib` is Python over its C core.
//!
//! Each file here is compiled into hipy and runs with `np` bound to the
//! numpy module. Their functions only call numpy functions and array
//! methods, so the graph nodes those build still fuse (a composite costs a
//! few lines and stays lazy where its primitives are).
//!
//! Loading is lazy, so `import numpy` stays cheap: a namespace file runs
//! the first time one of the names in its `__all__` is looked up (numpy's
//! module `__getattr__` asks [`lazy_attr`]); a submodule (`numpy.linalg`,
//! `numpy.testing`) is registered at import with a `__getattr__` that runs
//! its file on first use; `random_legacy.py` and `random_generator.py` run
//! when `numpy.random` is asked for one of the names in their `__random__`
//! lists, and `random_generator.py` also when a `Generator` is asked for a
//! method in its `__generator__` list (its functions, bound to the
//! generator, are those methods). Only `ufunc.py`
//! runs at import (it turns the native ufunc functions into `np.ufunc`
//! objects).
//!
//! Written from NumPy's documentation; no NumPy code is copied.

use rustpython_vm::builtins::{PyCode, PyDictRef, PyModule, PyStr};
use rustpython_vm::frozen::FrozenCodeObject;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::scope::Scope;
use rustpython_vm::{py_compile, Py, PyObjectRef, PyResult, VirtualMachine};
use std::sync::Mutex;

/// What a source file becomes.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    /// Runs at import.
    Eager,
    /// Its `__all__` names join the `numpy` namespace when first asked for.
    Namespace,
    /// It is the submodule `numpy.<name>`.
    Submodule(&'static str),
    /// It adds the names in its `__random__` list to `numpy.random`.
    Random,
    /// Its functions named in `__generator__` are methods of
    /// `numpy.random.Generator`; it also adds its `__random__` names to
    /// `numpy.random`.
    Generator,
}

/// One Python file: its name, what it becomes, its text (read for the
/// name lists, without running it) and its bytecode, compiled when hipy is
/// built (`py_compile!`, as `vm/src/tb311.rs` does; compiling the files at
/// run time cost every program that used them, up to a sixth of a short
/// one). The `include_str!` also makes cargo rebuild when a file changes.
struct Source {
    file: &'static str,
    target: Target,
    text: &'static str,
    code: fn() -> FrozenCodeObject<&'static [u8]>,
}

/// A `Source` for file `$file`, its code named `$path`.
macro_rules! source {
    ($file:tt, $path:tt, $target:expr) => {
        Source { file: $file, target: $target, text: include_str!($file), code: || py_compile!(file = $file, module_name = $path) }
    };
}

const SOURCES: &[Source] = &[
    source!("ufunc.py", "<hipy numpy/ufunc.py>", Target::Eager),
    source!("submodules.py", "<hipy numpy/submodules.py>", Target::Eager),
    source!("dtypes.py", "<hipy numpy/dtypes.py>", Target::Namespace),
    source!("build.py", "<hipy numpy/build.py>", Target::Namespace),
    source!("pad.py", "<hipy numpy/pad.py>", Target::Namespace),
    source!("search.py", "<hipy numpy/search.py>", Target::Namespace),
    source!("stats.py", "<hipy numpy/stats.py>", Target::Namespace),
    source!("linalg.py", "<hipy numpy/linalg.py>", Target::Submodule("linalg")),
    source!("poly.py", "<hipy numpy/poly.py>", Target::Namespace),
    source!("random_legacy.py", "<hipy numpy/random_legacy.py>", Target::Random),
    source!("random_generator.py", "<hipy numpy/random_generator.py>", Target::Generator),
    source!("random_bitgens.py", "<hipy numpy/random_bitgens.py>", Target::Random),
    source!("random_bitgen_mod.py", "<hipy numpy/random_bitgen_mod.py>", Target::Submodule("random.bit_generator")),
    source!("random_mtrand.py", "<hipy numpy/random_mtrand.py>", Target::Submodule("random.mtrand")),
    source!("polynomial_pkg.py", "<hipy numpy/polynomial_pkg.py>", Target::Submodule("polynomial")),
    source!("polynomial.py", "<hipy numpy/polynomial.py>", Target::Submodule("polynomial.polynomial")),
    source!("series.py", "<hipy numpy/series.py>", Target::Submodule("polynomial._series")),
    source!("chebyshev.py", "<hipy numpy/chebyshev.py>", Target::Submodule("polynomial.chebyshev")),
    source!("legendre.py", "<hipy numpy/legendre.py>", Target::Submodule("polynomial.legendre")),
    source!("hermite.py", "<hipy numpy/hermite.py>", Target::Submodule("polynomial.hermite")),
    source!("hermite_e.py", "<hipy numpy/hermite_e.py>", Target::Submodule("polynomial.hermite_e")),
    source!("laguerre.py", "<hipy numpy/laguerre.py>", Target::Submodule("polynomial.laguerre")),
    source!("testing.py", "<hipy numpy/testing.py>", Target::Submodule("testing")),
    source!("io.py", "<hipy numpy/io.py>", Target::Namespace),
    source!("misc.py", "<hipy numpy/misc.py>", Target::Namespace),
    source!("contract.py", "<hipy numpy/contract.py>", Target::Namespace),
    source!("format_float.py", "<hipy numpy/format_float.py>", Target::Namespace),
    source!("complex.py", "<hipy numpy/complex.py>", Target::Namespace),
    source!("kinds.py", "<hipy numpy/kinds.py>", Target::Namespace),
    source!("strings.py", "<hipy numpy/strings.py>", Target::Namespace),
    source!("strings_funcs.py", "<hipy numpy/strings_funcs.py>", Target::Namespace),
    source!("datetimes.py", "<hipy numpy/datetimes.py>", Target::Namespace),
    source!("datetime_array.py", "<hipy numpy/datetime_array.py>", Target::Namespace),
    source!("datetime_funcs.py", "<hipy numpy/datetime_funcs.py>", Target::Namespace),
    source!("busday.py", "<hipy numpy/busday.py>", Target::Namespace),
    source!("objects.py", "<hipy numpy/objects.py>", Target::Namespace),
    source!("object_funcs.py", "<hipy numpy/object_funcs.py>", Target::Namespace),
    source!("char.py", "<hipy numpy/char.py>", Target::Submodule("char")),
    // NumPy 2's numpy.strings: the same elementwise functions.
    source!("char.py", "<hipy numpy/strings namespace>", Target::Submodule("strings")),
    source!("fft.py", "<hipy numpy/fft.py>", Target::Submodule("fft")),
    source!("core_multiarray.py", "<hipy numpy/core_multiarray.py>", Target::Submodule("_core.multiarray")),
    source!("stride_tricks.py", "<hipy numpy/stride_tricks.py>", Target::Submodule("lib.stride_tricks")),
    source!("ctypeslib.py", "<hipy numpy/ctypeslib.py>", Target::Submodule("ctypeslib")),
];

/// Which files have run (per process: hipy runs one interpreter).
static LOADED: Mutex<[bool; SOURCES.len()]> = Mutex::new([false; SOURCES.len()]);

/// The string literals of the list assigned to `var` at the top of a file
/// (`__all__ = ["a", "b", ...]`), read without running the file.
fn listed_names<'a>(source: &'a str, var: &str) -> Vec<&'a str> {
    let Some(start) = source.find(&format!("{var} = [")) else { return vec![] };
    let rest = &source[start..];
    let Some(end) = rest.find(']') else { return vec![] };
    rest[..end]
        .split('"')
        .enumerate()
        .filter(|(k, _)| k % 2 == 1)
        .map(|(_, s)| s)
        .collect()
}

fn module_name(file: &str, target: Target) -> String {
    match target {
        Target::Submodule(sub) => format!("numpy.{sub}"),
        _ => format!("numpy._hipy_{}", file.trim_end_matches(".py")),
    }
}

/// Runs source `k` (once) and returns its module.
fn load(vm: &VirtualMachine, k: usize) -> PyResult<PyObjectRef> {
    load_with(vm, k, None)
}

/// `load`, with the numpy module given while it is still being imported.
fn load_with(vm: &VirtualMachine, k: usize, numpy: Option<PyObjectRef>) -> PyResult<PyObjectRef> {
    let Source { file, target, text, code } = SOURCES[k];
    let name = module_name(file, target);
    let modules = vm.sys_module.get_attr("modules", vm)?;
    if LOADED.lock().unwrap_or_else(|e| e.into_inner())[k] {
        return modules.get_item(&*name, vm);
    }
    LOADED.lock().unwrap_or_else(|e| e.into_inner())[k] = true;
    let np = match numpy {
        Some(np) => np,
        None => vm.import("numpy", 0)?,
    };
    let module: PyObjectRef = match target {
        // A submodule's object already exists (registered at import).
        Target::Submodule(_) => modules.get_item(&*name, vm)?,
        _ => {
            let m = vm.new_module(&name, vm.ctx.new_dict(), None);
            modules.set_item(&*name, m.clone().into(), vm)?;
            m.into()
        }
    };
    let dict: PyDictRef = module.dict().expect("modules have a dict");
    if matches!(target, Target::Submodule(_)) {
        // The loading `__getattr__` has done its work; the file may define
        // its own. (Left in place, a name the file lacks would loop.)
        let _ = dict.del_item("__getattr__", vm);
    }
    dict.set_item("np", np.clone(), vm)?;
    // Decoded with the VM: a frozenset constant (`x in {"a", "b"}`) needs
    // it (`vm.ctx.new_code` panics on one).
    vm.run_code_obj(PyCode::new_ref_from_frozen(vm, code()), Scope::with_builtins(None, dict.clone(), vm))?;
    if matches!(target, Target::Namespace | Target::Eager) {
        for n in listed_names(text, "__all__") {
            np.set_attr(vm.ctx.intern_str(n), dict.get_item(n, vm)?, vm)?;
        }
    }
    Ok(module)
}

/// Registers the submodules and runs the eager files at `import numpy`.
pub fn install(vm: &VirtualMachine, numpy: &Py<PyModule>) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    for (k, Source { file, target, .. }) in SOURCES.iter().enumerate() {
        match *target {
            Target::Eager => {
                load_with(vm, k, Some(numpy.to_owned().into()))?;
            }
            Target::Submodule(sub) => {
                let name = module_name(file, *target);
                let dict = vm.ctx.new_dict();
                let module = vm.new_module(&name, dict.clone(), None);
                let loader = vm.new_function("__getattr__", move |args: FuncArgs, vm: &VirtualMachine| -> PyResult {
                    let attr: PyObjectRef = args.args.first().cloned().ok_or_else(|| vm.new_type_error("__getattr__ needs a name"))?;
                    let module = load(vm, k)?;
                    let key = attr.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                    match module.dict().and_then(|d| d.get_item_opt(key.as_str(), vm).ok().flatten()) {
                        Some(v) => Ok(v),
                        None => module.get_attr(&*attr.str(vm)?, vm),
                    }
                });
                dict.set_item("__getattr__", loader.into(), vm)?;
                modules.set_item(&*name, module.clone().into(), vm)?;
                // A dotted submodule (`_core.multiarray`) hangs off its
                // package (`numpy._core`), made here if needed.
                let mut holder: PyObjectRef = numpy.to_owned().into();
                let mut path = "numpy".to_string();
                let (packages, leaf) = sub.rsplit_once('.').map_or(("", sub), |(p, l)| (p, l));
                for part in packages.split('.').filter(|p| !p.is_empty()) {
                    path = format!("{path}.{part}");
                    let package = match modules.get_item(&*path, vm) {
                        Ok(m) => m,
                        Err(_) => {
                            let m: PyObjectRef = vm.new_module(&path, vm.ctx.new_dict(), None).into();
                            modules.set_item(&*path, m.clone(), vm)?;
                            m
                        }
                    };
                    holder.set_attr(part, package.clone(), vm)?;
                    holder = package;
                }
                holder.set_attr(leaf, module, vm)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// `numpy.<name>` from a namespace file not yet loaded, if one lists it.
pub fn lazy_attr(vm: &VirtualMachine, name: &str) -> PyResult<Option<PyObjectRef>> {
    for (k, Source { target, text, .. }) in SOURCES.iter().enumerate() {
        if *target == Target::Namespace && listed_names(text, "__all__").contains(&name) {
            if LOADED.lock().unwrap_or_else(|e| e.into_inner())[k] {
                return Ok(None);
            }
            load(vm, k)?;
            return vm.import("numpy", 0)?.get_attr(&vm.ctx.new_str(name), vm).map(Some);
        }
    }
    Ok(None)
}

/// `numpy.random.<name>` from `random_legacy.py`, run on first use.
pub fn lazy_random_attr(vm: &VirtualMachine, random: &PyObjectRef, name: &str) -> PyResult<Option<PyObjectRef>> {
    for (k, Source { target, text, .. }) in SOURCES.iter().enumerate() {
        if matches!(target, Target::Random | Target::Generator) && listed_names(text, "__random__").contains(&name) {
            if LOADED.lock().unwrap_or_else(|e| e.into_inner())[k] {
                return Ok(None);
            }
            load(vm, k)?;
            return random.get_attr(&vm.ctx.new_str(name), vm).map(Some);
        }
    }
    Ok(None)
}

/// The function behind `Generator.<name>`, if `random_generator.py` has
/// it (loading the file on first use).
pub fn generator_method(vm: &VirtualMachine, name: &str) -> PyResult<Option<PyObjectRef>> {
    let k = SOURCES.iter().position(|s| s.target == Target::Generator).expect("random_generator.py");
    if !listed_names(SOURCES[k].text, "__generator__").contains(&name) {
        return Ok(None);
    }
    load(vm, k)?.get_attr(&vm.ctx.new_str(name), vm).map(Some)
}

/// The module of namespace file `file` (loading it), for native code that
/// calls its private helpers.
pub fn module(vm: &VirtualMachine, file: &str) -> PyResult<PyObjectRef> {
    let k = SOURCES.iter().position(|s| s.file == file).expect("a pylib file");
    load(vm, k)
}
