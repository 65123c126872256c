//! The arithmetic of the fast paths: `_pydecimal`'s algorithms on
//! coefficients held as numbers (`Num`: `u128` while they fit, base-10**9
//! limbs beyond), never as digit strings (those are made only for `str`
//! and for Python code reading `_int`).

use super::context::Cx;
use super::limbs::{self, Limbs};
use malachite_bigint::BigUint;
use num_traits::Zero;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::Arc;

/// A finite decimal: (-1)**neg * coeff * 10**exp.
#[derive(Clone, Debug)]
pub(super) struct Dec {
    pub(super) neg: bool,
    pub(super) coeff: Num,
    pub(super) exp: i64,
}

impl Dec {
    pub(super) fn is_zero(&self) -> bool {
        self.coeff.is_zero()
    }
    /// The number of digits of the coefficient (1 for zero).
    pub(super) fn len(&self) -> i64 {
        self.coeff.len() as i64
    }
    pub(super) fn adjusted(&self) -> i64 {
        self.exp + self.len() - 1
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
#[derive(Default, Clone, Copy)]
pub(super) struct Signals {
    pub(super) inexact: bool,
    pub(super) rounded: bool,
}

impl Signals {
    pub(super) fn or(self, other: Signals) -> Signals {
        Signals { inexact: self.inexact | other.inexact, rounded: self.rounded | other.rounded }
    }

    /// The signals as `SignalDict` bits.
    pub(super) fn mask(&self) -> u32 {
        let mut m = 0;
        if self.inexact {
            m |= super::signals::INEXACT;
        }
        if self.rounded {
            m |= super::signals::ROUNDED;
        }
        m
    }
}

/// The result of an operation before `fix`, with what computing it
/// signalled (an operation that rounds as it goes).
pub(super) type Outcome = Option<(Dec, Signals)>;

fn exact(d: Dec) -> (Dec, Signals) {
    (d, Signals::default())
}

// ---- coefficients ----------------------------------------------------------

/// A coefficient: `u128` while it fits, base-10**9 limbs beyond (either
/// form may hold any value; the operations accept both). Long ones are
/// shared: reading a `Decimal`'s value for an operation copies no limb.
#[derive(Clone, Debug)]
pub(super) enum Num {
    Small(u128),
    Long(Arc<Limbs>),
}

fn pow10(n: usize) -> Option<u128> {
    POW10.get(n).copied()
}

/// 10**0 to 10**38, every power of ten a `u128` holds.
const POW10: [u128; 39] = {
    let mut t = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

impl Num {
    /// The number of ASCII digits `digits` stand for.
    pub(super) fn from_digits(digits: &[u8]) -> Num {
        if digits.len() <= 38 {
            Num::Small(digits.iter().fold(0u128, |n, &c| n * 10 + (c - b'0') as u128))
        } else {
            Num::Long(Arc::new(Limbs::from_digits(digits)))
        }
    }

    /// The digits, without leading zeros ("0" for zero).
    pub(super) fn to_digits(&self) -> Vec<u8> {
        match self {
            Num::Small(v) => small_digits(*v, &mut [0; 39]).to_vec(),
            Num::Long(l) => l.to_digits(),
        }
    }

    fn limbs(self) -> Limbs {
        match self {
            Num::Small(v) => Limbs::from_u128(v),
            Num::Long(l) => Arc::unwrap_or_clone(l),
        }
    }

    /// The limbs, borrowed when they are there already.
    fn as_limbs(&self) -> Cow<'_, Limbs> {
        match self {
            Num::Small(v) => Cow::Owned(Limbs::from_u128(*v)),
            Num::Long(l) => Cow::Borrowed(l),
        }
    }

    /// Back to `Small` when the value fits.
    fn small(l: Limbs) -> Num {
        match l.to_u128() {
            Some(v) => Num::Small(v),
            None => Num::Long(Arc::new(l)),
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        match self {
            Num::Small(v) => *v == 0,
            Num::Long(l) => l.is_zero(),
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Num::Small(v) => {
                // floor(bits * log10(2)) is the number of digits or one
                // less (1233 / 4096 is just above log10(2)).
                let bits = 128 - v.leading_zeros();
                let guess = (bits * 1233 >> 12) as usize;
                (guess + (*v >= POW10[guess]) as usize).max(1)
            }
            Num::Long(l) => l.digit_len(),
        }
    }

    fn last_digit(&self) -> u32 {
        match self {
            Num::Small(v) => (v % 10) as u32,
            Num::Long(l) => l.last_digit(),
        }
    }

    /// `self * 10**shift`.
    pub(super) fn shifted(&self, shift: usize) -> Num {
        match self {
            Num::Small(v) => match pow10(shift).and_then(|p| v.checked_mul(p)) {
                Some(r) => Num::Small(r),
                None => Num::Long(Arc::new(Limbs::from_u128(*v).shifted(shift))),
            },
            Num::Long(l) => Num::Long(Arc::new(l.shifted(shift))),
        }
    }

    /// `self // 10**drop` (`drop` >= 1), the first digit dropped, and
    /// whether the digits after it are all zero.
    fn split(&self, drop: usize) -> (Num, u32, bool) {
        match self {
            Num::Small(v) => {
                let Some(p) = pow10(drop) else { return Num::Long(Arc::new(Limbs::from_u128(*v))).split(drop) };
                let below = p / 10;
                // u64 arithmetic while it fits (u128 division is a call).
                if let (Ok(v), Ok(p), Ok(below)) = (u64::try_from(*v), u64::try_from(p), u64::try_from(below)) {
                    let (q, r) = (v / p, v % p);
                    return (Num::Small(q as u128), (r / below) as u32, r % below == 0);
                }
                let (q, r) = (v / p, v % p);
                (Num::Small(q), (r / below) as u32, r % below == 0)
            }
            Num::Long(l) => {
                let (q, first, rest) = l.split(drop);
                (Num::small(q), first, rest)
            }
        }
    }

    fn increment(self) -> Num {
        match self {
            Num::Small(v) if v < u128::MAX => Num::Small(v + 1),
            n => Num::small(n.limbs().add_one()),
        }
    }

    fn trailing_zeros(&self) -> usize {
        match self {
            Num::Small(0) => 0,
            Num::Small(v) => {
                let (mut v, mut n) = (*v, 0);
                while v % 10 == 0 {
                    v /= 10;
                    n += 1;
                }
                n
            }
            Num::Long(l) => l.trailing_zeros(),
        }
    }

    fn cmp(&self, other: &Num) -> Ordering {
        match (self, other) {
            (Num::Small(x), Num::Small(y)) => x.cmp(y),
            (Num::Long(x), Num::Long(y)) => x.cmp(y),
            (Num::Small(x), Num::Long(y)) => Limbs::from_u128(*x).cmp(y),
            (Num::Long(x), Num::Small(y)) => x.cmp(&Limbs::from_u128(*y)),
        }
    }

    fn binary(&self) -> BigUint {
        match self {
            Num::Small(v) => BigUint::from(*v),
            Num::Long(l) => BigUint::parse_bytes(&l.to_digits(), 10).unwrap_or_default(),
        }
    }

    fn from_binary(b: &BigUint) -> Num {
        Num::from_digits(b.to_string().as_bytes())
    }
}

// ---- rounding ---------------------------------------------------------------

/// `_pydecimal`'s rounding functions: whether dropping the last `drop`
/// digits of `coeff` rounds up (1), truncates something (-1) or is exact
/// (0), with the kept part.
fn round_change(mode: Rounding, neg: bool, coeff: &Num, drop: usize) -> (Num, i32) {
    let (kept, first, rest_zero) = coeff.split(drop);
    let change = round_decision(mode, neg, kept.last_digit(), first, rest_zero);
    (kept, change)
}

/// The rounding functions' answer for a kept part whose last digit is
/// `last`, the first dropped digit `first`, and whether the dropped digits
/// after it are all zero.
fn round_decision(mode: Rounding, neg: bool, last: u32, first: u32, rest_zero: bool) -> i32 {
    let all_zeros = first == 0 && rest_zero;
    let exact_half = first == 5 && rest_zero;
    let down = || if all_zeros { 0 } else { -1 };
    let half_up = || {
        if first >= 5 {
            1
        } else if all_zeros {
            0
        } else {
            -1
        }
    };
    let change = match mode {
        Rounding::Down => down(),
        Rounding::Up => -down(),
        Rounding::HalfUp => half_up(),
        Rounding::HalfDown => {
            if exact_half {
                -1
            } else {
                half_up()
            }
        }
        // With nothing kept the last digit is 0, which is even.
        Rounding::HalfEven => {
            if exact_half && last % 2 == 0 {
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
            if !matches!(last, 0 | 5) {
                down()
            } else {
                -down()
            }
        }
    };
    change
}

/// Drops the last `drop` digits of `coeff` (`drop` >= 1), rounded by
/// `mode`; returns the change.
pub(super) fn round_to(mode: Rounding, neg: bool, coeff: &Num, drop: usize) -> (Num, i32) {
    let (kept, changed) = round_change(mode, neg, coeff, drop);
    (if changed == 1 { kept.increment() } else { kept }, changed)
}

/// `Decimal._fix` for the results the fast paths handle, in place, with
/// its signals; None (`d` as it was) for those that overflow, are
/// subnormal or need clamping.
#[inline]
pub(super) fn fix(cx: &Cx, d: &mut Dec) -> Option<Signals> {
    let (etiny, etop) = (cx.etiny(), cx.etop());
    if d.is_zero() {
        let exp_max = if cx.clamp { etop } else { cx.emax };
        return (etiny <= d.exp && d.exp <= exp_max).then_some(Signals::default());
    }
    let exp_min = d.len() + d.exp - cx.prec;
    if exp_min > etop || exp_min < etiny {
        return None;
    }
    if d.exp < exp_min {
        return fix_rounding(cx, d, exp_min);
    }
    if cx.clamp && d.exp > etop {
        return None;
    }
    Some(Signals::default())
}

/// `fix` for a value with more than `prec` digits: rounded to exponent
/// `exp_min` (one more when rounding up adds a digit).
#[inline(never)]
fn fix_rounding(cx: &Cx, d: &mut Dec, mut exp_min: i64) -> Option<Signals> {
    let (mut coeff, changed) = round_to(cx.rounding, d.neg, &d.coeff, (exp_min - d.exp) as usize);
    if coeff.len() as i64 > cx.prec {
        coeff = coeff.split(1).0;
        exp_min += 1;
    }
    if exp_min > cx.etop() {
        return None;
    }
    d.coeff = coeff;
    d.exp = exp_min;
    Some(Signals { inexact: changed != 0, rounded: true })
}

/// `Decimal.quantize` of a non-zero finite `a` to the exponent `exp`
/// (`_rescale`, then `_fix`) with its signals; None where `_pydecimal`
/// raises, signals more than inexact and rounded, or `a` is zero.
pub(super) fn quantize(cx: &Cx, a: &Dec, exp: i64, mode: Rounding) -> Option<(Dec, Signals)> {
    if !(cx.etiny() <= exp && exp <= cx.emax) || a.is_zero() {
        return None;
    }
    let a_len = a.len();
    let a_adjusted = a.exp + a_len - 1;
    if a_adjusted > cx.emax || a_adjusted - exp + 1 > cx.prec {
        return None;
    }
    // _rescale
    let (coeff, changed) = if a.exp >= exp {
        (a.coeff.shifted((a.exp - exp) as usize), 0)
    } else if a_len + a.exp - exp < 0 {
        // Nothing kept: `_pydecimal` rounds the coefficient '1' instead.
        round_to(mode, a.neg, &Num::Small(1), 1)
    } else {
        round_to(mode, a.neg, &a.coeff, (exp - a.exp) as usize)
    };
    let len = coeff.len() as i64;
    let adjusted = exp + len - 1;
    if adjusted > cx.emax || len > cx.prec || (!coeff.is_zero() && adjusted < cx.emin) {
        return None;
    }
    // What `fix` would decline (a subnormal result, a clamped exponent);
    // with at most `prec` digits it changes nothing else.
    if (!coeff.is_zero() && len + exp - cx.prec < cx.etiny()) || (cx.clamp && exp > cx.etop()) {
        return None;
    }
    Some((Dec { neg: a.neg, coeff, exp }, Signals { inexact: changed != 0, rounded: exp > a.exp }))
}

/// Products of more limb pairs than this (two numbers of about 9000
/// digits) go to `malachite`'s sub-quadratic multiplication.
const SCHOOLBOOK_MAX: usize = 1 << 20;

fn mul(a: &Num, b: &Num) -> Num {
    match (a, b) {
        (Num::Small(x), Num::Small(y)) if x.checked_mul(*y).is_some() => Num::Small(x * y),
        _ => {
            let (x, y) = (a.as_limbs(), b.as_limbs());
            if x.len() * y.len() <= SCHOOLBOOK_MAX {
                Num::small(x.mul(&y))
            } else {
                Num::from_binary(&(a.binary() * b.binary()))
            }
        }
    }
}

/// |a| + |b| or ||a| - |b|| (with its ordering against zero).
fn add_mag(a: Num, b: Num, subtract: bool) -> (Num, Ordering) {
    match (a, b) {
        (Num::Small(x), Num::Small(y)) if !subtract && x.checked_add(y).is_some() => (Num::Small(x + y), Ordering::Greater),
        (Num::Small(x), Num::Small(y)) if subtract => (Num::Small(x.abs_diff(y)), x.cmp(&y)),
        (x, y) => {
            let (x, y) = (x.as_limbs(), y.as_limbs());
            if !subtract {
                (Num::small(x.add(&y)), Ordering::Greater)
            } else {
                let o = x.cmp(&y);
                (Num::small(if o == Ordering::Less { y.sub(&x) } else { x.sub(&y) }), o)
            }
        }
    }
}

/// `x // y` for a non-zero `y`, and whether the remainder is non-zero.
fn divide(x: Num, y: Num) -> (Num, bool) {
    match (x, y) {
        (Num::Small(x), Num::Small(y)) => match (u64::try_from(x), u64::try_from(y)) {
            (Ok(x), Ok(y)) => (Num::Small((x / y) as u128), x % y != 0),
            _ => (Num::Small(x / y), x % y != 0),
        },
        (x, y) => {
            let (x, y) = (x.limbs(), y.limbs());
            if let Some(d) = y.to_u64() {
                let (q, r) = x.div_small(d);
                return (Num::small(q), r != 0);
            }
            let (x, y) = (Num::Long(Arc::new(x)).binary(), Num::Long(Arc::new(y)).binary());
            let q = &x / &y;
            let r = !(x - &q * &y).is_zero();
            (Num::from_binary(&q), r)
        }
    }
}

// ---- the operations --------------------------------------------------------

/// `Decimal.__add__` for two non-zero finite operands (`_normalize`, then
/// the signed sum); None when the result is zero (Python decides its sign).
pub(super) fn add(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    // _normalize: the operand with the larger exponent is `tmp`.
    let (tmp, other) = if a.exp < b.exp { (b, a) } else { (a, b) };
    if let Some(d) = add_sticky(cx, tmp, other) {
        return Some(d);
    }
    let exp = tmp.exp + std::cmp::min(-1, tmp.len() - cx.prec - 2);
    let (other_coeff, other_exp) = if other.len() + other.exp - 1 < exp { (Num::Small(1), exp) } else { (other.coeff.clone(), other.exp) };
    let shift = tmp.exp - other_exp;
    if shift > 1 << 30 {
        return None;
    }
    let (sum, order) = add_mag(tmp.coeff.shifted(shift as usize), other_coeff, tmp.neg != other.neg);
    if sum.is_zero() {
        return None;
    }
    // The sign of the larger magnitude.
    let neg = if tmp.neg == other.neg { tmp.neg } else if order == Ordering::Greater { tmp.neg } else { other.neg };
    Some(Dec { neg, coeff: sum, exp: other_exp })
}

/// The sum of `tmp` and `other` (`other.exp < tmp.exp`) with the whole
/// limbs of `other` below the result's rounding digit dropped and a sticky
/// digit left in their place, when that leaves the rounded sum (and its
/// signals) as they are: only `other` has digits there, they are not all
/// zero (so the sum is inexact either way), and the result's rounding
/// digit is known to lie above them. `_normalize` makes such a
/// replacement only when all of `other` lies below; a series adding a
/// small term to a long total would otherwise shift the total by the
/// term's whole offset. None when it does not apply.
fn add_sticky(cx: &Cx, tmp: &Dec, other: &Dec) -> Option<Dec> {
    let Num::Long(limbs) = &other.coeff else { return None };
    let (adj_tmp, adj_other) = (tmp.adjusted(), other.adjusted());
    // The least the sum's adjusted exponent can be: a difference loses at
    // most one digit when the magnitudes are two or more digits apart.
    let lower = if tmp.neg == other.neg {
        adj_tmp.max(adj_other)
    } else if (adj_tmp - adj_other).abs() >= 2 {
        adj_tmp.max(adj_other) - 1
    } else {
        return None;
    };
    // Rounding to `prec` digits keeps digits at `cut` and above only, and
    // its rounding digit is at `cut` or above; `tmp` has none below.
    let cut = lower - cx.prec;
    if !(other.exp < cut && cut <= tmp.exp) {
        return None;
    }
    // Whole limbs strictly below `cut`.
    let whole = ((cut - other.exp - 1) / 9) as usize;
    let kept = limbs.sticky_above(whole)?;
    let exp = other.exp + 9 * whole as i64;
    let (sum, order) = add_mag(tmp.coeff.shifted((tmp.exp - exp) as usize), Num::small(kept), tmp.neg != other.neg);
    let neg = if tmp.neg == other.neg || order == Ordering::Greater { tmp.neg } else { other.neg };
    Some(Dec { neg, coeff: sum, exp })
}

/// `Decimal.__truediv__` for finite operands, `b` non-zero, `a` non-zero.
pub(super) fn div(cx: &Cx, a: &Dec, b: &Dec) -> Option<Dec> {
    let shift = b.len() - a.len() + cx.prec + 1;
    let exp = a.exp - b.exp - shift;
    if shift.abs() > 1 << 30 {
        return None;
    }
    let (num_a, num_b) = if shift >= 0 { (a.coeff.shifted(shift as usize), b.coeff.clone()) } else { (a.coeff.clone(), b.coeff.shifted((-shift) as usize)) };
    let (coeff, remainder) = divide(num_a, num_b);
    if remainder {
        // Not exact: make sure the last digit is not 0 or 5 (as _pydecimal).
        let coeff = if coeff.last_digit() % 5 == 0 { coeff.increment() } else { coeff };
        return Some(Dec { neg: a.neg != b.neg, coeff, exp });
    }
    // Exact: as close to the ideal exponent as possible.
    let ideal = a.exp - b.exp;
    let strip = (coeff.trailing_zeros() as i64).min(ideal - exp).min(coeff.len() as i64 - 1);
    if strip > 0 {
        return Some(Dec { neg: a.neg != b.neg, coeff: coeff.split(strip as usize).0, exp: exp + strip });
    }
    Some(Dec { neg: a.neg != b.neg, coeff, exp })
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
        // Same adjusted exponent: compare the coefficients, padded alike.
        let n = a.len().max(b.len());
        fn pad(d: &Dec, n: i64) -> std::borrow::Cow<'_, Num> {
            match n - d.len() {
                0 => std::borrow::Cow::Borrowed(&d.coeff),
                shift => std::borrow::Cow::Owned(d.coeff.shifted(shift as usize)),
            }
        }
        pad(a, n).cmp(&pad(b, n))
    });
    if a.neg {
        mag.reverse()
    } else {
        mag
    }
}

/// `Decimal(string)` for a finite number written plainly in ASCII
/// (`[sign] digits [. digits] [e [sign] digits]`, the exponent at most 17
/// digits); None for anything else (spaces, underscores, other digits,
/// special values, errors), which `_pydecimal`'s parser handles.
pub(super) fn parse(s: &str) -> Option<Dec> {
    let b = s.as_bytes();
    let (neg, rest) = match b.first()? {
        b'-' => (true, &b[1..]),
        b'+' => (false, &b[1..]),
        _ => (false, b),
    };
    let digits_from = |i: usize| i + rest[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_end = digits_from(0);
    let (frac, mut i) = match rest.get(int_end) {
        Some(b'.') => {
            let end = digits_from(int_end + 1);
            (&rest[int_end + 1..end], end)
        }
        _ => (&rest[int_end..int_end], int_end),
    };
    let int = &rest[..int_end];
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut exp = 0i64;
    if matches!(rest.get(i), Some(b'e' | b'E')) {
        let (eneg, from) = match rest.get(i + 1) {
            Some(b'-') => (true, i + 2),
            Some(b'+') => (false, i + 2),
            _ => (false, i + 1),
        };
        let digits = &rest[from.min(rest.len())..];
        if digits.is_empty() || digits.len() > 17 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let e = digits.iter().fold(0i64, |n, &c| n * 10 + (c - b'0') as i64);
        exp = if eneg { -e } else { e };
        i = rest.len();
    }
    if i != rest.len() {
        return None;
    }
    let exp = exp.checked_sub(frac.len() as i64)?;
    let mut all = Vec::with_capacity(int.len() + frac.len());
    all.extend_from_slice(int);
    all.extend_from_slice(frac);
    let first = all.iter().position(|&c| c != b'0').unwrap_or(all.len() - 1);
    Some(Dec { neg, coeff: Num::from_digits(&all[first..]), exp })
}

/// The modulus of numeric hashing (`sys.hash_info.modulus`, a prime below
/// 2**64) with the inverse of 10 modulo it.
#[derive(Clone, Copy)]
pub(super) struct HashModulus {
    m: u128,
    inv10: u128,
}

impl HashModulus {
    pub(super) fn new(modulus: u64) -> HashModulus {
        let m = modulus as u128;
        HashModulus { m, inv10: pow_mod(10, m - 2, m) }
    }
}

fn pow_mod(mut base: u128, mut e: u128, m: u128) -> u128 {
    let mut r = 1u128;
    base %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = r * base % m;
        }
        base = base * base % m;
        e >>= 1;
    }
    r
}

