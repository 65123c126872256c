//! A code object's per-instruction source locations, decoded from its line
//! table the first time they are read.
//!
//! Most code objects never need them (they serve tracebacks, `f_lineno`,
//! `co_positions`, tracing), yet the table costs 32 bytes an instruction:
//! building it for every code object decoded at start-up or from a `.pyc`
//! file was a tenth of the start-up's page faults.

use crate::{SourceLocation, marshal::linetable_to_location_table};
use alloc::boxed::Box;
use core::{
    fmt,
    ops::Deref,
    ptr,
    sync::atomic::{AtomicPtr, Ordering},
};

type Pair = (SourceLocation, SourceLocation);

/// `(start, end)` location of each instruction; dereferences to the slice.
pub struct Locations {
    /// The line table the slice is decoded from (empty once decoded eagerly).
    linetable: Box<[u8]>,
    first_line: i32,
    len: usize,
    /// The decoded slice's first element, `len` long; null until decoded.
    /// Two threads may decode at once: the first to publish wins and the
    /// other frees its copy, as both decode the same table.
    table: AtomicPtr<Pair>,
}

impl Locations {
    /// Locations of `len` instructions to be decoded from `linetable`
    /// (CPython's format, lines counted from `first_line`) when first read.
    #[must_use]
    pub fn lazy(linetable: &[u8], first_line: i32, len: usize) -> Self {
        Self {
            linetable: linetable.into(),
            first_line,
            len,
            table: AtomicPtr::new(ptr::null_mut()),
        }
    }

    fn decoded(&self) -> &[Pair] {
        let mut table = self.table.load(Ordering::Acquire);
        if table.is_null() {
            let fresh = linetable_to_location_table(&self.linetable, self.first_line, self.len);
            debug_assert_eq!(fresh.len(), self.len);
            let fresh = Box::into_raw(fresh).cast::<Pair>();
            table = match self.table.compare_exchange(
                ptr::null_mut(),
                fresh,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => fresh,
                Err(won) => {
                    // SAFETY: `fresh` came from `Box::into_raw` of a `len`-long
                    // slice just above and was never published.
                    drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(fresh, self.len)) });
                    won
                }
            };
        }
        // SAFETY: a published pointer is a leaked `Box<[Pair]>` of `len`
        // elements, freed only in `drop`.
        unsafe { core::slice::from_raw_parts(table, self.len) }
    }
}

impl From<Box<[Pair]>> for Locations {
    /// Locations given outright (no line table to decode).
    fn from(table: Box<[Pair]>) -> Self {
        let len = table.len();
        Self {
            linetable: Box::default(),
            first_line: 0,
            len,
            table: AtomicPtr::new(Box::into_raw(table).cast::<Pair>()),
        }
    }
}

impl Deref for Locations {
    type Target = [Pair];

    #[inline]
    fn deref(&self) -> &[Pair] {
        self.decoded()
    }
}

impl Drop for Locations {
    fn drop(&mut self) {
        let table = *self.table.get_mut();
        if !table.is_null() {
            // SAFETY: see `decoded`; nothing borrows `self` any more.
            drop(unsafe { Box::from_raw(ptr::slice_from_raw_parts_mut(table, self.len)) });
        }
    }
}

impl Clone for Locations {
    fn clone(&self) -> Self {
        let table = self.table.load(Ordering::Acquire);
        if table.is_null() {
            Self::lazy(&self.linetable, self.first_line, self.len)
        } else {
            Self::from(Box::<[Pair]>::from(self.decoded()))
        }
    }
}

impl PartialEq for Locations {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Locations {}

impl fmt::Debug for Locations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
