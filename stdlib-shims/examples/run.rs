//! Private test runner for the numpy shims on RustPython's own engine:
//! `run [run] script.py [args...]` (the optional `run` matches the
//! `hipy run` command line, so benchmark and test harnesses can use it).
use rustpython::vm::{Settings, VirtualMachine};
use rustpython::{InterpreterBuilder, InterpreterBuilderExt};
use std::process::ExitCode;

fn run_script(vm: &VirtualMachine, script: &str) -> rustpython::vm::PyResult<()> {
    let dir = std::path::Path::new(script)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    vm.insert_sys_path(vm.new_pyobj(dir))?;
    let scope = vm.new_scope_with_main()?;
    vm.run_any_file(scope, script)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("run") {
        args.remove(0);
    }
    let Some(script) = args.first().cloned() else {
        eprintln!("usage: run [run] script.py [args...]");
        return ExitCode::from(2);
    };
    let mut settings = Settings::default();
    settings.argv = args;
    let builder = InterpreterBuilder::new().settings(settings).init_stdlib();
    let interp = hipy_shims::add_modules(builder).interpreter();
    let code = interp.run(|vm| run_script(vm, &script));
    ExitCode::from(code.min(255) as u8)
}
