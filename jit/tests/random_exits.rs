//! Random-exit mode: guards fail at random, and a model "interpreter" resumes from
//! each exit's snapshot values, runs one iteration and re-enters the loop. The final
//! state must equal a plain run, and every exit path must have been taken.
mod common;
use common::*;
use hipy_jit::{compile, CompileError, CompileOptions, RunError};

const SUM_SQUARES: &str = "trace sum_squares
inputs v0:i64, v1:i64, v2:i64
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x10@12 {v0, v1, v2}]
v4 = int_mul_ovf v0, v0 [s1 resume 0x10@20 {v0, v1, v2}]
v5 = int_add_ovf v2, v4 [s1]
v6 = int_add v0, 1
jump v6, v1, v5";

#[test]
fn every_exit_resumes_correctly_in_sum_of_squares() {
    for seed in [1u64, 2, 3, 0xdead_beef] {
        let opts = CompileOptions::new(LAYOUT).with_random_exits(seed);
        let l = compile_with(SUM_SQUARES, &opts);
        let (mut i_, n, mut acc) = (0i64, 2000i64, 0i64);
        let mut entries = 0;
        loop {
            entries += 1;
            let e = run(&l, &[i(i_), i(n), i(acc)]);
            // Every snapshot here holds the loop-head state (i, n, acc).
            assert_eq!(e.values[1], i(n));
            i_ = e.values[0] as i64;
            acc = e.values[2] as i64;
            // The interpreter runs one iteration from the snapshot.
            if i_ >= n {
                break;
            }
            acc += i_ * i_;
            i_ += 1;
        }
        let want: i64 = (0..n).map(|k| k * k).sum();
        assert_eq!((i_, acc), (n, want), "seed {}", seed);
        let counts = l.exit_counts();
        assert!(
            counts.iter().all(|&c| c > 0),
            "seed {}: exits {:?}",
            seed,
            counts
        );
        assert!(
            entries > 10 && entries < 2000,
            "seed {}: {} entries",
            seed,
            entries
        );
    }
}

extern "C" fn halve(x: f64) -> f64 {
    x * 0.5
}

#[test]
fn random_exits_with_floats_calls_and_spills() {
    // x = halve(x) + y; y = y * 1.01; with many float temporaries live across the call.
    let text = format!(
        "trace fl
        inputs v0:f64, v1:f64, v2:i64
        func f0 = {:#x} \"halve\" (f64) -> f64 pure
        v3 = int_gt v2, 0
        guard_true v3 [s0 resume 0x1@0 {{v0, v1, v2}}]
        v4 = float_mul v1, 2.0
        v5 = float_mul v1, 3.0
        v6 = float_mul v1, 4.0
        v7 = call f0(v0)
        v8 = float_add v7, v1
        v9 = float_add v4, v5
        v10 = float_add v9, v6
        v11 = float_lt v10, 1e300
        guard_true v11 [s0]
        v12 = float_mul v1, 1.01
        v13 = int_sub v2, 1
        guard_true 1 [s1 resume 0x1@9 {{v0, v1, v2}}]
        jump v8, v12, v13",
        halve as *const () as u64
    );
    let step = |x: f64, y: f64| (halve(x) + y, y * 1.01);
    let plain = compile_text(&text);
    let e = run(&plain, &[f(1.0), f(0.25), i(500)]);
    let (mut x, mut y) = (1.0, 0.25);
    for _ in 0..500 {
        (x, y) = step(x, y);
    }
    assert_eq!(e.values, vec![f(x), f(y), i(0)]);

    let l = compile_with(&text, &CompileOptions::new(LAYOUT).with_random_exits(42));
    let (mut x, mut y, mut n) = (1.0f64, 0.25f64, 500i64);
    loop {
        let e = run(&l, &[f(x), f(y), i(n)]);
        x = f64::from_bits(e.values[0]);
        y = f64::from_bits(e.values[1]);
        n = e.values[2] as i64;
        if n <= 0 {
            break;
        }
        (x, y) = step(x, y);
        n -= 1;
    }
    let (mut wx, mut wy) = (1.0, 0.25);
    for _ in 0..500 {
        (wx, wy) = step(wx, wy);
    }
    assert_eq!((f(x), f(y)), (f(wx), f(wy)));
    assert!(
        l.exit_counts().iter().all(|&c| c > 0),
        "{:?}",
        l.exit_counts()
    );
}

#[test]
fn one_in_one_fails_every_guard_but_exception_exits() {
    let text = "trace r
        inputs v0:i64
        guard_true v0 [s0 raise 0x1@0 {v0}]
        guard_true v0 [s1 resume 0x1@2 {v0}]
        jump v0";
    let mut opts = CompileOptions::new(LAYOUT).with_random_exits(7);
    opts.random_exit_one_in = 1;
    let l = compile_with(text, &opts);
    let e = run(&l, &[i(1)]);
    assert_eq!(
        e.guard, 1,
        "the raise-pending guard must not fail at random"
    );
    let e = run(&l, &[i(0)]);
    assert_eq!(e.guard, 0, "it still fails for real");
}

#[test]
fn unsupported_ops_and_bad_input_are_errors_not_crashes() {
    let text = "trace n
        inputs v0:obj
        const c0 = 0x10 \"Point\"
        v1 = new c0
        setfield_gc v1, 0, v0
        guard_nonnull v1 [s0 resume 0x1@0 {v1}]
        jump v0";
    let e = compile(&ir(text), &CompileOptions::new(LAYOUT))
        .err()
        .unwrap();
    assert!(
        matches!(
            e,
            CompileError::Unsupported {
                op: 0,
                opcode: "new",
                ..
            }
        ),
        "{:?}",
        e
    );
    assert!(
        e.to_string().contains("op 0 (new) is not supported"),
        "{}",
        e
    );

    let mut t = ir("trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0}]\njump v0");
    t.ops[0].guard = None; // no longer valid
    let e = compile(&t, &CompileOptions::new(LAYOUT)).err().unwrap();
    assert!(matches!(e, CompileError::InvalidTrace(_)), "{:?}", e);

    let e = compile(
        &ir("trace t\ninputs v0:i64\nv1 = int_add v0, 1\njump v1"),
        &CompileOptions::new(LAYOUT),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("a loop without any exit"), "{}", e);

    let l = compile_text("trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0}]\njump v0");
    let err = unsafe { l.run(&[1, 2]) }.unwrap_err();
    assert_eq!(
        err,
        RunError::InputCount {
            expected: 1,
            got: 2
        }
    );
    assert_eq!(l.code_size(), l.code().len());
    assert!(l.code_size() > 0);
}

#[test]
fn run_into_reuses_the_buffer() {
    let l = compile_text(SUM_SQUARES);
    // The first run makes the buffer's room; later runs reuse it.
    let mut buf = Vec::new();
    unsafe { l.run_into(&[0, 1, 0], &mut buf) }.unwrap();
    let cap = buf.capacity();
    assert!(cap >= l.max_exit_values());
    for n in 1..50 {
        let g = unsafe { l.run_into(&[0, n, 0], &mut buf) }.unwrap();
        assert_eq!(g, 0);
        assert_eq!(buf.len(), 3);
        assert_eq!(buf[0], n);
    }
    assert_eq!(buf.capacity(), cap);
}
