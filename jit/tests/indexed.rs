//! Inline indexed memory access (`load_indexed`, `store_indexed`) run against real
//! arrays: register and constant indexes, offsets, i64/f64/obj words, values and
//! addresses under register pressure; and `//`, `%` by powers of two.
mod common;
use common::*;
use hipy_optimizer::semantics::{int_floordiv, int_mod};

fn addr<T>(xs: &[T]) -> u64 {
    xs.as_ptr() as u64
}

/// The address of an array the compiled code writes.
fn addr_mut<T>(xs: &mut [T]) -> u64 {
    xs.as_mut_ptr() as u64
}

/// `s += p[i + offset/8]` for `i < n`; exits at the loop condition with p, i, n, s.
fn sum_loop(ty: &str, offset: i32) -> String {
    let add = if ty == "f64" { "float_add" } else { "int_add" };
    format!(
        "trace sum
        inputs v0:obj, v1:i64, v2:i64, v3:{ty}
        v4 = int_lt v1, v2
        guard_true v4 [s0 resume 0x1@0 {{v0, v1, v2, v3}}]
        v5:{ty} = load_indexed v0, v1, {offset}
        v6 = {add} v3, v5
        v7 = int_add v1, 1
        jump v0, v7, v2, v6"
    )
}

#[test]
fn sums_an_i64_array_with_a_register_index() {
    let xs: Vec<i64> = (0..1000).map(|k| k * 7 - 3000).collect();
    let l = compile_text(&sum_loop("i64", 0));
    let e = run(&l, &[addr(&xs), i(0), i(1000), i(0)]);
    assert_eq!(e.guard, 0);
    let want: i64 = xs.iter().sum();
    assert_eq!(e.values, vec![addr(&xs), i(1000), i(1000), i(want)]);
    // From the middle of the array.
    let e = run(&l, &[addr(&xs), i(990), i(1000), i(5)]);
    assert_eq!(e.values[3], i(5 + xs[990..].iter().sum::<i64>()));
}

#[test]
fn a_nonzero_offset_skips_a_header() {
    // A header word, then the items: the base points at the header.
    let mut words: Vec<i64> = vec![-1_000_000];
    words.extend(1..=100);
    let l = compile_text(&sum_loop("i64", 8));
    let e = run(&l, &[addr(&words), i(0), i(100), i(0)]);
    assert_eq!(e.values[3], i(5050));
    // A negative offset: the base points one past the first item.
    let l = compile_text(&sum_loop("i64", -8));
    let e = run(&l, &[addr(&words) + 16, i(0), i(99), i(0)]);
    assert_eq!(e.values[3], i(4950), "words[1..=99]");
}

#[test]
fn sums_an_f64_array() {
    let xs: Vec<f64> = (0..257).map(|k| k as f64 * 0.25 - 10.0).collect();
    let l = compile_text(&sum_loop("f64", 0));
    let e = run(&l, &[addr(&xs), i(0), i(257), f(0.5)]);
    let want = xs.iter().fold(0.5, |s, x| s + x);
    assert_eq!(e.values[3], f(want));
}

#[test]
fn stores_i64_and_f64_words() {
    // a[i] = i * i; b[i] = b[i] * 2.5 + 1.0; c[i + 1] = 2.0 (f64 constant).
    let text = "trace fill
        inputs v0:obj, v1:obj, v2:obj, v3:i64, v4:i64
        v5 = int_lt v3, v4
        guard_true v5 [s0 resume 0x1@0 {v0, v1, v2, v3, v4}]
        v6 = int_mul v3, v3
        store_indexed v0, v3, v6, 0
        v7:f64 = load_indexed v1, v3, 0
        v8 = float_mul v7, 2.5
        v9 = float_add v8, 1.0
        store_indexed v1, v3, v9, 0
        store_indexed v2, v3, 2.0, 8
        v10 = int_add v3, 1
        jump v0, v1, v2, v10, v4";
    let mut a = vec![-1i64; 50];
    let mut b: Vec<f64> = (0..50).map(|k| k as f64).collect();
    let mut c = vec![0.0f64; 51];
    let l = compile_text(text);
    let e = run(
        &l,
        &[addr_mut(&mut a), addr_mut(&mut b), addr_mut(&mut c), i(0), i(49)],
    );
    assert_eq!(e.values[3], i(49));
    for k in 0..50 {
        let written = k < 49;
        assert_eq!(a[k], if written { (k * k) as i64 } else { -1 }, "a[{}]", k);
        let bk = k as f64;
        assert_eq!(b[k], if written { bk * 2.5 + 1.0 } else { bk }, "b[{}]", k);
    }
    assert_eq!(c[0], 0.0);
    assert!(c[1..50].iter().all(|&x| x == 2.0));
    assert_eq!(c[50], 0.0);
}

