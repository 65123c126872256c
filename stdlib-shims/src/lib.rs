//! hipy-shims: the `numpy` module (with `numpy.random`) and the `hipy`
//! module that Python code sees under hipy, built on the lazy engine in
//! `hipy_lazy`.
//!
//! The hipy binary calls [`add_modules`] on its interpreter builder.

mod args;
mod convert;
mod dtype_obj;
// The printing and random-number modules expose complete APIs, of which the
// shim uses a part; they are public for their recorded-output tests.
pub mod format;
mod functions;
mod hipy_mod;
mod index;
mod ndarray;
mod numpy_mod;
mod ops;
pub mod random;
mod random_mod;
mod reductions;
mod scalar;

/// Registers `numpy` (and `numpy.random`, created when numpy is imported)
/// and `hipy` as native modules.
pub fn add_modules(builder: rustpython_vm::InterpreterBuilder) -> rustpython_vm::InterpreterBuilder {
    let numpy = numpy_mod::numpy::module_def(&builder.ctx);
    let hipy = hipy_mod::hipy::module_def(&builder.ctx);
    builder.add_native_modules(&[numpy, hipy])
}
