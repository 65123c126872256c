//! Arithmetic errors worded as CPython 3.11 words them.
//!
//! 3.11 names the operation in its ZeroDivisionError ("integer modulo by
//! zero", "float divmod()"), says "0.0 cannot be raised to a negative
//! power", and reports a float power overflow as `OverflowError(34,
//! 'Numerical result out of range')`; RustPython says "division by zero"
//! and "math range error" like 3.12+. The number slots of `int`, `float`
//! and `complex` (and of their existing subclasses, which copied them) are
//! wrapped; a wrapper only looks at errors. The `%` slots of `str`,
//! `bytes` and `bytearray` are wrapped too, for `%c`'s messages.
//!
//! `float ** float` of a negative zero or infinity base and a non-integer
//! exponent gives C's `pow` (3.11), not a complex number. `int(x)` for an
//! `x` with only `__trunc__` delegates to it, as 3.11 does
//! (`int_from_trunc`, called by `calls` on int()'s TypeError).
//!
//! `int.__format__` with a float presentation type (`e`, `f`, `g`, `%`...)
//! raises 3.11's OverflowError for an int too large for a float, where
//! RustPython formats infinity.

use std::sync::OnceLock;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyFloat, PyInt, PyType};
use rustpython_vm::{AsObject, Py, PyObject, PyResult, VirtualMachine};

use super::{messages, types};

type Binary = fn(&PyObject, &PyObject, &VirtualMachine) -> PyResult;
type Ternary = fn(&PyObject, &PyObject, &PyObject, &VirtualMachine) -> PyResult;

/// How a wrapped binary slot rewords its errors.
#[derive(Clone, Copy)]
enum Fix {
    /// Its ZeroDivisionError says this.
    ZeroDivision(&'static str),
    /// Context-free rewording (`messages::normalize`): `%` formatting.
    Normalize,
}

/// The wrapped binary slots, indexed as `install` wraps them.
const BINARY_FIXES: [Fix; 11] = [
    Fix::ZeroDivision("integer division or modulo by zero"), // int //
    Fix::ZeroDivision("integer modulo by zero"),             // int %
    Fix::ZeroDivision("integer division or modulo by zero"), // int divmod
    Fix::ZeroDivision("float division by zero"),             // float /
    Fix::ZeroDivision("float floor division by zero"),       // float //
    Fix::ZeroDivision("float modulo"),                       // float %
    Fix::ZeroDivision("float divmod()"),                     // float divmod
    Fix::ZeroDivision("complex division by zero"),           // complex /
    Fix::Normalize,                                          // str %
    Fix::Normalize,                                          // bytes %
    Fix::Normalize,                                          // bytearray %
];

/// The original slot functions, two per fix (left and right operand).
static BINARY: [OnceLock<Binary>; 22] = [const { OnceLock::new() }; 22];
static TERNARY: [OnceLock<Ternary>; 6] = [const { OnceLock::new() }; 6];

fn binary<const I: usize>(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = BINARY[I].get().expect("wrapped slot saved");
    original(a, b, vm).map_err(|e| match BINARY_FIXES[I / 2] {
        Fix::ZeroDivision(msg) if e.class().is(vm.ctx.exceptions.zero_division_error) => vm.new_zero_division_error(msg),
        Fix::ZeroDivision(_) => e,
        Fix::Normalize => messages::normalize(vm, e),
    })
}

const BINARY_WRAPPERS: [Binary; 22] = [
    binary::<0>, binary::<1>, binary::<2>, binary::<3>, binary::<4>, binary::<5>, binary::<6>, binary::<7>,
    binary::<8>, binary::<9>, binary::<10>, binary::<11>, binary::<12>, binary::<13>, binary::<14>, binary::<15>,
    binary::<16>, binary::<17>, binary::<18>, binary::<19>, binary::<20>, binary::<21>,
];

/// `**`: 0..2 int (left, right), 2..4 float, 4..6 complex.
fn ternary<const I: usize>(a: &PyObject, b: &PyObject, c: &PyObject, vm: &VirtualMachine) -> PyResult {
    if I / 2 == 1 && vm.is_none(c) {
        if let Some(r) = signed_power(a, b) {
            return Ok(vm.ctx.new_float(r).into());
        }
    }
    let original = TERNARY[I].get().expect("wrapped slot saved");
    original(a, b, c, vm).or_else(|e| power_error(I / 2, a, b, vm, e))
}

const TERNARY_WRAPPERS: [Ternary; 6] = [ternary::<0>, ternary::<1>, ternary::<2>, ternary::<3>, ternary::<4>, ternary::<5>];

fn as_f64(obj: &PyObject) -> Option<f64> {
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Some(f.to_f64());
    }
    obj.downcast_ref::<PyInt>().and_then(|i| num_traits::ToPrimitive::to_f64(i.as_bigint()))
}

