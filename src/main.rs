//! The `hipy` command: run a script, `-c`, `-m`, stdin or a REPL on hipy's
//! interpreter (or on RustPython's own with `--engine=rustpython`), and
//! `hipy diff` against CPython.

mod allocator;
mod cli;
mod diff;
mod locale;
mod repl;

use std::process::ExitCode;

use rustpython_vm::AsObject;

use cli::{Options, Target};

#[global_allocator]
static GLOBAL: allocator::Mimalloc = allocator::Mimalloc;

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
    hipy_shims::set_memory_release(allocator::release_freed);
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
    let x_utf8 = opts.flags.xoptions.iter().rev().find(|(name, _)| name == "utf8").map(|(_, v)| v.as_deref().unwrap_or(""));
    let use_env = !(opts.flags.ignore_environment || opts.flags.isolated);
    let text = match locale::init(use_env, x_utf8) {
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
    let rt = hipy::Runtime::builder()
        .flags(opts.flags.clone())
        .argv(opts.argv.clone())
        .engine(opts.engine)
        .interactive(matches!(opts.target, Target::Repl))
        .stats(opts.stats)
        .text(text.utf8_mode as i8, text.stdio_encoding, text.stdio_errors, locale::name_streams)
        .build();
    let rt = match rt {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("hipy: start-up failed: {e}");
            return 1;
        }
    };
    let result = run_target(&rt, &opts);
    rt.finish(result.err())
}

fn run_target(rt: &hipy::Runtime, opts: &Options) -> Result<(), hipy::Error> {
    // sys.path[0]: the script's directory, the current directory for -m,
    // '' for -c, stdin and the REPL (none under -P / -I).
    let path0 = match &opts.target {
        Target::Script(p) => Some(cli::script_dir(p)),
        Target::Module(_) => std::env::current_dir().ok().map(|d| d.display().to_string()),
        _ => Some(String::new()),
    };
    if let (Some(p), false) = (path0, rt.with_vm(|vm, _| vm.state.config.settings.safe_path)) {
        rt.with_vm(|vm, _| vm.insert_sys_path(vm.new_pyobj(p))).map_err(|e| rt.error(e))?;
    }
    let result = match &opts.target {
        Target::Command(src) => rt.run_source(src, "<string>"),
        Target::Stdin => {
            let mut src = String::new();
            use std::io::Read;
            match std::io::stdin().read_to_string(&mut src) {
                Ok(_) => rt.run_source(&src, "<stdin>"),
                Err(e) => Err(rt.error(rt.with_vm(|vm, _| vm.new_os_error(e.to_string())))),
            }
        }
        Target::Script(path) => run_script(rt, path),
        Target::Module(m) => rt.run_module(m),
        Target::Repl => Ok(()),
    };
    if opts.stats {
        eprint!("{}", hipy_vm::stats::report());
    }
    if opts.jit_stats {
        eprint!("{}", hipy_vm::jit_report());
    }
    let inspect = rt.with_vm(|vm, _| vm.state.config.settings.inspect);
    if matches!(opts.target, Target::Repl) || inspect {
        if let Err(e) = &result {
            rt.print_error(e);
        }
        return rt.with_vm(|vm, scope| repl::run(vm, opts.engine, scope.clone())).map_err(|e| rt.error(e));
    }
    result
}

fn run_script(rt: &hipy::Runtime, path: &str) -> Result<(), hipy::Error> {
    let abs = cli::absolute(path);
    if let Err(err) = std::fs::read(&abs) {
        let repr = rt.with_vm(|vm, _| vm.ctx.new_str(abs.as_str()).as_object().repr(vm).map(|r| r.as_wtf8().to_string()));
        eprintln!(
            "hipy: can't open file {}: [Errno {}] {}",
            repr.unwrap_or_else(|_| format!("'{abs}'")),
            err.raw_os_error().unwrap_or(2),
            cli::strerror(&err)
        );
        return Err(rt.error(rt.with_vm(|vm, _| vm.new_system_exit(vec![vm.ctx.new_int(2).into()].into()))));
    }
    rt.run_file(&abs)
}
