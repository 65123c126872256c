//! Inline reference counting: calls of the incref/decref helpers named in
//! `CompileOptions::refcounts` count in the object's word directly, and go to
//! the helper only for the cases the fast path leaves to it.
mod common;
use common::*;
use hipy_jit::{CompileOptions, InlineRefcounts};
use std::sync::atomic::{AtomicU64, Ordering};

static SLOW_INCREFS: AtomicU64 = AtomicU64::new(0);
static SLOW_DECREFS: AtomicU64 = AtomicU64::new(0);

extern "C" fn slow_incref(o: *mut FakeObj) -> *mut FakeObj {
    SLOW_INCREFS.fetch_add(1, Ordering::Relaxed);
    o
}

extern "C" fn slow_decref(_o: *mut FakeObj) {
    SLOW_DECREFS.fetch_add(1, Ordering::Relaxed);
}

const IMMORTAL: u64 = 1 << 60;
/// Never set here: one thread.
static THREADS: u8 = 0;
const SLOW: u64 = 1 << 61;

fn opts() -> CompileOptions {
    opts_with(slow_incref, slow_decref, &THREADS)
}

/// Inline counts in word 0 with these helpers and this threads flag.
fn opts_with(
    incref: extern "C" fn(*mut FakeObj) -> *mut FakeObj,
    decref: extern "C" fn(*mut FakeObj),
    threads: &'static u8,
) -> CompileOptions {
    CompileOptions::new(LAYOUT).with_refcounts(InlineRefcounts {
        offset: 0,
        count_mask: (1 << 60) - 1,
        immortal_mask: IMMORTAL,
        slow_mask: SLOW,
        incref: incref as *const () as u64,
        decref: decref as *const () as u64,
        threads_flag: threads as *const u8 as u64,
    })
}

