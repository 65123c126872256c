//! The digit arithmetic of the fast paths: `_pydecimal`'s algorithms on
//! coefficients as digit strings, `u128` or base-10**9 limbs.

use super::limbs::Limbs;
use super::context::Cx;
use malachite_bigint::BigUint;
use num_traits::Zero;
use std::cmp::Ordering;

/// A finite decimal: (-1)**neg * digits * 10**exp; `digits` are ASCII,
/// without leading zeros ("0" for zero).
#[derive(Clone, Debug)]
pub(super) struct Dec {
    pub(super) neg: bool,
    pub(super) digits: Vec<u8>,
    pub(super) exp: i64,
}

impl Dec {
    pub(super) fn is_zero(&self) -> bool {
        self.digits == b"0"
    }
    pub(super) fn adjusted(&self) -> i64 {
        self.exp + self.digits.len() as i64 - 1
    }
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Rounding {
    Down,
    HalfUp,
    HalfEven,
    Ceiling,
    Floor,
    Up,
    HalfDown,
    Up05,
}

pub(super) fn rounding(s: &str) -> Option<Rounding> {
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

/// Signals raised by a fast-path result.
#[derive(Default)]
pub(super) struct Signals {
    pub(super) inexact: bool,
    pub(super) rounded: bool,
}

// ---- digit arithmetic ---------------------------------------------------

/// `_pydecimal`'s rounding functions: whether keeping the first `keep`
/// digits of `digits` rounds up (1), truncates something (-1) or is exact (0).
pub(super) fn round_change(mode: Rounding, neg: bool, digits: &[u8], keep: usize) -> i32 {
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
pub(super) fn increment(digits: &mut Vec<u8>) {
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
pub(super) fn round_to(mode: Rounding, neg: bool, digits: &[u8], keep: usize) -> (Vec<u8>, i32) {
    let changed = round_change(mode, neg, digits, keep);
    let mut coeff = if keep == 0 { b"0".to_vec() } else { digits[..keep].to_vec() };
    if changed == 1 {
        increment(&mut coeff);
    }
    (coeff, changed)
}

/// `Decimal._fix` for the results the fast paths handle; None for those
/// that overflow, are subnormal or need clamping.
pub(super) fn fix(cx: &Cx, d: Dec) -> Option<(Dec, Signals)> {
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

/// A coefficient as a number: `u128` while it fits, base-10**9 limbs
/// beyond.
pub(super) enum Num {
    Small(u128),
    Long(Limbs),
}

pub(super) fn num(digits: &[u8]) -> Num {
    if digits.len() <= 38 {
        Num::Small(digits.iter().fold(0u128, |n, &c| n * 10 + (c - b'0') as u128))
    } else {
        Num::Long(Limbs::from_digits(digits))
    }
}

pub(super) fn limbs(n: Num) -> Limbs {
    match n {
        Num::Small(v) => Limbs::from_u128(v),
        Num::Long(l) => l,
    }
}

pub(super) fn digits_of(n: Num) -> Vec<u8> {
    match n {
        Num::Small(v) => v.to_string().into_bytes(),
        Num::Long(l) => l.to_digits(),
    }
}

/// Products of more limb pairs than this (two numbers of about 9000
/// digits) go to `malachite`'s sub-quadratic multiplication.
const SCHOOLBOOK_MAX: usize = 1 << 20;

pub(super) fn mul(a: &[u8], b: &[u8]) -> Vec<u8> {
    match (num(a), num(b)) {
        (Num::Small(x), Num::Small(y)) if x.checked_mul(y).is_some() => digits_of(Num::Small(x * y)),
        (x, y) => {
            let (x, y) = (limbs(x), limbs(y));
            if x.len() * y.len() <= SCHOOLBOOK_MAX {
                x.mul(&y).to_digits()
            } else {
                (binary(a) * binary(b)).to_string().into_bytes()
            }
        }
    }
}

pub(super) fn binary(digits: &[u8]) -> BigUint {
    BigUint::parse_bytes(digits, 10).unwrap_or_default()
}

/// `digits * 10**shift` as a number.
pub(super) fn shifted(digits: &[u8], shift: usize) -> Num {
    if digits.len() + shift <= 38 {
        let Num::Small(v) = num(digits) else { unreachable!() };
        Num::Small(v * 10u128.pow(shift as u32))
    } else {
        let mut d = Vec::with_capacity(digits.len() + shift);
        d.extend_from_slice(digits);
        d.resize(digits.len() + shift, b'0');
        Num::Long(Limbs::from_digits(&d))
    }
}

/// |a| + |b| or ||a| - |b|| (with its ordering against zero).
pub(super) fn add_mag(a: Num, b: Num, subtract: bool) -> (Num, Ordering) {
    match (a, b) {
        (Num::Small(x), Num::Small(y)) if !subtract && x.checked_add(y).is_some() => (Num::Small(x + y), Ordering::Greater),
        (Num::Small(x), Num::Small(y)) if subtract => (Num::Small(x.abs_diff(y)), x.cmp(&y)),
        (x, y) => {
            let (x, y) = (limbs(x), limbs(y));
            if !subtract {
                (Num::Long(x.add(&y)), Ordering::Greater)
            } else {
                let o = x.cmp(&y);
                (Num::Long(if o == Ordering::Less { y.sub(&x) } else { x.sub(&y) }), o)
            }
        }
    }
}

pub(super) fn is_zero_num(n: &Num) -> bool {
    match n {
        Num::Small(v) => *v == 0,
        Num::Long(l) => l.is_zero(),
    }
}

/// `x // y` for a non-zero `y`, and whether the remainder is non-zero.
pub(super) fn divide(x: Num, y: Num) -> (Num, bool) {
    match (x, y) {
        (Num::Small(x), Num::Small(y)) => (Num::Small(x / y), x % y != 0),
        (x, y) => {
            let (x, y) = (limbs(x), limbs(y));
            if let Some(d) = y.to_u64() {
                let (q, r) = x.div_small(d);
                return (Num::Long(q), r);
            }
            let (x, y) = (binary(&x.to_digits()), binary(&y.to_digits()));
            let q = &x / &y;
            let r = !(x - &q * &y).is_zero();
            (Num::Long(Limbs::from_digits(q.to_string().as_bytes())), r)
        }
    }
}

// ---- the operations --------------------------------------------------------

/// `Decimal.__add__` for two non-zero finite operands (`_normalize`, then
/// the signed sum); None when the result is zero (Python decides its sign).
pub(super) fn add(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
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
pub(super) fn div(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
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
    let (mut coeff, remainder) = divide(num_a, num_b);
    if remainder {
        // Not exact: make sure the last digit is not 0 or 5 (as _pydecimal).
        let last = match &coeff {
            Num::Small(v) => (v % 10) as u32,
            Num::Long(l) => l.last_digit(),
        };
        if last % 5 == 0 {
            coeff = match coeff {
                Num::Small(v) => Num::Small(v + 1),
                Num::Long(l) => Num::Long(l.add_one()),
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
pub(super) fn cmp(a: &Dec, b: &Dec) -> Ordering {
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
pub(super) fn to_str(d: &Dec, capitals: impl FnOnce() -> bool) -> String {
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

pub(super) fn op_add(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    add(cx, a, b)
}

pub(super) fn op_sub(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let b = Dec { neg: !b.neg, ..b.clone() };
    op_add(cx, a, &b)
}

pub(super) fn op_mul(_: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let neg = a.neg != b.neg;
    let exp = a.exp + b.exp;
    if a.is_zero() || b.is_zero() {
        return Some(Dec { neg, digits: b"0".to_vec(), exp });
    }
    Some(Dec { neg, digits: mul(&a.digits, &b.digits), exp })
}

pub(super) fn op_div(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    div(cx, a, b)
}

