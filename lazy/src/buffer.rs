//! Materialized data: typed buffers, strided arrays over them, and the
//! copy-on-write storage cell that Python arrays and their views share.
//!
//! Watch bits: a pending graph node that reads an array holds an `Arc` to the
//! buffer *as it was* when the node was built (a snapshot). A write through a
//! [`Storage`] whose buffer is also held elsewhere copies it first, so the
//! pending node keeps reading the old values and every view of the storage
//! sees the new ones. The `Arc` count is the watch flag: it drops back when
//! the pending node runs or is dropped, with no separate reset step.

use crate::dtype::{f16, DType, Scalar};
use crate::layout::Layout;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// A contiguous vector of elements of one dtype.
#[derive(Clone, Debug, PartialEq)]
pub enum Buffer {
    Bool(Vec<bool>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    F16(Vec<f16>),
}

/// A borrowed run of elements of one dtype.
#[derive(Clone, Copy, Debug)]
pub enum Slice<'a> {
    Bool(&'a [bool]),
    I32(&'a [i32]),
    I64(&'a [i64]),
    F32(&'a [f32]),
    F64(&'a [f64]),
    I8(&'a [i8]),
    I16(&'a [i16]),
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
    U64(&'a [u64]),
    F16(&'a [f16]),
}

impl<'a> Slice<'a> {
    pub fn dtype(&self) -> DType {
        match self {
            Slice::Bool(_) => DType::Bool,
            Slice::I32(_) => DType::Int32,
            Slice::I64(_) => DType::Int64,
            Slice::F32(_) => DType::Float32,
            Slice::F64(_) => DType::Float64,
            Slice::I8(_) => DType::Int8,
            Slice::I16(_) => DType::Int16,
            Slice::U8(_) => DType::UInt8,
            Slice::U16(_) => DType::UInt16,
            Slice::U32(_) => DType::UInt32,
            Slice::U64(_) => DType::UInt64,
            Slice::F16(_) => DType::Float16,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Slice::Bool(v) => v.len(),
            Slice::I32(v) => v.len(),
            Slice::I64(v) => v.len(),
            Slice::F32(v) => v.len(),
            Slice::F64(v) => v.len(),
            Slice::I8(v) => v.len(),
            Slice::I16(v) => v.len(),
            Slice::U8(v) => v.len(),
            Slice::U16(v) => v.len(),
            Slice::U32(v) => v.len(),
            Slice::U64(v) => v.len(),
            Slice::F16(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A mutable run of elements of one dtype (a kernel's output).
#[derive(Debug)]
pub enum SliceMut<'a> {
    Bool(&'a mut [bool]),
    I32(&'a mut [i32]),
    I64(&'a mut [i64]),
    F32(&'a mut [f32]),
    F64(&'a mut [f64]),
    I8(&'a mut [i8]),
    I16(&'a mut [i16]),
    U8(&'a mut [u8]),
    U16(&'a mut [u16]),
    U32(&'a mut [u32]),
    U64(&'a mut [u64]),
    F16(&'a mut [f16]),
}

impl SliceMut<'_> {
    pub fn dtype(&self) -> DType {
        match self {
            SliceMut::Bool(_) => DType::Bool,
            SliceMut::I32(_) => DType::Int32,
            SliceMut::I64(_) => DType::Int64,
            SliceMut::F32(_) => DType::Float32,
            SliceMut::F64(_) => DType::Float64,
            SliceMut::I8(_) => DType::Int8,
            SliceMut::I16(_) => DType::Int16,
            SliceMut::U8(_) => DType::UInt8,
            SliceMut::U16(_) => DType::UInt16,
            SliceMut::U32(_) => DType::UInt32,
            SliceMut::U64(_) => DType::UInt64,
            SliceMut::F16(_) => DType::Float16,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            SliceMut::Bool(v) => v.len(),
            SliceMut::I32(v) => v.len(),
            SliceMut::I64(v) => v.len(),
            SliceMut::F32(v) => v.len(),
            SliceMut::F64(v) => v.len(),
            SliceMut::I8(v) => v.len(),
            SliceMut::I16(v) => v.len(),
            SliceMut::U8(v) => v.len(),
            SliceMut::U16(v) => v.len(),
            SliceMut::U32(v) => v.len(),
            SliceMut::U64(v) => v.len(),
            SliceMut::F16(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The Rust types behind the dtypes.
pub trait Element: Copy + Send + Sync + 'static + PartialOrd + Default + std::fmt::Debug {
    const DTYPE: DType;
    fn of(s: Slice<'_>) -> &[Self];
    fn of_mut(s: SliceMut<'_>) -> &mut [Self];
    fn to_slice(s: &[Self]) -> Slice<'_>;
    fn to_slice_mut(s: &mut [Self]) -> SliceMut<'_>;
    fn slice(buf: &Buffer) -> &[Self];
    fn slice_mut(buf: &mut Buffer) -> &mut [Self];
    fn wrap(v: Vec<Self>) -> Buffer;
    fn to_scalar(self) -> Scalar;
    /// C-style conversion from any scalar.
    fn from_scalar(s: Scalar) -> Self;
}

macro_rules! element {
    ($t:ty, $variant:ident, $dtype:ident, $scalar:ident) => {
        impl Element for $t {
            const DTYPE: DType = DType::$dtype;
            fn of(s: Slice<'_>) -> &[Self] {
                match s {
                    Slice::$variant(v) => v,
                    other => panic!("{} data read as {}", other.dtype(), DType::$dtype),
                }
            }
            fn of_mut(s: SliceMut<'_>) -> &mut [Self] {
                match s {
                    SliceMut::$variant(v) => v,
                    other => panic!("{} output written as {}", other.dtype(), DType::$dtype),
                }
            }
            fn to_slice(s: &[Self]) -> Slice<'_> {
                Slice::$variant(s)
            }
            fn to_slice_mut(s: &mut [Self]) -> SliceMut<'_> {
                SliceMut::$variant(s)
            }
            fn slice(buf: &Buffer) -> &[Self] {
                match buf {
                    Buffer::$variant(v) => v,
                    other => panic!("buffer of {} read as {}", other.dtype(), DType::$dtype),
                }
            }
            fn slice_mut(buf: &mut Buffer) -> &mut [Self] {
                match buf {
                    Buffer::$variant(v) => v,
                    other => panic!("buffer of {} written as {}", other.dtype(), DType::$dtype),
                }
            }
            fn wrap(v: Vec<Self>) -> Buffer {
                Buffer::$variant(v)
            }
            fn to_scalar(self) -> Scalar {
                Scalar::$scalar(self)
            }
            fn from_scalar(s: Scalar) -> Self {
                match s.cast(DType::$dtype) {
                    Scalar::$scalar(v) => v,
                    _ => unreachable!(),
                }
            }
        }
    };
}

element!(bool, Bool, Bool, Bool);
element!(i32, I32, Int32, I32);
element!(i64, I64, Int64, I64);
element!(f32, F32, Float32, F32);
element!(f64, F64, Float64, F64);
element!(i8, I8, Int8, I8);
element!(i16, I16, Int16, I16);
element!(u8, U8, UInt8, U8);
element!(u16, U16, UInt16, U16);
element!(u32, U32, UInt32, U32);
element!(u64, U64, UInt64, U64);
element!(f16, F16, Float16, F16);

/// Runs `$body` with the type alias `$t` bound to the Rust type of `$dtype`.
#[macro_export]
macro_rules! with_dtype {
    ($dtype:expr, $t:ident => $body:expr) => {
        match $dtype {
            $crate::dtype::DType::Bool => {
                type $t = bool;
                $body
            }
            $crate::dtype::DType::Int32 => {
                type $t = i32;
                $body
            }
            $crate::dtype::DType::Int64 => {
                type $t = i64;
                $body
            }
            $crate::dtype::DType::Float32 => {
                type $t = f32;
                $body
            }
            $crate::dtype::DType::Float64 => {
                type $t = f64;
                $body
            }
            $crate::dtype::DType::Int8 => {
                type $t = i8;
                $body
            }
            $crate::dtype::DType::Int16 => {
                type $t = i16;
                $body
            }
            $crate::dtype::DType::UInt8 => {
                type $t = u8;
                $body
            }
            $crate::dtype::DType::UInt16 => {
                type $t = u16;
                $body
            }
            $crate::dtype::DType::UInt32 => {
                type $t = u32;
                $body
            }
            $crate::dtype::DType::UInt64 => {
                type $t = u64;
                $body
            }
            $crate::dtype::DType::Float16 => {
                type $t = $crate::dtype::f16;
                $body
            }
        }
    };
}

impl Buffer {
    pub fn dtype(&self) -> DType {
        match self {
            Buffer::Bool(_) => DType::Bool,
            Buffer::I32(_) => DType::Int32,
            Buffer::I64(_) => DType::Int64,
            Buffer::F32(_) => DType::Float32,
            Buffer::F64(_) => DType::Float64,
            Buffer::I8(_) => DType::Int8,
            Buffer::I16(_) => DType::Int16,
            Buffer::U8(_) => DType::UInt8,
            Buffer::U16(_) => DType::UInt16,
            Buffer::U32(_) => DType::UInt32,
            Buffer::U64(_) => DType::UInt64,
            Buffer::F16(_) => DType::Float16,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Buffer::Bool(v) => v.len(),
            Buffer::I32(v) => v.len(),
            Buffer::I64(v) => v.len(),
            Buffer::F32(v) => v.len(),
            Buffer::F64(v) => v.len(),
            Buffer::I8(v) => v.len(),
            Buffer::I16(v) => v.len(),
            Buffer::U8(v) => v.len(),
            Buffer::U16(v) => v.len(),
            Buffer::U32(v) => v.len(),
            Buffer::U64(v) => v.len(),
            Buffer::F16(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A buffer of `len` default (zero) elements.
    pub fn zeros(dtype: DType, len: usize) -> Buffer {
        with_dtype!(dtype, T => {
            let v = vec![T::default(); len];
            advise_huge_pages(v.as_ptr() as usize, len * std::mem::size_of::<T>());
            T::wrap(v)
        })
    }

    /// A buffer of `len` elements whose values are unspecified, for a
    /// caller that writes every element before any read (a loop's output,
    /// filled chunk by chunk). It skips the zeroing of `zeros`, which the
    /// allocator does with a memset whenever it hands back recycled memory
    /// (a loop's per-step temporaries). Bool buffers are zeroed: not every
    /// byte is a bool.
    pub fn for_overwrite(dtype: DType, len: usize) -> Buffer {
        if dtype == DType::Bool {
            return Buffer::zeros(dtype, len);
        }
        with_dtype!(dtype, T => {
            let mut v = Vec::<T>::with_capacity(len);
            // Safety: every bit pattern is a value of the numeric element
            // types, and the caller writes each element before reading it.
            unsafe { v.set_len(len) };
            advise_huge_pages(v.as_ptr() as usize, len * std::mem::size_of::<T>());
            T::wrap(v)
        })
    }

    pub fn filled(value: Scalar, len: usize) -> Buffer {
        with_dtype!(value.dtype(), T => T::wrap(vec![T::from_scalar(value); len]))
    }

    /// Elements `start..start + len`.
    pub fn range(&self, start: usize, len: usize) -> Slice<'_> {
        match self {
            Buffer::Bool(v) => Slice::Bool(&v[start..start + len]),
            Buffer::I32(v) => Slice::I32(&v[start..start + len]),
            Buffer::I64(v) => Slice::I64(&v[start..start + len]),
            Buffer::F32(v) => Slice::F32(&v[start..start + len]),
            Buffer::F64(v) => Slice::F64(&v[start..start + len]),
            Buffer::I8(v) => Slice::I8(&v[start..start + len]),
            Buffer::I16(v) => Slice::I16(&v[start..start + len]),
            Buffer::U8(v) => Slice::U8(&v[start..start + len]),
            Buffer::U16(v) => Slice::U16(&v[start..start + len]),
            Buffer::U32(v) => Slice::U32(&v[start..start + len]),
            Buffer::U64(v) => Slice::U64(&v[start..start + len]),
            Buffer::F16(v) => Slice::F16(&v[start..start + len]),
        }
    }

    /// Elements `start..start + len`, writable.
    pub fn range_mut(&mut self, start: usize, len: usize) -> SliceMut<'_> {
        match self {
            Buffer::Bool(v) => SliceMut::Bool(&mut v[start..start + len]),
            Buffer::I32(v) => SliceMut::I32(&mut v[start..start + len]),
            Buffer::I64(v) => SliceMut::I64(&mut v[start..start + len]),
            Buffer::F32(v) => SliceMut::F32(&mut v[start..start + len]),
            Buffer::F64(v) => SliceMut::F64(&mut v[start..start + len]),
            Buffer::I8(v) => SliceMut::I8(&mut v[start..start + len]),
            Buffer::I16(v) => SliceMut::I16(&mut v[start..start + len]),
            Buffer::U8(v) => SliceMut::U8(&mut v[start..start + len]),
            Buffer::U16(v) => SliceMut::U16(&mut v[start..start + len]),
            Buffer::U32(v) => SliceMut::U32(&mut v[start..start + len]),
            Buffer::U64(v) => SliceMut::U64(&mut v[start..start + len]),
            Buffer::F16(v) => SliceMut::F16(&mut v[start..start + len]),
        }
    }

    /// The address of the first element, for writing through.
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        with_dtype!(self.dtype(), T => T::slice_mut(self).as_mut_ptr() as *mut u8)
    }

    pub fn as_slice(&self) -> Slice<'_> {
        self.range(0, self.len())
    }

    pub fn get(&self, i: usize) -> Scalar {
        match self {
            Buffer::Bool(v) => Scalar::Bool(v[i]),
            Buffer::I32(v) => Scalar::I32(v[i]),
            Buffer::I64(v) => Scalar::I64(v[i]),
            Buffer::F32(v) => Scalar::F32(v[i]),
            Buffer::F64(v) => Scalar::F64(v[i]),
            Buffer::I8(v) => Scalar::I8(v[i]),
            Buffer::I16(v) => Scalar::I16(v[i]),
            Buffer::U8(v) => Scalar::U8(v[i]),
            Buffer::U16(v) => Scalar::U16(v[i]),
            Buffer::U32(v) => Scalar::U32(v[i]),
            Buffer::U64(v) => Scalar::U64(v[i]),
            Buffer::F16(v) => Scalar::F16(v[i]),
        }
    }

    /// Stores `value` (converted C-style to this buffer's dtype) at `i`.
    pub fn set(&mut self, i: usize, value: Scalar) {
        with_dtype!(self.dtype(), T => T::slice_mut(self)[i] = T::from_scalar(value))
    }
}

/// Asks Linux to back a large fresh allocation with transparent huge pages
/// (as NumPy does for its arrays): 512 times fewer page faults when the
/// memory is first written. Small buffers and other systems are left alone.
fn advise_huge_pages(addr: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const MIN_BYTES: usize = 4 << 20;
        const PAGE: usize = 4096;
        const MADV_HUGEPAGE: i32 = 14;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        if bytes >= MIN_BYTES {
            let start = addr.div_ceil(PAGE) * PAGE;
            let end = (addr + bytes) / PAGE * PAGE;
            // Safety: the range lies inside an allocation we own; the advice
            // only changes how the kernel backs it, never its contents.
            unsafe { madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (addr, bytes);
}

/// A strided n-dimensional array over a shared, immutable buffer.
#[derive(Clone, Debug)]
pub struct Array {
    pub buffer: Arc<Buffer>,
    pub layout: Layout,
}

impl Array {
    pub fn new(buffer: Arc<Buffer>, layout: Layout) -> Array {
        Array { buffer, layout }
    }

    pub fn from_buffer(buffer: Buffer, shape: &[usize]) -> Array {
        debug_assert_eq!(buffer.len(), crate::layout::size_of(shape));
        Array { buffer: Arc::new(buffer), layout: Layout::contiguous(shape) }
    }

    pub fn scalar(value: Scalar) -> Array {
        Array::from_buffer(Buffer::filled(value, 1), &[])
    }

    pub fn dtype(&self) -> DType {
        self.buffer.dtype()
    }

    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The element with C-order flat index `flat`.
    pub fn get_flat(&self, flat: usize) -> Scalar {
        self.buffer.get(self.layout.position(flat))
    }

    /// The elements in C order as a typed vector.
    pub fn to_vec<T: Element>(&self) -> Vec<T> {
        let src = T::slice(&self.buffer);
        if self.layout.is_c_contiguous() {
            let start = self.layout.offset;
            return src[start..start + self.size()].to_vec();
        }
        let mut out = Vec::with_capacity(self.size());
        self.layout.for_each_run(0, self.size(), |pos, n, stride| {
            let p = pos as usize;
            if stride == 1 {
                out.extend_from_slice(&src[p..p + n]);
            } else {
                out.extend((0..n as isize).map(|k| src[(pos + k * stride) as usize]));
            }
        });
        out
    }

    /// A C-contiguous copy (or this array itself when it already is one
    /// covering its whole buffer).
    pub fn to_contiguous(&self) -> Array {
        if self.layout.is_whole(self.buffer.len()) {
            return self.clone();
        }
        let buffer = with_dtype!(self.dtype(), T => T::wrap(self.to_vec::<T>()));
        Array::from_buffer(buffer, self.shape())
    }

    /// The contiguous elements as a slice, when the layout allows it.
    pub fn contiguous_slice<T: Element>(&self) -> Option<&[T]> {
        if self.layout.is_c_contiguous() {
            let start = self.layout.offset;
            Some(&T::slice(&self.buffer)[start..start + self.size()])
        } else {
            None
        }
    }
}

/// The memory a Python array and all its views share. Writes copy the
/// buffer first when a pending node (or anyone else) still holds it.
///
/// Pinning (`ndarray.ctypes`) hands out the buffer's address, valid for
/// the storage's life (as a NumPy array's data pointer is): the buffer
/// never moves again. It is made unheld when pinned, and kept so: a
/// snapshot is then a private copy (pending nodes read values that code
/// writing through the address cannot change), so writes happen in place
/// (the address sees them).
#[derive(Debug)]
pub struct Storage {
    current: RwLock<Arc<Buffer>>,
    pinned: AtomicBool,
}

impl Storage {
    pub fn new(buffer: Arc<Buffer>) -> Storage {
        Storage { current: RwLock::new(buffer), pinned: AtomicBool::new(false) }
    }

    /// The buffer as it is now; later writes will not change what it holds.
    pub fn snapshot(&self) -> Arc<Buffer> {
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        if self.is_pinned() {
            return Arc::new(Buffer::clone(&current));
        }
        current.clone()
    }

    /// Runs `f` on the buffer as it is now (no copy, even when pinned).
    pub fn read<R>(&self, f: impl FnOnce(&Buffer) -> R) -> R {
        f(&self.current.read().unwrap_or_else(|e| e.into_inner()))
    }

    pub fn dtype(&self) -> DType {
        self.read(|b| b.dtype())
    }

    /// Element count of the buffer.
    pub fn len(&self) -> usize {
        self.read(|b| b.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Pins the buffer and returns its address: from now on the buffer
    /// stays there and this storage is its only holder.
    pub fn pin(&self) -> usize {
        let mut guard = self.current.write().unwrap_or_else(|e| e.into_inner());
        self.pinned.store(true, Ordering::SeqCst);
        if Arc::get_mut(&mut guard).is_none() {
            let copy = Buffer::clone(&guard);
            *guard = Arc::new(copy);
        }
        Arc::get_mut(&mut guard).expect("buffer made unique above").as_mut_ptr() as usize
    }

    pub fn is_pinned(&self) -> bool {
        self.pinned.load(Ordering::SeqCst)
    }

    /// Mutates the buffer in place, copying it first if it is shared.
    pub fn write<R>(&self, f: impl FnOnce(&mut Buffer) -> R) -> R {
        let mut guard = self.current.write().unwrap_or_else(|e| e.into_inner());
        if Arc::get_mut(&mut guard).is_none() {
            let copy = Buffer::clone(&guard);
            *guard = Arc::new(copy);
        }
        f(Arc::get_mut(&mut guard).expect("buffer made unique above"))
    }

    /// Like [`Storage::write`], for a caller that overwrites every element
    /// `region` selects: a shared buffer is replaced by a new one into which
    /// only the elements outside the region are copied (when the region's
    /// runs are easy to step around; else the whole buffer is copied).
    pub fn write_region<R>(&self, region: &Layout, f: impl FnOnce(&mut Buffer) -> R) -> R {
        let mut guard = self.current.write().unwrap_or_else(|e| e.into_inner());
        if Arc::get_mut(&mut guard).is_none() {
            let copy = copy_outside(&guard, region).unwrap_or_else(|| Buffer::clone(&guard));
            *guard = Arc::new(copy);
        }
        f(Arc::get_mut(&mut guard).expect("buffer made unique above"))
    }

    /// Replaces the whole buffer (same dtype and length expected); a
    /// pinned buffer is overwritten in place instead.
    pub fn replace(&self, buffer: Arc<Buffer>) {
        if self.is_pinned() {
            return self.write(|b| with_dtype!(b.dtype(), T => T::slice_mut(b).copy_from_slice(T::slice(&buffer))));
        }
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = buffer;
    }
}

/// A new buffer holding `old`'s elements outside `region` (those inside
/// are left for the caller to write), when the region's runs of unit
/// stride come in increasing order without interleaving (a C-ordered
/// block, such as any basic slice with positive steps of the last axis 1).
fn copy_outside(old: &Buffer, region: &Layout) -> Option<Buffer> {
    let nd = region.ndim();
    if nd == 0 || region.size() == 0 || region.strides[nd - 1] != 1 {
        return None;
    }
    for k in 0..nd - 1 {
        let (d, s) = (region.shape[k + 1] as isize, region.strides[k + 1]);
        if region.shape[k] > 1 && region.strides[k] < s * d {
            return None;
        }
    }
    let mut out = Buffer::for_overwrite(old.dtype(), old.len());
    with_dtype!(old.dtype(), T => {
        let (src, dst) = (T::slice(old), T::slice_mut(&mut out));
        let mut from = 0usize;
        // Runs come in increasing order, each with a positive stride (a
        // run along an outer axis when the inner ones have length 1).
        region.for_each_run(0, region.size(), |pos, n, stride| {
            if stride == 1 {
                let p = pos as usize;
                dst[from..p].copy_from_slice(&src[from..p]);
                from = p + n;
            } else {
                for j in 0..n {
                    let p = (pos + j as isize * stride) as usize;
                    dst[from..p].copy_from_slice(&src[from..p]);
                    from = p + 1;
                }
            }
        });
        dst[from..].copy_from_slice(&src[from..]);
    });
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_writes_copy_only_the_rest_when_shared() {
        let st = Storage::new(Arc::new(Buffer::F64((0..20).map(|i| i as f64).collect())));
        let reader = st.snapshot();
        let region = crate::layout::basic_index(
            &Layout::contiguous(&[4, 5]),
            &[
                crate::layout::BasicIndex::Slice { start: Some(1), stop: Some(3), step: None },
                crate::layout::BasicIndex::Slice { start: Some(1), stop: Some(-1), step: None },
            ],
        )
        .unwrap();
        st.write_region(&region, |b| region.for_each_position(0, region.size(), |p| b.set(p, Scalar::F64(-1.0))));
        let got: Vec<f64> = (0..20).map(|i| st.snapshot().get(i).as_f64()).collect();
        let want: Vec<f64> =
            (0..20).map(|i| if (i / 5 == 1 || i / 5 == 2) && (1..4).contains(&(i % 5)) { -1.0 } else { i as f64 }).collect();
        assert_eq!(got, want);
        assert_eq!(reader.get(6), Scalar::F64(6.0));
    }

    #[test]
    fn pinned_storage_keeps_its_address_and_snapshots_copy() {
        let st = Storage::new(Arc::new(Buffer::F64(vec![1.0, 2.0])));
        let earlier = st.snapshot();
        let addr = st.pin();
        assert_ne!(Arc::as_ptr(&earlier) as usize, 0);
        let pending = st.snapshot();
        // Safety: the storage lives and keeps its buffer at `addr`.
        unsafe { *(addr as *mut f64) = 5.0 };
        assert_eq!(pending.get(0), Scalar::F64(1.0), "a pending reader has its own copy");
        assert_eq!(earlier.get(0), Scalar::F64(1.0));
        st.write(|b| b.set(1, Scalar::F64(7.0)));
        st.replace(Arc::new(Buffer::F64(vec![5.0, 8.0])));
        // Safety: as above.
        assert_eq!(unsafe { *((addr as *const f64).add(1)) }, 8.0, "writes land at the address");
        assert_eq!(st.pin(), addr, "pinned again at the same address");
    }

    #[test]
    fn region_writes_step_around_a_column() {
        // A region whose last axis has length 1: its runs go down a column.
        let st = Storage::new(Arc::new(Buffer::F64((0..12).map(|i| i as f64).collect())));
        let reader = st.snapshot();
        let region = Layout { shape: [3, 1].into_iter().collect(), strides: [4, 1].into_iter().collect(), offset: 1 };
        st.write_region(&region, |b| region.for_each_position(0, region.size(), |p| b.set(p, Scalar::F64(-1.0))));
        let got: Vec<f64> = (0..12).map(|i| st.snapshot().get(i).as_f64()).collect();
        let want: Vec<f64> = (0..12).map(|i| if i % 4 == 1 { -1.0 } else { i as f64 }).collect();
        assert_eq!(got, want);
        assert_eq!(reader.get(1), Scalar::F64(1.0));
    }

    #[test]
    fn storage_copies_on_write_when_watched() {
        let st = Storage::new(Arc::new(Buffer::F64(vec![1.0, 2.0])));
        let pending_reader = st.snapshot();
        st.write(|b| b.set(0, Scalar::F64(9.0)));
        assert_eq!(pending_reader.get(0), Scalar::F64(1.0));
        assert_eq!(st.snapshot().get(0), Scalar::F64(9.0));
        drop(pending_reader);
        let before = Arc::as_ptr(&st.snapshot());
        st.write(|b| b.set(1, Scalar::F64(7.0)));
        assert_eq!(Arc::as_ptr(&st.snapshot()), before, "unwatched write is in place");
    }
}
