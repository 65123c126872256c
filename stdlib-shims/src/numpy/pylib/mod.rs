//! The long tail of NumPy's API, written in Python over the native
//! primitives, the way NumPy's own `numpy/lib` is Python over its C core.
//!
//! Each file here is compiled into hipy and run when `numpy` is imported,
//! with `np` bound to the numpy module. Their functions only call numpy
//! functions and array methods, so the graph nodes those build still fuse
//! (a composite costs a few lines and stays lazy where its primitives are).
//! Files that fill the `numpy` namespace export the names in their
//! `__all__`; the others become submodules (`numpy.linalg`, ...).
//!
//! Written from NumPy's documentation; no NumPy code is copied.

use rustpython_vm::builtins::PyModule;
use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{Py, PyObjectRef, PyResult, VirtualMachine};

/// What a source file becomes.
enum Target {
    /// Its `__all__` names join the `numpy` namespace.
    Namespace,
    /// It is the submodule `numpy.<name>`.
    Submodule(&'static str),
}

const SOURCES: &[(&str, Target, &str)] = &[
    ("ufunc.py", Target::Namespace, include_str!("ufunc.py")),
    ("dtypes.py", Target::Namespace, include_str!("dtypes.py")),
    ("build.py", Target::Namespace, include_str!("build.py")),
    ("search.py", Target::Namespace, include_str!("search.py")),
    ("stats.py", Target::Namespace, include_str!("stats.py")),
    ("linalg.py", Target::Submodule("linalg"), include_str!("linalg.py")),
    ("poly.py", Target::Namespace, include_str!("poly.py")),
    ("random_legacy.py", Target::Namespace, include_str!("random_legacy.py")),
    ("testing.py", Target::Submodule("testing"), include_str!("testing.py")),
    ("io.py", Target::Namespace, include_str!("io.py")),
    ("misc.py", Target::Namespace, include_str!("misc.py")),
    ("contract.py", Target::Namespace, include_str!("contract.py")),
];

/// Runs every source against the freshly built numpy module.
pub fn install(vm: &VirtualMachine, numpy: &Py<PyModule>) -> PyResult<()> {
    let np: PyObjectRef = numpy.to_owned().into();
    let modules = vm.sys_module.get_attr("modules", vm)?;
    for (file, target, source) in SOURCES {
        let name = match target {
            Target::Namespace => format!("numpy._hipy_{}", file.trim_end_matches(".py")),
            Target::Submodule(sub) => format!("numpy.{sub}"),
        };
        let dict = vm.ctx.new_dict();
        let module = vm.new_module(&name, dict.clone(), None);
        dict.set_item("np", np.clone(), vm)?;
        let path = format!("<hipy numpy/{file}>");
        let code = vm
            .compile(source, Mode::Exec, path)
            .map_err(|err| err.into_pyexception(vm, Some(source)))?;
        vm.run_code_obj(code, Scope::with_builtins(None, dict.clone(), vm))?;
        modules.set_item(&*name, module.clone().into(), vm)?;
        match target {
            Target::Namespace => {
                let all = dict.get_item("__all__", vm)?;
                let iter = all.get_iter(vm)?;
                while let rustpython_vm::protocol::PyIterReturn::Return(n) = iter.next(vm)? {
                    let key = n.str(vm)?;
                    let value = dict.get_item(&*key, vm)?;
                    np.set_attr(&*key, value, vm)?;
                }
            }
            Target::Submodule(sub) => np.set_attr(*sub, module, vm)?,
        }
    }
    Ok(())
}
