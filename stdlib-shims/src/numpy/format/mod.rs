//! NumPy 2.x printing, exactly: `repr`/`str` of arrays and scalars under
//! NumPy's default print options (precision=8, threshold=1000, edgeitems=3,
//! linewidth=75, suppress=False, floatmode='maxprec', sign='-').
//!
//! Plain Rust, no RustPython types. Public API:
//!
//! - [`Dtype`]: `Float64 | Float32 | Int64 | Int32 | Bool`; [`Dtype::name`] gives
//!   NumPy's name (`"float64"`, ..., `"bool"`); [`dtype_name`] is the same.
//! - [`Data`]: a borrowed element buffer of one dtype (`Data::Float64(&[f64])`, ...).
//! - [`ArrayView`]: data + shape (+ strides in elements and an offset, so
//!   transposed/sliced views print without copying).
//!   - `ArrayView::new(data, &shape)` for a contiguous row-major buffer whose
//!     length must be the product of the shape;
//!   - `ArrayView::strided(data, &shape, &strides, offset)`; strides may be
//!     negative or zero.
//!
//!   Both return `Err(ViewError)` (never panic) when the shape/strides reach
//!   outside the buffer. A 0-d array has `shape = &[]` and one element.
//! - [`array_repr`]`(&view) -> String`: `repr(a)`, e.g. `array([1., 2.])`,
//!   `array([1, 2], dtype=int32)`, `array([], shape=(0, 3), dtype=float64)`,
//!   `array([0, 1, 2, ..., 1997, 1998, 1999], shape=(2000,))`, `array(1.5)`.
//! - [`array_str`]`(&view) -> String`: `str(a)`, e.g. `[1. 2.]`; 0-d arrays
//!   print like their scalar (`1.5`).
//! - [`Scalar`]: one typed value; [`scalar_repr`] gives `np.float64(1.5)`,
//!   `np.int32(3)`, `np.True_`; [`scalar_str`] gives `1.5`, `3`, `True`.
//!
//! Elements are formatted with NumPy's Dragon4 rules (see `dragon4.rs`), so
//! float output is bit-for-bit NumPy's, including float32's own shortest digits.

mod array;

/// The print options `np.set_printoptions` may change (the others keep
/// NumPy's defaults): precision, suppress, threshold, edgeitems, linewidth.
pub mod options {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    static PRECISION: AtomicUsize = AtomicUsize::new(8);
    static SUPPRESS: AtomicBool = AtomicBool::new(false);
    static THRESHOLD: AtomicUsize = AtomicUsize::new(1000);
    static EDGE_ITEMS: AtomicUsize = AtomicUsize::new(3);
    static LINE_WIDTH: AtomicUsize = AtomicUsize::new(75);

    pub fn precision() -> i32 {
        PRECISION.load(Ordering::Relaxed) as i32
    }
    pub fn suppress() -> bool {
        SUPPRESS.load(Ordering::Relaxed)
    }
    pub fn threshold() -> usize {
        THRESHOLD.load(Ordering::Relaxed)
    }
    pub fn edge_items() -> usize {
        EDGE_ITEMS.load(Ordering::Relaxed)
    }
    pub fn line_width() -> usize {
        LINE_WIDTH.load(Ordering::Relaxed)
    }
    /// (precision, suppress, threshold, edgeitems, linewidth)
    pub fn get() -> (usize, bool, usize, usize, usize) {
        (PRECISION.load(Ordering::Relaxed), suppress(), threshold(), edge_items(), line_width())
    }
    pub fn set(precision: usize, suppress: bool, threshold: usize, edge_items: usize, line_width: usize) {
        PRECISION.store(precision, Ordering::Relaxed);
        SUPPRESS.store(suppress, Ordering::Relaxed);
        THRESHOLD.store(threshold, Ordering::Relaxed);
        EDGE_ITEMS.store(edge_items, Ordering::Relaxed);
        LINE_WIDTH.store(line_width, Ordering::Relaxed);
    }
}
mod bigint;
pub(crate) mod dragon4;
mod elements;
mod scalar;

use std::fmt;

pub use hipy_lazy::dtype::f16;

/// The dtypes hipy's numpy prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dtype {
    Float64,
    Float32,
    Int64,
    Int32,
    Bool,
    Int8,
    Int16,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    Complex64,
    Complex128,
}

