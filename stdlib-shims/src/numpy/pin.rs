//! Raw addresses of array data (`ndarray.ctypes`, `numpy.ctypeslib`).
//!
//! An address is handed out by pinning the array's storage (see
//! `hipy_lazy::Storage::pin`): from then on, for the storage's life (as
//! long as a NumPy array's data pointer), the data stays at that address,
//! writes to the array land there, and pending expressions read their own
//! copy, so code writing through the address cannot change values they
//! already captured. The ctypes objects that carry an address keep the
//! array alive, as NumPy's do.
//!
//! Pinned memory is remembered by address range, so that a ctypes object
//! pointing into it can be seen as an array again (`ctypeslib.as_array`)
//! sharing the same storage.

use crate::numpy::args::unsupported;
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::layout::Layout;
use hipy_lazy::{DType, Storage};
use rustpython_vm::{PyObjectRef, PyPayload, PyResult, VirtualMachine};
use std::sync::{Arc, Mutex, Weak};

/// One pinned range: its start address, length in bytes and storage.
struct Pinned {
    start: usize,
    bytes: usize,
    storage: Weak<Storage>,
}

static PINNED: Mutex<Vec<Pinned>> = Mutex::new(Vec::new());

/// The live pinned ranges (those of storages freed since are dropped).
fn pinned() -> std::sync::MutexGuard<'static, Vec<Pinned>> {
    let mut all = PINNED.lock().unwrap_or_else(|e| e.into_inner());
    all.retain(|p| p.storage.strong_count() > 0);
    all
}

/// Pins `a`'s data; returns the address of `a`'s first element.
pub fn pin(a: &PyNdArray) -> usize {
    let (storage, layout) = a.stored();
    let itemsize = storage.dtype().itemsize();
    let was_pinned = storage.is_pinned();
    let start = storage.pin();
    if !was_pinned {
        pinned().push(Pinned { start, bytes: storage.len() * itemsize, storage: Arc::downgrade(&storage) });
    }
    start + layout.offset * itemsize
}

/// A C-contiguous array of `shape` and `dtype` over pinned memory at
/// `addr`, sharing it with the array it belongs to.
pub fn view_at(vm: &VirtualMachine, addr: usize, shape: &[usize], dtype: DType) -> PyResult<PyObjectRef> {
    let itemsize = dtype.itemsize();
    let bytes = hipy_lazy::layout::size_of(shape) * itemsize;
    let found = pinned().iter().find_map(|p| {
        let inside = p.start <= addr && addr + bytes <= p.start + p.bytes;
        inside.then(|| p.storage.upgrade().map(|s| (s, p.start))).flatten()
    });
    let Some((storage, start)) = found else {
        return Err(unsupported(vm, "ctypeslib.as_array over memory that no numpy array exposed through ctypes"));
    };
    if storage.dtype() != dtype || (addr - start) % itemsize != 0 {
        return Err(unsupported(vm, &format!("ctypeslib.as_array reading {} data as {dtype}", storage.dtype())));
    }
    let mut layout = Layout::contiguous(shape);
    layout.offset = (addr - start) / itemsize;
    Ok(PyNdArray::view(storage, layout).into_pyobject(vm))
}
