//! Every guard kind, taken and not taken; class guards and inline reads on fake
//! objects laid out per an `ObjLayout`; raw field loads and stores; exit counters and
//! the order of exit values (snapshot values, then the drop list).
mod common;
use common::*;
use hipy_jit::{compile, CompileOptions, ObjLayout};
use hipy_optimizer::optimize;

/// A loop that counts `v0` down and checks guard `g` on `v1` every iteration:
/// `guard_*` passes while the loop runs; the first exit tells which guard stopped it.
fn guard_loop(guard: &str, v1_type: &str, extra_header: &str) -> String {
    format!(
        "trace g
        inputs v0:i64, v1:{}
        {}
        {}
        v2 = int_sub v0, 1
        guard_true v0 [s1 resume 0x1@8 {{v0, v1}}]
        jump v2, v1",
        v1_type, extra_header, guard
    )
}

#[test]
fn guard_true_false_nonnull() {
    let l = compile_text(&guard_loop(
        "guard_true v1 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    assert_eq!(run(&l, &[i(5), i(1)]).guard, 1);
    let e = run(&l, &[i(5), i(0)]);
    assert_eq!((e.guard, e.values), (0, vec![i(5), i(0)]));
    let e = run(&l, &[i(5), i(-7)]);
    assert_eq!(e.guard, 1, "any nonzero is true");

    let l = compile_text(&guard_loop(
        "guard_false v1 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    assert_eq!(run(&l, &[i(5), i(0)]).guard, 1);
    assert_eq!(run(&l, &[i(5), i(2)]).guard, 0);

    let l = compile_text(&guard_loop(
        "guard_nonnull v1 [s0 resume 0x1@0 {v0, v1}]",
        "obj",
        "",
    ));
    assert_eq!(run(&l, &[i(5), 0x1000]).guard, 1);
    assert_eq!(run(&l, &[i(5), 0]).guard, 0);
}

#[test]
fn guard_eq_identity_bounds() {
    let l = compile_text(&guard_loop(
        "guard_eq_i64 v1, -3 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    assert_eq!(run(&l, &[i(5), i(-3)]).guard, 1);
    assert_eq!(run(&l, &[i(5), i(3)]).guard, 0);

    let big = "guard_eq_i64 v1, 81985529216486895 [s0 resume 0x1@0 {v0, v1}]";
    let l = compile_text(&guard_loop(big, "i64", ""));
    assert_eq!(run(&l, &[i(5), i(81985529216486895)]).guard, 1);
    assert_eq!(run(&l, &[i(5), i(81985529216486894)]).guard, 0);

    let l = compile_text(&guard_loop(
        "guard_identity v1, c0 [s0 resume 0x1@0 {v0, v1}]",
        "obj",
        "const c0 = 0x7f0012345678 \"None\"",
    ));
    assert_eq!(run(&l, &[i(5), 0x7f0012345678]).guard, 1);
    assert_eq!(run(&l, &[i(5), 0x7f0012345670]).guard, 0);

    // idx in v1, len 10
    let l = compile_text(&guard_loop(
        "guard_bounds v1, 10 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    for (idx, ok) in [
        (0, true),
        (9, true),
        (10, false),
        (-1, false),
        (i64::MIN, false),
        (11, false),
    ] {
        assert_eq!(
            run(&l, &[i(5), i(idx)]).guard,
            if ok { 1 } else { 0 },
            "idx {}",
            idx
        );
    }
    // len in v1, constant idx 3
    let l = compile_text(&guard_loop(
        "guard_bounds 3, v1 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    for (len, ok) in [(4, true), (100, true), (3, false), (0, false)] {
        assert_eq!(
            run(&l, &[i(5), i(len)]).guard,
            if ok { 1 } else { 0 },
            "len {}",
            len
        );
    }
    // both variable, on the stack-or-register path
    let text = "trace b
        inputs v0:i64, v1:i64, v2:i64
        guard_bounds v1, v2 [s0 resume 0x1@0 {v0, v1, v2}]
        v3 = int_sub v0, 1
        guard_true v0 [s1 resume 0x1@8 {v0}]
        jump v3, v1, v2";
    let l = compile_text(text);
    assert_eq!(run(&l, &[i(3), i(2), i(3)]).guard, 1);
    assert_eq!(run(&l, &[i(3), i(3), i(3)]).guard, 0);
    assert_eq!(run(&l, &[i(3), i(-1), i(3)]).guard, 0);
}

#[test]
fn constant_guards_pass_or_always_exit() {
    let text = "trace k
        inputs v0:i64
        const c0 = 0x1000 \"x\"
        guard_true 1 [s0 resume 0x1@0 {v0}]
        guard_nonnull c0 [s0]
        guard_eq_i64 4, 4 [s0]
        guard_bounds 2, 3 [s0]
        v1 = int_sub v0, 1
        guard_true v0 [s1 resume 0x1@8 {v0}]
        guard_false 1 [s2 resume 0x1@9 {v1}]
        jump v1";
    let l = compile_text(text);
    let e = run(&l, &[i(5)]);
    assert_eq!((e.guard, e.values), (5, vec![i(4)]));
}

#[test]
fn guard_class_and_unbox_float_on_fake_objects() {
    let float_t = 0x5000u64;
    let int_t = 0x6000u64;
    let x = FakeObj::new(float_t, 1.25);
    let y = FakeObj::new(int_t, 0.0);
    let text = format!(
        "trace cls
        inputs v0:obj, v1:f64, v2:i64
        const c0 = {:#x} \"float\" sealed
        guard_class v0, c0 [s0 resume 0x1@0 {{v0, v1, v2}}]
        v3 = unbox_float v0
        v4 = float_add v1, v3
        v5 = load_type v0
        v6 = ptr_eq v5, c0
        guard_true v6 [s0]
        v7 = int_sub v2, 1
        guard_true v2 [s1 resume 0x1@8 {{v0, v4, v2}}]
        jump v0, v4, v7",
        float_t
    );
    let l = compile_text(&text);
    let e = run(&l, &[x.addr(), f(0.5), i(3)]);
    assert_eq!(
        (e.guard, e.values.clone()),
        (2, vec![x.addr(), f(0.5 + 4.0 * 1.25), i(0)])
    );
    let e = run(&l, &[y.addr(), f(0.5), i(3)]);
    assert_eq!((e.guard, e.values), (0, vec![y.addr(), f(0.5), i(3)]));
}

#[test]
fn rustpython_offsets_40_and_48() {
    #[repr(C)]
    struct Big {
        head: [u64; 5],
        typ: u64,
        payload: f64,
    }
    let layout = ObjLayout {
        type_offset: 40,
        float_payload_offset: 48,
    };
    let obj = Box::new(Big {
        head: [0; 5],
        typ: 0x7777,
        payload: -3.5,
    });
    let text = "trace rp
        inputs v0:obj, v1:i64
        const c0 = 0x7777 \"float\" sealed
        guard_class v0, c0 [s0 resume 0x1@0 {v0, v1}]
        v2 = unbox_float v0
        v3 = load_type v0
        guard_false v1 [s1 resume 0x1@4 {v2, v3}]
        jump v0, v1";
    let l = compile(&ir(text), &CompileOptions::new(layout)).unwrap();
    let e = run(&l, &[&*obj as *const Big as u64, i(1)]);
    assert_eq!((e.guard, e.values), (1, vec![f(-3.5), 0x7777]));
}

#[test]
fn raw_field_loads_and_stores() {
    let mut buf = [10i64, 20, 30, 0, 0];
    let mut fbuf = [0.5f64, 0.0];
    let text = "trace fld
        inputs v0:obj, v1:obj, v2:i64
        v3:i64 = load_field v0, 8
        v4:i64 = load_field v0, 16
        v5 = int_add v3, v4
        store_field v0, 24, v5
        store_field v0, 32, -77
        v6:f64 = load_field v1, 0
        v7 = float_mul v6, 3.0
        store_field v1, 8, v7
        v8:obj = load_field v0, 0
        guard_false v2 [s0 resume 0x1@0 {v8, v6}]
        jump v0, v1, v2";
    let l = compile_text(text);
    let e = run(
        &l,
        &[buf.as_mut_ptr() as u64, fbuf.as_mut_ptr() as u64, i(1)],
    );
    assert_eq!((e.guard, e.values), (0, vec![10, f(0.5)]));
    assert_eq!(buf, [10, 20, 30, 50, -77]);
    assert_eq!(fbuf, [0.5, 1.5]);
}

#[test]
fn exit_counters_count_every_exit() {
    let l = compile_text(&guard_loop(
        "guard_true v1 [s0 resume 0x1@0 {v0, v1}]",
        "i64",
        "",
    ));
    for _ in 0..3 {
        run(&l, &[i(2), i(0)]);
    }
    for _ in 0..5 {
        run(&l, &[i(2), i(1)]);
    }
    assert_eq!(l.exit_counts(), vec![3, 5]);
}

#[test]
fn exit_values_are_snapshot_values_then_drop_list() {
    extern "C" fn new_ref(x: u64) -> u64 {
        x + 1
    }
    extern "C" fn decref(_x: u64) {}
    let text = format!(
        "trace own
        inputs v0:obj, v1:i64, v2:f64
        const c0 = 0x1 \"T\"
        func f0 = {:#x} \"new_ref\" (obj) -> obj owned
        func f1 = {:#x} \"decref\" (obj) -> void consumes(0) decref
        v3 = call f0(v0)
        v4 = int_sub v1, 1
        guard_true v1 [s0 resume 0x1@0 {{v2, bool(v4), v2, 7, null, =}} 0x2@3 {{v1, virt0}} virt0 = c0 {{c0: v2, c0: v4}}]
        call f1(v3)
        jump v0, v4, v2",
        new_ref as *const () as u64,
        decref as *const () as u64
    );
    let mut t = ir(&text);
    optimize(&mut t).unwrap();
    let g = t.ops.iter().find(|op| op.guard.is_some()).unwrap();
    assert_eq!(g.guard.as_ref().unwrap().drop.len(), 2, "{}", t); // v0 and v3
    let l = compile(&t, &CompileOptions::new(LAYOUT)).unwrap();
    let e = run(&l, &[0x1000, i(0), f(2.5)]);
    let info = l.exit_info(e.guard).unwrap();
    // snapshot values in order of first appearance: v2, v4, v1; then drops v0, v3
    let ids: Vec<u32> = info.values.iter().map(|v| v.0).collect();
    assert_eq!(ids, vec![2, 4, 1, 0, 3]);
    assert_eq!(e.values, vec![f(2.5), i(-1), i(0), 0x1000, 0x1001]);
    assert_eq!(
        info.value_of(&e.values, hipy_optimizer::ValueId(3)),
        Some(0x1001)
    );
    use hipy_optimizer::{ConstId, Operand, ValueId};
    assert_eq!(
        info.operand_bits(&t, &e.values, Operand::Value(ValueId(4))),
        Some(i(-1))
    );
    assert_eq!(
        info.operand_bits(&t, &e.values, Operand::Value(ValueId(9))),
        None
    );
    assert_eq!(
        info.operand_bits(&t, &e.values, Operand::Obj(ConstId(0))),
        Some(1)
    );
    assert_eq!(
        info.operand_bits(&t, &e.values, Operand::float(2.0)),
        Some(f(2.0))
    );
}

extern "C" fn identity(x: i64) -> i64 {
    x
}

#[test]
fn guard_no_interrupt_exits_on_a_request_or_a_due_count() {
    use hipy_jit::InterruptCheck;
    use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
    static FLAG: AtomicU8 = AtomicU8::new(0);
    static COUNT: AtomicU64 = AtomicU64::new(0);
    static LIMIT: AtomicU64 = AtomicU64::new(100);
    let check = InterruptCheck {
        flag: FLAG.as_ptr() as u64,
        mask: 2,
        count: COUNT.as_ptr() as u64,
        limit: LIMIT.as_ptr() as u64,
    };
    let opts = CompileOptions::new(LAYOUT).with_interrupts(check);
    // Without a call, only the flag is read; with one, the count too.
    let plain = compile_with(&guard_loop("guard_no_interrupt [s0 resume 0x1@0 {v0, v1}]", "i64", ""), &opts);
    let with_call = compile_with(
        &format!(
            "trace g
            func f0 = {:#x} \"identity\" (i64) -> i64
            inputs v0:i64, v1:i64
            guard_no_interrupt [s0 resume 0x1@0 {{v0, v1}}]
            v3 = call f0(v1)
            v2 = int_sub v0, 1
            guard_true v0 [s1 resume 0x1@8 {{v0, v3}}]
            jump v2, v3",
            identity as extern "C" fn(i64) -> i64 as usize
        ),
        &opts,
    );
    for l in [&plain, &with_call] {
        assert_eq!(run(l, &[i(5), i(0)]).guard, 1, "nothing requested: runs to the end");
    }
    FLAG.store(1, Relaxed);
    assert_eq!(run(&plain, &[i(5), i(0)]).guard, 1, "a bit outside the mask is ignored");
    FLAG.store(2, Relaxed);
    let e = run(&plain, &[i(5), i(7)]);
    assert_eq!((e.guard, e.values), (0, vec![i(5), i(7)]), "a requested stop exits at once");
    FLAG.store(0, Relaxed);
    COUNT.store(100, Relaxed);
    assert_eq!(run(&plain, &[i(5), i(0)]).guard, 1, "no call: the count is not read");
    assert_eq!(run(&with_call, &[i(5), i(0)]).guard, 0, "count at its limit: exit");
    LIMIT.store(u64::MAX, Relaxed);
    assert_eq!(run(&with_call, &[i(5), i(0)]).guard, 1, "limit off: runs to the end");
}
