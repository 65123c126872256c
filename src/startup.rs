//! What happens between creating the interpreter and running user code,
//! in `python3`'s order: the standard library's file names, hipy's loop
//! and hooks, the import system's code cache and extension-module guard,
//! `PYTHONHOME`, `warnings`, `site`.

use rustpython_vm::{AsObject, PyResult, VirtualMachine};

use hipy_vm::placeholder;

use crate::{config, Engine};

pub(crate) fn run(vm: &VirtualMachine, engine: Engine, flags: &config::Flags, stats: bool) -> PyResult<()> {
    crate::stdlib_files::install(vm)?;
    if engine == Engine::Hipy {
        hipy_vm::install(vm)?;
    }
    hipy_vm::code_cache::install(vm)?;
    hipy_vm::extension_guard::install(vm)?;
    if let Some((prefix, exec_prefix)) = config::python_home(flags) {
        set_home(vm, &prefix, &exec_prefix)?;
    }
    // `warnings` applies -W/PYTHONWARNINGS when it is imported; as in
    // CPython, it is imported at start-up when there are such options.
    // Otherwise it is a placeholder that loads at its first use: RustPython's
    // `_warnings` looks for `warnings` in sys.modules to show a warning (with
    // its source line, read through linecache, where RustPython's own
    // display prints none), and finds it there.
    if vm.state.config.settings.warnoptions.is_empty() {
        hipy_vm::placeholder::install(
            vm,
            "warnings",
            None,
            placeholder::load_found,
            placeholder::describe_found,
        )?;
    } else {
        let _ = vm.import("warnings", 0);
    }
    if flags.no_site {
        // RustPython's builtins define `exit`; CPython's get it from site.
        let _ = vm.builtins.as_object().del_attr("exit", vm);
    } else {
        let _ = vm.import("site", 0);
    }
    if stats {
        hipy_vm::stats::enable();
    }
    hipy_vm::tb311::install(vm)
}

/// `PYTHONHOME=prefix[:exec_prefix]`: the prefixes and the standard
/// library entries of `sys.path` as CPython computes them. hipy's standard
/// library is built in, so this moves only where `site` looks for
/// site-packages. In a virtual environment only the base prefixes move.
fn set_home(vm: &VirtualMachine, prefix: &str, exec_prefix: &str) -> PyResult<()> {
    let sys = vm.sys_module.as_object();
    let old_prefix = sys.get_attr("prefix", vm)?.str(vm)?.as_wtf8().to_string();
    let old_exec = sys.get_attr("exec_prefix", vm)?.str(vm)?.as_wtf8().to_string();
    let old_base = sys.get_attr("base_prefix", vm)?.str(vm)?.as_wtf8().to_string();
    let in_venv = old_prefix != old_base;
    sys.set_attr("base_prefix", vm.ctx.new_str(prefix), vm)?;
    sys.set_attr("base_exec_prefix", vm.ctx.new_str(exec_prefix), vm)?;
    if in_venv {
        return Ok(());
    }
    sys.set_attr("prefix", vm.ctx.new_str(prefix), vm)?;
    sys.set_attr("exec_prefix", vm.ctx.new_str(exec_prefix), vm)?;
    let path = sys.get_attr("path", vm)?;
    let entries: Vec<String> = path.try_to_value(vm)?;
    let moved: Vec<_> = entries
        .into_iter()
        .map(|e| {
            let e = if let Some(rest) = e.strip_prefix(&format!("{old_exec}/lib/")).filter(|r| r.ends_with("lib-dynload")) {
                format!("{exec_prefix}/lib/{rest}")
            } else if let Some(rest) = e.strip_prefix(&format!("{old_prefix}/lib/")) {
                format!("{prefix}/lib/{rest}")
            } else {
                e
            };
            vm.ctx.new_str(e).into()
        })
        .collect();
    sys.set_attr("path", vm.ctx.new_list(moved), vm)
}
