//! hipy-shims: the modules that Python code sees under hipy in place of
//! CPython's C extensions: `numpy` (`numpy/`, with `numpy.random`),
//! `pandas` (`pandas/`) and the `hipy` module, built on the lazy engines in
//! `hipy_lazy`.
//!
//! The hipy binary calls [`add_modules`] on its interpreter builder.

mod hipy_mod;
pub mod numpy;
pub mod pandas;
// Public for their recorded-output tests.
pub use hipy_lazy::runtime::set_memory_release;
pub use numpy::{format, random};

/// Registers `numpy` (and `numpy.random`, created when numpy is imported),
/// `pandas` (with its engine `_hipy_pandas`) and `hipy` as native modules.
pub fn add_modules(builder: rustpython_vm::InterpreterBuilder) -> rustpython_vm::InterpreterBuilder {
    let numpy = numpy::numpy_mod::numpy::module_def(&builder.ctx);
    let hipy = hipy_mod::hipy::module_def(&builder.ctx);
    let pandas = pandas::pandas_mod::pandas::module_def(&builder.ctx);
    let engine = pandas::engine_mod::engine::module_def(&builder.ctx);
    builder.add_native_modules(&[numpy, hipy, pandas, engine])
}

/// numpy's lazy mode for this process (`None`: `HIPY_LAZY` decides). It
/// is read once, at the first numpy call, so set it before that.
pub fn configure_lazy(lazy: Option<bool>) {
    if lazy.is_some() {
        *hipy_lazy::runtime::PRESET_LAZY.lock().unwrap_or_else(|e| e.into_inner()) = lazy;
    }
}
