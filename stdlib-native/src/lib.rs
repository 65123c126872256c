//! hipy-stdlib: native modules that replace or back parts of the standard
//! library where RustPython's differ from CPython's.
//!
//! - `pyexpat`: on libexpat itself (RustPython's sits on xml-rs and
//!   accepts malformed XML).
//! - `_pydecimal`: the frozen `_pydecimal` with a native arithmetic core
//!   (`decimal` is `_pydecimal` under hipy).
//! - `_lsprof`: `cProfile`'s profiler, on hipy's `sys.setprofile` events.

mod decimal;
mod expat_ffi;
mod lsprof;
mod pyexpat;

/// Registers the modules on an interpreter builder; call after
/// `init_stdlib` so that these replace RustPython's modules of the same name.
pub fn add_modules(builder: rustpython_vm::InterpreterBuilder) -> rustpython_vm::InterpreterBuilder {
    let pyexpat = pyexpat::module_def(&builder.ctx);
    let pydecimal = decimal::module_def(&builder.ctx);
    let lsprof = lsprof::module_def(&builder.ctx);
    builder
        .add_native_modules(&[pyexpat, pydecimal, lsprof])
        // CPython 3.11's `cProfile.py` (RustPython's library has none).
        .add_frozen_modules(rustpython_vm::py_freeze!(file = "py/cProfile.py", module_name = "cProfile"))
}
