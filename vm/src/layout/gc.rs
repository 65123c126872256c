//! The collector's count of young objects (crate-private in RustPython 0.6),
//! which compiled loops compare with the collection threshold at their
//! back-edges (`safepoint`).

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use rustpython_vm::VirtualMachine;

/// Address of the young generation's object count (probed), or of `ZERO`.
static GC_COUNT: AtomicUsize = AtomicUsize::new(0);
static ZERO: AtomicUsize = AtomicUsize::new(0);

/// The young generation's object count (`gc.get_count()[0]`), or a word that
/// stays 0 if the probe failed (compiled loops then see only signals, and the
/// interpreter's polls still collect).
pub fn young_count() -> &'static AtomicUsize {
    let addr = GC_COUNT.load(Relaxed);
    if addr == 0 {
        &ZERO
    } else {
        // SAFETY: a probed address inside RustPython's static GC state.
        unsafe { &*(addr as *const AtomicUsize) }
    }
}

/// Whether the probe succeeded (`--stats`).
pub fn direct() -> bool {
    GC_COUNT.load(Relaxed) != 0
}

/// Find the young generation's count inside RustPython's (private) GC
/// state: the word that reads as `get_count().0` and follows it when an
/// object is tracked.
pub fn probe(vm: &VirtualMachine) {
    let state = rustpython_vm::gc_state::gc_state();
    let base = state as *const _ as *const u8;
    let words = std::mem::size_of_val(state) / 8;
    let aligned = (base as usize) % 8 == 0;
    if !aligned {
        return;
    }
    let read = |i: usize| -> usize {
        // SAFETY: i < words: inside the GC state, 8-aligned.
        unsafe { (*(base.add(i * 8) as *const AtomicUsize)).load(Relaxed) }
    };
    let (c0, c1, c2) = state.get_count();
    let candidates: Vec<usize> = (0..words.saturating_sub(2))
        .filter(|&i| read(i) == c0 && read(i + 1) == c1 && read(i + 2) == c2)
        .collect();
    // Track one more object and see which candidate moved with the count.
    let extra = vm.ctx.new_list(vec![vm.ctx.new_list(Vec::new()).into()]);
    let after = state.get_count().0;
    let found: Vec<usize> = candidates.into_iter().filter(|&i| read(i) == after && after != c0).collect();
    drop(extra);
    if let [i] = found[..] {
        if read(i) == state.get_count().0 {
            GC_COUNT.store(base as usize + i * 8, Relaxed);
        }
    }
}

