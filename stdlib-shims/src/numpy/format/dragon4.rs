//! NumPy's float-to-text conversion (the "Dragon4" printer behind
//! `np.format_float_positional` / `np.format_float_scientific`), in "unique"
//! digit mode: the shortest digits that round-trip, optionally cut off after
//! `precision` digits and extended to `min_digits` digits, with NumPy's
//! rounding (correct rounding, ties to the even digit, except that a digit
//! past the uniqueness point rounds toward the neighbour-free side) and its
//! trimming / padding conventions; and in "exact" mode (`unique=False`):
//! the exact value's digits up to `precision` (fewer when they end
//! sooner), correctly rounded.

use super::bigint::BigUint;

/// How trailing zeros and the decimal point are treated (NumPy's `trim=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Trim {
    /// 'k': keep trailing zeros and the decimal point.
    Keep,
    /// '.': trim trailing zeros, keep the decimal point.
    Zeros,
    /// '0': trim trailing zeros but leave one zero after the point.
    LeaveOneZero,
    /// '-': trim trailing zeros and a trailing decimal point.
    DotAndZeros,
}

/// A float decomposed the way Dragon4 wants it: value = mantissa * 2^exponent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Binary {
    mantissa: u64,
    exponent: i32,
    /// Index of the highest set bit of the mantissa.
    mantissa_bit: u32,
    /// The gap to the next float below is half the gap above (powers of two).
    unequal_margins: bool,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Decomposed {
    Finite { negative: bool, binary: Binary },
    Inf { negative: bool },
    Nan,
}

fn decompose(bits: u64, mantissa_bits: u32, exponent_bits: u32) -> Decomposed {
    let frac_mask = (1u64 << mantissa_bits) - 1;
    let exp_mask = (1u64 << exponent_bits) - 1;
    let frac = bits & frac_mask;
    let biased = (bits >> mantissa_bits) & exp_mask;
    let negative = (bits >> (mantissa_bits + exponent_bits)) & 1 == 1;
    let bias = (exp_mask >> 1) as i32;
    if biased == exp_mask {
        return if frac == 0 { Decomposed::Inf { negative } } else { Decomposed::Nan };
    }
    let binary = if biased != 0 {
        Binary {
            mantissa: (1u64 << mantissa_bits) | frac,
            exponent: biased as i32 - bias - mantissa_bits as i32,
            mantissa_bit: mantissa_bits,
            unequal_margins: biased != 1 && frac == 0,
        }
    } else {
        Binary {
            mantissa: frac,
            exponent: 1 - bias - mantissa_bits as i32,
            mantissa_bit: 63u32.saturating_sub(frac.leading_zeros()),
            unequal_margins: false,
        }
    };
    Decomposed::Finite { negative, binary }
}

pub(crate) fn decompose_f64(x: f64) -> Decomposed {
    decompose(x.to_bits(), 52, 11)
}

pub(crate) fn decompose_f16(x: super::f16) -> Decomposed {
    decompose(x.to_bits() as u64, 10, 5)
}

pub(crate) fn decompose_f32(x: f32) -> Decomposed {
    decompose(x.to_bits() as u64, 23, 8)
}

/// Whether `precision` / `min_digits` count all significant digits or only
/// the digits after the decimal point.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cutoff {
    TotalLength,
    FractionLength,
}

/// Digits with the decimal exponent of the first one.
struct Digits {
    digits: Vec<u8>,
    first_exponent: i32,
}

/// Largest number of digits ever generated (NumPy's output buffer size).
const MAX_DIGITS: i32 = 16384;

