//! Elementwise kernels over chunks, with NumPy's semantics per op and dtype.
//!
//! Every kernel is a straight loop over equal-length slices (or a slice and
//! a broadcast scalar) with the op inlined as a closure, so rustc emits
//! SIMD code for the arithmetic ones.

use crate::buffer::{Element, Slice, SliceMut};
use crate::dtype::{f16, DType, Scalar};
use crate::graph::{linspace_value, BinaryOp, Op, UnaryOp};
use crate::with_dtype;

use super::numpy_f32;

/// A chunk-sized input: a run of elements, or one value broadcast.
#[derive(Clone, Copy, Debug)]
pub enum Operand<'a> {
    Slice(Slice<'a>),
    Splat(Scalar),
}

impl Operand<'_> {
    pub fn dtype(&self) -> DType {
        match self {
            Operand::Slice(s) => s.dtype(),
            Operand::Splat(v) => v.dtype(),
        }
    }
}

#[derive(Clone, Copy)]
enum Opd<'a, T> {
    V(&'a [T]),
    S(T),
}

#[inline(always)]
fn typed<'a, T: Element>(o: &Operand<'a>) -> Opd<'a, T> {
    match o {
        Operand::Slice(s) => Opd::V(T::of(*s)),
        Operand::Splat(v) => Opd::S(T::from_scalar(*v)),
    }
}

#[inline(always)]
fn map1<T: Copy, U: Copy>(x: Opd<T>, out: &mut [U], f: impl Fn(T) -> U) {
    match x {
        Opd::V(x) => {
            for (o, &v) in out.iter_mut().zip(x) {
                *o = f(v);
            }
        }
        Opd::S(v) => out.fill(f(v)),
    }
}

#[inline(always)]
fn map2<T: Copy, U: Copy>(a: Opd<T>, b: Opd<T>, out: &mut [U], f: impl Fn(T, T) -> U) {
    match (a, b) {
        (Opd::V(a), Opd::V(b)) => {
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                *o = f(x, y);
            }
        }
        (Opd::V(a), Opd::S(y)) => {
            for (o, &x) in out.iter_mut().zip(a) {
                *o = f(x, y);
            }
        }
        (Opd::S(x), Opd::V(b)) => {
            for (o, &y) in out.iter_mut().zip(b) {
                *o = f(x, y);
            }
        }
        (Opd::S(x), Opd::S(y)) => out.fill(f(x, y)),
    }
}

