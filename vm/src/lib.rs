//! hipy's bytecode interpreter over RustPython 0.6 objects.
//!
//! - `code`: decoded code objects (one `Op` per code unit, absolute jumps).
//! - `frame`: frames as plain data; `runtime`: per-thread state.
//! - `eval`: the loop; `call`, `attr`, `names`, `ops`, `imports`: what the
//!   instructions do; `unwind` + `traceback`: exceptions.
//! - `function`: function objects and the call hook; `generator`: generators,
//!   coroutines, async generators; `introspect`: frame-reading builtins.
//! - `layout`: probed access to RustPython's crate-private fields.
//! - `stats`: `--stats`.

mod anext;
mod attr;
mod builtin_calls;
mod call;
pub(crate) mod dunder;
pub mod code;
pub mod code_cache;
pub mod compat;
pub mod extension_guard;
mod eval;
mod exact;
pub mod frame;
mod function;
mod generator;
mod hooks;
mod globals_cache;
mod heapq;
mod int_hash;
mod imports;
mod introspect;
mod jump;
mod layout;
mod names;
mod ops;
mod origin;
mod posix_path;
mod push;
mod list_iter;
mod range;
mod refs;
mod runtime;
pub mod safepoint;
pub mod signals;
pub mod stats;
mod strfmt;
pub mod placeholder;
pub mod tb311;

pub mod threads;
mod trace;
mod traceback;
mod tuple_compare;
mod unwind;

use rustpython_vm::builtins::{PyCode, PyDictRef};
use rustpython_vm::{AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

/// Make hipy's loop the one that runs Python code in this interpreter:
/// route every call of a Python function to it, and replace the builtins
/// that read the caller's frame. Call once, after the stdlib is initialised
/// and before any user code runs.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    layout::probe(vm);
    layout::dicts::probe(vm);
    layout::gc::probe(vm);
    generator::init_types();
    layout::objects::probe(vm);
    layout::instances::probe(vm);
    code::configure_random_miss();
    range::init_type();
    list_iter::init_type();
    tuple_compare::install(vm);
    int_hash::install(vm);
    let fslots = &vm.ctx.types.function_type.slots;
    fslots.call.store(Some(function::function_call_slot));
    fslots.vectorcall.store(Some(function::function_vectorcall_slot));
    function::install(vm);
    introspect::install(vm)?;
    traceback::install(vm);
    origin::install(vm)?;
    runtime::install(vm)?;
    anext::install(vm)?;
    compat::lazy::register(&[("_types", point_types_at_hipy)]);
    compat::install(vm)?;
    push::install(vm)?;
    // After `push`, whose `sum`/`min`/`any`... are the builtins users see.
    builtin_calls::install(vm);
    heapq::install();
    threads::install(vm)?;
    refs::enable();
    imports::install(vm)?;
    signals::install(vm)?;
    safepoint::install(vm)?;
    posix_path::install(vm)?;
    hooks::install(vm)?;
    // After every `compat::lazy::register` above.
    compat::lazy::install(vm)
}

/// `types` takes GeneratorType & co. from the built-in `_types` (when it
/// imports it, so after this runs): sets them on `_types`, and on `types`
/// if it was imported already, to the classes of hipy's generator objects.
fn point_types_at_hipy(vm: &VirtualMachine) -> PyResult<()> {
    let mut modules = vec![vm.import("_types", 0)?];
    modules.extend(vm.sys_module.get_attr("modules", vm)?.get_item("types", vm).ok());
    let probe = vm.compile(
        "def g():\n    yield\nasync def c():\n    pass\nasync def a():\n    yield\n",
        rustpython_vm::compiler::Mode::Exec,
        "<hipy-types>".to_owned(),
    )
    .map_err(|e| vm.new_system_error(format!("hipy: {e}")))?;
    let scope = vm.new_scope_with_builtins();
    introspect::run_code(vm, probe, scope.globals.clone(), Some(scope.globals.clone().into()), None)?;
    for (fname, attr) in [("g", "GeneratorType"), ("c", "CoroutineType"), ("a", "AsyncGeneratorType")] {
        let f = scope.globals.get_item(fname, vm)?;
        let obj = f.call((), vm)?;
        for module in &modules {
            module.set_attr(attr, obj.class().to_owned(), vm)?;
        }
        if attr == "CoroutineType" {
            vm.call_method(&obj, "close", ())?;
        }
    }
    Ok(())
}

/// Run module-level code (a script, `-c`, `-m` target) in hipy's loop.
pub fn run_module_code(
    vm: &VirtualMachine,
    code: PyRef<PyCode>,
    globals: PyDictRef,
    locals: Option<PyObjectRef>,
) -> PyResult {
    introspect::run_code(vm, code, globals, locals, None)
}

/// Compile and run `source` in `globals` (a fresh `__main__`-like dict).
pub fn exec_source(vm: &VirtualMachine, source: &str, path: &str, globals: PyDictRef) -> PyResult {
    let code = vm
        .compile(source, rustpython_vm::compiler::Mode::Exec, path.to_owned())
        .map_err(|err| err.into_pyexception(vm, Some(source)))?;
    run_module_code(vm, code, globals.clone(), Some(globals.into()))
}

/// The JIT's settings for this process, overriding `HIPY_JIT` and
/// `HIPY_JIT_THRESHOLD` where given. They are read once, at the first
/// use, so call this before the first interpreter is built.
pub fn configure_jit(enabled: Option<bool>, threshold: Option<u64>) {
    let mut preset = trace::PRESET.lock().unwrap_or_else(|e| e.into_inner());
    if enabled.is_some() {
        preset.0 = enabled;
    }
    if threshold.is_some() {
        preset.1 = threshold;
    }
}

/// The `--jit-stats` report.
pub fn jit_report() -> String {
    trace::stats::report()
}

/// Probe results (`hipy run --stats` prints them): which RustPython
/// internals hipy reads directly on this build. A failed probe costs speed,
/// never correctness, so only this report (and its test) shows one.
pub fn layout_report() -> String {
    let direct = |ok: bool| if ok { "direct" } else { "via the API" };
    let jit = trace::layout();
    format!(
        "cells {}, dict entries {}, object header {}, list items {}, tuple items {}, int values {}, reference counts {}, collector count {}, instance dicts {}, slot members {}",
        direct(layout::cells_direct()),
        direct(globals_cache::layout().is_some()),
        direct(jit.is_some()),
        direct(jit.is_some_and(|l| l.list.is_some())),
        direct(jit.is_some_and(|l| l.tuple.is_some())),
        direct(jit.is_some_and(|l| l.int.is_some())),
        direct(jit.is_some_and(|l| l.refcount_offset.is_some())),
        direct(layout::gc::direct()),
        direct(layout::instances::layout().is_some()),
        direct(layout::instances::layout().is_some_and(|l| l.slots)),
    )
}

