//! What each op computes, in Python terms, on constants.
//!
//! Constant folding evaluates ops with these functions, and the backend calls the float
//! floor-division and modulo functions from its code, so folded and compiled results
//! agree by construction. `None` means "this op exits here" (overflow, zero divisor,
//! negative shift count).

use crate::ir::{Opcode, Operand};

/// Python `a // b` on ints that fit in an i64.
pub fn int_floordiv(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?; // None for MIN / -1, whose result does not fit
    let r = a - q * b;
    Some(if r != 0 && (r < 0) != (b < 0) {
        q - 1
    } else {
        q
    })
}

/// Python `a % b` on ints: the result has the sign of `b`.
pub fn int_mod(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let r = a.wrapping_rem(b); // MIN % -1 == 0
    Some(if r != 0 && (r < 0) != (b < 0) {
        r + b
    } else {
        r
    })
}

/// Python `a << b` when the result fits in an i64.
pub fn int_lshift(a: i64, b: i64) -> Option<i64> {
    if !(0..64).contains(&b) {
        return if b >= 64 && a == 0 { Some(0) } else { None };
    }
    let r = a << b;
    if r >> b == a {
        Some(r)
    } else {
        None
    }
}

/// Python `a >> b` (arithmetic); `None` for a negative count.
pub fn int_rshift(a: i64, b: i64) -> Option<i64> {
    if b < 0 {
        None
    } else {
        Some(a >> b.min(63))
    }
}

/// Python `a // b` on floats (CPython's `float_floor_div`); `None` for a zero divisor.
pub fn float_floordiv(a: f64, b: f64) -> Option<f64> {
    float_divmod(a, b).map(|(d, _)| d)
}

/// Python `a % b` on floats (CPython's `float_rem`); `None` for a zero divisor.
pub fn float_mod(a: f64, b: f64) -> Option<f64> {
    if b == 0.0 {
        return None;
    }
    let m = a % b; // C fmod
    Some(if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m + b
        } else {
            m
        }
    } else {
        0.0f64.copysign(b)
    })
}

/// Python `divmod(a, b)` on floats; `None` for a zero divisor.
pub fn float_divmod(a: f64, b: f64) -> Option<(f64, f64)> {
    if b == 0.0 {
        return None;
    }
    let mut m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(b);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0f64.copysign(a / b)
    };
    Some((floordiv, m))
}

/// Whether an op with these arguments can exit at run time. Ops that may exit need a
/// snapshot unless their constant arguments rule every exit out.
pub fn can_exit(opcode: Opcode, args: &[Operand]) -> bool {
    use Opcode::*;
    let divisor = args.get(1).copied();
    match opcode {
        IntFloorDiv => !matches!(divisor, Some(Operand::Int(d)) if d != 0 && d != -1),
        IntMod => !matches!(divisor, Some(Operand::Int(d)) if d != 0),
        IntRshift => !matches!(divisor, Some(Operand::Int(d)) if d >= 0),
        FloatDiv | FloatFloorDiv | FloatMod => {
            !matches!(divisor, Some(Operand::Float(bits)) if f64::from_bits(bits) != 0.0)
        }
        op => op.may_exit(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_floor_semantics_extremes() {
        assert_eq!(int_floordiv(i64::MIN, -1), None);
        assert_eq!(int_mod(i64::MIN, -1), Some(0));
        assert_eq!(int_floordiv(7, 0), None);
        assert_eq!(int_lshift(1, 63), None);
        assert_eq!(int_lshift(-1, 63), Some(i64::MIN));
        assert_eq!(int_lshift(0, 200), Some(0));
        assert_eq!(int_rshift(-5, 1000), Some(-1));
        assert_eq!(int_rshift(5, -1), None);
    }
}
