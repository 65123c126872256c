//! Element types and NumPy 2's type promotion (NEP 50).

use std::fmt;

/// The element types hipy's numpy supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    Bool,
    Int32,
    Int64,
    Float32,
    Float64,
    Int8,
    Int16,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
}

/// Every dtype, in NumPy's promotion order (the first one that both
/// operands cast to safely is their common type).
pub const PROMOTION_ORDER: [DType; 12] = [
    DType::Bool,
    DType::UInt8,
    DType::Int8,
    DType::UInt16,
    DType::Int16,
    DType::UInt32,
    DType::Int32,
    DType::UInt64,
    DType::Int64,
    DType::Float16,
    DType::Float32,
    DType::Float64,
];

impl DType {
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float16 => "float16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
        }
    }

    pub fn from_name(name: &str) -> Option<DType> {
        let name = name.strip_prefix('=').or_else(|| name.strip_prefix('<')).or_else(|| name.strip_prefix('|')).unwrap_or(name);
        Some(match name {
            "bool" | "bool_" | "?" | "b1" => DType::Bool,
            "int8" | "i1" | "b" | "byte" => DType::Int8,
            "int16" | "i2" | "h" | "short" => DType::Int16,
            "int32" | "i4" | "i" | "intc" => DType::Int32,
            "int64" | "int" | "i8" | "int_" | "intp" | "l" | "q" | "long" | "longlong" | "p" => DType::Int64,
            "uint8" | "u1" | "B" | "ubyte" => DType::UInt8,
            "uint16" | "u2" | "H" | "ushort" => DType::UInt16,
            "uint32" | "u4" | "I" | "uintc" => DType::UInt32,
            "uint64" | "u8" | "uint" | "uintp" | "L" | "Q" | "ulong" | "ulonglong" | "P" => DType::UInt64,
            "float16" | "f2" | "e" | "half" => DType::Float16,
            "float32" | "f4" | "f" | "single" => DType::Float32,
            "float64" | "float" | "f8" | "d" | "double" | "float_" => DType::Float64,
            _ => return None,
        })
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::Float16 | DType::Float32 | DType::Float64)
    }

    /// Signed or unsigned integer.
    pub fn is_int(self) -> bool {
        self.is_signed_int() || self.is_unsigned()
    }

    pub fn is_signed_int(self) -> bool {
        matches!(self, DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64)
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64)
    }

    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 | DType::Float16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 => 8,
        }
    }

    /// NumPy's type character (`a.dtype.char`).
    pub fn char(self) -> char {
        match self {
            DType::Bool => '?',
            DType::Int8 => 'b',
            DType::Int16 => 'h',
            DType::Int32 => 'i',
            DType::Int64 => 'l',
            DType::UInt8 => 'B',
            DType::UInt16 => 'H',
            DType::UInt32 => 'I',
            DType::UInt64 => 'L',
            DType::Float16 => 'e',
            DType::Float32 => 'f',
            DType::Float64 => 'd',
        }
    }

    /// NumPy's dtype kind (`a.dtype.kind`).
    pub fn kind(self) -> char {
        match self {
            DType::Bool => 'b',
            d if d.is_signed_int() => 'i',
            d if d.is_unsigned() => 'u',
            _ => 'f',
        }
    }

    /// The dtype string (`a.dtype.str`): `<f8`, `|u1`, `|b1`.
    pub fn str_code(self) -> String {
        let order = if self.itemsize() == 1 { '|' } else { '<' };
        format!("{order}{}{}", self.kind(), self.itemsize())
    }

    /// `np.promote_types(self, other)` for two strongly typed operands.
    pub fn promote(self, other: DType) -> DType {
        if self == other {
            return self;
        }
        PROMOTION_ORDER
            .into_iter()
            .find(|&t| self.can_cast_safe(t) && other.can_cast_safe(t))
            .unwrap_or(DType::Float64)
    }

    /// Bits of an integer or float type.
    fn bits(self) -> usize {
        self.itemsize() * 8
    }

    /// Whether `np.can_cast(self, to, casting='safe')` holds.
    pub fn can_cast_safe(self, to: DType) -> bool {
        if self == to || self == DType::Bool {
            return true;
        }
        if to == DType::Bool {
            return false;
        }
        let float_holds = |bits: usize| match to {
            DType::Float16 => bits <= 8,
            DType::Float32 => bits <= 16,
            DType::Float64 => true,
            _ => false,
        };
        if self.is_unsigned() {
            (to.is_unsigned() && to.bits() >= self.bits())
                || (to.is_signed_int() && to.bits() > self.bits())
                || float_holds(self.bits())
        } else if self.is_signed_int() {
            (to.is_signed_int() && to.bits() >= self.bits()) || float_holds(self.bits())
        } else {
            to.is_float() && to.bits() >= self.bits()
        }
    }

    /// Whether `np.can_cast(self, to, casting='same_kind')` holds: safe
    /// casts, and casts within a kind (unsigned to signed counts as one).
    /// NumPy's `can_cast(self, to, casting=rule)` for the rule names
    /// "no", "equiv", "safe", "same_kind" and "unsafe" (others: false).
    pub fn can_cast_by(self, to: DType, rule: &str) -> bool {
        match rule {
            "no" | "equiv" => self == to,
            "safe" => self.can_cast_safe(to),
            "same_kind" => self.can_cast_same_kind(to),
            "unsafe" => true,
            _ => false,
        }
    }

    pub fn can_cast_same_kind(self, to: DType) -> bool {
        let rank = |d: DType| match d.kind() {
            'b' => 0,
            'u' => 1,
            'i' => 2,
            _ => 3,
        };
        self.can_cast_safe(to) || rank(self) <= rank(to) && !(self.is_signed_int() && to.is_unsigned())
    }

    /// The smallest float type that holds this type's values safely (the
    /// output of `sqrt`, `exp`, ... for integer inputs).
    pub fn float_for(self) -> DType {
        [DType::Float16, DType::Float32, DType::Float64]
            .into_iter()
            .find(|&f| self.can_cast_safe(f))
            .unwrap_or(DType::Float64)
    }

    /// The dtype NumPy sums and multiplies integers of this type in
    /// (`np.sum`, `np.prod`, `np.cumsum`): the platform's long or ulong.
    pub fn accumulator(self) -> DType {
        match self {
            DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 => DType::Int64,
            DType::UInt8 | DType::UInt16 | DType::UInt32 => DType::UInt64,
            other => other,
        }
    }

    /// The largest value of an integer type (`np.iinfo(t).max`).
    pub fn max_value(self) -> i128 {
        match self {
            DType::Bool => 1,
            DType::Int8 => i8::MAX as i128,
            DType::Int16 => i16::MAX as i128,
            DType::Int32 => i32::MAX as i128,
            DType::Int64 => i64::MAX as i128,
            DType::UInt8 => u8::MAX as i128,
            DType::UInt16 => u16::MAX as i128,
            DType::UInt32 => u32::MAX as i128,
            DType::UInt64 => u64::MAX as i128,
            _ => i128::MAX,
        }
    }

    /// The smallest value of an integer type (`np.iinfo(t).min`).
    pub fn min_value(self) -> i128 {
        match self {
            DType::Int8 => i8::MIN as i128,
            DType::Int16 => i16::MIN as i128,
            DType::Int32 => i32::MIN as i128,
            DType::Int64 => i64::MIN as i128,
            DType::Bool | DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => 0,
            _ => i128::MIN,
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Python number before it meets an array: NEP 50 calls these "weak".
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WeakScalar {
    Bool(bool),
    Int(i128),
    Float(f64),
}

pub use half::f16;

/// One typed element value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    I32(i32),
    I64(i64),
    F32(f32),
    F64(f64),
    I8(i8),
    I16(i16),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    F16(f16),
}

/// C's conversion of a double to a 32-bit int as x86-64 does it
/// (`cvttsd2si`): NaN and out-of-range values give `i32::MIN`.
fn f64_to_i32_c(v: f64) -> i32 {
    if v > -2147483649.0 && v < 2147483648.0 {
        v as i32
    } else {
        i32::MIN
    }
}

/// The same for 64 bits: NaN and out-of-range values give `i64::MIN`.
fn f64_to_i64_c(v: f64) -> i64 {
    if v >= -9223372036854775808.0 && v < 9223372036854775808.0 {
        v as i64
    } else {
        i64::MIN
    }
}

/// C's double to unsigned 64-bit conversion as compilers emit it on x86-64.
fn f64_to_u64_c(v: f64) -> u64 {
    const TWO63: f64 = 9223372036854775808.0;
    if v.is_nan() {
        1 << 63
    } else if v < TWO63 {
        f64_to_i64_c(v) as u64
    } else {
        (f64_to_i64_c(v - TWO63) as u64) ^ (1 << 63)
    }
}

impl Scalar {
    pub fn dtype(self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::I8(_) => DType::Int8,
            Scalar::I16(_) => DType::Int16,
            Scalar::I32(_) => DType::Int32,
            Scalar::I64(_) => DType::Int64,
            Scalar::U8(_) => DType::UInt8,
            Scalar::U16(_) => DType::UInt16,
            Scalar::U32(_) => DType::UInt32,
            Scalar::U64(_) => DType::UInt64,
            Scalar::F16(_) => DType::Float16,
            Scalar::F32(_) => DType::Float32,
            Scalar::F64(_) => DType::Float64,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as u8 as f64,
            Scalar::I8(v) => v as f64,
            Scalar::I16(v) => v as f64,
            Scalar::I32(v) => v as f64,
            Scalar::I64(v) => v as f64,
            Scalar::U8(v) => v as f64,
            Scalar::U16(v) => v as f64,
            Scalar::U32(v) => v as f64,
            Scalar::U64(v) => v as f64,
            Scalar::F16(v) => v.to_f64(),
            Scalar::F32(v) => v as f64,
            Scalar::F64(v) => v,
        }
    }

    /// The value as an integer: C's conversion for floats, and the bits of
    /// a uint64 read as int64 (what a C cast to int64 gives).
    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::Bool(b) => b as i64,
            Scalar::I8(v) => v as i64,
            Scalar::I16(v) => v as i64,
            Scalar::I32(v) => v as i64,
            Scalar::I64(v) => v,
            Scalar::U8(v) => v as i64,
            Scalar::U16(v) => v as i64,
            Scalar::U32(v) => v as i64,
            Scalar::U64(v) => v as i64,
            Scalar::F16(v) => f64_to_i64_c(v.to_f64()),
            Scalar::F32(v) => f64_to_i64_c(v as f64),
            Scalar::F64(v) => f64_to_i64_c(v),
        }
    }

    /// The exact value of an integer or bool (None for floats).
    pub fn as_i128(self) -> Option<i128> {
        Some(match self {
            Scalar::U64(v) => v as i128,
            Scalar::F16(_) | Scalar::F32(_) | Scalar::F64(_) => return None,
            other => other.as_i64() as i128,
        })
    }

    pub fn as_bool(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::F16(v) => v.to_f32() != 0.0,
            Scalar::F32(v) => v != 0.0,
            Scalar::F64(v) => v != 0.0,
            other => other.as_i64() != 0,
        }
    }

    /// The dtype and exact bits, for keying equal values (NaN payloads and
    /// signed zeros stay distinct).
    pub fn to_bits_key(self) -> (DType, u64) {
        let bits = match self {
            Scalar::F16(v) => v.to_bits() as u64,
            Scalar::F32(v) => v.to_bits() as u64,
            Scalar::F64(v) => v.to_bits(),
            other => other.as_i64() as u64,
        };
        (self.dtype(), bits)
    }

    /// C-style conversion to another dtype (what `astype` does): integers
    /// wrap, floats truncate toward zero (as x86-64 converts them).
    pub fn cast(self, to: DType) -> Scalar {
        if self.dtype() == to {
            return self;
        }
        if to == DType::Bool {
            return Scalar::Bool(self.as_bool());
        }
        let float_src = matches!(self, Scalar::F16(_) | Scalar::F32(_) | Scalar::F64(_));
        if float_src && to.is_int() {
            let v = self.as_f64();
            return match to {
                DType::Int8 => Scalar::I8(f64_to_i32_c(v) as i8),
                DType::Int16 => Scalar::I16(f64_to_i32_c(v) as i16),
                DType::Int32 => Scalar::I32(f64_to_i32_c(v)),
                DType::Int64 => Scalar::I64(f64_to_i64_c(v)),
                DType::UInt8 => Scalar::U8(f64_to_i32_c(v) as u8),
                DType::UInt16 => Scalar::U16(f64_to_i32_c(v) as u16),
                DType::UInt32 => Scalar::U32(f64_to_i64_c(v) as u32),
                _ => Scalar::U64(f64_to_u64_c(v)),
            };
        }
        match to {
            DType::Int8 => Scalar::I8(self.as_i64() as i8),
            DType::Int16 => Scalar::I16(self.as_i64() as i16),
            DType::Int32 => Scalar::I32(self.as_i64() as i32),
            DType::Int64 => Scalar::I64(self.as_i64()),
            DType::UInt8 => Scalar::U8(self.as_i64() as u8),
            DType::UInt16 => Scalar::U16(self.as_i64() as u16),
            DType::UInt32 => Scalar::U32(self.as_i64() as u32),
            DType::UInt64 => Scalar::U64(self.as_i64() as u64),
            DType::Float16 => Scalar::F16(match self {
                Scalar::F32(v) => f16::from_f32(v),
                Scalar::F64(v) => f16::from_f64(v),
                Scalar::I64(v) => f16::from_f64(v as f64),
                Scalar::U64(v) => f16::from_f64(v as f64),
                other => f16::from_f64(other.as_f64()),
            }),
            DType::Float32 => Scalar::F32(match self {
                Scalar::F64(v) => v as f32,
                Scalar::I64(v) => v as f32,
                Scalar::U64(v) => v as f32,
                other => other.as_f64() as f32,
            }),
            DType::Float64 => Scalar::F64(self.as_f64()),
            DType::Bool => unreachable!("handled above"),
        }
    }
}

