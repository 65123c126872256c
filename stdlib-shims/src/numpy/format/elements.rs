//! Per-element formatters for arrays, mirroring NumPy's `FloatingFormat`,
//! `IntegerFormat` and `BoolFormat` under the default print options
//! (precision=8, floatmode='maxprec', suppress=False, sign='-'). Each is built
//! from all the elements that will be shown, then formats one element so that
//! all line up.

use super::dragon4::{self, Decomposed, Positional, Scientific, Trim};

const NAN_STR: &str = "nan";
const INF_STR: &str = "inf";

/// The float types NumPy prints; comparisons in `FloatFormat::new` happen in
/// the element's own precision, as NumPy 2 does with its scalars.
pub(crate) trait Float: Copy + PartialOrd {
    fn decompose(self) -> Decomposed;
    fn is_finite(self) -> bool;
    fn is_nan(self) -> bool;
    fn abs(self) -> Self;
    fn is_zero(self) -> bool;
    fn is_negative(self) -> bool;
    /// Python float converted to this type (NumPy 2's weak promotion).
    fn from_f64(x: f64) -> Self;
    fn div(self, other: Self) -> Self;
    /// `10.**min(8, np.finfo(dtype).precision)`.
    const EXP_CUTOFF_MAX: f64;
}

impl Float for f64 {
    fn decompose(self) -> Decomposed {
        dragon4::decompose_f64(self)
    }
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
    fn abs(self) -> Self {
        f64::abs(self)
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn is_negative(self) -> bool {
        self < 0.0
    }
    fn from_f64(x: f64) -> Self {
        x
    }
    fn div(self, other: Self) -> Self {
        self / other
    }
    const EXP_CUTOFF_MAX: f64 = 1e8;
}

impl Float for f32 {
    fn decompose(self) -> Decomposed {
        dragon4::decompose_f32(self)
    }
    fn is_finite(self) -> bool {
        f32::is_finite(self)
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
    fn abs(self) -> Self {
        f32::abs(self)
    }
    fn is_zero(self) -> bool {
        self == 0.0
    }
    fn is_negative(self) -> bool {
        self < 0.0
    }
    fn from_f64(x: f64) -> Self {
        x as f32
    }
    fn div(self, other: Self) -> Self {
        self / other
    }
    const EXP_CUTOFF_MAX: f64 = 1e6;
}

impl Float for super::f16 {
    fn decompose(self) -> Decomposed {
        dragon4::decompose_f16(self)
    }
    fn is_finite(self) -> bool {
        super::f16::is_finite(self)
    }
    fn is_nan(self) -> bool {
        super::f16::is_nan(self)
    }
    fn abs(self) -> Self {
        super::f16::from_f32(self.to_f32().abs())
    }
    fn is_zero(self) -> bool {
        self.to_f32() == 0.0
    }
    fn is_negative(self) -> bool {
        self.to_f32() < 0.0
    }
    fn from_f64(x: f64) -> Self {
        super::f16::from_f64(x)
    }
    fn div(self, other: Self) -> Self {
        super::f16::from_f32(self.to_f32() / other.to_f32())
    }
    const EXP_CUTOFF_MAX: f64 = 1e3;
}

/// NumPy's `FloatingFormat` for floatmode='maxprec'.
pub(crate) struct FloatFormat {
    exp_format: bool,
    precision: i32,
    min_digits: i32,
    trim: Trim,
    pad_left: i32,
    pad_right: i32,
    exp_size: i32,
    /// sign='+' (the imaginary parts of complex arrays): a sign on every value.
    sign_plus: bool,
}

impl FloatFormat {
    pub(crate) fn new<T: Float>(data: &[T]) -> Self {
        Self::with_sign(data, false)
    }

