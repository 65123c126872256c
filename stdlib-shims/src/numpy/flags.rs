//! NumPy's writable flags of an array: WRITEABLE and ALIGNED (hipy's data
//! is always aligned; the flag only records what `setflags` asked for).
//!
//! A view starts with its parent's WRITEABLE and keeps the owner's flag, so
//! that, as in NumPy, WRITEABLE can be set back to True on a view only while
//! the array that owns the memory is writeable.

use rustpython_vm::{PyResult, VirtualMachine};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[derive(Debug)]
pub struct ArrayFlags {
    writeable: Arc<AtomicBool>,
    /// The owning array's WRITEABLE flag (None: this array owns its memory).
    owner: Option<Arc<AtomicBool>>,
    aligned: AtomicBool,
}

impl Default for ArrayFlags {
    fn default() -> Self {
        ArrayFlags { writeable: Arc::new(AtomicBool::new(true)), owner: None, aligned: AtomicBool::new(true) }
    }
}

impl ArrayFlags {
    /// The flags of a new view of an array with these flags.
    pub fn for_view(&self) -> ArrayFlags {
        ArrayFlags {
            writeable: Arc::new(AtomicBool::new(self.writeable())),
            owner: Some(self.owner.clone().unwrap_or_else(|| self.writeable.clone())),
            aligned: AtomicBool::new(self.aligned()),
        }
    }

    pub fn writeable(&self) -> bool {
        self.writeable.load(Ordering::Relaxed)
    }

    pub fn aligned(&self) -> bool {
        self.aligned.load(Ordering::Relaxed)
    }

    /// Raises NumPy's `ValueError: {what} is read-only` unless writeable
    /// (`what` is "assignment destination", "output array", ...).
    pub fn check_writeable(&self, vm: &VirtualMachine, what: &str) -> PyResult<()> {
        if self.writeable() {
            Ok(())
        } else {
            Err(vm.new_value_error(format!("{what} is read-only")))
        }
    }

    /// `ndarray.setflags(write, align, uic)` with NumPy's errors.
    pub fn set(
        &self,
        vm: &VirtualMachine,
        write: Option<bool>,
        align: Option<bool>,
        uic: Option<bool>,
    ) -> PyResult<()> {
        if uic == Some(true) {
            return Err(vm.new_value_error("cannot set WRITEBACKIFCOPY flag to True"));
        }
        if write == Some(true) {
            if let Some(owner) = &self.owner {
                if !owner.load(Ordering::Relaxed) {
                    return Err(vm.new_value_error("cannot set WRITEABLE flag to True of this array"));
                }
            }
        }
        if let Some(w) = write {
            self.writeable.store(w, Ordering::Relaxed);
        }
        if let Some(a) = align {
            // Every hipy array is aligned, so True is always allowed.
            self.aligned.store(a, Ordering::Relaxed);
        }
        Ok(())
    }
}