/// `Decimal.__hash__` for a finite value: the hash of the number it
/// equals (as for ints, floats and fractions).
pub(super) fn hash(d: &Dec, hm: HashModulus) -> i64 {
    let m = hm.m;
    let coeff = match &d.coeff {
        Num::Small(v) => v % m,
        Num::Long(l) => l.rem(m),
    };
    let exp_hash = if d.exp >= 0 { pow_mod(10, d.exp as u128, m) } else { pow_mod(hm.inv10, d.exp.unsigned_abs() as u128, m) };
    let h = (coeff * exp_hash % m) as i64;
    let h = if d.neg { -h } else { h };
    if h == -1 {
        -2
    } else {
        h
    }
}

/// The decimal digits of `v`, written backwards into the end of `buf`
/// (39 digits hold any u128): in u64 parts, two digits at a time.
fn small_digits(v: u128, buf: &mut [u8; 39]) -> &[u8] {
    let mut at = buf.len();
    // `pad`: a lower part, with its leading zeros (19 digits).
    let mut push = |mut w: u64, pad: bool| {
        let stop = if pad { at - 19 } else { at };
        while w >= 100 {
            let pair = (w % 100) as usize * 2;
            w /= 100;
            at -= 2;
            buf[at..at + 2].copy_from_slice(&limbs::PAIRS[pair..pair + 2]);
        }
        if w >= 10 {
            at -= 2;
            buf[at..at + 2].copy_from_slice(&limbs::PAIRS[w as usize * 2..w as usize * 2 + 2]);
        } else {
            at -= 1;
            buf[at] = b'0' + w as u8;
        }
        while at > stop {
            at -= 1;
            buf[at] = b'0';
        }
    };
    const E19: u128 = 10_000_000_000_000_000_000;
    if v < E19 {
        push(v as u64, false);
    } else if v < E19 * E19 {
        push((v % E19) as u64, true);
        push((v / E19) as u64, false);
    } else {
        push((v % E19) as u64, true);
        push((v / E19 % E19) as u64, true);
        push((v / E19 / E19) as u64, false);
    }
    &buf[at..]
}

