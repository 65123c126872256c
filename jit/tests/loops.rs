//! Whole loops: integer loops with overflow exits, float loops, and the jump's
//! parallel moves (swaps, rotations, inputs on the stack).
mod common;
use common::*;
use hipy_optimizer::optimize;

const SUM_SQUARES: &str = "trace sum_squares
inputs v0:i64, v1:i64, v2:i64
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x10@12 {v0, v1, v2}]
v4 = int_mul_ovf v0, v0 [s1 resume 0x10@20 {v0, v1, v2}]
v5 = int_add_ovf v2, v4 [s1]
v6 = int_add v0, 1
jump v6, v1, v5";

/// The overflow point recorded from python3 (optimizer/tests/data/pysemantics.txt).
fn python_overflow_point() -> (i64, i64) {
    let table = include_str!("../../optimizer/tests/data/pysemantics.txt");
    let line = table
        .lines()
        .find(|l| l.starts_with("sum_squares_exit"))
        .unwrap();
    let f: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(f[1], "add", "the add overflows first");
    (f[2].parse().unwrap(), f[3].parse().unwrap())
}

#[test]
fn sum_of_squares_runs_to_the_loop_condition() {
    let l = compile_text(SUM_SQUARES);
    let e = run(&l, &[i(0), i(1000), i(0)]);
    assert_eq!(e.guard, 0);
    let want: i64 = (0..1000i64).map(|k| k * k).sum();
    assert_eq!(e.values, vec![i(1000), i(1000), i(want)]);
    assert_eq!(l.exit_info(0).unwrap().op_index, 1);
}

#[test]
fn sum_of_squares_overflow_exits_with_the_state_before_the_add() {
    let l = compile_text(SUM_SQUARES);
    let e = run(&l, &[i(0), i(i64::MAX), i(0)]);
    let (at_i, acc) = python_overflow_point();
    assert_eq!(e.guard, 2, "int_add_ovf's exit");
    assert_eq!(e.values, vec![i(at_i), i(i64::MAX), i(acc)]);
    let info = l.exit_info(2).unwrap();
    assert_eq!(info.op_index, 3);
    assert_eq!(l.exit_counts(), vec![0, 0, 1]);
}

#[test]
fn multiply_overflow_exits_first_when_it_comes_first() {
    let l = compile_text(SUM_SQUARES);
    let e = run(&l, &[i(3_037_000_499), i(i64::MAX), i(0)]);
    // 3037000499^2 fits, 3037000500^2 does not; the add of the first square fits.
    assert_eq!(e.guard, 1);
    assert_eq!(
        e.values,
        vec![
            i(3_037_000_500),
            i(i64::MAX),
            i(3_037_000_499i64 * 3_037_000_499)
        ]
    );
}

#[test]
fn optimized_sum_of_squares_behaves_the_same() {
    let mut t = ir(SUM_SQUARES);
    optimize(&mut t).unwrap();
    let l = hipy_jit::compile(&t, &hipy_jit::CompileOptions::new(LAYOUT)).unwrap();
    let e = run(&l, &[i(5), i(10), i(1)]);
    assert_eq!(
        e.values,
        vec![
            i(10),
            i(10),
            i(1 + (5..10).map(|k: i64| k * k).sum::<i64>())
        ]
    );
}

#[test]
fn float_loop_keeps_values_unboxed() {
    let text = "trace f
        inputs v0:f64, v1:i64, v2:i64, v3:f64
        v4 = int_lt v1, v2
        guard_true v4 [s0 resume 0x1@0 {v0, v1, v3}]
        v5 = float_mul v0, 1.0001
        v6 = float_add v5, 0.5
        v7 = float_sub v6, v3
        v8 = float_div v7, 1.5 [s0]
        v9 = int_to_f64 v1
        v10 = float_add v3, v9
        v11 = float_neg v8
        v12 = float_abs v11
        v13 = int_add v1, 1
        jump v12, v13, v2, v10";
    let l = compile_text(text);
    let e = run(&l, &[f(1.0), i(0), i(1000), f(0.25)]);
    let (mut x, mut s) = (1.0f64, 0.25f64);
    for k in 0..1000 {
        let v8 = (x * 1.0001 + 0.5 - s) / 1.5;
        s += k as f64;
        x = (-v8).abs();
    }
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![f(x), i(1000), f(s)]);
}

#[test]
fn float_division_by_zero_exits() {
    let text = "trace f
        inputs v0:f64, v1:f64
        v2 = float_div v0, v1 [s0 resume 0x1@0 {v0, v1}]
        v3 = float_sub v1, 1.0
        jump v2, v3";
    let l = compile_text(text);
    let e = run(&l, &[f(8.0), f(3.0)]);
    // 8/3, then /2, then /1, then v1 == 0.0 exits.
    assert_eq!(e.guard, 0);
    assert_eq!(e.values, vec![f(8.0 / 3.0 / 2.0 / 1.0), f(0.0)]);
    let e = run(&l, &[f(1.0), f(-0.0)]);
    assert_eq!(e.values, vec![f(1.0), f(-0.0)]);
}

