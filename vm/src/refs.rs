//! Reference counts in the interpreter's hot paths.
//!
//! RustPython counts references with atomic read-modify-write instructions
//! (`lock xadd` on x86-64, some 20 cycles each), because its Python threads
//! run in parallel. While one thread runs Python code nothing else touches a
//! count, so the interpreter, like compiled code (`threads` and the JIT's
//! `InlineRefcounts`), counts with plain instructions then: a count of
//! 1..max goes up by one, one above 1 goes down by one. Anything else
//! (immortal, leaked or destructed objects, the last reference, another
//! thread) goes through RustPython's own `clone`/`drop`. The count word's
//! other direct use, adding many references at once (`list * n`), is here
//! too (`add_references`).

use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use rustpython_vm::{PyObject, PyObjectRef};

use crate::layout::objects::{COUNT_MASK, IMMORTAL, SLOW_FLAGS};

/// 1 while the interpreter may count with plain instructions: the layout
/// probes found the count word at offset 0 with RustPython 0.6's encoding,
/// and no second thread may run Python (`threads::raise` lowers it).
static PLAIN: AtomicU8 = AtomicU8::new(0);

/// Allow plain counting (start-up, after the layout probes, one thread).
/// Not in the random-miss test mode (`HIPY_CACHE_RANDOM_MISS`), which so
/// runs every program with RustPython's atomic counts.
pub fn enable() {
    if crate::layout::objects::layout().and_then(|l| l.refcount_offset) == Some(0)
        && !crate::threads::multi()
        && !crate::code::random_miss_mode()
    {
        PLAIN.store(1, Ordering::SeqCst);
    }
}

/// Another thread may run Python from now on (never raised again).
pub fn disable() {
    PLAIN.store(0, Ordering::SeqCst);
}

/// The count word of `o` (offset 0, checked by `enable`).
#[inline(always)]
fn word(o: &PyObject) -> &AtomicU64 {
    // SAFETY: `o` is live; its first word is its (atomic) count word.
    unsafe { &*(o as *const PyObject as *const AtomicU64) }
}

/// The count word without the PUBLISHED bit (62), which plain counting
/// leaves alone: what remains is the count and the flags that send a
/// count to RustPython (IMMORTAL, LEAKED, DESTRUCTED).
#[inline(always)]
fn count_and_flags(v: u64) -> u64 {
    v & (COUNT_MASK | IMMORTAL | SLOW_FLAGS)
}

/// A new reference to `o`, as `o.to_owned()`.
#[inline(always)]
pub fn new_ref(o: &PyObject) -> PyObjectRef {
    if PLAIN.load(Ordering::Relaxed) != 0 {
        let w = word(o);
        let v = w.load(Ordering::Relaxed);
        // A count of 1..max-1 and no flag (one compare: 0 and the flags
        // wrap or land above the bound).
        if count_and_flags(v).wrapping_sub(1) < COUNT_MASK - 2 {
            w.store(v + 1, Ordering::Relaxed);
            // SAFETY: the count taken above is the new reference's.
            return unsafe { PyObjectRef::from_raw(NonNull::from(o)) };
        }
        if v & IMMORTAL != 0 {
            // SAFETY: an immortal object's count never changes (what
            // RustPython's `inc` does for it too).
            return unsafe { PyObjectRef::from_raw(NonNull::from(o)) };
        }
    }
    o.to_owned()
}

/// A clone of the reference `o`, as `o.clone()`.
#[inline(always)]
pub fn clone_ref(o: &PyObjectRef) -> PyObjectRef {
    new_ref(o)
}

/// Drop the reference `o`, as `drop(o)`.
#[inline(always)]
pub fn release(o: PyObjectRef) {
    if PLAIN.load(Ordering::Relaxed) != 0 {
        let w = word(&o);
        let v = w.load(Ordering::Relaxed);
        // A count of 2..max and no flag: not the last reference.
        if count_and_flags(v).wrapping_sub(2) < COUNT_MASK - 2 {
            w.store(v - 1, Ordering::Relaxed);
            std::mem::forget(o);
            return;
        }
        if v & IMMORTAL != 0 {
            std::mem::forget(o);
            return;
        }
    }
    drop(o)
}

/// Drop an optional reference (a frame slot), as `drop(o)`.
#[inline(always)]
pub fn release_opt(o: Option<PyObjectRef>) {
    if let Some(o) = o {
        release(o);
    }
}

/// Adds `n` references to `o` at once (what `n` clones would do), through
/// the probed count word. False, with nothing done, when the word was not
/// found or is not an ordinary count (leaked, destructed, or `n` more would
/// overflow it): the caller then clones one by one.
pub fn add_references(o: &PyObject, n: u64) -> bool {
    let Some(rc) = crate::layout::objects::layout().and_then(|l| l.refcount_offset) else {
        return false;
    };
    // SAFETY: `o` is live and its count word, an atomic, is at the probed offset.
    let word = unsafe { &*((o as *const PyObject as *const u8).add(rc as usize) as *const AtomicU64) };
    let mut w = word.load(Ordering::Relaxed);
    loop {
        if w & IMMORTAL != 0 {
            return true;
        }
        if w & SLOW_FLAGS != 0 || (w & COUNT_MASK).checked_add(n).is_none_or(|c| c >= COUNT_MASK) {
            return false;
        }
        match word.compare_exchange_weak(w, w + n, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => w = now,
        }
    }
}