/// Dragon4. `cutoff_max` / `cutoff_min` are -1 for "none". Unique mode
/// stops at the shortest digits that identify the value (but not before
/// `cutoff_min`); `exact` mode (NumPy's `unique=False`) prints the exact
/// value's digits up to `cutoff_max`, the last one correctly rounded (ties to
/// the even digit).
fn dragon4(b: Binary, cutoff: Cutoff, cutoff_max: i32, cutoff_min: i32, exact: bool) -> Digits {
    if b.mantissa == 0 {
        return Digits { digits: vec![b'0'], first_exponent: 0 };
    }
    let is_even = b.mantissa.is_multiple_of(2);
    // value = scaled_value / scale; margins are half the gaps to the neighbours.
    let extra = if b.unequal_margins { 2 } else { 1 };
    let mut scaled_value = BigUint::from_u64(b.mantissa);
    let mut scale;
    let mut margin_low;
    if b.exponent > 0 {
        scaled_value.shl(b.exponent as u32 + extra);
        scale = BigUint::pow2(extra);
        margin_low = BigUint::pow2(b.exponent as u32);
    } else {
        scaled_value.shl(extra);
        scale = BigUint::pow2((-b.exponent) as u32 + extra);
        margin_low = BigUint::from_u64(1);
    }
    let margin_high_factor: u32 = if b.unequal_margins { 2 } else { 1 };

    // Estimate of floor(log10(v)) + 1, correct or one too low.
    let mut digit_exponent = (((b.mantissa_bit as i32 + b.exponent) as f64)
        * std::f64::consts::LOG10_2
        - 0.69)
        .ceil() as i32;
    if cutoff_max >= 0 && cutoff == Cutoff::FractionLength && digit_exponent <= -cutoff_max {
        digit_exponent = -cutoff_max + 1;
    }
    if digit_exponent > 0 {
        scale.mul_pow10(digit_exponent as u32);
    } else if digit_exponent < 0 {
        scaled_value.mul_pow10((-digit_exponent) as u32);
        margin_low.mul_pow10((-digit_exponent) as u32);
    }
    if scaled_value >= scale {
        digit_exponent += 1;
    } else {
        scaled_value.mul_small(10);
        margin_low.mul_small(10);
    }

    let mut cutoff_max_exponent = digit_exponent - MAX_DIGITS;
    if cutoff_max >= 0 {
        let desired = match cutoff {
            Cutoff::TotalLength => digit_exponent - cutoff_max,
            Cutoff::FractionLength => -cutoff_max,
        };
        cutoff_max_exponent = cutoff_max_exponent.max(desired);
    }
    let mut cutoff_min_exponent = digit_exponent;
    if cutoff_min >= 0 {
        let desired = match cutoff {
            Cutoff::TotalLength => digit_exponent - cutoff_min,
            Cutoff::FractionLength => -cutoff_min,
        };
        cutoff_min_exponent = cutoff_min_exponent.min(desired);
    }
    let first_exponent = digit_exponent - 1;

    let mut digits = Vec::new();
    let (digit, low, high) = loop {
        digit_exponent -= 1;
        let digit = scaled_value.div_rem_small_quotient(&scale);
        let mut margin_high = margin_low.clone();
        margin_high.mul_small(margin_high_factor);
        let value_high = scaled_value.add(&margin_high);
        let low = if is_even { scaled_value <= margin_low } else { scaled_value < margin_low };
        let high = if is_even { value_high >= scale } else { value_high > scale };
        if exact {
            // Exact mode also stops when the value's digits run out.
            if digit_exponent == cutoff_max_exponent || scaled_value.is_zero() {
                break (digit as u8, false, false);
            }
        } else if ((low || high) && digit_exponent <= cutoff_min_exponent)
            || digit_exponent == cutoff_max_exponent
        {
            break (digit as u8, low, high);
        }
        digits.push(b'0' + digit as u8);
        scaled_value.mul_small(10);
        margin_low.mul_small(10);
    };

    let mut round_down = low;
    if low == high {
        scaled_value.mul_small(2);
        round_down = match scaled_value.cmp(&scale) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => digit % 2 == 0,
            std::cmp::Ordering::Greater => false,
        };
    }
    let mut first_exponent = first_exponent;
    if round_down {
        digits.push(b'0' + digit);
    } else if digit < 9 {
        digits.push(b'0' + digit + 1);
    } else {
        // Carry through trailing nines, which disappear.
        loop {
            match digits.pop() {
                None => {
                    digits.push(b'1');
                    first_exponent += 1;
                    break;
                }
                Some(b'9') => continue,
                Some(d) => {
                    digits.push(d + 1);
                    break;
                }
            }
        }
    }
    Digits { digits, first_exponent }
}