/// `Decimal.__str__` (not engineering notation), in ASCII.
pub(super) fn to_str(d: &Dec, capitals: impl FnOnce() -> bool) -> Vec<u8> {
    let mut small = [0; 39];
    let long;
    let digits: &[u8] = match &d.coeff {
        Num::Small(v) => small_digits(*v, &mut small),
        Num::Long(l) => {
            long = l.to_digits();
            &long
        }
    };
    let n = digits.len() as i64;
    let leftdigits = d.exp + n;
    let dotplace = if d.exp <= 0 && leftdigits > -6 { leftdigits } else { 1 };
    let exponent = (leftdigits != dotplace).then(|| {
        let e = leftdigits - dotplace;
        format!("{}{}{}", if capitals() { 'E' } else { 'e' }, if e < 0 { '-' } else { '+' }, e.abs())
    });
    // The exact length, so that the str made from it keeps the buffer.
    let len = d.neg as usize
        + match dotplace {
            p if p <= 0 => 2 + (-p) as usize + digits.len(),
            p if p >= n => p as usize,
            _ => digits.len() + 1,
        }
        + exponent.as_ref().map_or(0, String::len);
    let mut s = Vec::with_capacity(len);
    if d.neg {
        s.push(b'-');
    }
    if dotplace <= 0 {
        s.extend_from_slice(b"0.");
        s.resize(s.len() + (-dotplace) as usize, b'0');
        s.extend_from_slice(digits);
    } else if dotplace >= n {
        s.extend_from_slice(digits);
        s.resize(s.len() + (dotplace - n) as usize, b'0');
    } else {
        s.extend_from_slice(&digits[..dotplace as usize]);
        s.push(b'.');
        s.extend_from_slice(&digits[dotplace as usize..]);
    }
    if let Some(e) = exponent {
        s.extend_from_slice(e.as_bytes());
    }
    debug_assert_eq!(s.len(), len);
    s
}