/// Float math with NumPy's definitions where they differ from plain IEEE.
pub trait Float:
    Element
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const DEG2RAD: Self;
    const RAD2DEG: Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn ln(self) -> Self;
    fn log10(self) -> Self;
    fn log2(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn exp_m1(self) -> Self;
    fn ln_1p(self) -> Self;
    fn exp2(self) -> Self;
    fn cbrt(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn rint(self) -> Self;
    fn trunc(self) -> Self;
    fn abs(self) -> Self;
    fn atan2(self, x: Self) -> Self;
    fn hypot(self, y: Self) -> Self;
    fn powf(self, y: Self) -> Self;
    fn fmod(self, y: Self) -> Self;
    fn copysign(self, sign: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_finite(self) -> bool;
    fn is_infinite(self) -> bool;
}

// The C library's fmod (glibc's `fmodf64`/`fmodf32` names, which the
// portable software `fmod` linked in for Rust's `%` does not shadow): exact
// like `%` on floats, and several times faster.
#[link(name = "m")]
extern "C" {
    #[link_name = "fmodf64"]
    fn fmod(x: f64, y: f64) -> f64;
    #[link_name = "fmodf32"]
    fn fmodf(x: f32, y: f32) -> f32;
    #[link_name = "asinhf64"]
    fn asinh64(x: f64) -> f64;
    #[link_name = "acoshf64"]
    fn acosh64(x: f64) -> f64;
    #[link_name = "atanhf64"]
    fn atanh64(x: f64) -> f64;
    #[link_name = "asinhf32"]
    fn asinh32(x: f32) -> f32;
    #[link_name = "acoshf32"]
    fn acosh32(x: f32) -> f32;
    #[link_name = "atanhf32"]
    fn atanh32(x: f32) -> f32;
}

// The inverse hyperbolic functions from the C library, as NumPy's loops
// call them (Rust's own formulas differ from glibc's in the last place).
macro_rules! c_math1 {
    ($($name:ident => $c:ident: $t:ty),*) => {
        $(
            #[inline(always)]
            fn $name(x: $t) -> $t {
                // Safety: a pure C math function on a plain value.
                unsafe { $c(x) }
            }
        )*
    };
}
c_math1!(c_asinh_f64 => asinh64: f64, c_acosh_f64 => acosh64: f64, c_atanh_f64 => atanh64: f64,
         c_asinh_f32 => asinh32: f32, c_acosh_f32 => acosh32: f32, c_atanh_f32 => atanh32: f32);

/// The error of the rounded product `p = fl(a * b)` (Dekker's exact
/// product by splitting, so no FMA instruction is needed).
#[inline(always)]
fn product_error(a: f64, b: f64, p: f64) -> f64 {
    const SPLIT: f64 = 134217729.0; // 2^27 + 1
    let t = SPLIT * a;
    let (ah, al) = (t - (t - a), a - (t - (t - a)));
    let t = SPLIT * b;
    let (bh, bl) = (t - (t - b), b - (t - (t - b)));
    ((ah * bh - p) + ah * bl + al * bh) + al * bl
}

/// `ax - q * ay`, exact whenever the result is representable (it is for
/// the true quotient's remainder).
#[inline(always)]
fn remainder_for(ax: f64, ay: f64, q: f64) -> f64 {
    let p = q * ay;
    (ax - p) - product_error(q, ay, p)
}

/// C's `fmod`, exactly. Quotients below 2^52 take a fast vectorizable path
/// (the truncated quotient is then off by at most one, which is checked
/// and corrected); everything else (huge quotients, tiny or non-finite
/// operands) goes to the C library.
#[inline(always)]
fn c_fmod_f64(x: f64, y: f64) -> f64 {
    let (ax, ay) = (x.abs(), y.abs());
    if !(ay >= 1e-270 && ax < 1e290 && ax < ay * 4503599627370496.0) {
        // Safety: a pure C math function on plain values.
        return unsafe { fmod(x, y) };
    }
    if ax < ay {
        return x;
    }
    let q = (ax / ay).trunc();
    let mut r = remainder_for(ax, ay, q);
    if r < 0.0 {
        r = remainder_for(ax, ay, q - 1.0);
    } else if r >= ay {
        r = remainder_for(ax, ay, q + 1.0);
    }
    r.copysign(x)
}

/// `fmodf`: the f64 remainder of f32 values is exact, and so is its cast.
#[inline(always)]
fn c_fmod_f32(x: f32, y: f32) -> f32 {
    let (ax, ay) = ((x as f64).abs(), (y as f64).abs());
    if !(ay >= 1e-270 && ax < ay * 4503599627370496.0) {
        // Safety: a pure C math function on plain values.
        return unsafe { fmodf(x, y) };
    }
    c_fmod_f64(x as f64, y as f64) as f32
}

macro_rules! float_impl {
    ($t:ident, $fmod:ident, $asinh:ident, $acosh:ident, $atanh:ident) => {
        impl Float for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const DEG2RAD: Self = std::$t::consts::PI / 180.0;
            const RAD2DEG: Self = 180.0 / std::$t::consts::PI;
            #[inline(always)]
            fn sqrt(self) -> Self { $t::sqrt(self) }
            #[inline(always)]
            fn exp(self) -> Self { $t::exp(self) }
            #[inline(always)]
            fn ln(self) -> Self { $t::ln(self) }
            #[inline(always)]
            fn log10(self) -> Self { $t::log10(self) }
            #[inline(always)]
            fn log2(self) -> Self { $t::log2(self) }
            #[inline(always)]
            fn sin(self) -> Self { $t::sin(self) }
            #[inline(always)]
            fn cos(self) -> Self { $t::cos(self) }
            #[inline(always)]
            fn tan(self) -> Self { $t::tan(self) }
            #[inline(always)]
            fn asin(self) -> Self { $t::asin(self) }
            #[inline(always)]
            fn acos(self) -> Self { $t::acos(self) }
            #[inline(always)]
            fn atan(self) -> Self { $t::atan(self) }
            #[inline(always)]
            fn sinh(self) -> Self { $t::sinh(self) }
            #[inline(always)]
            fn cosh(self) -> Self { $t::cosh(self) }
            #[inline(always)]
            fn tanh(self) -> Self { $t::tanh(self) }
            #[inline(always)]
            fn asinh(self) -> Self { $asinh(self) }
            #[inline(always)]
            fn acosh(self) -> Self { $acosh(self) }
            #[inline(always)]
            fn atanh(self) -> Self { $atanh(self) }
            #[inline(always)]
            fn exp_m1(self) -> Self { $t::exp_m1(self) }
            #[inline(always)]
            fn ln_1p(self) -> Self { $t::ln_1p(self) }
            #[inline(always)]
            fn exp2(self) -> Self { $t::exp2(self) }
            #[inline(always)]
            fn cbrt(self) -> Self { $t::cbrt(self) }
            #[inline(always)]
            fn floor(self) -> Self { $t::floor(self) }
            #[inline(always)]
            fn ceil(self) -> Self { $t::ceil(self) }
            #[inline(always)]
            fn rint(self) -> Self { $t::round_ties_even(self) }
            #[inline(always)]
            fn trunc(self) -> Self { $t::trunc(self) }
            #[inline(always)]
            fn abs(self) -> Self { $t::abs(self) }
            #[inline(always)]
            fn atan2(self, x: Self) -> Self { $t::atan2(self, x) }
            #[inline(always)]
            fn hypot(self, y: Self) -> Self { $t::hypot(self, y) }
            #[inline(always)]
            fn powf(self, y: Self) -> Self { $t::powf(self, y) }
            #[inline(always)]
            fn fmod(self, y: Self) -> Self { $fmod(self, y) }
            #[inline(always)]
            fn copysign(self, sign: Self) -> Self { $t::copysign(self, sign) }
            #[inline(always)]
            fn is_nan(self) -> bool { $t::is_nan(self) }
            #[inline(always)]
            fn is_finite(self) -> bool { $t::is_finite(self) }
            #[inline(always)]
            fn is_infinite(self) -> bool { $t::is_infinite(self) }
        }
    };
}
float_impl!(f32, c_fmod_f32, c_asinh_f32, c_acosh_f32, c_atanh_f32);
float_impl!(f64, c_fmod_f64, c_asinh_f64, c_acosh_f64, c_atanh_f64);

/// float16 math as NumPy's half loops do it: in float32, rounded back.
macro_rules! via_f32 {
    ($($name:ident),*) => {
        $(
            #[inline(always)]
            fn $name(self) -> Self { f16::from_f32(Float::$name(self.to_f32())) }
        )*
    };
}
impl Float for f16 {
    const ZERO: Self = f16::ZERO;
    const ONE: Self = f16::ONE;
    const DEG2RAD: Self = f16::from_f32_const(std::f32::consts::PI / 180.0);
    const RAD2DEG: Self = f16::from_f32_const(180.0 / std::f32::consts::PI);
    via_f32!(sqrt, exp, ln, log10, log2, sin, cos, tan, asin, acos, atan, floor, ceil, rint, trunc, abs);
    via_f32!(sinh, cosh, tanh, asinh, acosh, atanh, exp_m1, ln_1p, exp2, cbrt);
    #[inline(always)]
    fn atan2(self, x: Self) -> Self { f16::from_f32(self.to_f32().atan2(x.to_f32())) }
    #[inline(always)]
    fn hypot(self, y: Self) -> Self { f16::from_f32(self.to_f32().hypot(y.to_f32())) }
    #[inline(always)]
    fn powf(self, y: Self) -> Self { f16::from_f32(self.to_f32().powf(y.to_f32())) }
    #[inline(always)]
    fn fmod(self, y: Self) -> Self { f16::from_f32(c_fmod_f32(self.to_f32(), y.to_f32())) }
    #[inline(always)]
    fn copysign(self, sign: Self) -> Self { f16::from_f32(self.to_f32().copysign(sign.to_f32())) }
    #[inline(always)]
    fn is_nan(self) -> bool { f16::is_nan(self) }
    #[inline(always)]
    fn is_finite(self) -> bool { f16::is_finite(self) }
    #[inline(always)]
    fn is_infinite(self) -> bool { f16::is_infinite(self) }
}

/// NumPy's `divmod` for floats: Python's floor division and remainder,
/// with the quotient snapped to an integer.
#[inline(always)]
pub fn float_divmod<T: Float>(a: T, b: T) -> (T, T) {
    let mut m = a.fmod(b);
    if b == T::ZERO {
        return (a / b, m);
    }
    let mut div = (a - m) / b;
    if m != T::ZERO {
        if (b < T::ZERO) != (m < T::ZERO) {
            m = m + b;
            div = div - T::ONE;
        }
    } else {
        m = T::ZERO.copysign(b);
    }
    let floordiv = if div != T::ZERO {
        let f = div.floor();
        let half = T::ONE / (T::ONE + T::ONE);
        if div - f > half {
            f + T::ONE
        } else {
            f
        }
    } else {
        T::ZERO.copysign(a / b)
    };
    (floordiv, m)
}

/// `remainder` for float64 chunks: a branch-free pass computes the fast
/// exact `fmod` of every lane (so it vectorizes), then the rare lanes the
/// fast path does not cover are redone through the C library.
#[inline(always)]
fn mod_f64(a: Opd<f64>, b: Opd<f64>, o: &mut [f64]) {
    #[inline(always)]
    fn covered(ax: f64, ay: f64) -> bool {
        ay >= 1e-270 && ax < 1e290 && ax < ay * 4503599627370496.0
    }
    #[inline(always)]
    fn fast(x: f64, y: f64) -> f64 {
        let (ax, ay) = (x.abs(), y.abs());
        let q = (ax / ay).trunc();
        let r0 = remainder_for(ax, ay, q);
        let q = if r0 < 0.0 { q - 1.0 } else if r0 >= ay { q + 1.0 } else { q };
        let r = remainder_for(ax, ay, q);
        let m = if ax < ay { ax } else { r }.copysign(x);
        // Python's sign convention: the divisor's sign.
        if m != 0.0 {
            if (y < 0.0) != (m < 0.0) { m + y } else { m }
        } else {
            0.0f64.copysign(y)
        }
    }
    map2(a, b, o, |x: f64, y: f64| fast(x, y));
    let at = |v: Opd<f64>, k: usize| match v {
        Opd::V(s) => s[k],
        Opd::S(x) => x,
    };
    for k in 0..o.len() {
        let (x, y) = (at(a, k), at(b, k));
        if !covered(x.abs(), y.abs()) {
            o[k] = float_mod(x, y);
        }
    }
}

/// NumPy's `remainder` for floats: the result takes the divisor's sign.
#[inline(always)]
pub fn float_mod<T: Float>(a: T, b: T) -> T {
    let m = a.fmod(b);
    if b == T::ZERO {
        return m;
    }
    if m != T::ZERO {
        if (b < T::ZERO) != (m < T::ZERO) {
            m + b
        } else {
            m
        }
    } else {
        T::ZERO.copysign(b)
    }
}

/// NumPy's `maximum`: NaN propagates, ties return the second operand.
#[inline(always)]
fn nan_max<T: Float>(a: T, b: T) -> T {
    if a > b || a.is_nan() {
        a
    } else {
        b
    }
}

#[inline(always)]
fn nan_min<T: Float>(a: T, b: T) -> T {
    if a < b || a.is_nan() {
        a
    } else {
        b
    }
}

#[inline(always)]
fn float_sign<T: Float>(x: T) -> T {
    if x > T::ZERO {
        T::ONE
    } else if x < T::ZERO {
        -T::ONE
    } else if x == T::ZERO {
        T::ZERO
    } else {
        x
    }
}

/// Integer semantics shared by int32 and int64 (wrapping, like C).
pub trait Int: Element + Ord {
    const ZERO: Self;
    const ONE: Self;
    fn wadd(self, b: Self) -> Self;
    fn wsub(self, b: Self) -> Self;
    fn wmul(self, b: Self) -> Self;
    fn wneg(self) -> Self;
    fn wabs(self) -> Self;
    fn floor_div(self, b: Self) -> Self;
    fn py_mod(self, b: Self) -> Self;
    fn ipow(self, e: Self) -> Self;
    fn band(self, b: Self) -> Self;
    fn bor(self, b: Self) -> Self;
    fn bxor(self, b: Self) -> Self;
    fn bnot(self) -> Self;
    fn signum(self) -> Self;
    /// NumPy's shifts: shifting by the width or more (or by a negative
    /// amount) gives 0, or -1 for a negative value shifted right.
    fn shl(self, b: Self) -> Self;
    fn shr(self, b: Self) -> Self;
    /// C's `%` (the dividend's sign), 0 for a zero divisor.
    fn c_rem(self, b: Self) -> Self;
    /// The greatest common divisor of the absolute values.
    fn gcd(self, b: Self) -> Self;
}

/// `log(exp(x) + exp(y))` (base 2 for `logaddexp2`) as NumPy computes it.
#[inline(always)]
fn log_add_exp<T: Float>(x: T, y: T, base2: bool) -> T {
    if x == y {
        // Handles infinities of the same sign.
        return if base2 { x + T::ONE } else { x + (T::ONE + T::ONE).ln() };
    }
    let d = x - y;
    if base2 {
        let ln2 = (T::ONE + T::ONE).ln();
        if d > T::ZERO {
            x + (-d * ln2).exp().ln_1p() / ln2
        } else if d <= T::ZERO {
            y + (d * ln2).exp().ln_1p() / ln2
        } else {
            d
        }
    } else if d > T::ZERO {
        x + (-d).exp().ln_1p()
    } else if d <= T::ZERO {
        y + d.exp().ln_1p()
    } else {
        d
    }
}

macro_rules! int_impl {
    ($t:ident) => {
        impl Int for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn wadd(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline(always)]
            fn wsub(self, b: Self) -> Self { self.wrapping_sub(b) }
            #[inline(always)]
            fn wmul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            fn wabs(self) -> Self { self.wrapping_abs() }
            #[inline(always)]
            fn floor_div(self, b: Self) -> Self {
                if b == 0 {
                    return 0;
                }
                if b == -1 {
                    return self.wrapping_neg();
                }
                let q = self / b;
                if (self % b != 0) && ((self < 0) != (b < 0)) { q - 1 } else { q }
            }
            #[inline(always)]
            fn py_mod(self, b: Self) -> Self {
                if b == 0 || b == -1 {
                    return 0;
                }
                let r = self % b;
                if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r }
            }
            #[inline(always)]
            fn ipow(self, e: Self) -> Self {
                if e < 0 {
                    return 0;
                }
                let (mut base, mut e, mut acc) = (self, e, 1 as $t);
                while e > 0 {
                    if e & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                acc
            }
            #[inline(always)]
            fn band(self, b: Self) -> Self { self & b }
            #[inline(always)]
            fn bor(self, b: Self) -> Self { self | b }
            #[inline(always)]
            fn bxor(self, b: Self) -> Self { self ^ b }
            #[inline(always)]
            fn bnot(self) -> Self { !self }
            #[inline(always)]
            fn signum(self) -> Self { $t::signum(self) }
            #[inline(always)]
            fn shl(self, b: Self) -> Self {
                if b >= 0 && (b as u64) < <$t>::BITS as u64 { self << b } else { 0 }
            }
            #[inline(always)]
            fn shr(self, b: Self) -> Self {
                if b >= 0 && (b as u64) < <$t>::BITS as u64 {
                    self >> b
                } else if self < 0 {
                    -1
                } else {
                    0
                }
            }
            #[inline(always)]
            fn c_rem(self, b: Self) -> Self { if b == 0 || b == -1 { 0 } else { self % b } }
            #[inline(always)]
            fn gcd(self, b: Self) -> Self {
                let (mut x, mut y) = (self.unsigned_abs(), b.unsigned_abs());
                while y != 0 {
                    let t = x % y;
                    x = y;
                    y = t;
                }
                x as $t
            }
        }
    };
}
int_impl!(i8);
int_impl!(i16);
int_impl!(i32);
int_impl!(i64);