fn sign_prefix(negative: bool, sign_plus: bool) -> &'static str {
    if negative {
        "-"
    } else if sign_plus {
        "+"
    } else {
        ""
    }
}

fn inf_nan(d: Decomposed, sign_plus: bool) -> Option<String> {
    match d {
        Decomposed::Finite { .. } => None,
        Decomposed::Inf { negative } => Some(format!("{}inf", sign_prefix(negative, sign_plus))),
        Decomposed::Nan => Some("nan".to_string()),
    }
}

/// Strips trailing zeros after the point per `trim`; returns the new count of
/// fraction digits. `s` ends with the fraction digits (or the point).
fn trim_trailing(s: &mut String, mut frac_digits: i32, trim: Trim, drop_dot: bool) -> i32 {
    if trim != Trim::Keep && frac_digits > 0 {
        while s.ends_with('0') {
            s.pop();
            frac_digits -= 1;
        }
        if s.ends_with('.') {
            if trim == Trim::LeaveOneZero {
                s.push('0');
                frac_digits += 1;
            } else if trim == Trim::DotAndZeros && drop_dot {
                s.pop();
            }
        }
    }
    frac_digits
}

/// Options of `dragon4_positional` (-1 means "not given", as in NumPy).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Positional {
    pub precision: i32,
    pub min_digits: i32,
    /// `precision`/`min_digits` count digits after the point (else all digits).
    pub fractional: bool,
    pub trim: Trim,
    pub sign_plus: bool,
    pub pad_left: i32,
    pub pad_right: i32,
}

pub(crate) fn positional(d: Decomposed, o: &Positional) -> String {
    positional_mode(d, o, false)
}

/// `positional` in unique mode or (`exact`, NumPy's `unique=False`) exact
/// mode, which pads with zeros to `precision` digits.
pub(crate) fn positional_mode(d: Decomposed, o: &Positional, exact: bool) -> String {
    if let Some(s) = inf_nan(d, o.sign_plus) {
        return s;
    }
    let Decomposed::Finite { negative, binary } = d else { unreachable!() };
    let cutoff = if o.fractional { Cutoff::FractionLength } else { Cutoff::TotalLength };
    let Digits { digits, first_exponent } = dragon4(binary, cutoff, o.precision, o.min_digits, exact);
    let sign = sign_prefix(negative, o.sign_plus);
    let mut s = String::from(sign);
    let n = digits.len() as i32;
    let whole_digits;
    let mut frac_digits = 0;
    if first_exponent >= 0 {
        whole_digits = first_exponent + 1;
        if n <= whole_digits {
            s.extend(digits.iter().map(|&c| c as char));
            s.push_str(&"0".repeat((whole_digits - n) as usize));
        } else {
            let (w, f) = digits.split_at(whole_digits as usize);
            s.extend(w.iter().map(|&c| c as char));
            s.push('.');
            s.extend(f.iter().map(|&c| c as char));
            frac_digits = n - whole_digits;
        }
    } else {
        whole_digits = 1;
        let zeros = -(first_exponent + 1);
        s.push_str("0.");
        s.push_str(&"0".repeat(zeros as usize));
        s.extend(digits.iter().map(|&c| c as char));
        frac_digits = n + zeros;
    }
    if o.trim != Trim::DotAndZeros && frac_digits == 0 {
        s.push('.');
    }
    let add_digits = if exact { o.precision } else { o.min_digits };
    let desired_frac = match cutoff {
        Cutoff::TotalLength => add_digits - whole_digits,
        Cutoff::FractionLength => add_digits.max(0),
    };
    if o.trim == Trim::LeaveOneZero {
        if frac_digits == 0 {
            s.push('0');
            frac_digits += 1;
        }
    } else if o.trim == Trim::Keep && desired_frac > frac_digits {
        s.push_str(&"0".repeat((desired_frac - frac_digits) as usize));
        frac_digits = desired_frac;
    }
    frac_digits = trim_trailing(&mut s, frac_digits, o.trim, true);
    if o.pad_right >= frac_digits {
        if o.trim == Trim::DotAndZeros && frac_digits == 0 {
            s.push(' ');
        }
        s.push_str(&" ".repeat((o.pad_right - frac_digits) as usize));
    }
    let has_sign = sign.len() as i32;
    if o.pad_left > whole_digits + has_sign {
        let shift = (o.pad_left - whole_digits - has_sign) as usize;
        s.insert_str(0, &" ".repeat(shift));
    }
    s
}