#[test]
fn jump_swaps_and_rotates_values() {
    let text = "trace rot
        inputs v0:i64, v1:i64, v2:i64, v3:i64
        v4 = int_sub v3, 1
        v5 = int_gt v3, 0
        guard_true v5 [s0 resume 0x1@0 {v0, v1, v2, v3}]
        jump v2, v0, v1, v4";
    let l = compile_text(text);
    for n in 0..7 {
        let e = run(&l, &[i(10), i(20), i(30), i(n)]);
        let mut st = [10, 20, 30];
        for _ in 0..n {
            st = [st[2], st[0], st[1]];
        }
        assert_eq!(
            e.values,
            vec![i(st[0]), i(st[1]), i(st[2]), i(0)],
            "n = {}",
            n
        );
    }
    let swap = "trace swap
        inputs v0:i64, v1:f64, v2:i64, v3:f64, v4:i64
        v5 = int_sub v4, 1
        guard_true v4 [s0 resume 0x1@0 {v0, v1, v2, v3, v4}]
        jump v2, v3, v0, v1, v5";
    let l = compile_text(swap);
    let e = run(&l, &[i(1), f(1.5), i(2), f(2.5), i(3)]);
    assert_eq!(e.values, vec![i(2), f(2.5), i(1), f(1.5), i(0)]);
}

#[test]
fn many_inputs_live_on_the_stack_and_rotate() {
    // 20 i64 and 18 f64 inputs: more than the registers, so some start on the stack.
    let ni = 20;
    let nf = 18;
    let mut inputs = Vec::new();
    for k in 0..ni {
        inputs.push(format!("v{}:i64", k));
    }
    for k in 0..nf {
        inputs.push(format!("v{}:f64", ni + k));
    }
    let counter = ni + nf; // v38: the loop counter
    inputs.push(format!("v{}:i64", counter));
    let all: Vec<String> = (0..=counter).map(|k| format!("v{}", k)).collect();
    let mut jump = Vec::new();
    for k in 0..ni {
        jump.push(format!("v{}", (k + 1) % ni));
    }
    for k in 0..nf {
        jump.push(format!("v{}", ni + (k + nf - 1) % nf));
    }
    jump.push(format!("v{}", counter + 1));
    let text = format!(
        "trace many
        inputs {}
        guard_true v{} [s0 resume 0x1@0 {{{}}}]
        v{} = int_sub v{}, 1
        jump {}",
        inputs.join(", "),
        counter,
        all.join(", "),
        counter + 1,
        counter,
        jump.join(", ")
    );
    let l = compile_text(&text);
    for n in [0u64, 1, 5, 37] {
        let mut vals: Vec<u64> = (0..ni).map(|k| i(100 + k as i64)).collect();
        vals.extend((0..nf).map(|k| f(k as f64 + 0.5)));
        vals.push(n);
        let e = run(&l, &vals);
        let mut want = vals.clone();
        for _ in 0..n {
            let mut next = want.clone();
            for k in 0..ni {
                next[k] = want[(k + 1) % ni];
            }
            for k in 0..nf {
                next[ni + k] = want[ni + (k + nf - 1) % nf];
            }
            want = next;
        }
        want[counter] = 0;
        assert_eq!(e.values, want, "n = {}", n);
    }
}

#[test]
fn jump_with_constants_and_repeated_values() {
    let text = "trace c
        inputs v0:i64, v1:i64, v2:f64, v3:i64
        guard_true v3 [s0 resume 0x1@0 {v0, v1, v2, v3}]
        v4 = int_sub v3, 1
        jump 7, v0, -2.5, v4";
    let l = compile_text(text);
    let e = run(&l, &[i(1), i(2), f(3.0), i(2)]);
    assert_eq!(e.values, vec![i(7), i(7), f(-2.5), i(0)]);
    let dup = "trace d
        inputs v0:i64, v1:i64, v2:i64
        guard_true v2 [s0 resume 0x1@0 {v0, v1, v2}]
        v3 = int_sub v2, 1
        v4 = int_add v0, v1
        jump v4, v4, v3";
    let l = compile_text(dup);
    let e = run(&l, &[i(1), i(2), i(3)]);
    // (1,2) -> (3,3) -> (6,6) -> (12,12)
    assert_eq!(e.values, vec![i(12), i(12), i(0)]);
}

/// A peeled loop: the preamble runs once, on the entry values; the loop proper
/// repeats from the label with its own params, which may sit in other registers or
/// on the stack (here more params than inputs, in another order).
#[test]
fn a_peeled_loop_runs_its_preamble_once_then_loops_at_the_label() {
    let l = compile_text(
        "trace peeled
        inputs v0:i64, v1:i64
        v2 = int_mul v1, 10
        v3 = int_add v0, 0
        label v4:i64, v5:i64, v6:f64 = v2, v3, 0.5
        v7 = int_sub v5, 1
        guard_true v5 [s0 resume 0x1@3 {v4, v5}]
        v8 = int_add v4, v5
        v9 = float_add v6, 1.0
        jump v8, v7, v9",
    );
    // v1 = 2: the preamble makes 20; then 20 + 5 + 4 + 3 + 2 + 1 = 35 at v5 = 0.
    let e = run(&l, &[i(5), i(2)]);
    assert_eq!((e.guard, e.values.clone()), (0, vec![i(35), i(0)]));
    // Entered again, the preamble runs again.
    let e = run(&l, &[i(1), i(7)]);
    assert_eq!(e.values, vec![i(71), i(0)]);
}
