//! Bridges and the stack frame: bridges that need more stack than their loop's frame
//! (spills, outgoing arguments), a bridge of such a bridge, random exits through them,
//! and attaching a bridge while the loop runs further up the stack.
mod common;
use common::*;
use hipy_jit::*;
use std::cell::Cell;

// ---- a bridge that needs more stack than the loop's frame ---------------------------

#[allow(clippy::too_many_arguments)]
extern "C" fn sum9(a: i64, b: i64, c: i64, d: i64, e: i64, f: i64, g: i64, h: i64, k: i64) -> i64 {
    a.wrapping_add(b.wrapping_mul(2))
        .wrapping_add(c.wrapping_mul(3))
        .wrapping_add(d.wrapping_mul(4))
        .wrapping_add(e.wrapping_mul(5))
        .wrapping_add(f.wrapping_mul(6))
        .wrapping_add(g.wrapping_mul(7))
        .wrapping_add(h.wrapping_mul(8))
        .wrapping_add(k.wrapping_mul(9))
}

#[allow(clippy::too_many_arguments)]
extern "C" fn sum12(
    a: i64,
    b: i64,
    c: i64,
    d: i64,
    e: i64,
    f: i64,
    g: i64,
    h: i64,
    k: i64,
    m: i64,
    n: i64,
    o: i64,
) -> i64 {
    sum9(a, b, c, d, e, f, g, h, k)
        .wrapping_add(m.wrapping_mul(10))
        .wrapping_add(n.wrapping_mul(11))
        .wrapping_add(o.wrapping_mul(12))
}

/// A tiny loop: `acc = acc * 3 + i` while `i % 4 != 0`.
const TINY: &str = "trace tiny
inputs v0:i64, v1:i64, v2:i64
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x5@0 {v0, v1, v2}]
v4 = int_and v0, 3
guard_true v4 [s1 resume 0x5@2 {v0, v1, v2}]
v5 = int_mul v2, 3
v6 = int_add v5, v0
v7 = int_add v0, 1
jump v7, v1, v6";

/// A bridge with `nv` values live at once (spilled), a call with stack arguments,
/// and a guard (`i % 8 == 4`) whose exit gets a bridge of the same kind.
fn heavy_bridge(name: &str, nv: usize, mask: i64, want: i64, func: &str, nargs: usize) -> String {
    let mut s = format!(
        "trace {name}
        inputs v0:i64, v1:i64, v2:i64
        bridge loop(i64, i64, i64)
        func f0 = {func}
        v3 = int_and v0, {mask}
        guard_eq_i64 v3, {want} [s0 resume 0x5@2 {{v0, v1, v2}}]\n"
    );
    let first = 4;
    for k in 0..nv {
        s += &format!("v{} = int_add v2, {}\n", first + k, k * 13 + 1);
    }
    let mut next = first + nv;
    let args: Vec<String> = (0..nargs)
        .map(|k| format!("v{}", first + k * 3 % nv))
        .collect();
    s += &format!("v{} = call f0({})\n", next, args.join(", "));
    let mut acc = next;
    next += 1;
    for k in 0..nv {
        s += &format!("v{} = int_xor v{}, v{}\n", next, acc, first + k);
        acc = next;
        next += 1;
    }
    s += &format!("v{} = int_add v0, 1\njump v{}, v1, v{}", next, next, acc);
    s
}

fn heavy_model(i_: i64, acc: i64, nv: usize, nargs: usize, f: &dyn Fn(&[i64]) -> i64) -> i64 {
    let vals: Vec<i64> = (0..nv)
        .map(|k| acc.wrapping_add(k as i64 * 13 + 1))
        .collect();
    let args: Vec<i64> = (0..nargs).map(|k| vals[k * 3 % nv]).collect();
    let mut r = f(&args);
    for v in &vals {
        r ^= v;
    }
    let _ = i_;
    r
}