/// Float powers where RustPython's sign tests differ from C's `pow`,
/// which 3.11 follows: `x ** -0.0` is 1.0 (RustPython: 0.0 ** -0.0 raises
/// ZeroDivisionError), and `(-0.0) ** y` and `(-inf) ** y` for a finite
/// `y` that is not an integer are 0.0, inf or their reciprocals
/// (RustPython takes any negative sign for a negative base and returns a
/// complex number).
fn signed_power(a: &PyObject, b: &PyObject) -> Option<f64> {
    let (x, y) = (as_f64(a)?, as_f64(b)?);
    if y == 0.0 {
        return Some(1.0);
    }
    let special = x.is_sign_negative() && (x == 0.0 || x.is_infinite());
    (special && y.is_finite() && y.fract() != 0.0 && !(x == 0.0 && y < 0.0)).then(|| x.powf(y))
}

/// `kind`: 0 int, 1 float, 2 complex.
fn power_error(kind: usize, a: &PyObject, b: &PyObject, vm: &VirtualMachine, e: PyBaseExceptionRef) -> PyResult {
    let exc = &vm.ctx.exceptions;
    let msg = messages::exception_message(&e);
    if e.class().is(exc.zero_division_error) {
        if kind == 2 {
            return Err(vm.new_zero_division_error("0.0 to a negative or complex power"));
        }
        // IEEE pow: ±0 ** -inf is +inf, which 3.11 returns.
        if kind == 1 && as_f64(a) == Some(0.0) && as_f64(b) == Some(f64::NEG_INFINITY) {
            return Ok(vm.ctx.new_float(f64::INFINITY).into());
        }
        return Err(vm.new_zero_division_error("0.0 cannot be raised to a negative power"));
    }
    if kind == 1 && e.class().is(exc.overflow_error) && msg.as_deref() == Some("math range error") {
        // CPython sets errno and raises OverflowError from it.
        let args = vec![vm.ctx.new_int(34).into(), vm.ctx.new_str("Numerical result out of range").into()];
        return Err(vm.new_exception(exc.overflow_error.to_owned(), args));
    }
    Err(e)
}

/// `int(x)` where RustPython failed with `e`: for an `x` with `__trunc__`
/// but neither `__int__` nor `__index__`, 3.11 still calls `__trunc__`
/// (with a DeprecationWarning; 3.12 removed the delegation). Its result is
/// an int, or is turned into one by its `__index__`.
pub fn int_from_trunc(vm: &VirtualMachine, x: &PyObject, e: PyBaseExceptionRef) -> PyResult {
    let refused = e.class().is(vm.ctx.exceptions.type_error)
        && messages::exception_message(&e).is_some_and(|m| m.starts_with("int() argument must be"));
    if !refused || x.class().get_attr(vm.ctx.intern_str("__trunc__")).is_none() {
        return Err(e);
    }
    let warnings = vm.import("warnings", 0)?;
    let message = vm.ctx.new_str("The delegation of int() to __trunc__ is deprecated.");
    vm.call_method(&warnings, "warn", (message, vm.ctx.exceptions.deprecation_warning.to_owned()))?;
    let result = vm.call_method(x, "__trunc__", ())?;
    if let Some(i) = result.downcast_ref::<PyInt>() {
        return Ok(vm.ctx.new_bigint(i.as_bigint()).into());
    }
    if result.class().get_attr(vm.ctx.intern_str("__index__")).is_none() {
        return Err(vm.new_type_error(format!("__trunc__ returned non-Integral (type {})", result.class().name())));
    }
    Ok(vm.ctx.new_bigint(result.try_index(vm)?.as_bigint()).into())
}

/// The ZeroDivisionError of an explicit dunder call (`int.__mod__(1, 0)`),
/// which RustPython dispatches to the original slot function.
pub fn dunder_error(vm: &VirtualMachine, typ: &Py<PyType>, dunder: &str, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let t = &vm.ctx.types;
    let base = if typ.fast_issubclass(t.int_type) {
        "int"
    } else if typ.fast_issubclass(t.float_type) {
        "float"
    } else if typ.fast_issubclass(t.complex_type) {
        "complex"
    } else {
        return e;
    };
    let op = dunder.trim_start_matches("__r").trim_start_matches("__").trim_end_matches("__");
    let fix = match (base, op) {
        ("int", "floordiv") => 0,
        ("int", "mod") => 1,
        ("int", "divmod") => 2,
        ("float", "truediv") => 3,
        ("float", "floordiv") => 4,
        ("float", "mod") => 5,
        ("float", "divmod") => 6,
        ("complex", "truediv") => 7,
        ("int" | "float", "pow") => {
            return vm.new_zero_division_error("0.0 cannot be raised to a negative power");
        }
        ("complex", "pow") => return vm.new_zero_division_error("0.0 to a negative or complex power"),
        _ => return e,
    };
    match BINARY_FIXES[fix] {
        Fix::ZeroDivision(msg) => vm.new_zero_division_error(msg),
        Fix::Normalize => e,
    }
}

