//! Residual calls to `extern "C"` helpers: integer and float arguments and results,
//! arguments on the stack, values live across calls (caller-saved registers), and
//! register pressure with spills.
mod common;
use common::*;
use std::sync::atomic::{AtomicU64, Ordering};

extern "C" fn add3(a: i64, b: i64, c: i64) -> i64 {
    a + 2 * b + 3 * c
}

extern "C" fn mix(a: f64, b: i64, c: f64) -> f64 {
    a * 10.0 + b as f64 + c / 4.0
}

/// 8 integer and 10 float arguments: two integers and two floats go on the stack.
#[allow(clippy::too_many_arguments)]
extern "C" fn many(
    a0: i64,
    f0: f64,
    a1: i64,
    f1: f64,
    a2: i64,
    f2: f64,
    a3: i64,
    f3: f64,
    a4: i64,
    f4: f64,
    a5: i64,
    f5: f64,
    a6: i64,
    f6: f64,
    a7: i64,
    f7: f64,
    f8: f64,
    f9: f64,
) -> f64 {
    let ints = [a0, a1, a2, a3, a4, a5, a6, a7];
    let floats = [f0, f1, f2, f3, f4, f5, f6, f7, f8, f9];
    let mut acc = 0.0;
    for (k, v) in ints.iter().enumerate() {
        acc += (*v as f64) * (k as f64 + 1.0);
    }
    for (k, v) in floats.iter().enumerate() {
        acc += v * (k as f64 + 100.0);
    }
    acc
}

/// Clobbers every caller-saved register it can (through a big computation) and
/// returns its argument; counts calls.
static CALLS: AtomicU64 = AtomicU64::new(0);
extern "C" fn clobber(x: i64) -> i64 {
    CALLS.fetch_add(1, Ordering::Relaxed);
    let mut v = [0f64; 16];
    for (k, s) in v.iter_mut().enumerate() {
        *s = (k as f64).sqrt() * x as f64;
    }
    std::hint::black_box(&v);
    x
}

extern "C" fn void_helper(_x: i64) {}

/// The address of a function, for the IR's function table.
macro_rules! addr {
    ($f:expr) => {
        $f as *const () as u64
    };
}

