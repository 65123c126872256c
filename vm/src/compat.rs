//! CPython 3.11 behaviour where RustPython 0.6's builtins differ.
//!
//! RustPython's builtins follow CPython 3.13/3.14 in places (messages,
//! warnings) and have bugs in others; hipy promises 3.11's output. Nothing
//! here forks RustPython: `install` wraps builtin slots, methods and module
//! functions through RustPython's public API, translating on the error path
//! and leaving the successful path as it was.
//!
//! - `calls`: error translation at the call slots of builtin callables;
//!   `argspec` (3.11's argument-count and keyword messages, from
//!   `signatures.txt`) and `messages` (per-callable and context-free
//!   rewordings) decide the text.
//! - `lazy`: fixes applied when their module is first imported:
//!   `arrays` (the `array` module), `structs` (`struct.pack` errors),
//!   `stdlib` (`calendar`: Python patches in `stdlib311.py`; `_sqlite3`'s
//!   exception classes' module; `re.Pattern`'s negative positions;
//!   `sysconfig`'s TZPATH; `pkgutil` listing the frozen stdlib),
//!   `langinfo` (`_locale.nl_langinfo`, missing in RustPython).
//! - `warn`: `warnings.warn` finds the caller's frame.
//! - `argtypes`: 3.11's messages for arguments of the wrong type.
//! - `modules`: `sys.exit`, `math.cbrt`/`math.log`, codec lookups.
//! - `numbers`: arithmetic error messages (number slots).
//! - `seqs`: list, bytes and bytearray (`list.index`, concatenation, slices).
//! - `annotations`: annotated assignments in module and class bodies fill
//!   `__annotations__` as they run (3.14's lazy `__annotate__` in
//!   RustPython's compiler); used by `compile`, `exec` and [`compile`].
//! - `syntax`: SyntaxError messages of `compile`/`exec`/`eval` and of
//!   the script itself (`syntax_error`).
//! - `types`: instantiation of abstract classes.
//! - `reduce`: `object.__reduce_ex__`/`__getstate__` with `__slotnames__`
//!   changed by `__getattr__` (RustPython's hangs).
//! - `wrap`: replacing a method or module function with a Rust closure.

mod annotations;
mod argspec;
mod argtypes;
mod arrays;
pub(crate) mod calls;
mod ctypes;
mod json;
mod langinfo;
pub(crate) mod lazy;
mod messages;
mod modules;
mod numbers;
mod reduce;
mod seqs;
mod stdlib;
mod structs;
mod syntax;
mod types;
mod warn;
pub(crate) mod wrap;

use rustpython_vm::{PyResult, VirtualMachine};

pub use wrap::{function as wrap_function, Original};

/// Install every compatibility fix. Call once per interpreter, after the
/// stdlib is initialised and before user code runs. RustPython's builtin
/// types are shared by the interpreters of a process, so their fixes are
/// made once; module fixes are made for each interpreter.
///
/// `HIPY_COMPAT=off` leaves RustPython's builtins as they are (to tell a
/// difference this layer makes from one it does not, and to measure it).
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    if std::env::var_os("HIPY_COMPAT").is_some_and(|v| v == "off") {
        return Ok(());
    }
    static BUILTIN_TYPES: std::sync::Once = std::sync::Once::new();
    BUILTIN_TYPES.call_once(|| {
        calls::install(vm);
        numbers::install(vm);
        seqs::install(vm);
        types::install(vm);
        reduce::install(vm);
        argtypes::install_methods(vm);
    });
    argtypes::install_functions(vm)?;
    modules::install(vm)?;
    syntax::install(vm)?;
    warn::install(vm)?;
    lazy::register(&[
            ("array", arrays::install),
            ("_struct", structs::install),
            ("_ctypes", ctypes::install),
            ("calendar", stdlib::calendar),
            ("_locale", langinfo::install),
            ("_json", json::install),
            ("_sqlite3", stdlib::sqlite3),
            ("re", stdlib::re),
            ("sysconfig", stdlib::sysconfig),
            ("pkgutil", stdlib::pkgutil),
            ("bdb", stdlib::bdb),
            ("multiprocessing.context", stdlib::multiprocessing_context),
            ("_queue", stdlib::queue),
            ("_operator", modules::operator),
            ("math", modules::math),
        ]);
    Ok(())
}

/// CPython 3.11's form of an exception a RustPython operation raised, for
/// errors whose message alone says what 3.11 says (the unhashable set
/// element, `in` on a non-container, `list + non-list`). The interpreter
/// calls this where an operation it runs itself (BUILD_SET, CONTAINS_OP,
/// BINARY_OP) fails; calls of builtins are translated already.
pub fn normalize_error(
    vm: &VirtualMachine,
    e: rustpython_vm::builtins::PyBaseExceptionRef,
) -> rustpython_vm::builtins::PyBaseExceptionRef {
    messages::normalize(vm, e)
}

/// The exception a call of the builtin function `callable` with `nargs`
/// positional arguments raises in 3.11, given what its implementation raised
/// (what the call slot's translation does, for a caller that ran the builtin
/// without its call slot: `builtin_calls`).
pub fn native_call_error(
    vm: &VirtualMachine,
    callable: &rustpython_vm::PyObject,
    nargs: usize,
    e: rustpython_vm::builtins::PyBaseExceptionRef,
) -> rustpython_vm::builtins::PyBaseExceptionRef {
    calls::native_error(vm, callable, nargs, &[], e)
}

/// `vm.compile`, with CPython 3.11's annotations in module and class
/// bodies, for the script, `-c` text and the REPL.
pub fn compile(
    vm: &VirtualMachine,
    source: &str,
    mode: rustpython_vm::compiler::Mode,
    path: &str,
) -> Result<rustpython_vm::PyRef<rustpython_vm::builtins::PyCode>, rustpython_vm::vm::VmCompileError> {
    if std::env::var_os("HIPY_COMPAT").is_some_and(|v| v == "off") {
        return vm.compile(source, mode, path.to_owned());
    }
    annotations::compile(vm, source, mode, path, vm.compile_opts())
}

/// CPython 3.11's form of the SyntaxError `exc` raised for the script (or
/// `-c` text) `source` read from `path`.
pub fn syntax_error(
    vm: &VirtualMachine,
    exc: rustpython_vm::builtins::PyBaseExceptionRef,
    source: &str,
    path: &str,
) -> rustpython_vm::builtins::PyBaseExceptionRef {
    if std::env::var_os("HIPY_COMPAT").is_some_and(|v| v == "off") {
        return exc;
    }
    syntax::reword(vm, exc, source, path, rustpython_vm::compiler::Mode::Exec)
}
