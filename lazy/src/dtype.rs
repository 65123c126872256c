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
}

impl DType {
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
        }
    }

    pub fn from_name(name: &str) -> Option<DType> {
        Some(match name {
            "bool" | "bool_" | "?" | "b1" => DType::Bool,
            "int32" | "i4" | "<i4" => DType::Int32,
            "int64" | "int" | "i8" | "<i8" | "int_" | "intp" => DType::Int64,
            "float32" | "f4" | "<f4" | "single" => DType::Float32,
            "float64" | "float" | "f8" | "<f8" | "double" | "float_" => DType::Float64,
            _ => return None,
        })
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::Float32 | DType::Float64)
    }

    pub fn is_int(self) -> bool {
        matches!(self, DType::Int32 | DType::Int64)
    }

    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool => 1,
            DType::Int32 | DType::Float32 => 4,
            DType::Int64 | DType::Float64 => 8,
        }
    }

    /// NumPy's type character (`a.dtype.char`).
    pub fn char(self) -> char {
        match self {
            DType::Bool => '?',
            DType::Int32 => 'i',
            DType::Int64 => 'l',
            DType::Float32 => 'f',
            DType::Float64 => 'd',
        }
    }

    /// NumPy's dtype kind (`a.dtype.kind`).
    pub fn kind(self) -> char {
        match self {
            DType::Bool => 'b',
            DType::Int32 | DType::Int64 => 'i',
            DType::Float32 | DType::Float64 => 'f',
        }
    }

    /// `np.promote_types(self, other)` for two strongly typed operands.
    pub fn promote(self, other: DType) -> DType {
        use DType::*;
        match (self, other) {
            (a, b) if a == b => a,
            (Bool, x) | (x, Bool) => x,
            (Int32, Int64) | (Int64, Int32) => Int64,
            (Float32, Float64) | (Float64, Float32) => Float64,
            // int32/int64 with float32 needs float64 to hold the integers.
            (Int32 | Int64, Float32) | (Float32, Int32 | Int64) => Float64,
            (Int32 | Int64, Float64) | (Float64, Int32 | Int64) => Float64,
            _ => unreachable!("all pairs covered"),
        }
    }

    /// Whether `np.can_cast(self, to, casting='same_kind')` holds.
    pub fn can_cast_same_kind(self, to: DType) -> bool {
        let rank = |d: DType| match d.kind() {
            'b' => 0,
            'i' => 1,
            _ => 2,
        };
        rank(self) <= rank(to)
    }

    /// Whether `np.can_cast(self, to, casting='safe')` holds.
    pub fn can_cast_safe(self, to: DType) -> bool {
        self.promote(to) == to
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

/// One typed element value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    I32(i32),
    I64(i64),
    F32(f32),
    F64(f64),
}

impl Scalar {
    pub fn dtype(self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::I32(_) => DType::Int32,
            Scalar::I64(_) => DType::Int64,
            Scalar::F32(_) => DType::Float32,
            Scalar::F64(_) => DType::Float64,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as u8 as f64,
            Scalar::I32(v) => v as f64,
            Scalar::I64(v) => v as f64,
            Scalar::F32(v) => v as f64,
            Scalar::F64(v) => v,
        }
    }

    /// The value as an integer, truncating floats toward zero (C cast).
    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::Bool(b) => b as i64,
            Scalar::I32(v) => v as i64,
            Scalar::I64(v) => v,
            Scalar::F32(v) => v as i64,
            Scalar::F64(v) => v as i64,
        }
    }

    pub fn as_bool(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::I32(v) => v != 0,
            Scalar::I64(v) => v != 0,
            Scalar::F32(v) => v != 0.0,
            Scalar::F64(v) => v != 0.0,
        }
    }

    /// The dtype and exact bits, for keying equal values (NaN payloads and
    /// signed zeros stay distinct).
    pub fn to_bits_key(self) -> (DType, u64) {
        let bits = match self {
            Scalar::Bool(b) => b as u64,
            Scalar::I32(v) => v as u32 as u64,
            Scalar::I64(v) => v as u64,
            Scalar::F32(v) => v.to_bits() as u64,
            Scalar::F64(v) => v.to_bits(),
        };
        (self.dtype(), bits)
    }

    /// C-style conversion to another dtype (what `astype` does).
    pub fn cast(self, to: DType) -> Scalar {
        match to {
            DType::Bool => Scalar::Bool(self.as_bool()),
            DType::Int32 => Scalar::I32(match self {
                Scalar::F32(v) => v as i32,
                Scalar::F64(v) => v as i64 as i32,
                other => other.as_i64() as i32,
            }),
            DType::Int64 => Scalar::I64(self.as_i64()),
            DType::Float32 => Scalar::F32(match self {
                Scalar::F64(v) => v as f32,
                Scalar::I64(v) => v as f32,
                other => other.as_f64() as f32,
            }),
            DType::Float64 => Scalar::F64(self.as_f64()),
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
    let out_of_bounds = |v: i128| {
        Error::overflow(format!("Python integer {v} out of bounds for {}", dtype.name()))
    };
    Ok(match (weak, dtype) {
        (WeakScalar::Int(v), DType::Int32) => {
            Scalar::I32(i32::try_from(v).map_err(|_| out_of_bounds(v))?)
        }
        (WeakScalar::Int(v), DType::Int64) => {
            Scalar::I64(i64::try_from(v).map_err(|_| out_of_bounds(v))?)
        }
        (WeakScalar::Int(v), DType::Float32) => Scalar::F32(v as f32),
        (WeakScalar::Int(v), DType::Float64) => Scalar::F64(v as f64),
        (WeakScalar::Int(v), DType::Bool) => Scalar::Bool(v != 0),
        (WeakScalar::Float(v), d) => Scalar::F64(v).cast(d),
        (WeakScalar::Bool(b), d) => Scalar::Bool(b).cast(d),
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
