//! `_pydecimal` with a native arithmetic core.
//!
//! hipy has no `_decimal` (CPython's C module on libmpdec), so `decimal` is
//! `_pydecimal`. This module takes its place under the name `_pydecimal`:
//! it runs the frozen `_pydecimal` source into itself, then replaces the
//! hot methods of `Decimal` with Rust ones (`install`):
//! `__add__`/`__radd__`, `__sub__`/`__rsub__`, `__mul__`/`__rmul__`,
//! `__truediv__`/`__rtruediv__`, `quantize`, `__str__`, `__bool__` and
//! `_cmp` (under the comparison operators).
//!
//! The Rust methods compute on the same representation (`_sign`, the
//! coefficient digits in `_int`, `_exp`) with the same algorithms as
//! `_pydecimal` (`_normalize`, exact division with the "+1 if the
//! remainder is non-zero" trick, `_fix`'s rounding), on `u128` while the
//! numbers fit and on big integers otherwise. They take the fast path only
//! for finite operands, `Decimal` or `int`, and results that need nothing
//! but rounding: a special value, a zero operand where `_pydecimal` has
//! special cases, a subnormal or overflowing result, a clamped exponent, a
//! trapped `Inexact`/`Rounded`, or a non-empty `_ignored_flags` sends the
//! call to the original Python method, which then does all the work (no
//! flag has been touched yet). Results and flags are therefore exactly
//! `_pydecimal`'s.

use malachite_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use rustpython_vm::builtins::{PyDict, PyDictRef, PyInt, PyModule, PyStr, PyType};
use rustpython_vm::function::{FuncArgs, ItemDoc, PyMethodDef, PyMethodFlags};
use rustpython_vm::builtins::PyStrInterned;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};
use std::cmp::Ordering;
use std::sync::Arc;

pub(crate) use pydecimal::module_def;

#[rustpython_vm::pymodule(name = "_pydecimal")]
mod pydecimal {
    use super::*;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let imp = vm.import("_imp", 0)?;
        let code = vm.call_method(&imp, "get_frozen_object", ("_pydecimal",))?;
        let dict = module.dict();
        let exec = vm.builtins.get_attr("exec", vm)?;
        exec.call((code, dict.clone()), vm)?;
        // The module's docstring is `decimal`'s, with its examples (as
        // 3.11's `_pydecimal` has; RustPython's `decimal` copies it over
        // only when it is imported as `decimal`).
        let decimal = vm.call_method(&imp, "get_frozen_object", ("decimal",))?;
        if let Ok(doc) = decimal.get_attr("co_consts", vm).and_then(|c| c.get_item(&0, vm)) {
            if doc.downcast_ref::<PyStr>().is_some() {
                dict.set_item("__doc__", doc, vm)?;
            }
        }
        install(vm, &dict)
    }
}

/// What the Rust methods of one `Decimal` class need.
struct State {
    cls: PyRef<PyType>,
    object_new: PyObjectRef,
    context_var: PyObjectRef,
    getcontext: PyObjectRef,
    inexact: PyObjectRef,
    rounded: PyObjectRef,
    n: Names,
}

/// Attribute and key names, interned once (a `&str` name is interned
/// again at every lookup).
struct Names {
    is_special: &'static PyStrInterned,
    int: &'static PyStrInterned,
    exp: &'static PyStrInterned,
    sign: &'static PyStrInterned,
    get: &'static PyStrInterned,
    prec: &'static PyStrInterned,
    rounding: &'static PyStrInterned,
    emin: &'static PyStrInterned,
    emax: &'static PyStrInterned,
    clamp: &'static PyStrInterned,
    capitals: &'static PyStrInterned,
    flags: &'static PyStrInterned,
    traps: &'static PyStrInterned,
    ignored_flags: &'static PyStrInterned,
}