macro_rules! uint_impl {
    ($t:ident) => {
        impl Int for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn wadd(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline(always)]
            fn wsub(self, b: Self) -> Self { self.wrapping_sub(b) }
            #[inline(always)]
            fn wmul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            fn wabs(self) -> Self { self }
            #[inline(always)]
            fn floor_div(self, b: Self) -> Self { if b == 0 { 0 } else { self / b } }
            #[inline(always)]
            fn py_mod(self, b: Self) -> Self { if b == 0 { 0 } else { self % b } }
            #[inline(always)]
            fn ipow(self, e: Self) -> Self {
                let (mut base, mut e, mut acc) = (self, e, 1 as $t);
                while e > 0 {
                    if e & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                acc
            }
            #[inline(always)]
            fn band(self, b: Self) -> Self { self & b }
            #[inline(always)]
            fn bor(self, b: Self) -> Self { self | b }
            #[inline(always)]
            fn bxor(self, b: Self) -> Self { self ^ b }
            #[inline(always)]
            fn bnot(self) -> Self { !self }
            #[inline(always)]
            fn signum(self) -> Self { (self != 0) as $t }
            #[inline(always)]
            fn shl(self, b: Self) -> Self { if (b as u64) < <$t>::BITS as u64 { self << b } else { 0 } }
            #[inline(always)]
            fn shr(self, b: Self) -> Self { if (b as u64) < <$t>::BITS as u64 { self >> b } else { 0 } }
            #[inline(always)]
            fn c_rem(self, b: Self) -> Self { if b == 0 { 0 } else { self % b } }
            #[inline(always)]
            fn gcd(self, b: Self) -> Self {
                let (mut x, mut y) = (self, b);
                while y != 0 {
                    let t = x % y;
                    x = y;
                    y = t;
                }
                x
            }
        }
    };
}
uint_impl!(u8);
uint_impl!(u16);
uint_impl!(u32);
uint_impl!(u64);

