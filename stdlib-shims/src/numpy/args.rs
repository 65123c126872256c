//! Argument binding for numpy functions (positional or keyword, NumPy's
//! parameter names) and the mapping of engine errors to Python exceptions.

use hipy_lazy::{Error, ErrorKind};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyTypeRef};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};
use std::sync::OnceLock;

/// `NotImplementedError("numpy.<what> is not supported by hipy")`.
pub fn unsupported(vm: &VirtualMachine, what: &str) -> PyBaseExceptionRef {
    vm.new_not_implemented_error(format!("numpy.{what} is not supported by hipy"))
}

thread_local! {
    /// The numpy function whose arguments were bound last (for messages
    /// about arguments it cannot take).
    static CURRENT_FUNCTION: std::cell::Cell<&'static str> = const { std::cell::Cell::new("function") };
}

/// The name of the numpy function running now (the last one to bind its
/// arguments), for NotImplementedError messages.
pub fn current_function() -> &'static str {
    CURRENT_FUNCTION.with(|c| c.get())
}

static AXIS_ERROR: OnceLock<PyTypeRef> = OnceLock::new();

/// `numpy.exceptions.AxisError` (a ValueError and an IndexError).
pub fn axis_error_type(vm: &VirtualMachine) -> PyTypeRef {
    AXIS_ERROR
        .get_or_init(|| {
            vm.ctx.new_exception_type(
                "numpy.exceptions",
                "AxisError",
                Some(vec![
                    vm.ctx.exceptions.value_error.to_owned(),
                    vm.ctx.exceptions.index_error.to_owned(),
                ]),
            )
        })
        .clone()
}

static UFUNC_TYPE_ERROR: OnceLock<PyTypeRef> = OnceLock::new();

/// `numpy._core._exceptions.UFuncTypeError` (a TypeError).
pub fn ufunc_type_error(vm: &VirtualMachine, message: String) -> PyBaseExceptionRef {
    let t = UFUNC_TYPE_ERROR
        .get_or_init(|| {
            vm.ctx.new_exception_type(
                "numpy._core._exceptions",
                "UFuncTypeError",
                Some(vec![vm.ctx.exceptions.type_error.to_owned()]),
            )
        })
        .clone();
    vm.new_exception_msg(t, message.into())
}

pub fn engine_error(vm: &VirtualMachine, e: Error) -> PyBaseExceptionRef {
    match e.kind {
        ErrorKind::Value => vm.new_value_error(e.message),
        ErrorKind::Type => vm.new_type_error(e.message),
        ErrorKind::UFuncType => ufunc_type_error(vm, e.message),
        ErrorKind::Index => vm.new_index_error(e.message),
        ErrorKind::Overflow => vm.new_overflow_error(e.message),
        ErrorKind::NotImplemented => vm.new_not_implemented_error(e.message),
        ErrorKind::Axis => vm.new_exception_msg(axis_error_type(vm), e.message.into()),
    }
}

/// Converts engine results.
pub trait OrRaise<T> {
    fn or_raise(self, vm: &VirtualMachine) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, Error> {
    fn or_raise(self, vm: &VirtualMachine) -> PyResult<T> {
        self.map_err(|e| engine_error(vm, e))
    }
}

/// Binds `args` to the parameter `names` of numpy function `func`. The
/// first `required` are mandatory. Unknown keywords raise
/// NotImplementedError (they are NumPy features hipy lacks, or typos NumPy
/// would reject).
pub fn bind<const N: usize>(
    vm: &VirtualMachine,
    func: &'static str,
    args: FuncArgs,
    names: [&str; N],
    required: usize,
) -> PyResult<[Option<PyObjectRef>; N]> {
    CURRENT_FUNCTION.with(|c| c.set(func));
    let mut out: [Option<PyObjectRef>; N] = std::array::from_fn(|_| None);
    if args.args.len() > N {
        return Err(vm.new_type_error(format!(
            "{func}() takes at most {N} positional arguments ({} given)",
            args.args.len()
        )));
    }
    for (k, a) in args.args.into_iter().enumerate() {
        out[k] = Some(a);
    }
    for (name, value) in args.kwargs {
        let name = name.to_string_lossy().into_owned();
        match names.iter().position(|n| *n == name) {
            Some(k) => {
                if out[k].is_some() {
                    return Err(vm.new_type_error(format!(
                        "argument for {func}() given by name ('{name}') and position ({})",
                        k + 1
                    )));
                }
                out[k] = Some(value);
            }
            None => return Err(unsupported(vm, &format!("{func}({name}=...)"))),
        }
    }
    for k in 0..required {
        if out[k].is_none() {
            return Err(vm.new_type_error(format!(
                "{func}() missing required argument '{}' (pos {})",
                names[k],
                k + 1
            )));
        }
    }
    Ok(out)
}

/// Treats an explicit `None` like an absent argument.
pub fn given(arg: &Option<PyObjectRef>, vm: &VirtualMachine) -> Option<PyObjectRef> {
    arg.as_ref().filter(|o| !vm.is_none(o)).cloned()
}

/// The text of a string argument, or NumPy's TypeError "`what` must be
/// str, not <type>".
fn str_arg(vm: &VirtualMachine, arg: &PyObjectRef, what: &str) -> PyResult<String> {
    match arg.downcast_ref::<rustpython_vm::builtins::PyStr>() {
        Some(s) => Ok(s.to_string_lossy().into_owned()),
        None => Err(vm.new_type_error(format!("{what} must be str, not {}", arg.class().name()))),
    }
}

/// Checks a sort `kind=` as NumPy does (its first letter picks quicksort,
/// heapsort, mergesort or stable). hipy's sort is stable, so every valid
/// kind gets a valid order.
pub fn check_sort_kind(vm: &VirtualMachine, kind: &Option<PyObjectRef>) -> PyResult<()> {
    let Some(kind) = given(kind, vm) else { return Ok(()) };
    let s = str_arg(vm, &kind, "sort kind")?;
    match s.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('q' | 'h' | 'm' | 's') => Ok(()),
        _ => Err(vm.new_value_error(format!("sort kind must be one of 'quick', 'heap', or 'stable' (got '{s}')"))),
    }
}

/// A `casting=` rule name, checked ("safe" when absent); `also` lists the
/// extra rules the caller's message names (NumPy's astype also names
/// 'same_value').
pub fn casting_rule(vm: &VirtualMachine, casting: &Option<PyObjectRef>, also: &str) -> PyResult<String> {
    let Some(c) = casting.clone() else { return Ok("safe".to_string()) };
    let s = str_arg(vm, &c, "casting")?;
    match s.as_str() {
        "no" | "equiv" | "safe" | "same_kind" | "unsafe" => Ok(s),
        _ => Err(vm.new_value_error(format!(
            "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe'{also} (got '{s}')"
        ))),
    }
}
