//! The `pandas` module: its Python half (DataFrame, Series, Index, GroupBy,
//! the accessors, I/O, printing) is compiled from the sources in `py/`
//! when pandas is imported, into this module's namespace. Everything data
//! goes through `_hipy_pandas` (the table engine).

use rustpython_vm::builtins::PyModule;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, Py, PyResult, VirtualMachine};

/// The Python sources, compiled to bytecode when hipy is built, run in
/// this order into the module's namespace. (The `include_str!` makes cargo
/// rebuild when a source changes.)
type Source = (&'static str, rustpython_vm::frozen::FrozenCodeObject<&'static [u8]>, &'static str);

fn sources() -> [Source; 13] {
    [
        ("common", rustpython_vm::py_compile!(file = "py/common.py", module_name = "<hipy>/pandas/common.py"), include_str!("py/common.py")),
        ("format", rustpython_vm::py_compile!(file = "py/format.py", module_name = "<hipy>/pandas/format.py"), include_str!("py/format.py")),
        ("index", rustpython_vm::py_compile!(file = "py/index.py", module_name = "<hipy>/pandas/index.py"), include_str!("py/index.py")),
        ("series", rustpython_vm::py_compile!(file = "py/series.py", module_name = "<hipy>/pandas/series.py"), include_str!("py/series.py")),
        ("strings", rustpython_vm::py_compile!(file = "py/strings.py", module_name = "<hipy>/pandas/strings.py"), include_str!("py/strings.py")),
        ("staging", rustpython_vm::py_compile!(file = "py/staging.py", module_name = "<hipy>/pandas/staging.py"), include_str!("py/staging.py")),
        ("staging_lists", rustpython_vm::py_compile!(file = "py/staging_lists.py", module_name = "<hipy>/pandas/staging_lists.py"), include_str!("py/staging_lists.py")),
        ("frame", rustpython_vm::py_compile!(file = "py/frame.py", module_name = "<hipy>/pandas/frame.py"), include_str!("py/frame.py")),
        ("indexing", rustpython_vm::py_compile!(file = "py/indexing.py", module_name = "<hipy>/pandas/indexing.py"), include_str!("py/indexing.py")),
        ("groupby", rustpython_vm::py_compile!(file = "py/groupby.py", module_name = "<hipy>/pandas/groupby.py"), include_str!("py/groupby.py")),
        ("reshape", rustpython_vm::py_compile!(file = "py/reshape.py", module_name = "<hipy>/pandas/reshape.py"), include_str!("py/reshape.py")),
        ("io", rustpython_vm::py_compile!(file = "py/io.py", module_name = "<hipy>/pandas/io.py"), include_str!("py/io.py")),
        ("api", rustpython_vm::py_compile!(file = "py/api.py", module_name = "<hipy>/pandas/api.py"), include_str!("py/api.py")),
    ]
}

#[rustpython_vm::pymodule(name = "pandas")]
pub mod pandas {
    use super::*;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let dict = module.dict();
        for (_name, frozen, _text) in sources() {
            // Decoded with the VM, which a frozenset constant needs.
            let code = rustpython_vm::builtins::PyCode::new_ref_from_frozen(vm, frozen);
            let scope = Scope::with_builtins(None, dict.clone(), vm);
            vm.run_code_obj(code, scope)?;
        }
        let _ = module.as_object();
        Ok(())
    }
}
