//! Bridges (side traces): a guard that fails goes straight into a bridge, which jumps
//! back to the root loop's head. Branches, a second and third class at a call site
//! (a bridge of a bridge), floats in registers and spill slots, objects with exact
//! reference counts, random exits, many bridges on one loop, and the errors. Frames
//! and re-entrancy are in `bridge_frames.rs`; random bridges in `fuzz.rs`.
mod common;
use common::*;
use hipy_jit::*;
use hipy_optimizer::*;
use std::sync::atomic::{AtomicI64, Ordering};

// ---- a branch in an integer loop ----------------------------------------------------

/// `while i < n: if i % 3: a += i else: b += i; i += 1`, recorded on the `a` path.
/// Snapshots: pc 0 is the loop test, pc 4 the `if` (both with the loop-head state).
const BRANCH: &str = "trace branch
inputs v0:i64, v1:i64, v2:i64, v3:i64
v4 = int_lt v0, v1
guard_true v4 [s0 resume 0x1@0 {v0, v1, v2, v3}]
v5 = int_mod v0, 3
guard_true v5 [s1 resume 0x1@4 {v0, v1, v2, v3}]
v6 = int_add_ovf v2, v0 [s1]
v7 = int_add v0, 1
jump v7, v1, v6, v3";

/// The `b` path, recorded from exit 1 (it checks the branch again, as a recording
/// that resumes at the `if` does).
const BRANCH_ELSE: &str = "trace branch_else
inputs v0:i64, v1:i64, v2:i64, v3:i64
bridge loop(i64, i64, i64, i64)
v4 = int_mod v0, 3
guard_false v4 [s0 resume 0x1@4 {v0, v1, v2, v3}]
v5 = int_add_ovf v3, v0 [s0]
v6 = int_add v0, 1
jump v6, v1, v2, v5";

fn branch_model(n: i64) -> (i64, i64) {
    let (mut a, mut b) = (0, 0);
    for i in 0..n {
        if i % 3 != 0 {
            a += i
        } else {
            b += i
        }
    }
    (a, b)
}

#[test]
fn branch_bridge_runs_both_paths_without_leaving() {
    let l = compile_text(BRANCH);
    let n = 1000;
    // Without the bridge the loop leaves at i = 0 (0 % 3 == 0).
    let e = run(&l, &[i(0), i(n), i(0), i(0)]);
    assert_eq!(
        (e.guard, e.values.clone()),
        (1, vec![i(0), i(n), i(0), i(0)])
    );

    let a = attach(&l, 1, BRANCH_ELSE);
    assert_eq!(a.trace, 1);
    assert_eq!(a.exits, 3..5);
    assert_eq!(a.extra_stack, 0);
    assert!(a.code_size > 0);
    assert!(l.has_bridge(1) && !l.has_bridge(0) && !l.has_bridge(3));
    assert_eq!(l.num_traces(), 2);
    assert_eq!(l.num_exits(), 5);
    assert_eq!(l.trace_code(1).unwrap().len(), a.code_size);
    assert_eq!(l.total_code_size(), l.code_size() + a.code_size);
    let info = l.exit_info(3).unwrap();
    assert_eq!((info.trace, info.op_index), (1, 1));

    let before = l.exit_counts();
    let e = run(&l, &[i(0), i(n), i(0), i(0)]);
    let (wa, wb) = branch_model(n);
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![i(n), i(n), i(wa), i(wb)]);
    let counts = l.exit_counts();
    assert_eq!(counts.len(), 5);
    // Exit 1 counts the bridge's runs: every i divisible by 3.
    assert_eq!(
        counts[1] - before[1],
        (0..n).filter(|k| k % 3 == 0).count() as u64
    );
    assert_eq!(counts[0] - before[0], 1);
    assert_eq!(counts[3..], [0, 0]);
}

#[test]
fn overflow_inside_a_bridge_exits_with_the_bridges_snapshot() {
    let l = compile_text(BRANCH);
    attach(&l, 1, BRANCH_ELSE);
    // b + 3 overflows in the bridge at i = 3.
    let e = run(&l, &[i(0), i(10), i(0), i(i64::MAX - 2)]);
    assert_eq!(e.guard, 4);
    let info = l.exit_info(4).unwrap();
    assert_eq!((info.trace, info.op_index), (1, 2));
    assert_eq!(e.values, vec![i(3), i(10), i(1 + 2), i(i64::MAX - 2)]);
}