#[inline(always)]
fn out_slice<T: Element>(out: SliceMut<'_>) -> &mut [T] {
    T::of_mut(out)
}

#[inline(always)]
fn unary_float<T: Float>(op: UnaryOp, x: Opd<T>, out: SliceMut<'_>) {
    use UnaryOp::*;
    if matches!(op, IsNan | IsFinite | IsInf | Signbit) {
        let o = out_slice::<bool>(out);
        match op {
            IsNan => map1(x, o, |v: T| v.is_nan()),
            IsFinite => map1(x, o, |v: T| v.is_finite()),
            Signbit => map1(x, o, |v: T| T::ONE.copysign(v) < T::ZERO),
            _ => map1(x, o, |v: T| v.is_infinite()),
        }
        return;
    }
    let o = out_slice::<T>(out);
    match op {
        Neg => map1(x, o, |v: T| -v),
        Abs => map1(x, o, |v: T| v.abs()),
        Sqrt => map1(x, o, |v: T| v.sqrt()),
        Square => map1(x, o, |v: T| v * v),
        Reciprocal => map1(x, o, |v: T| T::ONE / v),
        Exp => map1(x, o, |v: T| v.exp()),
        Log => map1(x, o, |v: T| v.ln()),
        Log10 => map1(x, o, |v: T| v.log10()),
        Log2 => map1(x, o, |v: T| v.log2()),
        Sin => map1(x, o, |v: T| v.sin()),
        Cos => map1(x, o, |v: T| v.cos()),
        Tan => map1(x, o, |v: T| v.tan()),
        Arcsin => map1(x, o, |v: T| v.asin()),
        Arccos => map1(x, o, |v: T| v.acos()),
        Arctan => map1(x, o, |v: T| v.atan()),
        Floor => map1(x, o, |v: T| v.floor()),
        Ceil => map1(x, o, |v: T| v.ceil()),
        Rint => map1(x, o, |v: T| v.rint()),
        Trunc => map1(x, o, |v: T| v.trunc()),
        Sign => map1(x, o, |v: T| float_sign(v)),
        Radians => map1(x, o, |v: T| v * T::DEG2RAD),
        Degrees => map1(x, o, |v: T| v * T::RAD2DEG),
        Copy => map1(x, o, |v: T| v),
        Sinh => map1(x, o, |v: T| v.sinh()),
        Cosh => map1(x, o, |v: T| v.cosh()),
        Tanh => map1(x, o, |v: T| v.tanh()),
        Arcsinh => map1(x, o, |v: T| v.asinh()),
        Arccosh => map1(x, o, |v: T| v.acosh()),
        Arctanh => map1(x, o, |v: T| v.atanh()),
        Expm1 => map1(x, o, |v: T| v.exp_m1()),
        Log1p => map1(x, o, |v: T| v.ln_1p()),
        Exp2 => map1(x, o, |v: T| v.exp2()),
        Cbrt => map1(x, o, |v: T| v.cbrt()),
        Fabs => map1(x, o, |v: T| v.abs()),
        IsNan | IsFinite | IsInf | Signbit | LogicalNot | Invert => unreachable!("typed at graph build"),
    }
}

#[inline(always)]
fn unary_int<T: Int>(op: UnaryOp, x: Opd<T>, out: SliceMut<'_>) {
    use UnaryOp::*;
    if matches!(op, IsNan | IsFinite | IsInf) {
        out_slice::<bool>(out).fill(op == IsFinite);
        return;
    }
    let o = out_slice::<T>(out);
    match op {
        Neg => map1(x, o, |v: T| v.wneg()),
        Abs => map1(x, o, |v: T| v.wabs()),
        Square => map1(x, o, |v: T| v.wmul(v)),
        // C integer division 1 / v: only 1 and -1 have a nonzero reciprocal.
        Reciprocal => map1(x, o, |v: T| if v == T::ONE || v == T::ONE.wneg() { v } else { T::ZERO }),
        Floor | Ceil | Rint | Trunc | Copy => map1(x, o, |v: T| v),
        Sign => map1(x, o, |v: T| v.signum()),
        Invert => map1(x, o, |v: T| v.bnot()),
        _ => unreachable!("typed at graph build: {op:?} on ints"),
    }
}

