//! Inline square roots for `x ** 0.5`: calls of the helper named in
//! `CompileOptions::sqrt_pow` return `sqrt(x)` without a call where the
//! helper would return it, and call the helper for everything else (here a
//! stand-in that counts and calls the C library's `pow`).
mod common;
use common::*;
use hipy_jit::{CompileOptions, InlineSqrtPow};
use std::sync::atomic::{AtomicU64, Ordering};

static CALLS: AtomicU64 = AtomicU64::new(0);

extern "C" fn pow(x: f64, y: f64) -> f64 {
    CALLS.fetch_add(1, Ordering::Relaxed);
    x.powf(y)
}

/// `v3 = pow(v0, v1)`, plus a float and an int live across the call; exits
/// at once with them (v2 is 0).
fn compiled() -> hipy_jit::CompiledLoop {
    let text = format!(
        "trace root
        inputs v0:f64, v1:f64, v2:i64
        func f0 = {:#x} \"pow\" (f64, f64) -> f64 pure
        v4 = float_add v0, 1.0
        v5 = int_add v2, 7
        v3 = call f0(v0, v1)
        guard_true v2 [s0 resume 0x1@0 {{v3, v4, v5}}]
        jump v0, v1, v2",
        pow as *const () as u64
    );
    compile_with(&text, &CompileOptions::new(LAYOUT).with_sqrt_pow(InlineSqrtPow { pow: pow as *const () as u64 }))
}

#[test]
fn square_roots_inline_are_what_pow_returns() {
    if !std::arch::is_x86_feature_detected!("fma") {
        return;
    }
    let l = compiled();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut xs: Vec<f64> = [0.0, -0.0, 1.0, 4.0, 2.0, 0.25, f64::MAX, f64::MIN_POSITIVE, 5e-324, -4.0, f64::INFINITY, f64::NAN]
        .to_vec();
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        xs.push(f64::from_bits(state >> 1));
    }
    for (k, &x) in xs.iter().enumerate() {
        let y = if k % 50 == 49 { 0.25 } else { 0.5 };
        let e = run(&l, &[f(x), f(y), i(0)]);
        let want = x.powf(y);
        assert!(
            e.values[0] == want.to_bits() || (want.is_nan() && f64::from_bits(e.values[0]).is_nan()),
            "pow({x:e}, {y}) gave {:e}, want {want:e}",
            f64::from_bits(e.values[0])
        );
        assert_eq!((e.values[1], e.values[2]), (f(x + 1.0), i(7)));
    }
    // Most roots need no call: about 80% of the random ones fall in range.
    let calls = CALLS.load(Ordering::Relaxed) as usize;
    assert!(calls < xs.len() / 2, "{calls} calls for {} roots", xs.len());
    assert!(calls > xs.len() / 50, "{calls} calls for {} roots", xs.len());
}
