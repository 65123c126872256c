//! `str` / `repr` of NumPy scalars (`np.float64(1.5)`, `np.int32(3)`, `np.True_`).

use super::dragon4::{self, Decomposed, Positional, Scientific, Trim};
use super::Scalar;

/// NumPy's float scalar str: shortest round-trip digits, positional for
/// 1e-4 <= |x| < max_positional (and for 0 and nan), scientific otherwise.
fn float_str(d: Decomposed, abs: f64, is_nan: bool, max_positional: f64) -> String {
    let positional = is_nan || abs == 0.0 || (abs < max_positional && abs >= 1e-4);
    if positional {
        dragon4::positional(
            d,
            &Positional {
                precision: -1,
                min_digits: -1,
                fractional: false,
                trim: Trim::LeaveOneZero,
                sign_plus: false,
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
                sign_plus: false,
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
    }
}

pub(crate) fn scalar_repr(x: Scalar) -> String {
    match x {
        Scalar::Bool(true) => "np.True_".to_string(),
        Scalar::Bool(false) => "np.False_".to_string(),
        _ => format!("np.{}({})", x.dtype().name(), scalar_str(x)),
    }
}