#[test]
fn stores_constants_small_and_large() {
    let text = "trace consts
        inputs v0:obj, v1:i64
        store_indexed v0, v1, -7, 0
        store_indexed v0, v1, 81985529216486895, 8
        store_indexed v0, 3, 2147483647, 0
        store_indexed v0, 4, -2147483648, 0
        store_indexed v0, 5, 2147483648, 0
        store_indexed v0, 6, v1, 0
        guard_true 0 [s0 resume 0x1@0 {v0}]
        jump v0, v1";
    let mut xs = vec![0i64; 8];
    let l = compile_text(text);
    run(&l, &[addr_mut(&mut xs), i(1)]);
    assert_eq!(
        xs,
        vec![
            0,
            -7,
            0x0123_4567_89ab_cdef,
            2147483647,
            -2147483648,
            2147483648,
            1,
            0
        ]
    );
}

#[test]
fn constant_indexes_fold_into_the_displacement_or_go_to_a_register() {
    let xs: Vec<i64> = (0..8).map(|k| 100 + k).collect();
    let p = addr(&xs);
    let text = "trace k
        inputs v0:obj, v1:obj, v2:obj
        v3:i64 = load_indexed v0, 3, 8
        v4:i64 = load_indexed v0, -1, 16
        v5:i64 = load_indexed v1, 1073741824, 0
        v6:i64 = load_indexed v2, 268435457, -2147483648
        v7:i64 = load_indexed v1, 1073741824, 8
        guard_true 0 [s0 resume 0x1@0 {v3, v4, v5, v6, v7}]
        jump v0, v1, v2";
    let l = compile_text(text);
    // v1 is p - 2**33, so [v1 + 2**30 * 8] is p[0]: the displacement does not fit
    // in 32 bits and the index goes to a register. v2 is p - 8: 268435457 * 8 -
    // 2**31 == 8 fits, so [v2 + 8] is p[0].
    let e = run(&l, &[p, p.wrapping_sub(1 << 33), p - 8]);
    assert_eq!(e.values, vec![i(104), i(101), i(100), i(100), i(101)]);
}