#[inline(always)]
fn unary_bool(op: UnaryOp, x: Opd<bool>, out: SliceMut<'_>) {
    use UnaryOp::*;
    let o = out_slice::<bool>(out);
    match op {
        IsNan | IsInf => o.fill(false),
        IsFinite => o.fill(true),
        LogicalNot | Invert => map1(x, o, |v: bool| !v),
        Abs | Copy | Floor | Ceil | Rint | Trunc | Reciprocal => map1(x, o, |v: bool| v),
        _ => unreachable!("typed at graph build: {op:?} on bools"),
    }
}

/// The float32 ufuncs NumPy computes with its own SIMD code rather than
/// the C library (see `numpy_f32`).
fn numpy_f32_func(op: UnaryOp) -> Option<numpy_f32::Func> {
    match op {
        UnaryOp::Sin => Some(numpy_f32::Func::Sin),
        UnaryOp::Cos => Some(numpy_f32::Func::Cos),
        UnaryOp::Exp => Some(numpy_f32::Func::Exp),
        UnaryOp::Log => Some(numpy_f32::Func::Log),
        _ => None,
    }
}

fn unary_numpy_f32(f: numpy_f32::Func, x: Opd<f32>, out: SliceMut<'_>) {
    let o = out_slice::<f32>(out);
    match x {
        Opd::V(x) => numpy_f32::apply(f, x, o),
        Opd::S(v) => o.fill(numpy_f32::apply_one(f, v)),
    }
}

/// `out[..len] = op(x)`; `x` has the op's compute dtype.
#[inline(always)]
fn unary_impl(op: UnaryOp, x: &Operand, out: SliceMut<'_>) {
    match x.dtype() {
        DType::Float64 => unary_float::<f64>(op, typed(x), out),
        DType::Float32 => match numpy_f32_func(op) {
            Some(f) => unary_numpy_f32(f, typed(x), out),
            None => unary_float::<f32>(op, typed(x), out),
        },
        DType::Int64 => unary_int::<i64>(op, typed(x), out),
        DType::Int32 => unary_int::<i32>(op, typed(x), out),
        DType::Bool => unary_bool(op, typed(x), out),
        DType::Int8 => unary_int::<i8>(op, typed(x), out),
        DType::Int16 => unary_int::<i16>(op, typed(x), out),
        DType::UInt8 => unary_int::<u8>(op, typed(x), out),
        DType::UInt16 => unary_int::<u16>(op, typed(x), out),
        DType::UInt32 => unary_int::<u32>(op, typed(x), out),
        DType::UInt64 => unary_int::<u64>(op, typed(x), out),
        DType::Float16 => unary_float::<f16>(op, typed(x), out),
    }
}

#[inline(always)]
fn compare<T: Element>(op: BinaryOp, a: Opd<T>, b: Opd<T>, out: SliceMut<'_>) {
    let o = out_slice::<bool>(out);
    match op {
        BinaryOp::Eq => map2(a, b, o, |x: T, y: T| x == y),
        BinaryOp::Ne => map2(a, b, o, |x: T, y: T| x != y),
        BinaryOp::Lt => map2(a, b, o, |x: T, y: T| x < y),
        BinaryOp::Le => map2(a, b, o, |x: T, y: T| x <= y),
        BinaryOp::Gt => map2(a, b, o, |x: T, y: T| x > y),
        BinaryOp::Ge => map2(a, b, o, |x: T, y: T| x >= y),
        _ => unreachable!(),
    }
}

#[inline(always)]
fn binary_float<T: Float>(op: BinaryOp, a: Opd<T>, b: Opd<T>, out: SliceMut<'_>) {
    use BinaryOp::*;
    if op.is_comparison() {
        return compare(op, a, b, out);
    }
    let o = out_slice::<T>(out);
    match op {
        Add => map2(a, b, o, |x: T, y: T| x + y),
        Sub => map2(a, b, o, |x: T, y: T| x - y),
        Mul => map2(a, b, o, |x: T, y: T| x * y),
        Div => map2(a, b, o, |x: T, y: T| x / y),
        FloorDiv => map2(a, b, o, |x: T, y: T| float_divmod(x, y).0),
        Mod => map2(a, b, o, |x: T, y: T| float_mod(x, y)),
        Pow => map2(a, b, o, |x: T, y: T| x.powf(y)),
        Maximum => map2(a, b, o, |x: T, y: T| nan_max(x, y)),
        Minimum => map2(a, b, o, |x: T, y: T| nan_min(x, y)),
        Arctan2 => map2(a, b, o, |x: T, y: T| x.atan2(y)),
        Hypot => map2(a, b, o, |x: T, y: T| x.hypot(y)),
        Fmod => map2(a, b, o, |x: T, y: T| x.fmod(y)),
        CopySign => map2(a, b, o, |x: T, y: T| x.copysign(y)),
        Fmax => map2(a, b, o, |x: T, y: T| if y.is_nan() || x >= y { x } else { y }),
        Fmin => map2(a, b, o, |x: T, y: T| if y.is_nan() || x <= y { x } else { y }),
        LogAddExp => map2(a, b, o, |x: T, y: T| log_add_exp(x, y, false)),
        LogAddExp2 => map2(a, b, o, |x: T, y: T| log_add_exp(x, y, true)),
        Heaviside => map2(a, b, o, |x: T, h: T| {
            if x.is_nan() {
                x
            } else if x == T::ZERO {
                h
            } else if x < T::ZERO {
                T::ZERO
            } else {
                T::ONE
            }
        }),
        _ => unreachable!("typed at graph build: {op:?} on floats"),
    }
}

#[inline(always)]
fn binary_int<T: Int>(op: BinaryOp, a: Opd<T>, b: Opd<T>, out: SliceMut<'_>) {
    use BinaryOp::*;
    if op.is_comparison() {
        return compare(op, a, b, out);
    }
    let o = out_slice::<T>(out);
    match op {
        Add => map2(a, b, o, |x: T, y: T| x.wadd(y)),
        Sub => map2(a, b, o, |x: T, y: T| x.wsub(y)),
        Mul => map2(a, b, o, |x: T, y: T| x.wmul(y)),
        FloorDiv => map2(a, b, o, |x: T, y: T| x.floor_div(y)),
        Mod => map2(a, b, o, |x: T, y: T| x.py_mod(y)),
        Pow => map2(a, b, o, |x: T, y: T| x.ipow(y)),
        Maximum => map2(a, b, o, |x: T, y: T| if x > y { x } else { y }),
        Minimum => map2(a, b, o, |x: T, y: T| if x < y { x } else { y }),
        And => map2(a, b, o, |x: T, y: T| x.band(y)),
        Or => map2(a, b, o, |x: T, y: T| x.bor(y)),
        Xor => map2(a, b, o, |x: T, y: T| x.bxor(y)),
        LeftShift => map2(a, b, o, |x: T, y: T| x.shl(y)),
        RightShift => map2(a, b, o, |x: T, y: T| x.shr(y)),
        Fmod => map2(a, b, o, |x: T, y: T| x.c_rem(y)),
        Fmax => map2(a, b, o, |x: T, y: T| if x >= y { x } else { y }),
        Fmin => map2(a, b, o, |x: T, y: T| if x <= y { x } else { y }),
        Gcd => map2(a, b, o, |x: T, y: T| x.gcd(y)),
        Lcm => map2(a, b, o, |x: T, y: T| {
            let g = x.gcd(y);
            if g == T::ZERO { T::ZERO } else { x.wabs().floor_div(g).wmul(y.wabs()) }
        }),
        _ => unreachable!("typed at graph build: {op:?} on ints"),
    }
}