pub(super) fn op_add(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    if let (Num::Small(x), Num::Small(y)) = (&a.coeff, &b.coeff) {
        // At one exponent `_normalize` changes nothing: the exact sum (a
        // non-zero difference takes the larger magnitude's sign), which
        // `fix` rounds.
        if a.exp == b.exp {
            let coeff = match (a.neg == b.neg, x.checked_add(*y)) {
                (true, Some(sum)) => (sum, a.neg),
                (true, None) => return add(cx, a, b).map(exact),
                (false, _) if x == y => return None,
                (false, _) if x > y => (x - y, a.neg),
                (false, _) => (y - x, b.neg),
            };
            return Some(exact(Dec { neg: coeff.1, coeff: Num::Small(coeff.0), exp: a.exp }));
        }
    }
    add_rounded(cx, a, b).or_else(|| add(cx, a, b).map(exact))
}

/// The sum of two values of the same sign, when the one with the larger
/// exponent has `prec` digits and so has the sum at that exponent: the
/// sum's rounding digit is that operand's last, so the other one's digits
/// below it are split off (the first of them and whether the rest are
/// zero decide the rounding) and the rest added, one pass over each
/// coefficient; `add` would shift the first operand to the other's
/// exponent and `fix` round the sum back (a series adding its terms into a
/// total). The value and signals are those of the correctly rounded sum,
/// which `_pydecimal`'s is. None when it does not apply.
fn add_rounded(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    let (tmp, other) = if a.exp < b.exp { (b, a) } else { (a, b) };
    let k = tmp.exp - other.exp;
    if tmp.neg != other.neg || k == 0 || k > 1 << 30 || tmp.len() != cx.prec {
        return None;
    }
    let (high, first, rest_zero) = other.coeff.split(k as usize);
    let (mut coeff, _) = add_mag(tmp.coeff.clone(), high, false);
    if coeff.len() as i64 > cx.prec {
        return None;
    }
    if round_decision(cx.rounding, tmp.neg, coeff.last_digit(), first, rest_zero) == 1 {
        coeff = coeff.increment();
        if coeff.len() as i64 > cx.prec {
            return None;
        }
    }
    Some((Dec { neg: tmp.neg, coeff, exp: tmp.exp }, Signals { inexact: first != 0 || !rest_zero, rounded: true }))
}

