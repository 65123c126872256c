//! `str` / `repr` of NumPy scalars (`np.float64(1.5)`, `np.int32(3)`, `np.True_`).

use super::dragon4::{self, Decomposed, Positional, Scientific, Trim};
use super::Scalar;

/// NumPy's float scalar str: shortest round-trip digits, positional for
/// 1e-4 <= |x| < max_positional (and for 0 and nan), scientific otherwise.
fn float_str(d: Decomposed, abs: f64, is_nan: bool, max_positional: f64) -> String {
    float_str_with(d, abs, is_nan, max_positional, Trim::LeaveOneZero, false)
}

/// `float_str` with the trim mode for positional output and the sign='+'
/// option (complex scalars print `1` and `+2`, not `1.0`).
fn float_str_with(d: Decomposed, abs: f64, is_nan: bool, max_positional: f64, trim: Trim, sign_plus: bool) -> String {
    let positional = is_nan || abs == 0.0 || (abs < max_positional && abs >= 1e-4);
    if positional {
        dragon4::positional(
            d,
            &Positional {
                precision: -1,
                min_digits: -1,
                fractional: false,
                trim,
                sign_plus,
                pad_left: -1,
                pad_right: -1,
            },
        )
    } else {
        dragon4::scientific(
            d,
            &Scientific {
                precision: -1,
                min_digits: -1,
                trim: Trim::DotAndZeros,
                sign_plus,
                pad_left: -1,
                exp_digits: -1,
            },
        )
    }
}

pub(crate) fn scalar_str(x: Scalar) -> String {
    match x {
        Scalar::Float64(v) => float_str(dragon4::decompose_f64(v), v.abs(), v.is_nan(), 1e16),
        // A float32 widens exactly, so comparing as f64 equals NumPy's
        // comparison against long double constants.
        Scalar::Float32(v) => {
            float_str(dragon4::decompose_f32(v), (v as f64).abs(), v.is_nan(), 1e6)
        }
        Scalar::Int64(v) => v.to_string(),
        Scalar::Int32(v) => v.to_string(),
        Scalar::Int8(v) => v.to_string(),
        Scalar::Int16(v) => v.to_string(),
        Scalar::UInt8(v) => v.to_string(),
        Scalar::UInt16(v) => v.to_string(),
        Scalar::UInt32(v) => v.to_string(),
        Scalar::UInt64(v) => v.to_string(),
        Scalar::Float16(v) => float_str(dragon4::decompose_f16(v), (v.to_f64()).abs(), v.is_nan(), 1e3),
        Scalar::Bool(v) => if v { "True" } else { "False" }.to_string(),
        Scalar::Complex64(re, im) => complex_str(re as f64, im as f64, |v, plus| {
            let v = v as f32;
            float_str_with(dragon4::decompose_f32(v), (v as f64).abs(), v.is_nan(), 1e6, Trim::DotAndZeros, plus)
        }),
        Scalar::Complex128(re, im) => complex_str(re, im, |v, plus| {
            float_str_with(dragon4::decompose_f64(v), v.abs(), v.is_nan(), 1e16, Trim::DotAndZeros, plus)
        }),
    }
}

/// NumPy's complex scalar str: `2j` when the real part is +0, else
/// `(re+imj)`, non-finite parts spelled `nan` / `inf`.
fn complex_str(re: f64, im: f64, part: impl Fn(f64, bool) -> String) -> String {
    if re == 0.0 && re.is_sign_positive() {
        return format!("{}j", part(im, false));
    }
    let r = if re.is_finite() { part(re, false) } else if re.is_nan() { "nan".into() } else if re > 0.0 { "inf".into() } else { "-inf".into() };
    let i = if im.is_finite() { part(im, true) } else if im.is_nan() { "+nan".into() } else if im > 0.0 { "+inf".into() } else { "-inf".into() };
    format!("({r}{i}j)")
}

pub(crate) fn scalar_repr(x: Scalar) -> String {
    match x {
        Scalar::Bool(true) => "np.True_".to_string(),
        Scalar::Bool(false) => "np.False_".to_string(),
        // `np.complex128(1+2j)`: the str's parentheses become the call's.
        Scalar::Complex64(..) | Scalar::Complex128(..) => {
            let s = scalar_str(x);
            let inner = s.strip_prefix('(').and_then(|s| s.strip_suffix(')')).unwrap_or(&s);
            format!("np.{}({inner})", x.dtype().name())
        }
        _ => format!("np.{}({})", x.dtype().name(), scalar_str(x)),
    }
}