#[inline(always)]
fn binary_bool(op: BinaryOp, a: Opd<bool>, b: Opd<bool>, out: SliceMut<'_>) {
    use BinaryOp::*;
    if op.is_comparison() {
        return compare(op, a, b, out);
    }
    let o = out_slice::<bool>(out);
    match op {
        And | LogicalAnd | Minimum | Mul => map2(a, b, o, |x, y| x & y),
        Or | LogicalOr | Maximum | Add | Fmax => map2(a, b, o, |x, y| x | y),
        Xor | LogicalXor => map2(a, b, o, |x, y| x ^ y),
        Fmin => map2(a, b, o, |x, y| x & y),
        _ => unreachable!("typed at graph build: {op:?} on bools"),
    }
}

/// `out[..len] = a op b`; both operands have the op's compute dtype.
#[inline(always)]
fn binary_impl(op: BinaryOp, a: &Operand, b: &Operand, out: SliceMut<'_>) {
    if op == BinaryOp::Mod && a.dtype() == DType::Float64 {
        return mod_f64(typed(a), typed(b), out_slice(out));
    }
    match a.dtype() {
        DType::Float64 => binary_float::<f64>(op, typed(a), typed(b), out),
        DType::Float32 => binary_float::<f32>(op, typed(a), typed(b), out),
        DType::Int64 => binary_int::<i64>(op, typed(a), typed(b), out),
        DType::Int32 => binary_int::<i32>(op, typed(a), typed(b), out),
        DType::Bool => binary_bool(op, typed(a), typed(b), out),
        DType::Int8 => binary_int::<i8>(op, typed(a), typed(b), out),
        DType::Int16 => binary_int::<i16>(op, typed(a), typed(b), out),
        DType::UInt8 => binary_int::<u8>(op, typed(a), typed(b), out),
        DType::UInt16 => binary_int::<u16>(op, typed(a), typed(b), out),
        DType::UInt32 => binary_int::<u32>(op, typed(a), typed(b), out),
        DType::UInt64 => binary_int::<u64>(op, typed(a), typed(b), out),
        DType::Float16 => binary_float::<f16>(op, typed(a), typed(b), out),
    }
}

/// The float64 ops that call the C library per element: costly enough to
/// compute only at the elements a `where` takes them from (see
/// `fused::build_program`).
pub fn costly_unary_f64(op: UnaryOp) -> Option<fn(f64) -> f64> {
    use UnaryOp::*;
    Some(match op {
        Exp => <f64 as Float>::exp,
        Log => <f64 as Float>::ln,
        Log10 => <f64 as Float>::log10,
        Log2 => <f64 as Float>::log2,
        Sin => <f64 as Float>::sin,
        Cos => <f64 as Float>::cos,
        Tan => <f64 as Float>::tan,
        Arcsin => <f64 as Float>::asin,
        Arccos => <f64 as Float>::acos,
        Arctan => <f64 as Float>::atan,
        Sinh => <f64 as Float>::sinh,
        Cosh => <f64 as Float>::cosh,
        Tanh => <f64 as Float>::tanh,
        Arcsinh => <f64 as Float>::asinh,
        Arccosh => <f64 as Float>::acosh,
        Arctanh => <f64 as Float>::atanh,
        Expm1 => <f64 as Float>::exp_m1,
        Log1p => <f64 as Float>::ln_1p,
        Exp2 => <f64 as Float>::exp2,
        Cbrt => <f64 as Float>::cbrt,
        _ => return None,
    })
}

/// `out[i] = f(x[i])` for the positions `at` only (the other elements of
/// `out` are left as they are); `x` is float64.
pub fn unary_at(f: fn(f64) -> f64, x: &Operand, out: SliceMut<'_>, at: &[u32]) {
    let o = out_slice::<f64>(out);
    match typed::<f64>(x) {
        Opd::V(x) => {
            for &i in at {
                o[i as usize] = f(x[i as usize]);
            }
        }
        Opd::S(v) => {
            let r = f(v);
            for &i in at {
                o[i as usize] = r;
            }
        }
    }
}

/// The positions `from` (all of `0..len` when `None`) where `c` is `taken`,
/// into `to`.
pub fn positions_where(c: &Operand, taken: bool, from: Option<&[u32]>, len: usize, to: &mut Vec<u32>) {
    to.clear();
    match (typed::<bool>(c), from) {
        (Opd::S(v), None) => {
            if v == taken {
                to.extend(0..len as u32)
            }
        }
        (Opd::S(v), Some(f)) => {
            if v == taken {
                to.extend_from_slice(f)
            }
        }
        (Opd::V(c), None) => {
            let c = &c[..len];
            to.resize(len, 0);
            let mut n = 0;
            for (i, &v) in c.iter().enumerate() {
                // Safety: n <= i < len = to.len().
                unsafe { *to.get_unchecked_mut(n) = i as u32 };
                n += (v == taken) as usize;
            }
            to.truncate(n);
        }
        (Opd::V(c), Some(f)) => {
            let c = &c[..len];
            to.resize(f.len(), 0);
            let mut n = 0;
            for &i in f {
                // Safety: n is at most the positions read so far, below
                // f.len() = to.len(); the positions of a
                // space are below the chunk's length.
                unsafe {
                    *to.get_unchecked_mut(n) = i;
                    n += (*c.get_unchecked(i as usize) == taken) as usize;
                }
            }
            to.truncate(n);
        }
    }
}

/// Lanes a select can blend with a mask instead of a branch.
trait Blend: Copy {
    fn blend(c: bool, x: Self, y: Self) -> Self;
}

impl Blend for u64 {
    #[inline(always)]
    fn blend(c: bool, x: u64, y: u64) -> u64 {
        let m = (c as u64).wrapping_neg();
        (x & m) | (y & !m)
    }
}

impl Blend for bool {
    #[inline(always)]
    fn blend(c: bool, x: bool, y: bool) -> bool {
        (c & x) | (!c & y)
    }
}

