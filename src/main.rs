//! The `hipy` command: run a script, `-c`, `-m`, stdin or a REPL on hipy's
//! interpreter (or on RustPython's own with `--engine=rustpython`), and
//! `hipy diff` against CPython.

mod cli;
mod diff;
mod locale;
mod repl;

use std::process::ExitCode;

use rustpython::{InterpreterBuilder, InterpreterBuilderExt};
use rustpython_vm::{AsObject, PyResult, VirtualMachine};

use cli::{Engine, Options, Target};

/// mimalloc, as RustPython's own binary uses (its crate sets it only there).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The interpreter runs on a thread with a large stack: nested eval loops
/// (Python code called back from Rust) use the Rust stack, and deep
/// recursion must end in RecursionError, not a stack overflow.
const STACK_SIZE: usize = 1 << 30;

/// Transparent huge pages off for this process. mimalloc asks for them on
/// its arenas, and a huge-page fault may stall in memory compaction once
/// other processes have fragmented memory: hipy's run times then varied by
/// up to 2x depending on what ran before it. With 4 KiB pages they are
/// steady, and memory use is lower.
fn without_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: a process attribute; no memory is touched.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() -> ExitCode {
    hipy_vm::signals::note_inherited();
    without_huge_pages();
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("diff") {
        return diff::main(&args[2..]);
    }
    let opts = match cli::parse(&args[1..]) {
        Ok(o) => o,
        Err(cli::CliExit::Usage(msg)) => {
            eprintln!("{msg}");
            eprintln!("usage: hipy [option] ... [-c cmd | -m mod | file | -] [arg] ...");
            eprintln!("Try `hipy -h' for more information.");
            return ExitCode::from(2);
        }
        Err(cli::CliExit::Done(code)) => return ExitCode::from(code),
    };
    let x_utf8 = opts.xoptions.iter().rev().find_map(|x| if x == "utf8" { Some("") } else { x.strip_prefix("utf8=") });
    let text = match locale::init(!opts.ignore_environment, x_utf8) {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(1);
        }
    };
    let handle = std::thread::Builder::new()
        .name("hipy-main".to_owned())
        .stack_size(STACK_SIZE)
        .spawn(move || run(opts, text))
        .expect("spawn interpreter thread");
    match handle.join() {
        Ok(code) => ExitCode::from(code),
        Err(_) => {
            eprintln!("hipy: internal error: the interpreter thread panicked");
            ExitCode::from(70)
        }
    }
}

fn run(opts: Options, text: locale::TextSetup) -> u8 {
    let mut settings = rustpython_vm::Settings::default();
    settings.argv = opts.argv.clone();
    settings.inspect = opts.inspect;
    settings.interactive = matches!(opts.target, Target::Repl);
    settings.quiet = true;
    settings.safe_path = opts.safe_path;
    settings.isolated = opts.isolated;
    settings.ignore_environment = opts.ignore_environment;
    settings.import_site = !opts.no_site;
    settings.buffered_stdio = !opts.unbuffered;
    settings.write_bytecode = false;
    settings.utf8_mode = text.utf8_mode as i8;
    settings.stdio_encoding = Some(text.stdio_encoding);
    settings.stdio_errors = Some(text.stdio_errors);
    let builder = hipy_shims::add_modules(InterpreterBuilder::new().settings(settings).init_stdlib());
    let interp = builder.interpreter();
    let code = interp.run(move |vm| run_in_vm(vm, &opts));
    code.min(255) as u8
}

