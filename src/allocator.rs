//! The global allocator: mimalloc, as RustPython's own binary uses (its
//! crate sets it only there), asked for an alignment only where one is
//! needed.
//!
//! `mimalloc::MiMalloc` passes every request to `mi_malloc_aligned`, also
//! the ones aligned to 8 or less, which every mimalloc block is (block sizes
//! are multiples of the word). That path takes a block from the size's
//! page only while the page has free blocks; once the page is used up it
//! does not go on to a fresh page as `mi_malloc` does, but allocates the
//! size plus the alignment and aligns inside it, for every later request of
//! that size too. At start-up 5,900 of 38,000 allocations took that way
//! (about 150 instructions more each, and a larger block).
//!
//! Blocks of 16 bytes or more are 16-aligned as well (mimalloc's
//! `MI_MAX_ALIGN_SIZE`: block sizes from 16 up are multiples of 16 and a
//! page's first block is 16-aligned), so a request aligned to 16, as every
//! object holding a `u128` is (a `Decimal`'s coefficient), takes the plain
//! path too.

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::c_void;

use libmimalloc_sys as mi;

/// The alignment every mimalloc block has.
const WORD_ALIGN: usize = core::mem::size_of::<usize>();

/// The alignment of every mimalloc block of at least this many bytes.
const MAX_ALIGN: usize = 16;

/// Whether a plain mimalloc block meets `layout`'s alignment.
#[inline]
fn plain(layout: &Layout) -> bool {
    layout.align() <= WORD_ALIGN || (layout.align() <= MAX_ALIGN && layout.size() >= MAX_ALIGN)
}

pub struct Mimalloc;

// SAFETY: each method hands the request to mimalloc, with the alignment
// either passed on or one that mimalloc's blocks always have.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain mimalloc calls.
        unsafe {
            if plain(&layout) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain mimalloc calls.
        unsafe {
            if plain(&layout) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from one of the calls above.
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from one of the calls above, with `layout`;
        // mimalloc reallocates any of its blocks either way, and the new
        // size decides which alignment the new block needs.
        unsafe {
            if plain(&Layout::from_size_align_unchecked(new_size, layout.align())) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

extern "C" {
    // mimalloc's; libmimalloc-sys declares it only with its `extended`
    // feature.
    fn mi_collect(force: bool);
}

/// Gives the memory this thread's heap holds freed back to the system
/// (the table engine calls it on each of its threads after a CSV scan,
/// whose blocks are freed on other threads than allocated them).
pub fn release_freed() {
    // SAFETY: no arguments but a flag; mimalloc collects the calling
    // thread's heap.
    unsafe { mi_collect(true) }
}
