//! `extern "C"` helpers that generated code calls for ops it does not inline.
//! Their arithmetic is `hipy_optimizer::semantics`, the same functions that constant
//! folding uses. The divisor is never zero here (the code exits before the call).

use hipy_optimizer::semantics;

pub extern "C" fn float_floordiv(a: f64, b: f64) -> f64 {
    semantics::float_floordiv(a, b).unwrap_or(f64::NAN)
}

pub extern "C" fn float_mod(a: f64, b: f64) -> f64 {
    semantics::float_mod(a, b).unwrap_or(f64::NAN)
}
