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
//! - `argtypes`: 3.11's messages for arguments of the wrong type.
//! - `modules`: `sys.exit`, `math.cbrt`/`math.log`, codec lookups.
//! - `numbers`: arithmetic error messages (number slots).
//! - `seqs`: list, bytes and bytearray (`list.index`, concatenation, slices).
//! - `types`: instantiation of abstract classes.
//! - `wrap`: replacing a method or module function with a Rust closure.

mod argspec;
mod argtypes;
mod calls;
mod messages;
mod modules;
mod numbers;
mod seqs;
mod types;
mod wrap;

use rustpython_vm::{PyResult, VirtualMachine};

/// Install every compatibility fix. Call once per interpreter, after the
/// stdlib is initialised and before user code runs.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    calls::install(vm);
    numbers::install(vm);
    seqs::install(vm);
    argtypes::install(vm)?;
    modules::install(vm)?;
    types::install(vm);
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