impl Names {
    fn new(vm: &VirtualMachine) -> Self {
        let i = |s: &str| vm.ctx.intern_str(s);
        Names {
            is_special: i("_is_special"),
            int: i("_int"),
            exp: i("_exp"),
            sign: i("_sign"),
            get: i("get"),
            prec: i("prec"),
            rounding: i("rounding"),
            emin: i("Emin"),
            emax: i("Emax"),
            clamp: i("clamp"),
            capitals: i("capitals"),
            flags: i("flags"),
            traps: i("traps"),
            ignored_flags: i("_ignored_flags"),
        }
    }
}

/// A finite decimal: (-1)**neg * digits * 10**exp; `digits` are ASCII,
/// without leading zeros ("0" for zero).
#[derive(Clone, Debug)]
struct Dec {
    neg: bool,
    digits: Vec<u8>,
    exp: i64,
}

impl Dec {
    fn is_zero(&self) -> bool {
        self.digits == b"0"
    }
    fn adjusted(&self) -> i64 {
        self.exp + self.digits.len() as i64 - 1
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Rounding {
    Down,
    HalfUp,
    HalfEven,
    Ceiling,
    Floor,
    Up,
    HalfDown,
    Up05,
}

fn rounding(s: &str) -> Option<Rounding> {
    Some(match s {
        "ROUND_DOWN" => Rounding::Down,
        "ROUND_HALF_UP" => Rounding::HalfUp,
        "ROUND_HALF_EVEN" => Rounding::HalfEven,
        "ROUND_CEILING" => Rounding::Ceiling,
        "ROUND_FLOOR" => Rounding::Floor,
        "ROUND_UP" => Rounding::Up,
        "ROUND_HALF_DOWN" => Rounding::HalfDown,
        "ROUND_05UP" => Rounding::Up05,
        _ => return None,
    })
}

/// The context's fields, read from its `__dict__`.
struct Cx {
    prec: i64,
    rounding: Rounding,
    emin: i64,
    emax: i64,
    clamp: bool,
    capitals: bool,
    flags: PyDictRef,
    traps: PyDictRef,
}

impl Cx {
    fn etiny(&self) -> i64 {
        self.emin - self.prec + 1
    }
    fn etop(&self) -> i64 {
        self.emax - self.prec + 1
    }
}

/// Signals raised by a fast-path result.
#[derive(Default)]
struct Signals {
    inexact: bool,
    rounded: bool,
}

fn int_of(vm: &VirtualMachine, obj: PyObjectRef) -> Option<i64> {
    obj.downcast_ref::<PyInt>()?.try_to_primitive::<i64>(vm).ok()
}

fn item(vm: &VirtualMachine, dict: &Py<PyDict>, key: &'static PyStrInterned) -> Option<PyObjectRef> {
    dict.get_item_opt(&**key, vm).ok().flatten()
}

impl State {
    fn current_context(&self, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        match self.context_var.get_attr(self.n.get, vm).and_then(|get| get.call((), vm)) {
            Ok(c) => Ok(c),
            Err(_) => self.getcontext.call((), vm),
        }
    }

    /// The context `arg` names, or the current one; None when it is not a
    /// plain `Context` the fast paths understand.
    fn context(&self, vm: &VirtualMachine, arg: Option<&PyObjectRef>) -> PyResult<Option<Cx>> {
        let ctx = match arg {
            Some(c) if !vm.is_none(c) => c.clone(),
            _ => self.current_context(vm)?,
        };
        let Some(d) = ctx.dict() else { return Ok(None) };
        let read = || -> Option<Cx> {
            let ignored = item(vm, &d, self.n.ignored_flags)?;
            if !ignored.downcast_ref::<rustpython_vm::builtins::PyList>()?.borrow_vec().is_empty() {
                return None;
            }
            let rounding = rounding(item(vm, &d, self.n.rounding)?.downcast_ref::<PyStr>()?.to_str()?)?;
            Some(Cx {
                prec: int_of(vm, item(vm, &d, self.n.prec)?)?,
                rounding,
                emin: int_of(vm, item(vm, &d, self.n.emin)?)?,
                emax: int_of(vm, item(vm, &d, self.n.emax)?)?,
                clamp: int_of(vm, item(vm, &d, self.n.clamp)?)? != 0,
                capitals: int_of(vm, item(vm, &d, self.n.capitals)?)? != 0,
                flags: item(vm, &d, self.n.flags)?.downcast::<PyDict>().ok()?,
                traps: item(vm, &d, self.n.traps)?.downcast::<PyDict>().ok()?,
            })
        };
        Ok(read())
    }

    /// A finite `Decimal` (of this class or a subclass).
    fn dec(&self, vm: &VirtualMachine, obj: &PyObject) -> Option<Dec> {
        if !obj.class().fast_issubclass(&self.cls) {
            return None;
        }
        if obj.get_attr(self.n.is_special, vm).ok()?.try_to_bool(vm).ok()? {
            return None;
        }
        let digits = obj.get_attr(self.n.int, vm).ok()?;
        let digits = digits.downcast_ref::<PyStr>()?.to_str()?.as_bytes().to_vec();
        let exp = int_of(vm, obj.get_attr(self.n.exp, vm).ok()?)?;
        let neg = int_of(vm, obj.get_attr(self.n.sign, vm).ok()?)? != 0;
        // Exponents this large are left to Python's unbounded ints.
        (exp.abs() < 1 << 60 && !digits.is_empty()).then_some(Dec { neg, digits, exp })
    }

    /// An operand as `_convert_other` takes it: a Decimal or an int.
    fn operand(&self, vm: &VirtualMachine, obj: &PyObject) -> Option<Dec> {
        if let Some(i) = obj.downcast_ref::<PyInt>() {
            let v = i.as_bigint();
            let neg = v.sign() == malachite_bigint::Sign::Minus;
            let digits = v.magnitude().to_string().into_bytes();
            return Some(Dec { neg, digits, exp: 0 });
        }
        self.dec(vm, obj)
    }

    fn new_dec(&self, vm: &VirtualMachine, d: Dec) -> PyResult {
        let obj = self.object_new.call((self.cls.clone(),), vm)?;
        obj.set_attr(self.n.sign, vm.ctx.new_int(d.neg as u8), vm)?;
        // Digits are ASCII.
        obj.set_attr(self.n.int, vm.ctx.new_str(String::from_utf8(d.digits).unwrap_or_default()), vm)?;
        obj.set_attr(self.n.exp, vm.ctx.new_int(d.exp), vm)?;
        obj.set_attr(self.n.is_special, vm.ctx.new_bool(false), vm)?;
        Ok(obj)
    }

    /// Records `signals` in the context's flags; None (nothing recorded)
    /// when one of them is trapped, for the Python method to raise.
    fn signal(&self, vm: &VirtualMachine, cx: &Cx, s: &Signals) -> Option<()> {
        let raised = [(s.inexact, &self.inexact), (s.rounded, &self.rounded)];
        for (on, sig) in raised {
            if on {
                let trap = cx.traps.get_item_opt(&**sig, vm).ok().flatten()?;
                if trap.try_to_bool(vm).ok()? {
                    return None;
                }
            }
        }
        for (on, sig) in raised {
            if on {
                cx.flags.set_item(&**sig, vm.ctx.new_int(1).into(), vm).ok()?;
            }
        }
        Some(())
    }

    /// `_fix`, then the flags, then the new object; None to fall back.
    fn finish(&self, vm: &VirtualMachine, cx: &Cx, d: Dec) -> Option<PyResult> {
        let (d, s) = fix(cx, d)?;
        self.signal(vm, cx, &s)?;
        Some(self.new_dec(vm, d))
    }
}

// ---- digit arithmetic ---------------------------------------------------

/// `_pydecimal`'s rounding functions: whether keeping the first `keep`
/// digits of `digits` rounds up (1), truncates something (-1) or is exact (0).
fn round_change(mode: Rounding, neg: bool, digits: &[u8], keep: usize) -> i32 {
    let all_zeros = |from: usize| digits[from..].iter().all(|&c| c == b'0');
    let exact_half = |from: usize| digits.get(from) == Some(&b'5') && all_zeros(from + 1);
    let down = || if all_zeros(keep) { 0 } else { -1 };
    let half_up = || {
        if digits.get(keep).is_some_and(|&c| c >= b'5') {
            1
        } else if all_zeros(keep) {
            0
        } else {
            -1
        }
    };
    match mode {
        Rounding::Down => down(),
        Rounding::Up => -down(),
        Rounding::HalfUp => half_up(),
        Rounding::HalfDown => {
            if exact_half(keep) {
                -1
            } else {
                half_up()
            }
        }
        Rounding::HalfEven => {
            if exact_half(keep) && (keep == 0 || (digits[keep - 1] - b'0') % 2 == 0) {
                -1
            } else {
                half_up()
            }
        }
        Rounding::Ceiling => {
            if neg {
                down()
            } else {
                -down()
            }
        }
        Rounding::Floor => {
            if !neg {
                down()
            } else {
                -down()
            }
        }
        Rounding::Up05 => {
            if keep > 0 && !matches!(digits[keep - 1], b'0' | b'5') {
                down()
            } else {
                -down()
            }
        }
    }
}

/// Adds one to a digit string.
fn increment(digits: &mut Vec<u8>) {
    for c in digits.iter_mut().rev() {
        if *c == b'9' {
            *c = b'0';
        } else {
            *c += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// Keeps the first `keep` digits, rounded by `mode`; returns the change.
fn round_to(mode: Rounding, neg: bool, digits: &[u8], keep: usize) -> (Vec<u8>, i32) {
    let changed = round_change(mode, neg, digits, keep);
    let mut coeff = if keep == 0 { b"0".to_vec() } else { digits[..keep].to_vec() };
    if changed == 1 {
        increment(&mut coeff);
    }
    (coeff, changed)
}

/// `Decimal._fix` for the results the fast paths handle; None for those
/// that overflow, are subnormal or need clamping.
fn fix(cx: &Cx, d: Dec) -> Option<(Dec, Signals)> {
    let (etiny, etop) = (cx.etiny(), cx.etop());
    if d.is_zero() {
        let exp_max = if cx.clamp { etop } else { cx.emax };
        return (etiny <= d.exp && d.exp <= exp_max).then_some((d, Signals::default()));
    }
    let mut exp_min = d.digits.len() as i64 + d.exp - cx.prec;
    if exp_min > etop || exp_min < etiny {
        return None;
    }
    if d.exp < exp_min {
        let keep = (d.digits.len() as i64 + d.exp - exp_min) as usize;
        let (mut coeff, changed) = round_to(cx.rounding, d.neg, &d.digits, keep);
        if coeff.len() as i64 > cx.prec {
            coeff.pop();
            exp_min += 1;
        }
        if exp_min > etop {
            return None;
        }
        let s = Signals { inexact: changed != 0, rounded: true };
        return Some((Dec { neg: d.neg, digits: coeff, exp: exp_min }, s));
    }
    if cx.clamp && d.exp > etop {
        return None;
    }
    Some((d, Signals::default()))
}

/// A coefficient as a number: u128 while it fits.
enum Num {
    Small(u128),
    Big(BigUint),
}

fn num(digits: &[u8]) -> Num {
    if digits.len() <= 38 {
        Num::Small(digits.iter().fold(0u128, |n, &c| n * 10 + (c - b'0') as u128))
    } else {
        Num::Big(BigUint::parse_bytes(digits, 10).unwrap_or_default())
    }
}

fn big(n: Num) -> BigUint {
    match n {
        Num::Small(v) => BigUint::from(v),
        Num::Big(b) => b,
    }
}

fn digits_of(n: Num) -> Vec<u8> {
    match n {
        Num::Small(v) => v.to_string().into_bytes(),
        Num::Big(b) => b.to_string().into_bytes(),
    }
}

fn pow10(n: u32) -> BigUint {
    BigUint::from(10u32).pow(n)
}

fn mul(a: &[u8], b: &[u8]) -> Vec<u8> {
    match (num(a), num(b)) {
        (Num::Small(x), Num::Small(y)) if x.checked_mul(y).is_some() => digits_of(Num::Small(x * y)),
        (x, y) => digits_of(Num::Big(big(x) * big(y))),
    }
}

/// `digits * 10**shift` as a number.
fn shifted(digits: &[u8], shift: usize) -> Num {
    if digits.len() + shift <= 38 {
        let Num::Small(v) = num(digits) else { unreachable!() };
        Num::Small(v * 10u128.pow(shift as u32))
    } else {
        Num::Big(big(num(digits)) * pow10(shift as u32))
    }
}

/// |a| + |b| or ||a| - |b|| (with its ordering against zero).
fn add_mag(a: Num, b: Num, subtract: bool) -> (Num, Ordering) {
    match (a, b) {
        (Num::Small(x), Num::Small(y)) if !subtract && x.checked_add(y).is_some() => (Num::Small(x + y), Ordering::Greater),
        (Num::Small(x), Num::Small(y)) if subtract => (Num::Small(x.abs_diff(y)), x.cmp(&y)),
        (x, y) => {
            let (x, y) = (big(x), big(y));
            if !subtract {
                (Num::Big(x + y), Ordering::Greater)
            } else {
                let o = x.cmp(&y);
                (Num::Big(if o == Ordering::Less { y - x } else { x - y }), o)
            }
        }
    }
}

fn is_zero_num(n: &Num) -> bool {
    match n {
        Num::Small(v) => *v == 0,
        Num::Big(b) => b.is_zero(),
    }
}

// ---- the operations --------------------------------------------------------

/// `Decimal.__add__` for two non-zero finite operands (`_normalize`, then
/// the signed sum); None when the result is zero (Python decides its sign).
fn add(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    // _normalize: the operand with the larger exponent is `tmp`.
    let (tmp, other) = if a.exp < b.exp { (b, a) } else { (a, b) };
    let exp = tmp.exp + std::cmp::min(-1, tmp.digits.len() as i64 - cx.prec - 2);
    let (other_digits, other_exp): (Vec<u8>, i64) = if other.digits.len() as i64 + other.exp - 1 < exp {
        (b"1".to_vec(), exp)
    } else {
        (other.digits.clone(), other.exp)
    };
    let shift = tmp.exp - other_exp;
    if shift > 1 << 30 {
        return None;
    }
    let tmp_num = shifted(&tmp.digits, shift as usize);
    let other_num = num(&other_digits);
    let (sum, order) = add_mag(tmp_num, other_num, tmp.neg != other.neg);
    if is_zero_num(&sum) {
        return None;
    }
    // The sign of the larger magnitude.
    let neg = if tmp.neg == other.neg { tmp.neg } else if order == Ordering::Greater { tmp.neg } else { other.neg };
    Some(Dec { neg, digits: digits_of(sum), exp: other_exp })
}

/// `Decimal.__truediv__` for finite operands, `b` non-zero, `a` non-zero.
fn div(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let shift = b.digits.len() as i64 - a.digits.len() as i64 + cx.prec + 1;
    let mut exp = a.exp - b.exp - shift;
    if shift.abs() > 1 << 30 {
        return None;
    }
    let (num_a, num_b) = if shift >= 0 {
        (shifted(&a.digits, shift as usize), num(&b.digits))
    } else {
        (num(&a.digits), shifted(&b.digits, (-shift) as usize))
    };
    let (mut coeff, remainder) = match (num_a, num_b) {
        (Num::Small(x), Num::Small(y)) => (Num::Small(x / y), x % y != 0),
        (x, y) => {
            let (x, y) = (big(x), big(y));
            let q = &x / &y;
            let r = !(x - &q * &y).is_zero();
            (Num::Big(q), r)
        }
    };
    if remainder {
        // Not exact: make sure the last digit is not 0 or 5 (as _pydecimal).
        let last = match &coeff {
            Num::Small(v) => (v % 10) as u32,
            Num::Big(b) => (b % BigUint::from(10u32)).to_u32().unwrap_or(0),
        };
        if last % 5 == 0 {
            coeff = match coeff {
                Num::Small(v) => Num::Small(v + 1),
                Num::Big(b) => Num::Big(b + BigUint::from(1u32)),
            };
        }
        return Some(Dec { neg: a.neg != b.neg, digits: digits_of(coeff), exp });
    }
    // Exact: as close to the ideal exponent as possible.
    let ideal = a.exp - b.exp;
    let mut digits = digits_of(coeff);
    while exp < ideal && digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
        exp += 1;
    }
    Some(Dec { neg: a.neg != b.neg, digits, exp })
}

/// `Decimal._cmp` for finite values.
fn cmp(a: &Dec, b: &Dec) -> Ordering {
    let sign = |d: &Dec| if d.neg { Ordering::Less } else { Ordering::Greater };
    match (a.is_zero(), b.is_zero()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return sign(b).reverse(),
        (false, true) => return sign(a),
        _ => {}
    }
    if a.neg != b.neg {
        return if a.neg { Ordering::Less } else { Ordering::Greater };
    }
    let mag = a.adjusted().cmp(&b.adjusted()).then_with(|| {
        // Same adjusted exponent: compare the digits, padded alike.
        let n = a.digits.len().max(b.digits.len());
        let pad = |d: &Dec| d.digits.iter().copied().chain(std::iter::repeat(b'0')).take(n).collect::<Vec<u8>>();
        pad(a).cmp(&pad(b))
    });
    if a.neg {
        mag.reverse()
    } else {
        mag
    }
}

/// `Decimal.__str__` (not engineering notation).
fn to_str(d: &Dec, capitals: impl FnOnce() -> bool) -> String {
    let digits = std::str::from_utf8(&d.digits).unwrap_or("0");
    let n = digits.len() as i64;
    let leftdigits = d.exp + n;
    let dotplace = if d.exp <= 0 && leftdigits > -6 { leftdigits } else { 1 };
    let mut s = String::with_capacity(digits.len() + 8);
    if d.neg {
        s.push('-');
    }
    if dotplace <= 0 {
        s.push_str("0.");
        s.extend(std::iter::repeat('0').take((-dotplace) as usize));
        s.push_str(digits);
    } else if dotplace >= n {
        s.push_str(digits);
        s.extend(std::iter::repeat('0').take((dotplace - n) as usize));
    } else {
        s.push_str(&digits[..dotplace as usize]);
        s.push('.');
        s.push_str(&digits[dotplace as usize..]);
    }
    if leftdigits != dotplace {
        s.push(if capitals() { 'E' } else { 'e' });
        let e = leftdigits - dotplace;
        s.push_str(&format!("{}{}", if e < 0 { '-' } else { '+' }, e.abs()));
    }
    s
}

// ---- installing the methods ------------------------------------------------

type Method = fn(&State, &VirtualMachine, &FuncArgs) -> PyResult<Option<PyObjectRef>>;

fn arg(args: &FuncArgs, i: usize) -> Option<&PyObjectRef> {
    args.args.get(i)
}

/// The context argument: positional `pos` or `context=`.
fn context_arg(args: &FuncArgs, pos: usize) -> Option<&PyObjectRef> {
    args.args.get(pos).or_else(|| args.kwargs.get("context"))
}

fn binary(st: &State, vm: &VirtualMachine, args: &FuncArgs, reflected: bool, op: fn(&Cx, &Dec, &Dec) -> Option<Dec>) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() < 2 || args.args.len() > 3 || args.kwargs.keys().any(|k| k.as_str() != Ok("context")) {
        return Ok(None);
    }
    let Some(x) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let Some(y) = st.operand(vm, &args.args[1]) else { return Ok(None) };
    let (a, b) = if reflected { (y, x) } else { (x, y) };
    let Some(cx) = st.context(vm, context_arg(args, 2))? else { return Ok(None) };
    let Some(r) = op(&cx, &a, &b) else { return Ok(None) };
    st.finish(vm, &cx, r).transpose()
}

fn op_add(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    add(cx, a, b)
}

fn op_sub(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let b = Dec { neg: !b.neg, ..b.clone() };
    op_add(cx, a, &b)
}

fn op_mul(_: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let neg = a.neg != b.neg;
    let exp = a.exp + b.exp;
    if a.is_zero() || b.is_zero() {
        return Some(Dec { neg, digits: b"0".to_vec(), exp });
    }
    Some(Dec { neg, digits: mul(&a.digits, &b.digits), exp })
}

fn op_div(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    div(cx, a, b)
}

const METHODS: &[(&str, Method)] = &[
    ("__add__", |s, vm, a| binary(s, vm, a, false, op_add)),
    ("__radd__", |s, vm, a| binary(s, vm, a, true, op_add)),
    ("__sub__", |s, vm, a| binary(s, vm, a, false, op_sub)),
    ("__rsub__", |s, vm, a| binary(s, vm, a, true, op_sub)),
    ("__mul__", |s, vm, a| binary(s, vm, a, false, op_mul)),
    ("__rmul__", |s, vm, a| binary(s, vm, a, true, op_mul)),
    ("__truediv__", |s, vm, a| binary(s, vm, a, false, op_div)),
    ("__rtruediv__", |s, vm, a| binary(s, vm, a, true, op_div)),
    ("quantize", quantize),
    ("__str__", str_method),
    ("__bool__", bool_method),
    ("_cmp", cmp_method),
];

/// `quantize(exp, rounding=None, context=None)`.
fn quantize(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() < 2 || args.args.len() > 4 || args.kwargs.keys().any(|k| k.as_str() != Ok("rounding") && k.as_str() != Ok("context")) {
        return Ok(None);
    }
    let Some(a) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let Some(e) = st.operand(vm, &args.args[1]) else { return Ok(None) };
    let Some(cx) = st.context(vm, context_arg(args, 3))? else { return Ok(None) };
    let mode = match arg(args, 2).or_else(|| args.kwargs.get("rounding")) {
        Some(r) if !vm.is_none(r) => match r.downcast_ref::<PyStr>().and_then(|s| s.to_str()).and_then(rounding) {
            Some(m) => m,
            None => return Ok(None),
        },
        _ => cx.rounding,
    };
    if !(cx.etiny() <= e.exp && e.exp <= cx.emax) || a.is_zero() {
        return Ok(None);
    }
    if a.adjusted() > cx.emax || a.adjusted() - e.exp + 1 > cx.prec {
        return Ok(None);
    }
    // _rescale
    let (digits, changed) = if a.exp >= e.exp {
        let mut d = a.digits.clone();
        d.extend(std::iter::repeat(b'0').take((a.exp - e.exp) as usize));
        (d, 0)
    } else {
        let keep = a.digits.len() as i64 + a.exp - e.exp;
        if keep < 0 {
            round_to(mode, a.neg, b"1", 0)
        } else {
            round_to(mode, a.neg, &a.digits, keep as usize)
        }
    };
    let ans = Dec { neg: a.neg, digits, exp: e.exp };
    if ans.adjusted() > cx.emax || ans.digits.len() as i64 > cx.prec {
        return Ok(None);
    }
    if !ans.is_zero() && ans.adjusted() < cx.emin {
        return Ok(None);
    }
    let mut s = Signals::default();
    if e.exp > a.exp {
        s.inexact = changed != 0;
        s.rounded = true;
    }
    let Some((ans, more)) = fix(&cx, ans) else { return Ok(None) };
    s.inexact |= more.inexact;
    s.rounded |= more.rounded;
    if st.signal(vm, &cx, &s).is_none() {
        return Ok(None);
    }
    st.new_dec(vm, ans).map(Some)
}

fn str_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 1 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    let Some(d) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let mut failed = None;
    let s = to_str(&d, || match st.context(vm, None) {
        Ok(Some(cx)) => cx.capitals,
        Ok(None) => {
            failed = Some(None);
            true
        }
        Err(e) => {
            failed = Some(Some(e));
            true
        }
    });
    match failed {
        Some(Some(e)) => Err(e),
        Some(None) => Ok(None),
        None => Ok(Some(vm.ctx.new_str(s).into())),
    }
}

fn bool_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 1 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    Ok(st.dec(vm, &args.args[0]).map(|d| vm.ctx.new_bool(!d.is_zero()).into()))
}

/// `_cmp(other)`, which the comparison operators call once they have
/// converted `other` (the operators themselves stay Python: RustPython's
/// rich-comparison slot of a subclass does not follow a replaced `__eq__`).
fn cmp_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 2 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    let (Some(a), Some(b)) = (st.dec(vm, &args.args[0]), st.dec(vm, &args.args[1])) else { return Ok(None) };
    Ok(Some(vm.ctx.new_int(cmp(&a, &b) as i8).into()))
}