/// `where(c, x, y)` with one loop per operand shape (a per-element match
/// on the shapes, or a branch per element, keeps rustc from vectorizing).
#[inline(always)]
fn blend<T: Blend>(c: Opd<bool>, x: Opd<T>, y: Opd<T>, o: &mut [T]) {
    match (c, x, y) {
        (Opd::S(c), x, y) => map1(if c { x } else { y }, o, |v| v),
        (Opd::V(c), Opd::V(x), Opd::V(y)) => {
            for (((o, &c), &x), &y) in o.iter_mut().zip(c).zip(x).zip(y) {
                *o = T::blend(c, x, y);
            }
        }
        (Opd::V(c), Opd::V(x), Opd::S(y)) => {
            for ((o, &c), &x) in o.iter_mut().zip(c).zip(x) {
                *o = T::blend(c, x, y);
            }
        }
        (Opd::V(c), Opd::S(x), Opd::V(y)) => {
            for ((o, &c), &y) in o.iter_mut().zip(c).zip(y) {
                *o = T::blend(c, x, y);
            }
        }
        (Opd::V(c), Opd::S(x), Opd::S(y)) => map1(Opd::V(c), o, |c| T::blend(c, x, y)),
    }
}

/// 8-byte elements as their bits.
#[inline(always)]
fn bits<T: Element>(o: Opd<T>) -> Opd<u64> {
    debug_assert_eq!(std::mem::size_of::<T>(), 8);
    match o {
        // Safety: T is a plain 8-byte number type (f64, i64, u64).
        Opd::V(v) => Opd::V(unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u64, v.len()) }),
        Opd::S(v) => Opd::S(unsafe { std::mem::transmute_copy::<T, u64>(&v) }),
    }
}

/// `out[..len] = where(c, x, y)`.
#[inline(always)]
fn select_impl(c: &Operand, x: &Operand, y: &Operand, out: SliceMut<'_>) {
    #[inline(always)]
    fn go<T: Element>(c: Opd<bool>, x: Opd<T>, y: Opd<T>, o: &mut [T]) {
        for (k, o) in o.iter_mut().enumerate() {
            let pick = |v: Opd<T>| match v {
                Opd::V(v) => v[k],
                Opd::S(v) => v,
            };
            let cv = match c {
                Opd::V(v) => v[k],
                Opd::S(v) => v,
            };
            *o = if cv { pick(x) } else { pick(y) };
        }
    }
    #[inline(always)]
    fn wide<T: Element>(c: Opd<bool>, x: &Operand, y: &Operand, out: SliceMut<'_>) {
        let o = out_slice::<T>(out);
        // Safety: as in `bits`.
        let o = unsafe { std::slice::from_raw_parts_mut(o.as_mut_ptr() as *mut u64, o.len()) };
        blend(c, bits(typed::<T>(x)), bits(typed::<T>(y)), o)
    }
    let c = typed::<bool>(c);
    match x.dtype() {
        DType::Float64 => wide::<f64>(c, x, y, out),
        DType::Int64 => wide::<i64>(c, x, y, out),
        DType::UInt64 => wide::<u64>(c, x, y, out),
        DType::Bool => blend(c, typed(x), typed(y), out_slice::<bool>(out)),
        d => with_dtype!(d, T => go::<T>(c, typed(x), typed(y), out_slice::<T>(out))),
    }
}

/// `out[..len] = x` converted C-style to `out`'s dtype.
#[inline(always)]
fn cast_impl(x: &Operand, out: SliceMut<'_>) {
    #[inline(always)]
    fn go<S: Element, D: Element>(x: Opd<S>, o: &mut [D], conv: impl Fn(S) -> D) {
        map1(x, o, conv)
    }
    // The common pairs as plain `as` conversions (they vectorize); float
    // to int conversions follow x86-64's C semantics; everything else goes
    // through the scalar conversion, which the compiler specializes.
    macro_rules! conv {
        ($s:ty, $x:expr, $out:expr) => {
            match $out.dtype() {
                DType::Bool => go::<$s, bool>(typed($x), out_slice($out), |v: $s| v != (0 as $s)),
                DType::Int64 if !<$s as Element>::DTYPE.is_float() => {
                    go::<$s, i64>(typed($x), out_slice($out), |v: $s| v as i64)
                }
                DType::Float32 => go::<$s, f32>(typed($x), out_slice($out), |v: $s| v as f32),
                DType::Float64 => go::<$s, f64>(typed($x), out_slice($out), |v: $s| v as f64),
                d => with_dtype!(d, D => go::<$s, D>(typed($x), out_slice($out), |v: $s| D::from_scalar(v.to_scalar()))),
            }
        };
    }
    match x.dtype() {
        DType::Bool => {
            let v = typed::<bool>(x);
            match out.dtype() {
                DType::Bool => go(v, out_slice(out), |b: bool| b),
                DType::Int32 => go(v, out_slice(out), |b: bool| b as i32),
                DType::Int64 => go(v, out_slice(out), |b: bool| b as i64),
                DType::Float32 => go(v, out_slice(out), |b: bool| b as u8 as f32),
                DType::Float64 => go(v, out_slice(out), |b: bool| b as u8 as f64),
                d => with_dtype!(d, D => go::<bool, D>(v, out_slice(out), |b: bool| D::from_scalar(Scalar::Bool(b)))),
            }
        }
        DType::Int32 => conv!(i32, x, out),
        DType::Int64 => conv!(i64, x, out),
        DType::Float32 => conv!(f32, x, out),
        DType::Float64 => conv!(f64, x, out),
        DType::Int8 => conv!(i8, x, out),
        DType::Int16 => conv!(i16, x, out),
        DType::UInt8 => conv!(u8, x, out),
        DType::UInt16 => conv!(u16, x, out),
        DType::UInt32 => conv!(u32, x, out),
        DType::UInt64 => conv!(u64, x, out),
        DType::Float16 => {
            let v = typed::<f16>(x);
            with_dtype!(out.dtype(), D => go::<f16, D>(v, out_slice(out), |b: f16| D::from_scalar(Scalar::F16(b))))
        }
    }
}

/// Whether this CPU runs the AVX2 copies of the kernels.
#[cfg(target_arch = "x86_64")]
#[inline]
fn avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// Each kernel is compiled twice: for the baseline x86-64 target and, when
/// the CPU has it, for AVX2 (4 doubles per instruction). Both copies do the
/// same IEEE operations in the same order (no FMA contraction), so results
/// are identical.
macro_rules! dispatch {
    ($name:ident, $avx2:ident, $impl:ident, ($($arg:ident: $ty:ty),*)) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        unsafe fn $avx2($($arg: $ty),*) {
            $impl($($arg),*)
        }

        pub fn $name($($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            if avx2() {
                // Safety: the CPU supports AVX2 (checked above).
                return unsafe { $avx2($($arg),*) };
            }
            $impl($($arg),*)
        }
    };
}