/// Errors raised while building or running graphs; the shim maps the kind
/// to the Python exception type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Value,
    Type,
    /// NumPy's `UFuncTypeError` (a TypeError): no loop for these dtypes, or
    /// an output that cannot take the result's dtype.
    UFuncType,
    Index,
    Axis,
    Overflow,
    NotImplemented,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl Error {
    pub fn value(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Value, message: message.into() }
    }
    pub fn type_error(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Type, message: message.into() }
    }
    pub fn ufunc_type(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::UFuncType, message: message.into() }
    }
    pub fn index(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Index, message: message.into() }
    }
    pub fn axis(axis: isize, ndim: usize) -> Self {
        Error {
            kind: ErrorKind::Axis,
            message: format!("axis {axis} is out of bounds for array of dimension {ndim}"),
        }
    }
    pub fn overflow(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Overflow, message: message.into() }
    }
    pub fn not_implemented(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::NotImplemented, message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// Resolves a weak Python scalar against a strongly typed operand's dtype
/// (NEP 50): the scalar takes the array's dtype when its kind fits, and
/// otherwise the default type of its own kind.
pub fn weak_result_dtype(strong: DType, weak: WeakScalar) -> DType {
    match weak {
        WeakScalar::Bool(_) => strong,
        WeakScalar::Int(_) => {
            if strong == DType::Bool {
                DType::Int64
            } else {
                strong
            }
        }
        WeakScalar::Float(_) => {
            if strong.is_float() {
                strong
            } else {
                DType::Float64
            }
        }
    }
}

/// Converts a weak scalar to `dtype`; Python ints that do not fit raise
/// NumPy 2's OverflowError.
pub fn weak_to_scalar(weak: WeakScalar, dtype: DType) -> Result<Scalar> {
    Ok(match weak {
        WeakScalar::Int(v) if dtype.is_int() => {
            if v < dtype.min_value() || v > dtype.max_value() {
                return Err(Error::overflow(format!(
                    "Python integer {v} out of bounds for {}",
                    dtype.name()
                )));
            }
            Scalar::I64(v as i64).cast(dtype)
        }
        WeakScalar::Int(v) => match dtype {
            DType::Bool => Scalar::Bool(v != 0),
            DType::Float32 => Scalar::F32(v as f32),
            DType::Float16 => Scalar::F64(v as f64).cast(DType::Float16),
            _ => Scalar::F64(v as f64).cast(dtype),
        },
        WeakScalar::Float(v) => Scalar::F64(v).cast(dtype),
        WeakScalar::Bool(b) => Scalar::Bool(b).cast(dtype),
    })
}

/// The dtype NumPy picks for a Python scalar on its own (`np.asarray(x)`).
pub fn weak_default_dtype(weak: WeakScalar) -> DType {
    match weak {
        WeakScalar::Bool(_) => DType::Bool,
        WeakScalar::Int(_) => DType::Int64,
        WeakScalar::Float(_) => DType::Float64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_table() {
        assert_eq!(DType::Int32.promote(DType::Float32), DType::Float64);
        assert_eq!(DType::Bool.promote(DType::Int32), DType::Int32);
        assert_eq!(DType::Float32.promote(DType::Float32), DType::Float32);
        assert_eq!(weak_result_dtype(DType::Int32, WeakScalar::Int(3)), DType::Int32);
        assert_eq!(weak_result_dtype(DType::Int32, WeakScalar::Float(3.0)), DType::Float64);
        assert_eq!(weak_result_dtype(DType::Float32, WeakScalar::Float(3.0)), DType::Float32);
        assert!(weak_to_scalar(WeakScalar::Int(1 << 40), DType::Int32).is_err());
    }
}