/// Save `typ`'s `$left`/`$right` number slots in `$saved[2 * $index ..]`
/// and install `$wrappers` there, in `typ` and in every subclass that
/// still holds the original functions.
macro_rules! wrap_slot {
    ($typ:expr, $saved:expr, $wrappers:expr, $index:expr, $left:ident, $right:ident) => {{
        let slots = &$typ.slots.as_number;
        if let (Some(left), right) = (slots.$left.load(), slots.$right.load()) {
            let same = right.is_some_and(|r| std::ptr::fn_addr_eq(r, left));
            let li = $index * 2;
            let ri = if same { li } else { li + 1 };
            if $saved[li].set(left).is_ok() {
                if let (Some(right), false) = (right, same) {
                    let _ = $saved[ri].set(right);
                }
                types::for_each_subclass($typ, &mut |t| {
                    let s = &t.slots.as_number;
                    if s.$left.load().is_some_and(|f| std::ptr::fn_addr_eq(f, left)) {
                        s.$left.store(Some($wrappers[li]));
                    }
                    if let (Some(orig), Some(f)) = (right, s.$right.load()) {
                        if std::ptr::fn_addr_eq(f, orig) {
                            s.$right.store(Some($wrappers[ri]));
                        }
                    }
                });
            }
        }
    }};
}

pub fn install(vm: &VirtualMachine) {
    let t = &vm.ctx.types;
    let (int, float, complex) = (t.int_type, t.float_type, t.complex_type);
    // Indices follow BINARY_FIXES.
    wrap_slot!(int, BINARY, BINARY_WRAPPERS, 0, floor_divide, right_floor_divide);
    wrap_slot!(int, BINARY, BINARY_WRAPPERS, 1, remainder, right_remainder);
    wrap_slot!(int, BINARY, BINARY_WRAPPERS, 2, divmod, right_divmod);
    wrap_slot!(float, BINARY, BINARY_WRAPPERS, 3, true_divide, right_true_divide);
    wrap_slot!(float, BINARY, BINARY_WRAPPERS, 4, floor_divide, right_floor_divide);
    wrap_slot!(float, BINARY, BINARY_WRAPPERS, 5, remainder, right_remainder);
    wrap_slot!(float, BINARY, BINARY_WRAPPERS, 6, divmod, right_divmod);
    wrap_slot!(complex, BINARY, BINARY_WRAPPERS, 7, true_divide, right_true_divide);
    wrap_slot!(t.str_type, BINARY, BINARY_WRAPPERS, 8, remainder, right_remainder);
    wrap_slot!(t.bytes_type, BINARY, BINARY_WRAPPERS, 9, remainder, right_remainder);
    wrap_slot!(t.bytearray_type, BINARY, BINARY_WRAPPERS, 10, remainder, right_remainder);
    wrap_slot!(int, TERNARY, TERNARY_WRAPPERS, 0, power, right_power);
    wrap_slot!(float, TERNARY, TERNARY_WRAPPERS, 1, power, right_power);
    wrap_slot!(complex, TERNARY, TERNARY_WRAPPERS, 2, power, right_power);
    super::wrap::precheck(vm, int, "__format__", int_format_overflow);
}

/// `format(i, spec)` with a float presentation type converts `i` to a float
/// first, which fails for an int beyond the float range (after rounding).
fn int_format_overflow(vm: &VirtualMachine, args: &rustpython_vm::function::FuncArgs) -> Option<PyBaseExceptionRef> {
    let [value, spec] = &args.args[..] else { return None };
    let spec = spec.downcast_ref::<rustpython_vm::builtins::PyStr>()?;
    let float_type = spec.as_wtf8().as_bytes().last().is_some_and(|c| b"eEfFgG%".contains(c));
    let i = value.downcast_ref::<PyInt>()?;
    (float_type && rustpython_vm::common::int::bigint_to_finite_float(i.as_bigint()).is_none())
        .then(|| vm.new_overflow_error("int too large to convert to float"))
}