fn run_in_vm(vm: &VirtualMachine, opts: &Options) -> PyResult<()> {
    locale::name_streams(vm)?;
    if opts.engine == Engine::Hipy {
        hipy_vm::install(vm)?;
    }
    let _ = vm.import("warnings", 0);
    if !opts.no_site {
        let _ = vm.import("site", 0);
    }
    if opts.stats {
        hipy_vm::stats::enable(vm)?;
    }
    hipy_vm::tb311::install(vm)?;
    let scope = vm.new_scope_with_main()?;
    let path0 = match &opts.target {
        Target::Script(p) => Some(cli::script_dir(p)),
        Target::Module(_) => std::env::current_dir().ok().map(|d| d.display().to_string()),
        _ => Some(String::new()),
    };
    if let Some(p) = path0 {
        if !opts.safe_path {
            vm.insert_sys_path(vm.new_pyobj(p))?;
        }
    }
    let result = match &opts.target {
        Target::Command(src) => exec(vm, opts.engine, src, "<string>", &scope),
        Target::Stdin => {
            let mut src = String::new();
            use std::io::Read;
            std::io::stdin()
                .read_to_string(&mut src)
                .map_err(|e| vm.new_os_error(e.to_string()))?;
            exec(vm, opts.engine, &src, "<stdin>", &scope)
        }
        Target::Script(path) => run_script(vm, opts.engine, path, &scope),
        Target::Module(m) => run_module(vm, m),
        Target::Repl => Ok(()),
    };
    if opts.stats {
        eprint!("{}", hipy_vm::stats::report());
    }
    if opts.jit_stats {
        eprint!("{}", hipy_vm::jit_report());
    }
    if matches!(opts.target, Target::Repl) || (opts.inspect && result.is_ok()) {
        return repl::run(vm, opts.engine, scope);
    }
    if opts.inspect {
        if let Err(e) = &result {
            vm.print_exception(e);
        }
        return repl::run(vm, opts.engine, scope);
    }
    // Not after other exceptions: sys.excepthook runs before the import.
    let clean_exit = match &result {
        Ok(()) => true,
        Err(e) => e.fast_isinstance(vm.ctx.exceptions.system_exit),
    };
    if opts.engine == Engine::Hipy && clean_exit {
        hipy_vm::threads::finish_without_importing_threading(vm)?;
    }
    result
}

/// Compile and run source in the `__main__` scope on the chosen engine.
pub fn exec(
    vm: &VirtualMachine,
    engine: Engine,
    source: &str,
    path: &str,
    scope: &rustpython_vm::scope::Scope,
) -> PyResult<()> {
    let code = vm
        .compile(source, rustpython_vm::compiler::Mode::Exec, path.to_owned())
        .map_err(|err| hipy_vm::compat::syntax_error(vm, err.into_pyexception(vm, Some(source)), source, path))?;
    match engine {
        Engine::Hipy => hipy_vm::run_module_code(vm, code, scope.globals.clone(), Some(scope.globals.clone().into())).map(drop),
        Engine::RustPython => vm.run_code_obj(code, scope.clone()).map(drop),
    }
}

fn run_script(vm: &VirtualMachine, engine: Engine, path: &str, scope: &rustpython_vm::scope::Scope) -> PyResult<()> {
    let abs = cli::absolute(path);
    let source = match std::fs::read(&abs) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(err) => {
            let repr = vm.ctx.new_str(abs.as_str()).as_object().repr(vm)?;
            eprintln!(
                "hipy: can't open file {}: [Errno {}] {}",
                repr.as_wtf8(),
                err.raw_os_error().unwrap_or(2),
                cli::strerror(&err)
            );
            return Err(vm.new_system_exit(vec![vm.ctx.new_int(2).into()].into()));
        }
    };
    scope.globals.set_item("__file__", vm.ctx.new_str(abs.as_str()).into(), vm)?;
    scope.globals.set_item("__cached__", vm.ctx.none(), vm)?;
    exec(vm, engine, &source, &abs, scope)
}

fn run_module(vm: &VirtualMachine, module: &str) -> PyResult<()> {
    let runpy = vm.import("runpy", 0)?;
    let run = runpy.get_attr("_run_module_as_main", vm)?;
    run.call((vm.ctx.new_str(module), true), vm)?;
    Ok(())
}