impl Dtype {
    /// NumPy's dtype name, as in `dtype=float32`.
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Float64 => "float64",
            Dtype::Float32 => "float32",
            Dtype::Int64 => "int64",
            Dtype::Int32 => "int32",
            Dtype::Bool => "bool",
            Dtype::Int8 => "int8",
            Dtype::Int16 => "int16",
            Dtype::UInt8 => "uint8",
            Dtype::UInt16 => "uint16",
            Dtype::UInt32 => "uint32",
            Dtype::UInt64 => "uint64",
            Dtype::Float16 => "float16",
            Dtype::Complex64 => "complex64",
            Dtype::Complex128 => "complex128",
        }
    }
}

/// NumPy's dtype name (`"float64"`, `"int32"`, `"bool"`, ...).
pub fn dtype_name(dtype: Dtype) -> &'static str {
    dtype.name()
}

/// A borrowed buffer of elements of one dtype.
#[derive(Clone, Copy, Debug)]
pub enum Data<'a> {
    Float64(&'a [f64]),
    Float32(&'a [f32]),
    Int64(&'a [i64]),
    Int32(&'a [i32]),
    Bool(&'a [bool]),
    Int8(&'a [i8]),
    Int16(&'a [i16]),
    UInt8(&'a [u8]),
    UInt16(&'a [u16]),
    UInt32(&'a [u32]),
    UInt64(&'a [u64]),
    Float16(&'a [f16]),
    /// Real and imaginary parts, of equal length.
    Complex64(&'a [f32], &'a [f32]),
    Complex128(&'a [f64], &'a [f64]),
}

impl Data<'_> {
    pub fn dtype(&self) -> Dtype {
        match self {
            Data::Float64(_) => Dtype::Float64,
            Data::Float32(_) => Dtype::Float32,
            Data::Int64(_) => Dtype::Int64,
            Data::Int32(_) => Dtype::Int32,
            Data::Bool(_) => Dtype::Bool,
            Data::Int8(_) => Dtype::Int8,
            Data::Int16(_) => Dtype::Int16,
            Data::UInt8(_) => Dtype::UInt8,
            Data::UInt16(_) => Dtype::UInt16,
            Data::UInt32(_) => Dtype::UInt32,
            Data::UInt64(_) => Dtype::UInt64,
            Data::Float16(_) => Dtype::Float16,
            Data::Complex64(..) => Dtype::Complex64,
            Data::Complex128(..) => Dtype::Complex128,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Data::Float64(d) => d.len(),
            Data::Float32(d) => d.len(),
            Data::Int64(d) => d.len(),
            Data::Int32(d) => d.len(),
            Data::Bool(d) => d.len(),
            Data::Int8(d) => d.len(),
            Data::Int16(d) => d.len(),
            Data::UInt8(d) => d.len(),
            Data::UInt16(d) => d.len(),
            Data::UInt32(d) => d.len(),
            Data::UInt64(d) => d.len(),
            Data::Float16(d) => d.len(),
            Data::Complex64(d, _) => d.len(),
            Data::Complex128(d, _) => d.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One NumPy scalar value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Float64(f64),
    Float32(f32),
    Int64(i64),
    Int32(i32),
    Bool(bool),
    Int8(i8),
    Int16(i16),
    UInt8(u8),
    UInt16(u16),
    UInt32(u32),
    UInt64(u64),
    Float16(f16),
    Complex64(f32, f32),
    Complex128(f64, f64),
}

impl Scalar {
    pub fn dtype(&self) -> Dtype {
        match self {
            Scalar::Float64(_) => Dtype::Float64,
            Scalar::Float32(_) => Dtype::Float32,
            Scalar::Int64(_) => Dtype::Int64,
            Scalar::Int32(_) => Dtype::Int32,
            Scalar::Bool(_) => Dtype::Bool,
            Scalar::Int8(_) => Dtype::Int8,
            Scalar::Int16(_) => Dtype::Int16,
            Scalar::UInt8(_) => Dtype::UInt8,
            Scalar::UInt16(_) => Dtype::UInt16,
            Scalar::UInt32(_) => Dtype::UInt32,
            Scalar::UInt64(_) => Dtype::UInt64,
            Scalar::Float16(_) => Dtype::Float16,
            Scalar::Complex64(..) => Dtype::Complex64,
            Scalar::Complex128(..) => Dtype::Complex128,
        }
    }
}

/// Why a view could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// `strides.len() != shape.len()`.
    StridesRank { shape: usize, strides: usize },
    /// A contiguous view's buffer length is not the product of its shape.
    Length { expected: usize, actual: usize },
    /// Some element of the view lies outside the buffer (or the size overflows).
    OutOfBounds { buffer_len: usize },
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::StridesRank { shape, strides } => {
                write!(f, "array view has {shape} dimensions but {strides} strides")
            }
            ViewError::Length { expected, actual } => {
                write!(f, "array of {expected} elements given a buffer of {actual}")
            }
            ViewError::OutOfBounds { buffer_len } => {
                write!(f, "array view reaches outside its buffer of {buffer_len} elements")
            }
        }
    }
}

impl std::error::Error for ViewError {}

/// An n-dimensional view for printing: element (i0, i1, ...) lives at
/// `offset + sum(i_k * strides[k])` in `data`.
#[derive(Clone, Debug)]
pub struct ArrayView<'a> {
    data: Data<'a>,
    shape: Vec<usize>,
    strides: Vec<isize>,
    offset: usize,
}

impl<'a> ArrayView<'a> {
    /// A contiguous row-major (C order) array.
    pub fn new(data: Data<'a>, shape: &[usize]) -> Result<Self, ViewError> {
        let mut strides = vec![0isize; shape.len()];
        let mut step: isize = 1;
        for (k, &n) in shape.iter().enumerate().rev() {
            strides[k] = step;
            step = step.checked_mul(n.max(1) as isize).unwrap_or(isize::MAX);
        }
        let expected = shape.iter().try_fold(1usize, |acc, &n| acc.checked_mul(n));
        if expected != Some(data.len()) {
            return Err(ViewError::Length { expected: expected.unwrap_or(usize::MAX), actual: data.len() });
        }
        Self::strided(data, shape, &strides, 0)
    }

    /// A strided view (strides counted in elements, possibly negative).
    pub fn strided(
        data: Data<'a>,
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<Self, ViewError> {
        if strides.len() != shape.len() {
            return Err(ViewError::StridesRank { shape: shape.len(), strides: strides.len() });
        }
        let oob = ViewError::OutOfBounds { buffer_len: data.len() };
        let size = shape.iter().try_fold(1usize, |acc, &n| acc.checked_mul(n)).ok_or(oob.clone())?;
        if size > 0 {
            // The lowest and highest positions reached must lie in the buffer.
            let (mut lo, mut hi) = (offset as i128, offset as i128);
            for (&n, &s) in shape.iter().zip(strides) {
                let reach = (n as i128 - 1) * s as i128;
                if reach < 0 {
                    lo += reach;
                } else {
                    hi += reach;
                }
            }
            if lo < 0 || hi >= data.len() as i128 {
                return Err(oob);
            }
        }
        Ok(ArrayView { data, shape: shape.to_vec(), strides: strides.to_vec(), offset })
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }

    pub fn dtype(&self) -> Dtype {
        self.data.dtype()
    }
}

/// `repr(a)` of an ndarray, exactly as NumPy 2.x prints it.
pub fn array_repr(view: &ArrayView) -> String {
    array::array_repr(view)
}

/// `str(a)` of an ndarray, exactly as NumPy 2.x prints it.
pub fn array_str(view: &ArrayView) -> String {
    array::array_str(view)
}

/// `repr` of a str/bytes (or datetime) array: `shape`, each element's
/// text by flat C-order position (only the shown ones are asked for;
/// `align`: right-aligned to the widest, as NumPy shows datetimes), the
/// dtype text.
pub(crate) fn text_array_repr(shape: &[usize], element: &dyn Fn(usize) -> String, align: bool, dtype: &str) -> String {
    array::text_array_repr(shape, array::Texts { element, align }, dtype)
}

/// `str` of a str/bytes (or datetime) array with at least one dimension.
pub(crate) fn text_array_str(shape: &[usize], element: &dyn Fn(usize) -> String, align: bool) -> String {
    array::text_array_str(shape, array::Texts { element, align })
}

/// `repr` of a NumPy scalar: `np.float64(1.5)`, `np.int32(3)`, `np.True_`.
pub fn scalar_repr(x: Scalar) -> String {
    scalar::scalar_repr(x)
}

/// `str` of a NumPy scalar: `1.5`, `3`, `True`.
pub fn scalar_str(x: Scalar) -> String {
    scalar::scalar_str(x)
}
