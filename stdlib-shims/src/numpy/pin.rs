//! Raw addresses of array data (`ndarray.ctypes`, `numpy.ctypeslib`).
//!
//! An address is handed out with a pin on the array's storage (see
//! `hipy_lazy::Storage::pin`): while the pin lives the data stays at that
//! address, writes to the array land there, and pending expressions read
//! their own copy, so C code writing through the address cannot change
//! values they already captured. A [`PyPin`] object holds one pin and
//! releases it when Python drops it; the ctypes objects that carry an
//! address keep their pin alive.
//!
//! Pinned memory is remembered by address range, so that a ctypes object
//! pointing into it can be seen as an array again (`ctypeslib.as_array`)
//! sharing the same storage.

use crate::numpy::args::unsupported;
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::layout::Layout;
use hipy_lazy::{DType, Storage};
use rustpython_vm::{pyclass, PyPayload, PyObjectRef, PyResult, VirtualMachine};
use std::sync::{Arc, Mutex, Weak};

#[pyclass(module = "numpy", name = "_Pin")]
#[derive(Debug, PyPayload)]
pub struct PyPin {
    storage: Arc<Storage>,
    start: usize,
}

#[pyclass]
impl PyPin {}

/// One pinned range: its start address, length in bytes and storage.
struct Pinned {
    start: usize,
    bytes: usize,
    storage: Weak<Storage>,
}

static PINNED: Mutex<Vec<Pinned>> = Mutex::new(Vec::new());

fn pinned() -> std::sync::MutexGuard<'static, Vec<Pinned>> {
    PINNED.lock().unwrap_or_else(|e| e.into_inner())
}

impl Drop for PyPin {
    fn drop(&mut self) {
        let mut all = pinned();
        if let Some(at) =
            all.iter().position(|p| p.start == self.start && p.storage.as_ptr() == Arc::as_ptr(&self.storage))
        {
            all.swap_remove(at);
        }
        self.storage.unpin();
    }
}

/// Pins `a`'s data: the pin, and the address of `a`'s first element.
pub fn pin(a: &PyNdArray) -> (PyPin, usize) {
    let (storage, layout) = a.stored();
    let start = storage.pin();
    let itemsize = storage.dtype().itemsize();
    pinned().push(Pinned { start, bytes: storage.len() * itemsize, storage: Arc::downgrade(&storage) });
    (PyPin { storage, start }, start + layout.offset * itemsize)
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