pub(super) fn op_sub(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    let b = Dec { neg: !b.neg, ..b.clone() };
    op_add(cx, a, &b)
}

pub(super) fn op_mul(_: &Cx, a: &Dec, b: &Dec) -> Outcome {
    let neg = a.neg != b.neg;
    let exp = a.exp + b.exp;
    if a.is_zero() || b.is_zero() {
        return Some(exact(Dec { neg, coeff: Num::Small(0), exp }));
    }
    Some(exact(Dec { neg, coeff: mul(&a.coeff, &b.coeff), exp }))
}

/// `Decimal._divide` (under `//` and `%`) for non-zero finite operands
/// whose aligned coefficients fit a `u128`: the integer quotient and the
/// remainder; None for the other cases (a small quotient `_pydecimal`
/// rescales, one too large for the precision, long coefficients).
fn divide_int(cx: &Cx, a: &Dec, b: &Dec) -> Option<(Dec, Dec)> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    let expdiff = a.adjusted() - b.adjusted();
    if expdiff <= -2 || expdiff > cx.prec {
        return None;
    }
    let (Num::Small(x), Num::Small(y)) = (&a.coeff, &b.coeff) else { return None };
    let align = |v: u128, by: i64| v.checked_mul(pow10(by as usize)?);
    let (x, y) = if a.exp >= b.exp { (align(*x, a.exp - b.exp)?, *y) } else { (*x, align(*y, b.exp - a.exp)?) };
    let q = x / y;
    if cx.prec <= 38 && q >= 10u128.pow(cx.prec as u32) {
        return None;
    }
    let quotient = Dec { neg: a.neg != b.neg, coeff: Num::Small(q), exp: 0 };
    let remainder = Dec { neg: a.neg, coeff: Num::Small(x % y), exp: a.exp.min(b.exp) };
    Some((quotient, remainder))
}