/// Replaces the methods of `Decimal` in the module namespace `ns`.
fn install(vm: &VirtualMachine, ns: &Py<PyDict>) -> PyResult<()> {
    let get = |name: &str| ns.get_item(name, vm);
    let cls = get("Decimal")?.downcast::<PyType>().map_err(|_| vm.new_type_error("Decimal is not a class".to_owned()))?;
    let object_new = vm.ctx.types.object_type.as_object().get_attr("__new__", vm)?;
    let st = Arc::new(State {
        cls: cls.clone(),
        object_new,
        context_var: get("_current_context_var")?,
        getcontext: get("getcontext")?,
        inexact: get("Inexact")?,
        rounded: get("Rounded")?,
        n: Names::new(vm),
    });
    let setattr = vm.builtins.get_attr("setattr", vm)?;
    for &(name, fast) in METHODS {
        let original = cls.as_object().get_attr(name, vm)?;
        // The docstring stays (test_decimal runs the doctests in it).
        let doc: Option<&'static str> = original
            .get_attr("__doc__", vm)
            .ok()
            .and_then(|d| d.downcast_ref::<PyStr>().and_then(|s| s.to_str()).map(|s| &*Box::leak(s.to_owned().into_boxed_str())));
        let state = st.clone();
        let f = move |vm: &VirtualMachine, args: FuncArgs| -> PyResult {
            match fast(&state, vm, &args)? {
                Some(r) => Ok(r),
                None => original.call(args, vm),
            }
        };
        let def = PyMethodDef {
            name,
            func: Box::leak(Box::new(move |vm: &VirtualMachine, args: FuncArgs, _: rustpython_vm::function::Callee| f(vm, args))),
            flags: PyMethodFlags::METHOD,
            doc,
            ..PyMethodDef::new_raw_const("", |_: &VirtualMachine, _: FuncArgs, _: rustpython_vm::function::Callee| unreachable!(), PyMethodFlags::empty(), ItemDoc::NONE)
        };
        let def: &'static PyMethodDef = Box::leak(Box::new(def));
        // The class lives as long as the process keeps the definition.
        let typ: &'static Py<PyType> = Box::leak(Box::new(cls.clone()));
        let method = PyRef::new_ref(def.to_method(typ, &vm.ctx), vm.ctx.types.method_descriptor_type.to_owned(), None);
        setattr.call((cls.clone(), name, method), vm)?;
    }
    Ok(())
}
