//! The `pandas` module: its Python half (DataFrame, Series, Index, GroupBy,
//! the accessors, I/O, printing) is compiled from the sources in `py/`
//! when pandas is imported, into this module's namespace. Everything data
//! goes through `_hipy_pandas` (the table engine).

use rustpython_vm::builtins::PyModule;
use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, Py, PyResult, VirtualMachine};

/// The Python sources, run in this order into the module's namespace.
const SOURCES: &[(&str, &str)] = &[
    ("common", include_str!("py/common.py")),
    ("format", include_str!("py/format.py")),
    ("index", include_str!("py/index.py")),
    ("series", include_str!("py/series.py")),
    ("strings", include_str!("py/strings.py")),
    ("frame", include_str!("py/frame.py")),
    ("indexing", include_str!("py/indexing.py")),
    ("groupby", include_str!("py/groupby.py")),
    ("reshape", include_str!("py/reshape.py")),
    ("io", include_str!("py/io.py")),
    ("api", include_str!("py/api.py")),
];

#[rustpython_vm::pymodule(name = "pandas")]
pub mod pandas {
    use super::*;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let dict = module.dict();
        for (name, src) in SOURCES {
            let path = format!("<hipy>/pandas/{name}.py");
            let code = vm.compile(src, Mode::Exec, path).map_err(|e| e.into_pyexception(vm, Some(src)))?;
            let scope = Scope::with_builtins(None, dict.clone(), vm);
            vm.run_code_obj(code, scope)?;
        }
        let _ = module.as_object();
        Ok(())
    }
}