#[test]
fn a_constant_base_with_a_register_index() {
    let xs: Vec<i64> = (0..10).map(|k| k * k).collect();
    let text = format!(
        "trace cb
        inputs v0:i64, v1:i64
        const c0 = {:#x} \"array\"
        v2:i64 = load_indexed c0, v0, 0
        v3 = int_add v1, v2
        v4 = int_add v0, 1
        v5 = int_lt v4, 10
        guard_true v5 [s0 resume 0x1@0 {{v4, v3}}]
        jump v4, v3",
        addr(&xs)
    );
    let l = compile_text(&text);
    let e = run(&l, &[i(0), i(0)]);
    assert_eq!(e.values, vec![i(10), i(285)]);
}

#[test]
fn object_pointers_load_as_obj_and_store() {
    // items: a list's item buffer of float objects; sum their payloads after a class
    // guard, and copy each item pointer into `out`.
    const FLOAT_TYPE: u64 = 0xF10A7;
    let objs: Vec<Box<FakeObj>> = (0..20).map(|k| FakeObj::new(FLOAT_TYPE, k as f64 * 1.5)).collect();
    let mut items: Vec<u64> = objs.iter().map(|o| o.addr()).collect();
    let other = FakeObj::new(0xBAD, 0.0);
    items[15] = other.addr();
    let mut out = vec![0u64; 20];
    let text = format!(
        "trace objs
        inputs v0:obj, v1:obj, v2:i64, v3:f64
        const c0 = {FLOAT_TYPE:#x} \"float\" sealed
        v4 = int_lt v2, 20
        guard_true v4 [s0 resume 0x1@0 {{v0, v1, v2, v3}}]
        v5:obj = load_indexed v0, v2, 0
        guard_class v5, c0 [s1 resume 0x1@4 {{v0, v1, v2, v3, v5}}]
        v6 = unbox_float v5
        v7 = float_add v3, v6
        store_indexed v1, v2, v5, 0
        v8 = int_add v2, 1
        jump v0, v1, v8, v7"
    );
    let l = compile_text(&text);
    let e = run(&l, &[addr(&items), addr_mut(&mut out), i(0), f(0.0)]);
    assert_eq!(e.guard, 1, "the class guard of item 15");
    let want: f64 = (0..15).fold(0.0, |s, k| s + k as f64 * 1.5);
    assert_eq!(
        e.values,
        vec![addr(&items), addr(&out), i(15), f(want), other.addr()]
    );
    assert_eq!(&out[..15], &items[..15]);
    assert!(out[15..].iter().all(|&x| x == 0));
}

#[test]
fn many_bases_and_offsets_under_register_pressure() {
    // Twelve arrays live at once (plus i, n, s): bases land in every register,
    // including r12/r13/rbp, and on the stack. Array k is read at offset 8 * k from a
    // base k words before its first item.
    const K: usize = 12;
    const N: usize = 40;
    let arrays: Vec<Vec<i64>> = (0..K)
        .map(|k| (0..N).map(|j| (k as i64 + 1) * 1000 + j as i64).collect())
        .collect();
    let bases: Vec<String> = (0..K).map(|k| format!("v{}:obj", k)).collect();
    let (iv, nv, sv) = (K, K + 1, K + 2);
    let mut body = String::new();
    let mut next = K + 3;
    let mut acc = sv;
    for k in 0..K {
        body += &format!("v{}:i64 = load_indexed v{}, v{}, {}\n", next, k, iv, 8 * k);
        body += &format!("v{} = int_add v{}, v{}\n", next + 1, acc, next);
        acc = next + 1;
        next += 2;
    }
    let all: Vec<String> = (0..K + 3).map(|k| format!("v{}", k)).collect();
    let text = format!(
        "trace pressure
        inputs {}, v{iv}:i64, v{nv}:i64, v{sv}:i64
        v{c} = int_lt v{iv}, v{nv}
        guard_true v{c} [s0 resume 0x1@0 {{{}}}]
        {body}
        v{inc} = int_add v{iv}, 1
        jump {}, v{inc}, v{nv}, v{acc}",
        bases.join(", "),
        all.join(", "),
        (0..K).map(|k| format!("v{}", k)).collect::<Vec<_>>().join(", "),
        c = next,
        inc = next + 1,
    );
    let l = compile_text(&text);
    let mut inputs: Vec<u64> = (0..K).map(|k| addr(&arrays[k]) - 8 * k as u64).collect();
    inputs.extend([i(0), i(N as i64), i(0)]);
    let e = run(&l, &inputs);
    let want: i64 = arrays.iter().flatten().sum();
    assert_eq!(e.values[K], i(N as i64));
    assert_eq!(e.values[K + 2], i(want));
}

#[test]
fn many_indexes_and_stored_values_under_register_pressure() {
    // Fourteen indexes i + k live at once, then fourteen loaded values live at once,
    // then each stored to out[i + k]: indexes and stored values come from registers
    // and from stack slots.
    const K: i64 = 14;
    let xs: Vec<i64> = (0..64).map(|j| j * 3 + 1).collect();
    let mut out = vec![0i64; 64];
    let mut body = String::new();
    let idx = |k: i64| 4 + k;
    let val = |k: i64| 4 + K + k;
    for k in 0..K {
        body += &format!("v{} = int_add v2, {}\n", idx(k), k);
    }
    for k in 0..K {
        body += &format!("v{}:i64 = load_indexed v0, v{}, 0\n", val(k), idx(k));
    }
    for k in 0..K {
        body += &format!("store_indexed v1, v{}, v{}, 0\n", idx(k), val(k));
    }
    let done = 4 + 2 * K;
    let text = format!(
        "trace pressure2
        inputs v0:obj, v1:obj, v2:i64, v3:i64
        {body}
        v{done} = int_add v2, {K}
        v{c} = int_lt v{done}, v3
        guard_true v{c} [s0 resume 0x1@0 {{v0, v1, v{done}, v3}}]
        jump v0, v1, v{done}, v3",
        c = done + 1
    );
    let l = compile_text(&text);
    let e = run(&l, &[addr(&xs), addr_mut(&mut out), i(0), i(50)]);
    assert_eq!(e.values[2], i(56), "four rounds of 14");
    assert_eq!(&out[..56], &xs[..56]);
    assert!(out[56..].iter().all(|&x| x == 0));
}

#[test]
fn optimized_list_sum_runs() {
    // The recorder's shape: the item buffer read from the list object, a bounds
    // guard, then an inline item read; the unused second load goes.
    let items: Vec<i64> = (1..=30).collect();
    // A fake list: [refcount, type, buffer pointer, length].
    let list: [u64; 4] = [1, 0x1157, addr(&items), 30];
    let mut t = ir("trace list_sum
        inputs v0:obj, v1:i64, v2:i64
        v3:i64 = load_field v0, 24
        v4 = int_lt v1, v3
        guard_true v4 [s0 resume 0x1@4 {v0, v1, v2}]
        guard_bounds v1, v3 [s0]
        v5:obj = load_field v0, 16
        v6:i64 = load_indexed v5, v1, 0
        v7:i64 = load_indexed v5, v1, 8
        v8 = int_add_ovf v2, v6 [s1 resume 0x1@8 {v0, v1, v2}]
        v9 = int_add v1, 1
        jump v0, v9, v8");
    hipy_optimizer::optimize(&mut t).unwrap();
    assert_eq!(
        t.ops.iter().filter(|o| o.opcode == hipy_optimizer::Opcode::LoadIndexed).count(),
        1
    );
    let l = hipy_jit::compile(&t, &hipy_jit::CompileOptions::new(LAYOUT)).unwrap();
    let e = run(&l, &[addr(&list), i(0), i(0)]);
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![addr(&list), i(30), i(465)]);
}

// ---- `//` and `%` by powers of two --------------------------------------------

/// Python's `a // b` and `a % b`, computed in i128 so that nothing overflows:
/// truncating division, then one step down when the remainder is nonzero and has the
/// sign opposite to the divisor's.
fn py_divmod(a: i64, b: i64) -> (i64, i64) {
    let (a, b) = (a as i128, b as i128);
    let (mut q, mut r) = (a / b, a % b);
    if r != 0 && ((r < 0) != (b < 0)) {
        q -= 1;
        r += b;
    }
    (q as i64, r as i64)
}

#[test]
fn the_reference_is_python_floor_division() {
    // Spot checks of the reference against values python3 prints.
    assert_eq!(py_divmod(-7, 2), (-4, 1));
    assert_eq!(py_divmod(7, -2), (-4, -1));
    assert_eq!(py_divmod(-7, -2), (3, -1));
    assert_eq!(py_divmod(i64::MIN, 1 << 62), (-2, 0));
    assert_eq!(py_divmod(-1, 1 << 62), (-1, (1 << 62) - 1));
    // And it agrees with the optimizer's folding semantics.
    for a in [i64::MIN, -9, -1, 0, 1, 9, i64::MAX] {
        for b in [-8, -3, 1, 2, 8, 1 << 40] {
            let (q, r) = py_divmod(a, b);
            assert_eq!((int_floordiv(a, b), int_mod(a, b)), (Some(q), Some(r)));
        }
    }
}

fn dividends() -> Vec<i64> {
    let mut v = vec![
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        7,
        -7,
        8,
        -8,
        9,
        -9,
        i64::MAX,
        i64::MIN,
        i64::MAX - 1,
        i64::MIN + 1,
        1 << 62,
        -(1 << 62),
        (1 << 62) + 1,
        -(1 << 62) - 1,
    ];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.push(x as i64);
        v.push((x as i64) >> (x % 60));
    }
    v
}

#[test]
fn floordiv_and_mod_by_every_power_of_two() {
    let xs = dividends();
    for n in 0..=62 {
        let d: i64 = 1 << n;
        for (op, snap) in [
            ("int_floordiv", ""),
            ("int_mod", ""),
            ("int_floordiv", " [s0 resume 0x1@0 {v0}]"),
            ("int_mod", " [s0 resume 0x1@0 {v0}]"),
        ] {
            let text = format!(
                "trace pow2
                inputs v0:i64
                v1 = {op} v0, {d}{snap}
                guard_true 0 [s1 resume 0x1@2 {{v1}}]
                jump v0"
            );
            let l = compile_text(&text);
            let last = l.num_exits() as u32 - 1;
            for &a in &xs {
                let e = run(&l, &[i(a)]);
                let (q, r) = py_divmod(a, d);
                let want = if op == "int_floordiv" { q } else { r };
                assert_eq!(e.guard, last, "{} {} {}: exited", op, a, d);
                assert_eq!(e.values, vec![i(want)], "{} {} {}{}", op, a, d, snap);
            }
        }
    }
}

#[test]
fn other_constant_divisors_still_take_the_general_path() {
    // Negative powers of two, non-powers, zero (exits) and -1 (MIN // -1 exits).
    let xs = dividends();
    for d in [-1i64, -2, -8, -(1 << 62), 3, 6, 10, 0, i64::MIN] {
        for op in ["int_floordiv", "int_mod"] {
            let text = format!(
                "trace general
                inputs v0:i64
                v1 = {op} v0, {d} [s0 resume 0x1@0 {{v0}}]
                guard_true 0 [s1 resume 0x1@2 {{v1}}]
                jump v0"
            );
            let l = compile_text(&text);
            for &a in &xs {
                let e = run(&l, &[i(a)]);
                let want = if op == "int_floordiv" {
                    int_floordiv(a, d)
                } else {
                    int_mod(a, d)
                };
                let reference = (d != 0).then(|| py_divmod(a, d)).and_then(|(q, r)| {
                    if op == "int_floordiv" {
                        (a != i64::MIN || d != -1).then_some(q)
                    } else {
                        Some(r)
                    }
                });
                assert_eq!(want, reference, "{} {} {}", op, a, d);
                match want {
                    None => assert_eq!(e.guard, 0, "{} {} {}: expected an exit", op, a, d),
                    Some(w) => {
                        assert_eq!(e.guard, 1, "{} {} {}: unexpected exit", op, a, d);
                        assert_eq!(e.values, vec![i(w)], "{} {} {}", op, a, d);
                    }
                }
            }
        }
    }
}

#[test]
fn prefetches_of_any_address_do_not_fault() {
    // Past the end of the buffer, far past it, and at a null base: a
    // prefetch is a hint and never faults.
    let l = compile_text(
        "trace pf
        inputs v0:obj, v1:i64, v2:i64
        const c0 = 0x0 \"null\"
        prefetch v0, v1
        v3 = int_mul v1, 4096
        prefetch v0, v3
        prefetch c0, v1
        v4:i64 = load_indexed v0, 0, 0
        v5 = int_sub v2, 1
        guard_true v5 [s0 resume 0x1@0 {v4, v5}]
        jump v0, v1, v5",
    );
    let buf = [42u64; 4];
    for k in [0i64, 3, 4, 1 << 20, -(1 << 40), i64::MAX / 8] {
        let e = run(&l, &[buf.as_ptr() as u64, i(k), i(3)]);
        assert_eq!(e.values, vec![42, 0]);
    }
}