/// Options of `dragon4_scientific` (-1 means "not given", as in NumPy).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scientific {
    pub precision: i32,
    pub min_digits: i32,
    pub trim: Trim,
    pub sign_plus: bool,
    pub pad_left: i32,
    pub exp_digits: i32,
}

pub(crate) fn scientific(d: Decomposed, o: &Scientific) -> String {
    scientific_mode(d, o, false)
}

/// `scientific` in unique mode or (`exact`) exact mode, as `positional_mode`.
pub(crate) fn scientific_mode(d: Decomposed, o: &Scientific, exact: bool) -> String {
    if let Some(s) = inf_nan(d, o.sign_plus) {
        return s;
    }
    let Decomposed::Finite { negative, binary } = d else { unreachable!() };
    let sign = sign_prefix(negative, o.sign_plus);
    let left_chars = 1 + sign.len() as i32;
    let mut s = String::new();
    if o.pad_left > left_chars {
        s.push_str(&" ".repeat((o.pad_left - left_chars) as usize));
    }
    s.push_str(sign);
    let Digits { digits, first_exponent } = dragon4(
        binary,
        Cutoff::TotalLength,
        if o.precision < 0 { -1 } else { o.precision + 1 },
        if o.min_digits < 0 { -1 } else { o.min_digits + 1 },
        exact,
    );
    s.push(digits[0] as char);
    let mut frac_digits = digits.len() as i32 - 1;
    if frac_digits > 0 {
        s.push('.');
        s.extend(digits[1..].iter().map(|&c| c as char));
    }
    if o.trim != Trim::DotAndZeros && frac_digits == 0 {
        s.push('.');
    }
    let add_digits = (if exact { o.precision } else { o.min_digits }).max(0);
    if o.trim == Trim::LeaveOneZero {
        if frac_digits == 0 {
            s.push('0');
            frac_digits += 1;
        }
    } else if o.trim == Trim::Keep && add_digits > frac_digits {
        s.push_str(&"0".repeat((add_digits - frac_digits) as usize));
        frac_digits = add_digits;
    }
    // NumPy's scientific trimming never removes the decimal point itself.
    trim_trailing(&mut s, frac_digits, o.trim, false);

    let exp_digits = if o.exp_digits < 0 { 2 } else { o.exp_digits.min(5) } as usize;
    s.push('e');
    s.push(if first_exponent >= 0 { '+' } else { '-' });
    // NumPy writes no digit for a zero exponent: only the padding shows it.
    let e = if first_exponent == 0 { String::new() } else { first_exponent.unsigned_abs().to_string() };
    if e.len() < exp_digits {
        s.push_str(&"0".repeat(exp_digits - e.len()));
    }
    s.push_str(&e);
    s
}