/// The `b` path again, but the bridge ends with `exit`: it leaves through its
/// snapshot every time (the vm then enters another loop with those values).
const BRANCH_ELSE_EXIT: &str = "trace branch_else_exit
inputs v0:i64, v1:i64, v2:i64, v3:i64
bridge loop(i64, i64, i64, i64)
v4 = int_mod v0, 3
guard_false v4 [s0 resume 0x1@4 {v0, v1, v2, v3}]
v5 = int_add_ovf v3, v0 [s0]
v6 = int_add v0, 1
exit [s1 resume 0x2@0 {v6, v1, v2, v5}]";

#[test]
fn a_bridge_ending_in_exit_leaves_with_its_snapshot_values() {
    let l = compile_text(BRANCH);
    let a = attach(&l, 1, BRANCH_ELSE_EXIT);
    assert_eq!(a.exits, 3..6);
    let info = l.exit_info(5).unwrap();
    assert_eq!((info.trace, info.op_index), (1, 4));
    // i = 3: the root adds 1 and 2 to a, then i = 3 fails the branch guard and the
    // bridge adds 3 to b and leaves with i = 4.
    let e = run(&l, &[i(1), i(100), i(0), i(10)]);
    assert_eq!(e.guard, 5);
    assert_eq!(e.values, vec![i(4), i(100), i(3), i(13)]);
    assert_eq!(l.exit_counts()[5], 1);
}

/// Runs the branch loop to the end through a model interpreter that resumes from
/// every exit (pc 0: the loop test; pc 4: the `if`) and re-enters.
fn run_branch_with_resumes(l: &CompiledLoop, n: i64) -> (i64, i64, u32) {
    let (mut i_, mut a, mut b) = (0i64, 0i64, 0i64);
    let mut entries = 0;
    loop {
        entries += 1;
        assert!(entries < 10 * n as u32 + 10, "no progress");
        let e = run(l, &[i(i_), i(n), i(a), i(b)]);
        let info = l.exit_info(e.guard).unwrap();
        // Every snapshot here holds (i, n, a, b).
        assert_eq!(e.values[1], i(n));
        i_ = e.values[0] as i64;
        a = e.values[2] as i64;
        b = e.values[3] as i64;
        let pc = if info.trace == 0 && info.op_index == 1 {
            0
        } else {
            4
        };
        if pc == 0 && i_ >= n {
            return (a, b, entries);
        }
        if i_ >= n {
            return (a, b, entries);
        }
        if i_ % 3 != 0 {
            a += i_
        } else {
            b += i_
        }
        i_ += 1;
    }
}

#[test]
fn random_exits_fail_root_and_bridge_guards_and_resume_correctly() {
    for seed in [1u64, 7, 99, 0xfeed] {
        let opts = CompileOptions {
            random_exit_one_in: 4,
            ..CompileOptions::new(LAYOUT)
        }
        .with_random_exits(seed);
        let l = compile_with(BRANCH, &opts);
        attach_with(&l, 1, BRANCH_ELSE, &opts);
        let n = 3000;
        let (a, b, entries) = run_branch_with_resumes(&l, n);
        assert_eq!((a, b), branch_model(n), "seed {}", seed);
        let counts = l.exit_counts();
        // Random failures of the bridge's guard, and of the root's guards.
        assert!(counts[3] > 0, "seed {}: {:?}", seed, counts);
        assert!(
            counts[0] > 1 && counts[2] > 0,
            "seed {}: {:?}",
            seed,
            counts
        );
        assert!(entries > 10, "seed {}: {} entries", seed, entries);
    }
}

#[test]
fn a_bridge_compiled_in_random_mode_on_a_plain_loop_still_agrees() {
    // The loop itself never fails at random; the bridge's guards do.
    let l = compile_text(BRANCH);
    let opts = CompileOptions::new(LAYOUT).with_random_exits(3);
    attach_with(&l, 1, BRANCH_ELSE, &opts);
    let (a, b, _) = run_branch_with_resumes(&l, 2000);
    assert_eq!((a, b), branch_model(2000));
    assert!(l.exit_counts()[3] > 0);
}

// ---- a second and a third class at a call site ----------------------------------------

const FLOAT_T: u64 = 0x7100;
const OTHER_T: u64 = 0x7200;
const THIRD_T: u64 = 0x7300;

