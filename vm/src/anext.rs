//! `anext(aiterator, default)` when `__anext__` returns a generator-based
//! coroutine (a `types.coroutine` generator) that hipy made.
//!
//! RustPython's awaitable for the default case awaits its own generators
//! flagged CO_ITERABLE_COROUTINE, but not hipy's, whose type it does not
//! know ("'generator' object can't be awaited"). Awaiting such a generator
//! means iterating it, so hipy hands the awaitable the generator behind an
//! `__await__` that returns it. The builtin calls `__anext__` once, here,
//! and the original `anext` receives that result through an iterator whose
//! `__anext__` gives it back.

use rustpython_vm::class::PyClassImpl;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// A generator-based coroutine, awaitable by RustPython's natives.
#[pyclass(module = false, name = "hipy_generator_await")]
#[derive(Debug, PyPayload)]
struct GeneratorAwait {
    generator: PyObjectRef,
}

#[pyclass]
impl GeneratorAwait {
    #[pymethod]
    fn __await__(zelf: &Py<Self>) -> PyObjectRef {
        zelf.generator.clone()
    }
}

/// An async iterator whose `__anext__` returns a result already obtained.
#[pyclass(module = false, name = "hipy_anext_result")]
#[derive(Debug, PyPayload)]
struct Obtained {
    result: PyMutex<Option<PyObjectRef>>,
}

#[pyclass]
impl Obtained {
    #[pymethod]
    fn __anext__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.result.lock().take().ok_or_else(|| vm.new_system_error("hipy: anext() read its __anext__ result twice"))
    }
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let _ = GeneratorAwait::make_static_type();
    let _ = Obtained::make_static_type();
    let builtins = vm.builtins.clone();
    crate::compat::wrap_function(vm, builtins.as_object(), "anext", |vm, args, callee, original| {
        let anext = vm.ctx.intern_str("__anext__");
        let with_default = args.args.len() == 2 && args.kwargs.is_empty();
        if !with_default || !args.args[0].class().has_attr(anext) {
            return original(vm, args, callee);
        }
        let result = vm.call_method(&args.args[0], "__anext__", ())?;
        let result = if crate::generator::is_iterable_coroutine(&result) {
            GeneratorAwait { generator: result }.into_ref(&vm.ctx).into()
        } else {
            result
        };
        let obtained: PyObjectRef = Obtained { result: PyMutex::new(Some(result)) }.into_ref(&vm.ctx).into();
        original(vm, FuncArgs::new(vec![obtained, args.args[1].clone()], KwArgs::default()), callee)
    })
}