    /// NumPy's `FloatingFormat(data, sign='+' if sign_plus else '-')`.
    pub(crate) fn with_sign<T: Float>(data: &[T], sign_plus: bool) -> Self {
        let finite: Vec<T> = data.iter().copied().filter(|x| x.is_finite()).collect();
        let mut exp_format = false;
        let mut abs_non_zero = finite.iter().filter(|x| !x.is_zero()).map(|x| x.abs());
        if let Some(first) = abs_non_zero.next() {
            let (mut max_val, mut min_val) = (first, first);
            for v in abs_non_zero {
                if v > max_val {
                    max_val = v;
                }
                if v < min_val {
                    min_val = v;
                }
            }
            exp_format = max_val >= T::from_f64(T::EXP_CUTOFF_MAX)
                || (!super::options::suppress()
                    && (min_val < T::from_f64(0.0001) || max_val.div(min_val) > T::from_f64(1000.0)));
        }

        let mut f = FloatFormat {
            exp_format,
            precision: super::options::precision(),
            min_digits: -1,
            trim: Trim::Zeros,
            pad_left: 0,
            pad_right: 0,
            exp_size: -1,
            sign_plus,
        };
        if finite.is_empty() {
            // Only non-finite values: the defaults above.
        } else if exp_format {
            let opts = Scientific {
                precision: super::options::precision(),
                min_digits: -1,
                trim: Trim::Zeros,
                sign_plus,
                pad_left: -1,
                exp_digits: -1,
            };
            let (mut int_len, mut frac_len, mut exp_len) = (0, 0, 0);
            for x in &finite {
                let s = dragon4::scientific(x.decompose(), &opts);
                let (mantissa, exp) = s.split_once('e').unwrap_or((&s, ""));
                let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
                int_len = int_len.max(int_part.len());
                frac_len = frac_len.max(frac_part.len());
                exp_len = exp_len.max(exp.len());
            }
            f.exp_size = exp_len as i32 - 1;
            f.trim = Trim::Keep;
            f.precision = frac_len as i32;
            f.min_digits = frac_len as i32;
            f.pad_left = int_len as i32;
            f.pad_right = f.exp_size + 2 + f.precision;
        } else {
            let opts = Positional {
                precision: super::options::precision(),
                min_digits: -1,
                fractional: true,
                trim: Trim::Zeros,
                sign_plus,
                pad_left: -1,
                pad_right: -1,
            };
            let (mut int_len, mut frac_len) = (0, 0);
            for x in &finite {
                let s = dragon4::positional(x.decompose(), &opts);
                let (int_part, frac_part) = s.split_once('.').unwrap_or((&s, ""));
                int_len = int_len.max(int_part.len());
                frac_len = frac_len.max(frac_part.len());
            }
            f.pad_left = int_len as i32;
            f.pad_right = frac_len as i32;
            f.min_digits = 0;
        }

        if finite.len() != data.len() {
            let neg_inf = sign_plus || data.iter().any(|x| !x.is_finite() && !x.is_nan() && x.is_negative());
            let offset = f.pad_right + 1;
            f.pad_left = f
                .pad_left
                .max(NAN_STR.len() as i32 - offset)
                .max(INF_STR.len() as i32 + neg_inf as i32 - offset);
        }
        f
    }

    pub(crate) fn format<T: Float>(&self, x: T) -> String {
        if !x.is_finite() {
            let plus = if self.sign_plus { "+" } else { "" };
            let s = if x.is_nan() {
                format!("{plus}{NAN_STR}")
            } else if x.is_negative() {
                format!("-{INF_STR}")
            } else {
                format!("{plus}{INF_STR}")
            };
            let width = (self.pad_left + self.pad_right + 1).max(0) as usize;
            return format!("{s:>width$}");
        }
        if self.exp_format {
            dragon4::scientific(
                x.decompose(),
                &Scientific {
                    precision: self.precision,
                    min_digits: self.min_digits,
                    trim: self.trim,
                    sign_plus: self.sign_plus,
                    pad_left: self.pad_left,
                    exp_digits: self.exp_size,
                },
            )
        } else {
            dragon4::positional(
                x.decompose(),
                &Positional {
                    precision: self.precision,
                    min_digits: self.min_digits,
                    fractional: true,
                    trim: self.trim,
                    sign_plus: self.sign_plus,
                    pad_left: self.pad_left,
                    pad_right: self.pad_right,
                },
            )
        }
    }
}

/// NumPy's `IntegerFormat`: right-aligned to the widest of max and min.
pub(crate) struct IntFormat {
    width: usize,
}

impl IntFormat {
    pub(crate) fn new<T: Copy + Ord + ToString>(data: &[T]) -> Self {
        let max = data.iter().max();
        let min = data.iter().min();
        let width = match (max, min) {
            (Some(max), Some(min)) => max.to_string().len().max(min.to_string().len()),
            _ => 0,
        };
        IntFormat { width }
    }

    pub(crate) fn format<T: ToString>(&self, x: T) -> String {
        let width = self.width;
        format!("{:>width$}", x.to_string())
    }
}

/// NumPy's `BoolFormat`: " True" lines up with "False", except in 0-d arrays.
pub(crate) struct BoolFormat {
    zero_d: bool,
}

impl BoolFormat {
    pub(crate) fn new(zero_d: bool) -> Self {
        BoolFormat { zero_d }
    }

    pub(crate) fn format(&self, x: bool) -> String {
        match (x, self.zero_d) {
            (true, true) => "True".to_string(),
            (true, false) => " True".to_string(),
            (false, _) => "False".to_string(),
        }
    }
}