/// A loop calling `helper` on v0 v1 times; exits with v0 and the result of
/// the last call (incref) or v0 (decref).
fn looping(incref: bool) -> hipy_jit::CompiledLoop {
    let text = if incref {
        format!(
            "trace inc
            inputs v0:obj, v1:i64
            func f0 = {:#x} \"incref\" (obj) -> obj owned incref
            v2 = call f0(v0)
            v3 = int_sub v1, 1
            guard_true v3 [s0 resume 0x1@0 {{v2, v3}}]
            jump v0, v3",
            slow_incref as *const () as u64
        )
    } else {
        format!(
            "trace dec
            inputs v0:obj, v1:i64
            func f0 = {:#x} \"decref\" (obj) -> void decref consumes(0)
            call f0(v0)
            v3 = int_sub v1, 1
            guard_true v3 [s0 resume 0x1@0 {{v0, v3}}]
            jump v0, v3",
            slow_decref as *const () as u64
        )
    };
    compile_with(&text, &opts())
}

#[test]
fn counts_change_inline_and_unusual_words_go_to_the_helpers() {
    let (inc, dec) = (looping(true), looping(false));
    let slow = || (SLOW_INCREFS.load(Ordering::Relaxed), SLOW_DECREFS.load(Ordering::Relaxed));
    let o = FakeObj::new(0, 0.0);
    // 1 -> 6 inline; incref returns its argument.
    let e = run(&inc, &[o.addr(), i(5)]);
    assert_eq!((e.values[0], o.refcount, slow()), (o.addr(), 6, (0, 0)));
    // 6 -> 2 inline.
    run(&dec, &[o.addr(), i(4)]);
    assert_eq!((o.refcount, slow()), (2, (0, 0)));
    // 2 -> 1 inline, then a count of 1 would reach zero: the helper frees.
    run(&dec, &[o.addr(), i(2)]);
    assert_eq!((o.refcount, slow()), (1, (0, 1)));
    // An immortal object: no change, no call.
    let mut im = FakeObj::new(0, 0.0);
    im.refcount = IMMORTAL | 7;
    run(&inc, &[im.addr(), i(3)]);
    run(&dec, &[im.addr(), i(3)]);
    assert_eq!((im.refcount, slow()), (IMMORTAL | 7, (0, 1)));
    // A flagged word or a zero count: every operation goes to the helper.
    let mut odd = FakeObj::new(0, 0.0);
    odd.refcount = SLOW | 3;
    run(&inc, &[odd.addr(), i(2)]);
    run(&dec, &[odd.addr(), i(2)]);
    assert_eq!((odd.refcount, slow()), (SLOW | 3, (2, 3)));
    let mut zero = FakeObj::new(0, 0.0);
    zero.refcount = 0;
    run(&inc, &[zero.addr(), i(1)]);
    assert_eq!((zero.refcount, slow()), (0, (3, 3)));
}

static THREADED_CALLS: AtomicU64 = AtomicU64::new(0);
/// Set: other threads count references too.
static THREADS_ON: u8 = 1;

extern "C" fn threaded_incref(o: *mut FakeObj) -> *mut FakeObj {
    THREADED_CALLS.fetch_add(1, Ordering::Relaxed);
    o
}

extern "C" fn threaded_decref(_o: *mut FakeObj) {
    THREADED_CALLS.fetch_add(1, Ordering::Relaxed);
}

#[test]
fn with_other_threads_every_count_goes_to_the_helpers() {
    let opts = opts_with(threaded_incref, threaded_decref, &THREADS_ON);
    let text = format!(
        "trace inc_dec
        inputs v0:obj, v1:i64
        func f0 = {:#x} \"incref\" (obj) -> obj owned incref
        func f1 = {:#x} \"decref\" (obj) -> void decref consumes(0)
        v2 = call f0(v0)
        call f1(v2)
        v3 = int_sub v1, 1
        guard_true v3 [s0 resume 0x1@0 {{v0, v3}}]
        jump v0, v3",
        threaded_incref as *const () as u64,
        threaded_decref as *const () as u64
    );
    let l = compile_with(&text, &opts);
    let o = FakeObj::new(0, 0.0);
    run(&l, &[o.addr(), i(5)]);
    // The word is the helpers' business (atomic there): untouched inline.
    assert_eq!((o.refcount, THREADED_CALLS.load(Ordering::Relaxed)), (1, 10));
}

/// Writes every caller-saved register a compiled helper call may change.
static CLOBBERING_INCREFS: AtomicU64 = AtomicU64::new(0);

extern "C" fn clobbering_incref(o: *mut FakeObj) -> *mut FakeObj {
    CLOBBERING_INCREFS.fetch_add(1, Ordering::Relaxed);
    let x = std::hint::black_box([1.5f64; 16]);
    let s: f64 = x.iter().map(|v| v * 3.0).sum();
    std::hint::black_box(s);
    o
}

extern "C" fn clobbering_decref(_o: *mut FakeObj) {
    std::hint::black_box([2.5f64; 16]);
}

#[test]
fn the_slow_path_keeps_the_values_in_caller_saved_registers() {
    // Ints and floats live across the incref, in caller-saved registers
    // (every xmm register is one); the word's slow bit sends every call
    // to the helper, which writes those registers.
    let text = format!(
        "trace keep
        inputs v0:obj, v1:i64, v2:i64, v3:f64, v4:f64, v5:i64
        func f0 = {:#x} \"incref\" (obj) -> obj owned incref
        func f1 = {:#x} \"decref\" (obj) -> void decref consumes(0)
        v6 = int_add v1, v2
        v7 = float_mul v3, v4
        v8 = int_mul v1, 3
        v9 = float_add v3, 0.25
        v10 = call f0(v0)
        v11 = int_add v6, v8
        v12 = float_add v7, v9
        v13 = int_sub v5, 1
        call f1(v10)
        v14 = float_add v12, v3
        guard_true v13 [s0 resume 0x1@0 {{v0, v11, v2, v14, v4, v13}}]
        jump v0, v11, v2, v14, v4, v13",
        clobbering_incref as *const () as u64,
        clobbering_decref as *const () as u64
    );
    let fast = FakeObj::new(0, 0.0);
    let mut slow = FakeObj::new(0, 0.0);
    slow.refcount = SLOW | 1;
    let l = compile_with(&text, &opts_with(clobbering_incref, clobbering_decref, &THREADS));
    let run_on = |o: &FakeObj| run(&l, &[o.addr(), i(1), i(2), f(1.5), f(2.0), i(5)]).values;
    let (by_fast, by_slow) = (run_on(&fast), run_on(&slow));
    assert_eq!(CLOBBERING_INCREFS.load(Ordering::Relaxed), 5);
    assert_eq!(by_fast[1..], by_slow[1..]);
    // v1 <- v1 + v2 + 3 v1 five times: 1, 6, 26, 106, 426, 1706.
    assert_eq!(by_fast[1], i(1706));
}
