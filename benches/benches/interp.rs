//! Micro-benchmarks of the interpreter's hot paths, in process.
//!
//! Each snippet defines `bench(n)`, a loop of `n` iterations around one operation.
//! Setup compiles and runs the snippet once in a fresh `__main__`; the timed part is
//! one call `bench(LOOP)`. The same snippets run on RustPython's own engine (group
//! `rustpython`) and on hipy's (group `hipy`), so the report shows both side by side.
//! Throughput is in loop iterations. Before timing, each engine's result is checked
//! against what `python3` prints for the same snippet.
//!
//! `cargo bench --ignore-rust-version -p hipy-benches`
//! (one group: `cargo bench --ignore-rust-version -p hipy-benches -- hipy/`)

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rustpython::{InterpreterBuilder, InterpreterBuilderExt};
use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::compiler::Mode;
use rustpython_vm::{Interpreter, PyObjectRef, VirtualMachine};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const LOOP: u64 = 10_000;

struct Snippet {
    name: &'static str,
    source: &'static str,
}

const SNIPPETS: &[Snippet] = &[
    Snippet {
        // Dispatch: compare, add, add, jump; the floor every other snippet stands on.
        name: "int_loop",
        source: "
def bench(n):
    i = 0
    t = 0
    while i < n:
        t += i
        i += 1
    return t
",
    },
    Snippet {
        name: "call_python",
        source: "
def ident(x):
    return x

def bench(n):
    i = 0
    t = 0
    while i < n:
        t += ident(i)
        i += 1
    return t
",
    },
    Snippet {
        name: "attr_load",
        source: "
class Box:
    def __init__(self, v):
        self.v = v

def bench(n):
    b = Box(3)
    i = 0
    t = 0
    while i < n:
        t += b.v
        i += 1
    return t
",
    },
    Snippet {
        name: "attr_store",
        source: "
class Box:
    def __init__(self, v):
        self.v = v

def bench(n):
    b = Box(0)
    i = 0
    while i < n:
        b.v = i
        i += 1
    return b.v
",
    },
    Snippet {
        name: "global_load",
        source: "
G = 3

def bench(n):
    i = 0
    t = 0
    while i < n:
        t += G
        i += 1
    return t
",
    },
    Snippet {
        name: "list_index",
        source: "
def bench(n):
    xs = [1, 2, 3, 4]
    i = 0
    t = 0
    while i < n:
        t += xs[i & 3]
        i += 1
    return t
",
    },
];

/// `hipy_vm::install` replaces the call slot of the function type, which RustPython
/// shares between all interpreters of a process. So the RustPython group must run
/// first; this flag makes sure it does.
static HIPY_INSTALLED: AtomicBool = AtomicBool::new(false);

/// An interpreter with the standard library, configured as the `hipy` binary does.
fn interpreter() -> Interpreter {
    InterpreterBuilder::new().init_stdlib().interpreter()
}

/// What `python3` prints for `print(bench(LOOP))` after the snippet, or `None` (with a
/// warning) when python3 cannot be run.
fn cpython_result(snippet: &Snippet) -> Option<String> {
    let program = format!("{}\nprint(bench({LOOP}))\n", snippet.source);
    match Command::new("python3")
        .args(["-S", "-c", &program])
        .output()
    {
        Ok(out) if out.status.success() => {
            Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
        }
        Ok(out) => panic!(
            "python3 failed on snippet {}: {}",
            snippet.name,
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => {
            eprintln!(
                "warning: python3 not runnable ({e}); results of {} are not checked",
                snippet.name
            );
            None
        }
    }
}

fn fail(vm: &VirtualMachine, snippet: &Snippet, exc: PyBaseExceptionRef) -> ! {
    vm.print_exception(&exc);
    panic!("snippet {} raised", snippet.name);
}

/// Calls `bench(LOOP)` once and compares its `str()` with CPython's output.
fn check(
    vm: &VirtualMachine,
    snippet: &Snippet,
    f: &PyObjectRef,
    n: &PyObjectRef,
    engine: &str,
    want: Option<&str>,
) {
    let result = f
        .call((n.clone(),), vm)
        .unwrap_or_else(|e| fail(vm, snippet, e));
    let text = result.str(vm).unwrap_or_else(|e| fail(vm, snippet, e));
    let got = text.as_wtf8().to_string();
    if let Some(want) = want {
        assert_eq!(
            got, want,
            "{engine}: snippet {} differs from python3",
            snippet.name
        );
    }
}

fn group<'c>(c: &'c mut Criterion, name: &str) -> BenchmarkGroup<'c, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(LOOP));
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g
}

/// Times each snippet's `bench(LOOP)`; `load` sets a snippet up and returns `bench`.
fn bench_snippets(
    c: &mut Criterion,
    vm: &VirtualMachine,
    engine: &str,
    load: impl Fn(&Snippet) -> PyObjectRef,
) {
    let mut g = group(c, engine);
    let n: PyObjectRef = vm.ctx.new_int(LOOP).into();
    for snippet in SNIPPETS {
        let f = load(snippet);
        let want = cpython_result(snippet);
        check(vm, snippet, &f, &n, engine, want.as_deref());
        g.bench_function(snippet.name, |b| {
            b.iter(|| {
                f.call((n.clone(),), vm)
                    .unwrap_or_else(|e| fail(vm, snippet, e))
            })
        });
        // Again after thousands of calls: a JIT that compiled the loop meanwhile must
        // still compute the same result.
        check(vm, snippet, &f, &n, engine, want.as_deref());
    }
    g.finish();
}

fn rustpython_engine(c: &mut Criterion) {
    assert!(
        !HIPY_INSTALLED.load(Ordering::SeqCst),
        "the rustpython group must run before hipy is installed"
    );
    interpreter().enter(|vm| {
        bench_snippets(c, vm, "rustpython", |snippet| {
            let scope = vm
                .new_scope_with_main()
                .unwrap_or_else(|e| fail(vm, snippet, e));
            let code = vm
                .compile(snippet.source, Mode::Exec, format!("<{}>", snippet.name))
                .unwrap_or_else(|e| panic!("{}: compile error: {e:?}", snippet.name));
            vm.run_code_obj(code, scope.clone())
                .unwrap_or_else(|e| fail(vm, snippet, e));
            scope
                .globals
                .get_item("bench", vm)
                .unwrap_or_else(|e| fail(vm, snippet, e))
        });
    });
}

fn hipy_engine(c: &mut Criterion) {
    interpreter().enter(|vm| {
        HIPY_INSTALLED.store(true, Ordering::SeqCst);
        hipy_vm::install(vm).unwrap_or_else(|e| {
            vm.print_exception(&e);
            panic!("hipy_vm::install failed");
        });
        bench_snippets(c, vm, "hipy", |snippet| {
            let scope = vm
                .new_scope_with_main()
                .unwrap_or_else(|e| fail(vm, snippet, e));
            hipy_vm::exec_source(
                vm,
                snippet.source,
                &format!("<{}>", snippet.name),
                scope.globals.clone(),
            )
            .unwrap_or_else(|e| fail(vm, snippet, e));
            scope
                .globals
                .get_item("bench", vm)
                .unwrap_or_else(|e| fail(vm, snippet, e))
        });
    });
}

// Order matters: see HIPY_INSTALLED.
criterion_group!(benches, rustpython_engine, hipy_engine);
criterion_main!(benches);
