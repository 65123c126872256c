//! The interactive prompt: rustyline for editing and history, hipy's loop
//! (or RustPython's) for execution.

use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, PyResult, VirtualMachine};
use rustyline::error::ReadlineError;

use crate::cli::Engine;

enum Input {
    Complete(rustpython_vm::PyRef<rustpython_vm::builtins::PyCode>),
    Incomplete,
    Error(rustpython_vm::builtins::PyBaseExceptionRef),
}

fn compile(vm: &VirtualMachine, source: &str, allow_incomplete: bool) -> Input {
    match hipy_vm::compat::compile(vm, source, Mode::Single, "<stdin>") {
        Ok(code) => Input::Complete(code),
        Err(err) => {
            let exc = err.into_pyexception_maybe_incomplete(vm, Some(source), allow_incomplete);
            let eof = exc.fast_isinstance(vm.ctx.exceptions.syntax_error)
                && exc
                    .as_object()
                    .get_attr("msg", vm)
                    .ok()
                    .and_then(|m| m.str(vm).ok())
                    .is_some_and(|m| {
                        let m = m.as_wtf8().to_string();
                        m.contains("unexpected EOF") || m.contains("unterminated triple-quoted")
                    });
            if allow_incomplete
                && (eof || exc.fast_isinstance(vm.ctx.exceptions.incomplete_input_error))
            {
                Input::Incomplete
            } else {
                Input::Error(exc)
            }
        }
    }
}

fn history_path() -> Option<std::path::PathBuf> {
    std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".hipy_history"))
}

pub fn run(vm: &VirtualMachine, engine: Engine, scope: Scope) -> PyResult<()> {
    let mut rl = match rustyline::DefaultEditor::new() {
        Ok(rl) => rl,
        Err(e) => return Err(vm.new_os_error(format!("cannot start line editor: {e}"))),
    };
    if let Some(p) = history_path() {
        let _ = rl.load_history(&p);
    }
    if !vm.state.config.settings.quiet {
        eprintln!("{}", crate::cli::VERSION);
        eprintln!("Type \"help\", \"copyright\", \"credits\" or \"license\" for more information.");
    }
    let mut buffer = String::new();
    loop {
        let prompt = if buffer.is_empty() { ">>> " } else { "... " };
        flush(vm);
        match rl.readline(prompt) {
            Ok(line) => {
                let empty = line.trim().is_empty();
                if !empty {
                    let _ = rl.add_history_entry(line.as_str());
                }
                buffer.push_str(&line);
                buffer.push('\n');
                if buffer.trim().is_empty() {
                    buffer.clear();
                    continue;
                }
                // A compound statement ends at an empty line.
                let in_block = buffer.lines().count() > 1 || buffer.trim_end().ends_with(':');
                match compile(vm, &buffer, !empty) {
                    Input::Incomplete => continue,
                    Input::Complete(_) if in_block && !empty => continue,
                    Input::Complete(code) => {
                        buffer.clear();
                        let r = match engine {
                            Engine::Hipy => hipy_vm::run_module_code(
                                vm,
                                code,
                                scope.globals.clone(),
                                Some(scope.globals.clone().into()),
                            )
                            .map(drop),
                            Engine::RustPython => vm.run_code_obj(code, scope.clone()).map(drop),
                        };
                        if let Err(e) = r {
                            if e.fast_isinstance(vm.ctx.exceptions.system_exit) {
                                save(&mut rl);
                                return Err(e);
                            }
                            vm.print_exception(&e);
                        }
                    }
                    Input::Error(e) => {
                        buffer.clear();
                        vm.print_exception(&e);
                    }
                }
            }
            Err(ReadlineError::Interrupted) => {
                buffer.clear();
                eprintln!("\nKeyboardInterrupt");
            }
            Err(ReadlineError::Eof) => {
                eprintln!();
                break;
            }
            Err(e) => {
                save(&mut rl);
                return Err(vm.new_os_error(format!("line editor failed: {e}")));
            }
        }
    }
    save(&mut rl);
    Ok(())
}

fn save(rl: &mut rustyline::DefaultEditor) {
    if let Some(p) = history_path() {
        let _ = rl.save_history(&p);
    }
}

fn flush(vm: &VirtualMachine) {
    for name in ["stdout", "stderr"] {
        if let Ok(s) = vm.sys_module.get_attr(name, vm) {
            let _ = vm.call_method(&s, "flush", ());
        }
    }
}
