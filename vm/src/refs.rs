//! Reference counts. RustPython counts references with atomic
//! read-modify-write instructions (`lock xadd` on x86-64, some 20 cycles
//! each), because its Python threads run in parallel. While one thread runs
//! Python code nothing else touches a count, so hipy's patched
//! rustpython-common counts with plain loads and stores then
//! (`refcount::set_plain_counts`, vendor/README.md), and so does compiled
//! code (`threads` and the JIT's `InlineRefcounts`). This module decides
//! when: from start-up, after the layout probes, until a second thread may
//! run Python (`threads::raise`). The count word's other direct use, adding
//! many references at once (`list * n`), is here too (`add_references`).

use std::sync::atomic::{AtomicU64, Ordering};

use rustpython_vm::common::refcount::set_plain_counts;
use rustpython_vm::PyObject;

use crate::layout::objects::{COUNT_MASK, IMMORTAL, SLOW_FLAGS};

/// Count with plain instructions (start-up, after the layout probes, one
/// thread). Not in the random-miss test mode (`HIPY_CACHE_RANDOM_MISS`),
/// which so runs every program with RustPython's atomic counts.
pub fn enable() {
    if !crate::threads::multi() && !crate::code::random_miss_mode() {
        set_plain_counts(true);
    }
}

/// Another thread may run Python from now on (never raised again).
pub fn disable() {
    set_plain_counts(false);
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