#[test]
fn integer_call_in_a_loop() {
    let text = format!(
        "trace c
        inputs v0:i64, v1:i64
        func f0 = {:#x} \"add3\" (i64, i64, i64) -> i64 pure
        v2 = call f0(v0, v1, 5)
        v3 = int_sub v1, 1
        guard_true v3 [s0 resume 0x1@0 {{v2, v3}}]
        jump v2, v3",
        addr!(add3)
    );
    let l = compile_text(&text);
    let e = run(&l, &[i(1), i(4)]);
    let (mut a, mut b) = (1i64, 4i64);
    loop {
        a = add3(a, b, 5);
        b -= 1;
        if b == 0 {
            break;
        }
    }
    assert_eq!(e.values, vec![i(a), i(0)]);
}

#[test]
fn float_arguments_and_result() {
    let text = format!(
        "trace c
        inputs v0:f64, v1:i64
        func f0 = {:#x} \"mix\" (f64, i64, f64) -> f64 pure
        v2 = call f0(v0, v1, 2.0)
        v3 = int_sub v1, 1
        guard_true v3 [s0 resume 0x1@0 {{v2, v3, v0}}]
        jump v2, v3",
        addr!(mix)
    );
    let l = compile_text(&text);
    let e = run(&l, &[f(0.5), i(3)]);
    let mut x = 0.5;
    let mut prev = x;
    for n in (1..=3).rev() {
        prev = x;
        x = mix(x, n, 2.0);
    }
    assert_eq!(e.values, vec![f(x), i(0), f(prev)]);
}

#[test]
fn stack_arguments() {
    let sig = "(i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, i64, f64, f64, f64)";
    let text = format!(
        "trace c
        inputs v0:i64, v1:f64
        func f0 = {:#x} \"many\" {} -> f64 pure
        v2 = int_add v0, 1
        v3 = int_to_f64 v0
        v4 = call f0(v0, v1, 2, 0.25, v2, v3, 4, 1.5, 5, -2.0, 6, v1, 7, 8.0, -9, 9.5, 10.25, v3)
        v5 = int_sub v0, 1
        guard_true v5 [s0 resume 0x1@0 {{v4, v0, v1, v2, v3}}]
        jump v5, v4",
        addr!(many),
        sig
    );
    let l = compile_text(&text);
    let e = run(&l, &[i(1), f(0.75)]);
    let want = many(
        1, 0.75, 2, 0.25, 2, 1.0, 4, 1.5, 5, -2.0, 6, 0.75, 7, 8.0, -9, 9.5, 10.25, 1.0,
    );
    assert_eq!(e.values, vec![f(want), i(1), f(0.75), i(2), f(1.0)]);
}

/// 16 integer and 16 float values stay live across two calls; every one is used
/// afterwards, so caller-saved registers must be saved and many values spilled.
#[test]
fn values_survive_calls_under_register_pressure() {
    let n = 16;
    let mut body = String::new();
    let mut next = 2;
    let mut ints = Vec::new();
    let mut floats = Vec::new();
    for k in 0..n {
        body += &format!("v{} = int_add v0, {}\n", next, k * 7 + 1);
        ints.push(next);
        next += 1;
        body += &format!("v{} = int_to_f64 v{}\n", next, next - 1);
        body += &format!("v{} = float_mul v{}, 0.5\n", next + 1, next);
        floats.push(next + 1);
        next += 2;
    }
    body += &format!("v{} = call f0(v0)\n", next);
    let c1 = next;
    next += 1;
    body += &format!("call f1(v{})\n", c1);
    // Sum everything after the calls.
    let mut acc_i = c1;
    for &v in &ints {
        body += &format!("v{} = int_add v{}, v{}\n", next, acc_i, v);
        acc_i = next;
        next += 1;
    }
    let mut acc_f = floats[0];
    for &v in &floats[1..] {
        body += &format!("v{} = float_add v{}, v{}\n", next, acc_f, v);
        acc_f = next;
        next += 1;
    }
    let counter = next;
    body += &format!("v{} = int_sub v1, 1\n", counter);
    let snap_vals: Vec<String> = ints
        .iter()
        .chain(&floats)
        .map(|v| format!("v{}", v))
        .collect();
    body += &format!(
        "guard_true v{} [s0 resume 0x1@0 {{v{}, v{}, {}}}]\n",
        counter,
        acc_i,
        acc_f,
        snap_vals.join(", ")
    );
    let text = format!(
        "trace pressure
        inputs v0:i64, v1:i64
        func f0 = {:#x} \"clobber\" (i64) -> i64
        func f1 = {:#x} \"void\" (i64) -> void
        {}
        jump v{}, v{}",
        addr!(clobber),
        addr!(void_helper),
        body,
        acc_i,
        counter
    );
    let l = compile_text(&text);
    let before = CALLS.load(Ordering::Relaxed);
    let e = run(&l, &[i(3), i(2)]);
    assert_eq!(CALLS.load(Ordering::Relaxed) - before, 2);
    // Model the two iterations.
    let mut x = 3i64;
    let mut last = Vec::new();
    for _ in 0..2 {
        let ints: Vec<i64> = (0..n as i64).map(|k| x + k * 7 + 1).collect();
        let floats: Vec<f64> = ints.iter().map(|&v| v as f64 * 0.5).collect();
        let mut acc_i = x;
        for v in &ints {
            acc_i += v;
        }
        let mut acc_f = floats[0];
        for v in &floats[1..] {
            acc_f += v;
        }
        last = vec![i(acc_i), f(acc_f)];
        last.extend(ints.iter().map(|&v| i(v)));
        last.extend(floats.iter().map(|&v| f(v)));
        x = acc_i;
    }
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, last);
}

#[test]
fn calls_returning_objects_and_exits_after_calls() {
    extern "C" fn ident(p: u64) -> u64 {
        p
    }
    let obj = FakeObj::new(0x1234, 2.5);
    let text = format!(
        "trace c
        inputs v0:obj, v1:i64
        const c0 = 0x1234 \"T\"
        func f0 = {:#x} \"ident\" (obj) -> obj
        v2 = call f0(v0)
        guard_class v2, c0 [s0 resume 0x1@0 {{v2, v1}}]
        v3 = unbox_float v2
        v4 = float_lt v3, 3.0
        guard_true v4 [s0]
        v5 = int_sub v1, 1
        guard_true v5 [s1 resume 0x1@4 {{v2, v5, v3}}]
        jump v2, v5",
        addr!(ident)
    );
    let l = compile_text(&text);
    let e = run(&l, &[obj.addr(), i(3)]);
    assert_eq!(e.guard, 2);
    assert_eq!(e.values, vec![obj.addr(), i(0), f(2.5)]);
}