dispatch!(unary, unary_avx2, unary_impl, (op: UnaryOp, x: &Operand, out: SliceMut<'_>));
dispatch!(binary, binary_avx2, binary_impl, (op: BinaryOp, a: &Operand, b: &Operand, out: SliceMut<'_>));
dispatch!(select, select_avx2, select_impl, (c: &Operand, x: &Operand, y: &Operand, out: SliceMut<'_>));
dispatch!(cast, cast_avx2, cast_impl, (x: &Operand, out: SliceMut<'_>));

/// Fills `out[..len]` with elements `start..start + len` of a generator.
pub fn generate(op: &Op, start: usize, out: SliceMut<'_>) {
    let len = out.len();
    match op {
        Op::Full(v) => {
            let v = *v;
            with_dtype!(out.dtype(), T => out_slice::<T>(out).fill(T::from_scalar(v)))
        }
        Op::Linspace { start: a, stop, num, endpoint } => {
            // NumPy: arange(num) * step + start, the last one set to stop.
            let (a, stop, num, endpoint) = (*a, *stop, *num, *endpoint);
            let div = if endpoint { num as f64 - 1.0 } else { num as f64 };
            let delta = stop - a;
            let step = delta / div;
            let o = out_slice::<f64>(out);
            if div > 0.0 && step != 0.0 {
                for (k, o) in o.iter_mut().enumerate() {
                    *o = (start + k) as f64 * step + a;
                }
            } else {
                for (k, o) in o.iter_mut().enumerate() {
                    *o = linspace_value(a, stop, num, endpoint, start + k);
                }
            }
            if endpoint && num > 1 && start + len == num {
                o[len - 1] = stop;
            }
        }
        Op::Arange { start: s0, second, delta } => match out.dtype() {
            DType::Float64 => {
                let (s0, s1, d) = (s0.as_f64(), second.as_f64(), delta.as_f64());
                let o = out_slice::<f64>(out);
                for (k, o) in o.iter_mut().enumerate() {
                    *o = s0 + ((start + k) as f64) * d;
                }
                // NumPy stores the first two elements as given.
                for i in start..(start + len).min(2) {
                    o[i - start] = if i == 0 { s0 } else { s1 };
                }
            }
            DType::Float32 => {
                let f = |s: &Scalar| match s {
                    Scalar::F32(v) => *v,
                    other => other.as_f64() as f32,
                };
                let (s0, s1, d) = (f(s0), f(second), f(delta));
                let o = out_slice::<f32>(out);
                for (k, o) in o.iter_mut().enumerate() {
                    let i = start + k;
                    *o = match i {
                        0 => s0,
                        1 => s1,
                        _ => s0 + (i as f32) * d,
                    };
                }
            }
            DType::Float16 => {
                let (s0, s1, d) = (s0.as_f64(), second.as_f64(), delta.as_f64());
                let o = out_slice::<f16>(out);
                for (k, o) in o.iter_mut().enumerate() {
                    let i = start + k;
                    *o = f16::from_f64(match i {
                        0 => s0,
                        1 => s1,
                        _ => s0 + (i as f64) * d,
                    });
                }
            }
            DType::Int64 => {
                // The common case, without a scalar conversion per element.
                let (s0, d) = (s0.as_i64(), delta.as_i64());
                for (k, o) in out_slice::<i64>(out).iter_mut().enumerate() {
                    *o = s0.wrapping_add(((start + k) as i64).wrapping_mul(d));
                }
            }
            _ => {
                let (s0, d) = (s0.as_i64(), delta.as_i64());
                with_dtype!(out.dtype(), T => {
                    let o = out_slice::<T>(out);
                    for (k, o) in o.iter_mut().enumerate() {
                        let v = s0.wrapping_add(((start + k) as i64).wrapping_mul(d));
                        *o = T::from_scalar(Scalar::I64(v));
                    }
                })
            }
        },
        other => unreachable!("not a generator: {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_style_division() {
        assert_eq!(float_divmod(7.0f64, -2.0), (-4.0, -1.0));
        assert_eq!(float_divmod(-7.5f64, 2.0), (-4.0, 0.5));
        assert_eq!((-7i64).floor_div(2), -4);
        assert_eq!((-7i64).py_mod(2), 1);
        assert_eq!(7i64.py_mod(0), 0);
    }

    #[test]
    fn fast_fmod_equals_the_c_library() {
        let mut state = 0x9e3779b97f4a7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for k in 0..2_000_000u32 {
            let r1 = next();
            let r2 = next();
            // Mix magnitudes: wide exponents, near-integer ratios, small ints.
            let (x, y) = match k % 4 {
                0 => (f64::from_bits(r1 >> 2 | 0x3000_0000_0000_0000), f64::from_bits(r2 >> 2 | 0x3000_0000_0000_0000)),
                1 => ((r1 % 1_000_000) as f64 * 0.37, ((r2 % 997) + 1) as f64 * 0.01),
                2 => {
                    let y = ((r2 % 1000) as f64 + 1.0) / 7.0;
                    (y * (r1 % 100_000) as f64, y)
                }
                _ => ((r1 % 10_000_000) as f64, ((r2 % 50) + 1) as f64),
            };
            let (x, y) = if r1 & 1 == 1 { (-x, y) } else { (x, -y) };
            let want = unsafe { fmod(x, y) };
            let got = c_fmod_f64(x, y);
            assert_eq!(got.to_bits(), want.to_bits(), "fmod({x:e}, {y:e})");
            let mut o = [0.0f64; 1];
            mod_f64(Opd::S(x), Opd::V(&[y]), &mut o);
            assert_eq!(o[0].to_bits(), float_mod(x, y).to_bits(), "remainder({x:e}, {y:e})");
        }
    }

    #[test]
    fn remainder_special_values() {
        for (x, y) in [(1.0, 0.0), (f64::INFINITY, 2.0), (f64::NAN, 1.0), (5.0, f64::INFINITY), (-5.0, f64::INFINITY), (-0.0, 3.0), (6.0, -3.0), (1e300, 3.0), (3.0, 1e-300)] {
            let mut o = [0.0f64; 1];
            mod_f64(Opd::V(&[x]), Opd::S(y), &mut o);
            assert_eq!(o[0].to_bits(), float_mod(x, y).to_bits(), "remainder({x:e}, {y:e})");
        }
    }

    #[test]
    fn maximum_ties_and_nan() {
        assert!(nan_max(f64::NAN, 1.0).is_nan());
        assert!(nan_max(1.0, f64::NAN).is_nan());
        assert!(nan_max(-0.0f64, 0.0).is_sign_positive());
        assert!(nan_max(0.0f64, -0.0).is_sign_negative());
    }
}
