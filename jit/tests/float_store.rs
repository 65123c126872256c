//! Inline float stores into list items: calls of the helper named in
//! `CompileOptions::float_store` overwrite an old item that is an exact float
//! with a count word of exactly 1, and call the helper for any other item.
mod common;
use common::*;
use hipy_jit::{CompileOptions, InlineFloatStore};
use std::sync::atomic::{AtomicU64, Ordering};

static SLOW_STORES: AtomicU64 = AtomicU64::new(0);

/// Stands in for the vm's helper; only counts (so a store that reached it
/// leaves the item's payload as it was).
extern "C" fn slow_store(_items: *mut u64, _i: i64, _x: f64) {
    SLOW_STORES.fetch_add(1, Ordering::Relaxed);
}

const FLOAT: u64 = 0xf10a7;
const OTHER: u64 = 0x1a7;
const IMMORTAL: u64 = 1 << 60;
/// Never set here: one thread.
static THREADS: u8 = 0;

fn opts() -> CompileOptions {
    CompileOptions::new(LAYOUT).with_float_store(InlineFloatStore {
        store: slow_store as *const () as u64,
        float_type: FLOAT,
        count_offset: 0,
        threads_flag: &THREADS as *const u8 as u64,
    })
}

/// One store per iteration: `items[v1] = v2` (or `items[2] = v2` with a
/// constant index), v3 iterations.
fn storing(constant_index: bool) -> hipy_jit::CompiledLoop {
    let index = if constant_index { "2" } else { "v1" };
    let text = format!(
        "trace store
        inputs v0:obj, v1:i64, v2:f64, v3:i64
        func f0 = {:#x} \"store_float_item\" (obj, i64, f64) -> void
        call f0(v0, {index}, v2)
        v4 = int_sub v3, 1
        guard_true v4 [s0 resume 0x1@0 {{v0, v4}}]
        jump v0, v1, v2, v4",
        slow_store as *const () as u64
    );
    compile_with(&text, &opts())
}

#[test]
fn sole_float_items_change_in_place_and_others_go_to_the_helper() {
    let (by_var, by_const) = (storing(false), storing(true));
    let slow = || SLOW_STORES.load(Ordering::Relaxed);
    let mut shared = FakeObj::new(FLOAT, 1.0);
    shared.refcount = 2;
    let other = FakeObj::new(OTHER, 1.0);
    let mut immortal = FakeObj::new(FLOAT, 1.0);
    immortal.refcount = IMMORTAL | 1;
    let sole = FakeObj::new(FLOAT, 1.0);
    let items = [shared.addr(), other.addr(), immortal.addr(), sole.addr()];
    let store = |l: &hipy_jit::CompiledLoop, k: i64, x: f64| {
        run(l, &[items.as_ptr() as u64, i(k), f(x), i(1)]);
    };
    // Only the list holds an exact float: its payload changes, no call.
    store(&by_var, 3, 2.5);
    assert_eq!((sole.payload, sole.refcount, slow()), (2.5, 1, 0));
    // Shared, not a float, immortal: the helper.
    store(&by_var, 0, 3.5);
    store(&by_var, 1, 3.5);
    store(&by_var, 2, 3.5);
    assert_eq!((shared.payload, other.payload, immortal.payload, slow()), (1.0, 1.0, 1.0, 3));
    // A constant index (items[2] is the immortal float, then the sole one).
    store(&by_const, 0, 4.5);
    assert_eq!((immortal.payload, slow()), (1.0, 4));
    let items2 = [0, 0, sole.addr()];
    run(&by_const, &[items2.as_ptr() as u64, i(0), f(4.5), i(1)]);
    assert_eq!((sole.payload, slow()), (4.5, 4));
}

/// The vm's helper returns whether releasing the old item may have run code,
/// and the trace guards on it; the in-place path says no.
extern "C" fn slow_store_ran_code(_items: *mut u64, _i: i64, _x: f64) -> i64 {
    1
}

#[test]
fn the_in_place_path_returns_no_code_ran() {
    let text = format!(
        "trace store
        inputs v0:obj, v1:i64, v2:f64, v3:i64
        func f0 = {:#x} \"store_float_item\" (obj, i64, f64) -> i64 item_store
        v5 = call f0(v0, v1, v2)
        guard_false v5 [s1 resume 0x1@4 {{v0, v3}}]
        v4 = int_sub v3, 1
        guard_true v4 [s0 resume 0x1@0 {{v0, v4}}]
        jump v0, v1, v2, v4",
        slow_store_ran_code as *const () as u64
    );
    let mut o = opts();
    o.float_store.as_mut().unwrap().store = slow_store_ran_code as *const () as u64;
    let l = compile_with(&text, &o);
    let sole = FakeObj::new(FLOAT, 1.0);
    let other = FakeObj::new(OTHER, 1.0);
    let items = [sole.addr(), other.addr()];
    // Three in-place stores, then the loop's own exit (guard 1).
    let e = run(&l, &[items.as_ptr() as u64, i(0), f(6.5), i(3)]);
    assert_eq!((e.guard, sole.payload), (1, 6.5));
    // The helper's answer leaves at once (guard 0).
    let e = run(&l, &[items.as_ptr() as u64, i(1), f(6.5), i(3)]);
    assert_eq!(e.guard, 0);
}