/// `//`: the quotient, which `_pydecimal` does not round (it has at most
/// `prec` digits, so `fix` leaves it as it is or declines).
pub(super) fn op_floordiv(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    divide_int(cx, a, b).map(|(q, _)| exact(q))
}

/// `%`: the remainder, then `fix`.
pub(super) fn op_mod(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    divide_int(cx, a, b).map(|(_, r)| exact(r))
}

pub(super) fn op_div(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    div_rounded(cx, a, b).or_else(|| div(cx, a, b).map(exact))
}

/// `a / b` for a long `a` and a `b` that fits a u64, when the quotient is
/// inexact: its first `prec` digits, rounded with the digit and remainder
/// the division leaves (`_pydecimal` divides to `prec + 1` or more digits
/// and `fix` rounds them off, one more pass over the digits). The rounded
/// value, exponent and signals are those of the correctly rounded
/// quotient, which `_pydecimal`'s is. None for an exact quotient (its
/// exponent follows the ideal one) and near the exponent limits.
fn div_rounded(cx: &Cx, a: &Dec, b: &Dec) -> Outcome {
    let d = match &b.coeff {
        Num::Small(v) => u64::try_from(*v).ok()?,
        Num::Long(l) => l.to_u64()?,
    };
    // a * 10**s // b has `prec` digits: `prec + 1` with s0 when a, scaled
    // to b's number of digits, is at least b (when a's first digits,
    // as many as b has, are at least b).
    let Num::Long(x) = &a.coeff else { return None };
    let s0 = cx.prec + b.len() - a.len();
    let s = s0 - (x.leading(b.len() as usize) >= d as u128) as i64;
    if !(0..1 << 30).contains(&s) {
        return None;
    }
    let (q, r) = x.div_small_shifted(s as usize, d);
    if r == 0 {
        return None;
    }
    let mut exp = a.exp - b.exp - s;
    if exp < cx.etiny() || exp > cx.etop() {
        return None;
    }
    let q = Num::small(q);
    let next = r as u128 * 10;
    let (first, rest_zero) = ((next / d as u128) as u32, next % d as u128 == 0);
    let neg = a.neg != b.neg;
    let mut coeff = if round_decision(cx.rounding, neg, q.last_digit(), first, rest_zero) == 1 { q.increment() } else { q };
    if coeff.len() as i64 > cx.prec {
        coeff = coeff.split(1).0;
        exp += 1;
    }
    Some((Dec { neg, coeff, exp }, Signals { inexact: true, rounded: true }))
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_counts() {
        let mut values = vec![0u128, u128::MAX, u128::MAX - 1];
        for p in POW10 {
            values.extend([p - 1, p, p + 1, p.saturating_mul(9)]);
        }
        for v in values {
            assert_eq!(Num::Small(v).len(), v.to_string().len(), "{v}");
        }
    }

    #[test]
    fn digits_as_formatted() {
        let mut values = vec![0u128, 7, u128::MAX, u128::MAX - 1, 10_000_000_000_000_000_000 * 10_000_000_000_000_000_000 + 5];
        for p in POW10 {
            values.extend([p - 1, p, p + 1, p.saturating_mul(9) + 3]);
        }
        for v in values {
            assert_eq!(Num::Small(v).to_digits(), v.to_string().into_bytes(), "{v}");
        }
    }

    #[test]
    fn strings_as_pydecimal() {
        let d = |neg, coeff, exp| Dec { neg, coeff: Num::Small(coeff), exp };
        for (dec, want) in [
            (d(false, 12537, -4), "1.2537"),
            (d(true, 5, -3), "-0.005"),
            (d(false, 5, -9), "5E-9"),
            (d(false, 123, 2), "1.23E+4"),
            (d(false, 0, 0), "0"),
            (d(true, 0, -2), "-0.00"),
            (d(false, 1200, 0), "1200"),
            (d(false, 15, -7), "0.0000015"),
        ] {
            assert_eq!(to_str(&dec, || true), want.as_bytes());
        }
    }
}