#[test]
fn bridges_that_need_more_stack_than_the_loop_frame() {
    let l = compile_text(TINY);
    let (nv, nv2) = (40, 50);
    let f9 = format!(
        "{:#x} \"sum9\" (i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64",
        sum9 as *const () as u64
    );
    let f12 = format!(
        "{:#x} \"sum12\" (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64",
        sum12 as *const () as u64
    );
    // i % 4 == 0 leaves the root; the bridge handles i % 8 == 0, its own exit i % 8 == 4.
    let a1 = attach(&l, 1, &heavy_bridge("heavy", nv, 7, 0, &f9, 9));
    assert!(a1.extra_stack > 0, "{:?}", a1);
    assert_eq!(a1.extra_stack % 16, 0);
    let a2 = attach(
        &l,
        a1.exits.start,
        &heavy_bridge("heavier", nv2, 7, 4, &f12, 12),
    );
    assert!(a2.extra_stack > 0, "{:?}", a2);
    let n = 2000;
    let e = run(&l, &[i(0), i(n), i(5)]);
    let mut acc = 5i64;
    for k in 0..n {
        acc = if k % 8 == 0 {
            heavy_model(k, acc, nv, 9, &|a| {
                sum9(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
            })
        } else if k % 8 == 4 {
            heavy_model(k, acc, nv2, 12, &|a| {
                sum12(
                    a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                )
            })
        } else {
            acc.wrapping_mul(3).wrapping_add(k)
        };
    }
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![i(n), i(n), i(acc)]);
    assert_eq!(l.exit_counts()[1], (n / 4) as u64);
    assert_eq!(l.exit_counts()[a1.exits.start as usize], (n / 8) as u64);

    // Random exits in both bridges: every exit resumes with the right state.
    let opts = CompileOptions::new(LAYOUT).with_random_exits(21);
    let l = compile_with(TINY, &opts);
    let a1 = attach_with(&l, 1, &heavy_bridge("heavy", nv, 7, 0, &f9, 9), &opts);
    let a2 = attach_with(
        &l,
        a1.exits.start,
        &heavy_bridge("heavier", nv2, 7, 4, &f12, 12),
        &opts,
    );
    let (mut k, mut acc2) = (0i64, 5i64);
    loop {
        let e = run(&l, &[i(k), i(n), i(acc2)]);
        k = e.values[0] as i64;
        acc2 = e.values[2] as i64;
        if k >= n {
            break;
        }
        acc2 = if k % 8 == 0 {
            heavy_model(k, acc2, nv, 9, &|a| {
                sum9(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
            })
        } else if k % 8 == 4 {
            heavy_model(k, acc2, nv2, 12, &|a| {
                sum12(
                    a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                )
            })
        } else {
            acc2.wrapping_mul(3).wrapping_add(k)
        };
        k += 1;
    }
    assert_eq!(acc2, acc);
    assert!(
        l.exit_counts()[a2.exits.start as usize] > 0,
        "{:?}",
        l.exit_counts()
    );
}

// ---- attaching while the loop runs further up the stack ------------------------------

thread_local! {
    static NESTED: Cell<*const CompiledLoop> = const { Cell::new(std::ptr::null()) };
    static OUTCOME: Cell<u8> = const { Cell::new(0) };
}

/// Called by the loop at i == 3: runs the loop again (nested), then attaches bridges
/// while the outer run is still active.
extern "C" fn reenter(k: i64) -> i64 {
    let p = NESTED.with(|c| c.get());
    if k != 3 || p.is_null() {
        return 0;
    }
    NESTED.with(|c| c.set(std::ptr::null()));
    let l = unsafe { &*p };
    let e = run(l, &[i(0), i(2), i(100)]);
    assert_eq!((e.guard, e.values.clone()), (1, vec![i(1), i(2), i(100)]));
    // Exits of 300 values do not fit in the outer run's exit buffer (a run
    // starts with room for 256).
    let mut wide =
        String::from("trace wide\ninputs v0:i64, v1:i64, v2:i64\nbridge loop(i64, i64, i64)\n");
    let extra: Vec<String> = (3..300).map(|k| format!("v{k}")).collect();
    for (k, v) in extra.iter().enumerate() {
        wide += &format!("{v} = int_add v0, {}\n", k + 1);
    }
    wide += &format!("guard_true v1 [s0 resume 0x6@0 {{v0, v1, v2, {}}}]\njump v3, v1, v2", extra.join(", "));
    let err = l
        .attach_bridge(1, &ir(&wide), &CompileOptions::new(LAYOUT))
        .err()
        .unwrap();
    assert!(err.to_string().contains("exit buffer too small"), "{}", err);
    assert!(!l.has_bridge(1));
    // A bridge whose exits fit is fine: the outer run continues through it.
    let ok = "trace odd\ninputs v0:i64, v1:i64, v2:i64\nbridge loop(i64, i64, i64)\n\
              v3 = int_and v0, 1\nguard_true v3 [s0 resume 0x6@2 {v0, v1, v2}]\n\
              v4 = int_mul v2, 2\nv5 = int_add v0, 1\njump v5, v1, v4";
    l.attach_bridge(1, &ir(ok), &CompileOptions::new(LAYOUT))
        .unwrap();
    OUTCOME.with(|c| c.set(1));
    0
}

#[test]
fn attaching_while_the_loop_is_running_further_up() {
    let text = format!(
        "trace nested
        inputs v0:i64, v1:i64, v2:i64
        func f0 = {:#x} \"reenter\" (i64) -> i64
        v3 = int_lt v0, v1
        guard_true v3 [s0 resume 0x6@0 {{v0, v1, v2}}]
        v4 = call f0(v0)
        v5 = int_and v0, 1
        guard_false v5 [s1 resume 0x6@2 {{v0, v1, v2}}]
        v6 = int_add v2, v0
        v7 = int_add v0, 1
        jump v7, v1, v6",
        reenter as *const () as u64
    );
    let l = compile_text(&text);
    NESTED.with(|c| c.set(&l as *const CompiledLoop));
    // Even i: add i (root). Odd i: leaves at exit 1 until the bridge (doubling) is
    // attached at i == 3 by the nested call; the model resumes at odd exits.
    let (mut k, mut acc) = (0i64, 0i64);
    let n = 12;
    loop {
        let e = run(&l, &[i(k), i(n), i(acc)]);
        k = e.values[0] as i64;
        acc = e.values[2] as i64;
        if k >= n {
            break;
        }
        assert_eq!(e.guard, 1);
        acc *= 2;
        k += 1;
    }
    assert_eq!(OUTCOME.with(|c| c.get()), 1);
    let mut want = 0i64;
    for j in 0..n {
        want = if j % 2 == 0 { want + j } else { want * 2 };
    }
    assert_eq!(acc, want);
    assert!(l.exit_counts()[1] >= 4);
}