thread_local! {
    static ITEMS: Vec<FakeObj> = (0..300)
        .map(|k| FakeObj {
            refcount: 1,
            typ: [FLOAT_T, OTHER_T, FLOAT_T, THIRD_T, OTHER_T][k % 5],
            payload: k as f64 * 0.25 - 7.0,
        })
        .collect();
}

/// A borrowed reference to item `k`.
extern "C" fn item(k: i64) -> u64 {
    ITEMS.with(|v| &v[k as usize] as *const FakeObj as u64)
}

fn classes_root() -> String {
    format!(
        "trace classes
        inputs v0:i64, v1:i64, v2:f64
        const c0 = {FLOAT_T:#x} \"float\" sealed
        func f0 = {:#x} \"item\" (i64) -> obj pure
        v3 = int_lt v0, v1
        guard_true v3 [s0 resume 0x2@0 {{v0, v1, v2}}]
        v4 = call f0(v0)
        guard_class v4, c0 [s1 resume 0x2@6 {{v0, v1, v2, v4}}]
        v5 = unbox_float v4
        v6 = float_add v2, v5
        v7 = int_add v0, 1
        jump v7, v1, v6",
        item as *const () as u64
    )
}

/// From the class guard: the object is borrowed (the call does not return an owned
/// reference).
fn other_bridge() -> String {
    format!(
        "trace other
        inputs v0:i64, v1:i64, v2:f64, v3:obj
        bridge loop(i64, i64, f64) borrowed(v3)
        const c0 = {OTHER_T:#x} \"other\"
        guard_class v3, c0 [s0 resume 0x2@6 {{v0, v1, v2, v3}}]
        v4 = unbox_float v3
        v5 = float_mul v4, 2.0
        v6 = float_add v2, v5
        v7 = int_add v0, 1
        jump v7, v1, v6"
    )
}

fn third_bridge() -> String {
    format!(
        "trace third
        inputs v0:i64, v1:i64, v2:f64, v3:obj
        bridge loop(i64, i64, f64) borrowed(v3)
        const c0 = {THIRD_T:#x} \"third\"
        guard_class v3, c0 [s0 resume 0x2@6 {{v0, v1, v2, v3}}]
        v4 = unbox_float v3
        v5 = float_sub v2, v4
        v6 = int_add v0, 1
        jump v6, v1, v5"
    )
}

fn classes_model(n: i64) -> f64 {
    ITEMS.with(|v| {
        let mut acc = 0.0;
        for o in &v[..n as usize] {
            match o.typ {
                FLOAT_T => acc += o.payload,
                OTHER_T => acc += o.payload * 2.0,
                _ => acc -= o.payload,
            }
        }
        acc
    })
}

/// Resumes the classes loop from its exits (one iteration in the model) to the end.
fn run_classes(l: &CompiledLoop, n: i64) -> (f64, u32) {
    let (mut k, mut acc) = (0i64, 0.0f64);
    let mut entries = 0;
    loop {
        entries += 1;
        let e = run(l, &[i(k), i(n), f(acc)]);
        k = e.values[0] as i64;
        acc = f64::from_bits(e.values[2]);
        if k >= n {
            return (acc, entries);
        }
        let o = unsafe { &*(item(k) as *const FakeObj) };
        if e.values.len() > 3 {
            assert_eq!(e.values[3], item(k), "the exit's object is item k");
        }
        match o.typ {
            FLOAT_T => acc += o.payload,
            OTHER_T => acc += o.payload * 2.0,
            _ => acc -= o.payload,
        }
        k += 1;
    }
}

#[test]
fn class_bridge_and_a_bridge_of_the_bridge() {
    let n = 300;
    let want = classes_model(n);
    let l = compile_text(&classes_root());
    let (acc, entries) = run_classes(&l, n);
    assert_eq!(f(acc), f(want));
    assert!(entries > 150, "{} entries without bridges", entries);

    // Other -> bridge 1; third class still leaves, through the bridge's exit.
    let a1 = attach(&l, 1, &other_bridge());
    assert_eq!(a1.exits, 2..3);
    let (acc, entries) = run_classes(&l, n);
    assert_eq!(f(acc), f(want));
    assert_eq!(entries, 61, "one entry per third-class item, plus the last");
    assert_eq!(l.exit_counts()[2], 60);

    // Third -> bridge 2, attached to the bridge's exit.
    let a2 = attach(&l, 2, &third_bridge());
    assert_eq!((a2.trace, a2.exits.clone()), (2, 3..4));
    let before = l.exit_counts();
    let (acc, entries) = run_classes(&l, n);
    assert_eq!(f(acc), f(want));
    assert_eq!(entries, 1);
    let counts = l.exit_counts();
    // Exit 1 went into bridge 1 for every non-float item, exit 2 for every third one.
    assert_eq!(counts[1] - before[1], 180);
    assert_eq!(counts[2] - before[2], 60);
    assert_eq!(counts[3] - before[3], 0);

    // Random exits everywhere.
    let opts = CompileOptions::new(LAYOUT).with_random_exits(11);
    let l = compile_with(&classes_root(), &opts);
    attach_with(&l, 1, &other_bridge(), &opts);
    attach_with(&l, 2, &third_bridge(), &opts);
    let (acc, entries) = run_classes(&l, n);
    assert_eq!(f(acc), f(want));
    assert!(entries > 20, "{}", entries);
    assert!(l.exit_counts()[3] > 0, "{:?}", l.exit_counts());
}

// ---- floats in registers and on the stack -------------------------------------------

extern "C" fn mix(a: f64, b: i64, c: f64) -> f64 {
    a * 0.5 + b as f64 - c
}

/// 20 floats rotate through the loop (most of them on the stack); odd iterations run
/// the root, even ones a bridge that also calls a helper (so xmm values are saved).
fn float_texts(nf: usize) -> (String, String) {
    let ins: Vec<String> = (0..nf).map(|k| format!("v{}:f64", k + 2)).collect();
    let snap: Vec<String> = (0..nf + 2).map(|k| format!("v{}", k)).collect();
    let mut root = String::new();
    let mut bridge = String::new();
    let base = nf + 2;
    root += &format!(
        "v{} = int_gt v0, 0\nguard_true v{} [s0 resume 0x3@0 {{{}}}]\n",
        base,
        base,
        snap.join(", ")
    );
    root += &format!(
        "v{} = int_and v0, 1\nguard_true v{} [s1 resume 0x3@2 {{{}}}]\n",
        base + 1,
        base + 1,
        snap.join(", ")
    );
    bridge += &format!(
        "v{} = int_and v0, 1\nguard_false v{} [s0 resume 0x3@2 {{{}}}]\n",
        base + 1,
        base + 1,
        snap.join(", ")
    );
    let mut next = base + 2;
    let mut new_root = Vec::new();
    let mut new_bridge = Vec::new();
    for k in 0..nf {
        root += &format!("v{} = float_mul v{}, 0.5\n", next, k + 2);
        root += &format!("v{} = float_add v{}, {}.0\n", next + 1, next, k);
        new_root.push(format!("v{}", next + 1));
        bridge += &format!("v{} = float_mul v{}, 0.25\n", next, (k + 1) % nf + 2);
        bridge += &format!("v{} = float_sub v{}, {}.0\n", next + 1, next, k);
        new_bridge.push(format!("v{}", next + 1));
        next += 2;
    }
    bridge += &format!("v{} = call f0({}, v0, v2)\n", next, new_bridge[0]);
    new_bridge[0] = format!("v{}", next);
    next += 1;
    let counter = next;
    let tail = |body: &mut String, news: &[String]| {
        *body += &format!(
            "v{} = int_sub v0, 1\njump v{}, v1, {}\n",
            counter,
            counter,
            news.join(", ")
        );
    };
    tail(&mut root, &new_root);
    tail(&mut bridge, &new_bridge);
    let header = |name: &str| {
        format!(
            "trace {}\ninputs v0:i64, v1:i64, {}\n",
            name,
            ins.join(", ")
        )
    };
    let floats = vec!["f64"; nf].join(", ");
    let root = format!("{}{}", header("floats"), root);
    let bridge = format!(
        "{}bridge loop(i64, i64, {})\nfunc f0 = {:#x} \"mix\" (f64, i64, f64) -> f64 pure\n{}",
        header("floats_even"),
        floats,
        mix as *const () as u64,
        bridge
    );
    (root, bridge)
}

fn float_model(n: i64, xs: &[f64]) -> Vec<f64> {
    let nf = xs.len();
    let mut xs = xs.to_vec();
    let mut c = n;
    while c > 0 {
        if c & 1 == 1 {
            xs = (0..nf).map(|k| xs[k] * 0.5 + k as f64).collect();
        } else {
            let mut ys: Vec<f64> = (0..nf)
                .map(|k| xs[(k + 1) % nf] * 0.25 - k as f64)
                .collect();
            ys[0] = mix(ys[0], c, xs[0]);
            xs = ys;
        }
        c -= 1;
    }
    xs
}

#[test]
fn float_values_cross_into_the_bridge_from_registers_and_spill_slots() {
    let nf = 20;
    let (root, bridge) = float_texts(nf);
    let l = compile_text(&root);
    let a = attach(&l, 1, &bridge);
    assert_eq!(a.exits, 2..3);
    let xs: Vec<f64> = (0..nf).map(|k| k as f64 * 1.5 - 3.0).collect();
    let n = 101;
    let mut inputs = vec![i(n), i(7)];
    inputs.extend(xs.iter().map(|&x| f(x)));
    let e = run(&l, &inputs);
    assert_eq!(e.guard, 0);
    let info = l.exit_info(0).unwrap();
    assert!(
        info.locations
            .iter()
            .filter(|l| matches!(l, hipy_jit::regs::Loc::Stack(_)))
            .count()
            > 3,
        "the test should spill: {:?}",
        info.locations
    );
    let want = float_model(n, &xs);
    let got: Vec<f64> = e.values[2..].iter().map(|&b| f64::from_bits(b)).collect();
    assert_eq!(
        got.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        want.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
    );
    assert_eq!(e.values[..2], [i(0), i(7)]);
    assert_eq!(l.exit_counts()[1], (n / 2) as u64);
}

// ---- objects: exact reference counts across bridges -----------------------------------

const BOX_T: u64 = 0x1000;
static LIVE: AtomicI64 = AtomicI64::new(0);

extern "C" fn box_float(x: f64) -> u64 {
    LIVE.fetch_add(1, Ordering::SeqCst);
    Box::into_raw(FakeObj::new(BOX_T, x)) as u64
}

extern "C" fn decref(p: u64) {
    let obj = unsafe { &mut *(p as *mut FakeObj) };
    assert!(obj.refcount > 0, "double free");
    obj.refcount -= 1;
    if obj.refcount == 0 {
        LIVE.fetch_sub(1, Ordering::SeqCst);
        drop(unsafe { Box::from_raw(p as *mut FakeObj) });
    }
}

fn payload(p: u64) -> f64 {
    unsafe { (*(p as *const FakeObj)).payload }
}

fn box_funcs() -> String {
    format!(
        "const c0 = {BOX_T:#x} \"float\" sealed
        func f0 = {:#x} \"box_float\" (f64) -> obj owned class(c0)
        func f1 = {:#x} \"decref\" (obj) -> void consumes(0) decref",
        box_float as *const () as u64, decref as *const () as u64
    )
}

/// `acc = acc + i if i odd else acc - i`, with `acc` a boxed float. The root boxes the
/// odd result before the branch guard, so that guard's exit drops the new box.
fn boxing_root() -> String {
    format!(
        "trace boxing
        inputs v0:i64, v1:i64, v2:obj
        {}
        v3 = int_lt v0, v1
        guard_true v3 [s0 resume 0x10@4 {{v0, v1, v2}}]
        guard_class v2, c0 [s0]
        v4 = unbox_float v2
        v5 = int_to_f64 v0
        v6 = float_add v4, v5
        v7 = call f0(v6)
        v8 = int_and v0, 1
        guard_true v8 [s0]
        call f1(v2)
        v9 = int_add v0, 1
        jump v9, v1, v7",
        box_funcs()
    )
}

/// From the branch guard: v2 (the accumulator) and v3 (the dropped box) are owned.
fn boxing_bridge() -> String {
    format!(
        "trace boxing_even
        inputs v0:i64, v1:i64, v2:obj, v3:obj
        bridge loop(i64, i64, obj)
        {}
        call f1(v3)
        guard_class v2, c0 [s0 resume 0x10@4 {{v0, v1, v2}}]
        v4 = unbox_float v2
        v5 = int_and v0, 1
        guard_false v5 [s0]
        v6 = int_to_f64 v0
        v7 = float_sub v4, v6
        v8 = call f0(v7)
        call f1(v2)
        v9 = int_add v0, 1
        jump v9, v1, v8",
        box_funcs()
    )
}

#[test]
fn boxed_values_keep_exact_reference_counts_through_bridges() {
    let mut root = ir(&boxing_root());
    optimize(&mut root).unwrap();
    let branch_exit = root
        .exit_ops()
        .iter()
        .position(|&k| root.ops[k].opcode == Opcode::GuardTrue && k > 2)
        .unwrap() as u32;
    for random in [None, Some(5u64), Some(77)] {
        let mut opts = CompileOptions::new(LAYOUT);
        opts.random_exits = random;
        opts.random_exit_one_in = 4;
        let l = compile(&root, &opts).unwrap();
        let info = l.exit_info(branch_exit).unwrap();
        assert_eq!(info.types, vec![Type::I64, Type::I64, Type::Obj, Type::Obj]);
        assert_eq!(info.borrowed, vec![false; 4]);
        let a = attach_with(&l, branch_exit, &boxing_bridge(), &opts);
        let live_before = LIVE.load(Ordering::SeqCst);
        let (mut i_, n) = (0i64, 400i64);
        let mut acc = box_float(0.0);
        let mut entries = 0;
        loop {
            entries += 1;
            let e = run(&l, &[i(i_), i(n), acc]);
            let info = l.exit_info(e.guard).unwrap();
            // Every snapshot holds the loop-head state; the exit owns v2 (it is in
            // the snapshot); the drop list is released by the "interpreter".
            let t = if info.trace == 0 {
                root.clone()
            } else {
                bridge_ir(&boxing_bridge(), true)
            };
            let g = t.ops[info.op_index].guard.as_ref().unwrap();
            for &d in &g.drop {
                decref(info.value_of(&e.values, d).unwrap());
            }
            i_ = e.values[0] as i64;
            acc = e.values[2];
            if i_ >= n {
                break;
            }
            let x = payload(acc);
            let next = box_float(if i_ % 2 == 1 {
                x + i_ as f64
            } else {
                x - i_ as f64
            });
            decref(acc);
            acc = next;
            i_ += 1;
        }
        let want: f64 = (0..n)
            .map(|k| if k % 2 == 1 { k as f64 } else { -(k as f64) })
            .sum();
        assert_eq!(payload(acc), want);
        assert_eq!(
            LIVE.load(Ordering::SeqCst) - live_before,
            1,
            "only the result is alive"
        );
        decref(acc);
        match random {
            None => assert_eq!(entries, 1),
            Some(_) => {
                assert!(entries > 10);
                assert!(
                    l.exit_counts()[a.exits.start as usize] > 0,
                    "{:?}",
                    l.exit_counts()
                );
            }
        }
    }
}

// ---- many bridges on one loop -------------------------------------------------------

/// `acc += case(i % 8)`: the root handles case 0 and leaves at one guard per other case.
fn switch_texts() -> (String, Vec<String>) {
    let mut root = String::from(
        "trace switch
        inputs v0:i64, v1:i64, v2:i64
        v3 = int_lt v0, v1
        guard_true v3 [s0 resume 0x4@0 {v0, v1, v2}]
        v4 = int_and v0, 7\n",
    );
    for k in 1..8 {
        let snap = if k == 1 {
            "s1 resume 0x4@2 {v0, v1, v2}"
        } else {
            "s1"
        };
        root += &format!(
            "v{} = int_eq v4, {}\nguard_false v{} [{}]\n",
            4 + k,
            k,
            4 + k,
            snap
        );
    }
    root += "v12 = int_add v2, 1000\nv13 = int_add v0, 1\njump v13, v1, v12";
    let bridges = (1..8)
        .map(|k| {
            format!(
                "trace case{k}
                inputs v0:i64, v1:i64, v2:i64
                bridge loop(i64, i64, i64)
                v3 = int_and v0, 7
                guard_eq_i64 v3, {k} [s0 resume 0x4@2 {{v0, v1, v2}}]
                v4 = int_mul v0, {k}
                v5 = int_add_ovf v2, v4 [s0]
                v6 = int_add v0, 1
                jump v6, v1, v5"
            )
        })
        .collect();
    (root, bridges)
}

#[test]
fn seven_bridges_on_one_loop() {
    let (root, bridges) = switch_texts();
    let l = compile_text(&root);
    for (k, b) in bridges.iter().enumerate() {
        let a = attach(&l, k as u32 + 1, b);
        assert_eq!(a.trace, k as u32 + 1);
        assert_eq!(a.exits, 8 + 2 * k as u32..10 + 2 * k as u32);
    }
    let n = 5000;
    let e = run(&l, &[i(0), i(n), i(0)]);
    let want: i64 = (0..n)
        .map(|k| if k % 8 == 0 { 1000 } else { k * (k % 8) })
        .sum();
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![i(n), i(n), i(want)]);
    let counts = l.exit_counts();
    for (k, &c) in counts.iter().enumerate().take(8).skip(1) {
        assert_eq!(c, (0..n).filter(|j| j % 8 == k as i64).count() as u64);
    }
    assert!(counts[8..].iter().all(|&c| c == 0));
}

// ---- errors ----------------------------------------------------------------------------

#[test]
fn bridges_that_do_not_fit_are_errors() {
    let l = compile_text(BRANCH);
    let opts = CompileOptions::new(LAYOUT);
    let err = |exit: u32, text: &str| {
        l.attach_bridge(exit, &ir(text), &opts)
            .err()
            .unwrap_or_else(|| panic!("attached:\n{}", text))
            .to_string()
    };
    assert!(err(9, BRANCH_ELSE).contains("exit 9 does not exist"));
    assert!(err(1, BRANCH).contains("not a bridge"));
    let e = err(
        1,
        &BRANCH_ELSE.replace("v3:i64\nbridge", "v3:i64, v9:i64\nbridge"),
    );
    assert!(e.contains("inputs are"), "{}", e);
    let e = err(
        1,
        &BRANCH_ELSE
            .replace(
                "bridge loop(i64, i64, i64, i64)",
                "bridge loop(i64, i64, i64, f64)",
            )
            .replace("jump v6, v1, v2, v5", "jump v6, v1, v2, 0.5"),
    );
    assert!(e.contains("the loop takes"), "{}", e);
    let mut other = CompileOptions::new(LAYOUT);
    other.layout.type_offset = 16;
    let e = l.attach_bridge(1, &ir(BRANCH_ELSE), &other).err().unwrap();
    assert!(e.to_string().contains("layout"), "{}", e);
    // No exit in the bridge, and it takes the loop's last open exit.
    let l1 = compile_text("trace one\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0}]\nv1 = int_sub v0, 1\njump v1");
    let e = l1
        .attach_bridge(
            0,
            &ir("trace b\ninputs v0:i64\nbridge loop(i64)\njump 5"),
            &opts,
        )
        .err()
        .unwrap();
    assert!(e.to_string().contains("never return"), "{}", e);
    // Invalid and unsupported traces.
    let mut bad = ir(BRANCH_ELSE);
    bad.ops[1].guard = None;
    assert!(matches!(
        l.attach_bridge(1, &bad, &opts),
        Err(CompileError::InvalidTrace(_))
    ));
    // A bridge is not a loop.
    assert!(matches!(
        compile(&ir(BRANCH_ELSE), &opts),
        Err(CompileError::Bridge(_))
    ));
    // Attached once only; nothing changed by the failures.
    assert_eq!(l.num_traces(), 1);
    attach(&l, 1, BRANCH_ELSE);
    assert!(err(1, BRANCH_ELSE).contains("already has a bridge"));
    assert_eq!(l.num_traces(), 2);
    // An exit with objects: borrowed flags must match.
    let lc = compile_text(&classes_root());
    let e = lc
        .attach_bridge(1, &ir(&other_bridge().replace(" borrowed(v3)", "")), &opts)
        .err()
        .unwrap();
    assert!(e.to_string().contains("must be borrowed"), "{}", e);
}

#[test]
fn exit_descriptions_cover_bridges() {
    let l = compile_text(BRANCH);
    let before: Vec<ExitInfo> = l.exits().into_iter().cloned().collect();
    let first = l.exit_info(1).unwrap();
    attach(&l, 1, BRANCH_ELSE);
    // References taken before attaching stay valid.
    assert_eq!(first, &before[1]);
    let all = l.exits();
    assert_eq!(all.len(), 5);
    assert_eq!(
        all.iter().map(|x| x.trace).collect::<Vec<_>>(),
        vec![0, 0, 0, 1, 1]
    );
    assert_eq!(
        all[3].values,
        vec![ValueId(0), ValueId(1), ValueId(2), ValueId(3)]
    );
    assert_eq!(all[3].types, vec![Type::I64; 4]);
    assert!(l.max_exit_values() >= 4);
    assert!(l.exit_info(5).is_none());
}
