//! Compiled arithmetic against python3: floor division, modulo, overflow checks,
//! shifts, float arithmetic and float compares (NaN), on the cases recorded in
//! optimizer/tests/data/pysemantics.txt by gen_pysemantics.py. Each op is compiled
//! with variable operands and with a constant operand, since those take different
//! code paths.
mod common;
use common::*;
use hipy_jit::CompiledLoop;
use std::collections::BTreeSet;

const TABLE: &str = include_str!("../../optimizer/tests/data/pysemantics.txt");

struct Case {
    op: String,
    a: u64,
    b: u64,
    /// None: Python raised or the result does not fit (the op must exit).
    want: Option<u64>,
}

fn cases(prefix: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for line in TABLE.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f[0] != prefix {
            continue;
        }
        let float = f[0].starts_with("float_");
        let num = |s: &str| -> u64 {
            if float {
                u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
            } else {
                s.parse::<i64>().unwrap() as u64
            }
        };
        let want = if f[3] == "exit" {
            None
        } else if f[0].starts_with("float_") && f[3].len() <= 1 {
            Some(f[3].parse::<u64>().unwrap()) // compare result 0/1
        } else {
            Some(num(f[3]))
        };
        out.push(Case {
            op: f[0].to_string(),
            a: num(f[1]),
            b: num(f[2]),
            want,
        });
    }
    assert!(!out.is_empty(), "no cases for {}", prefix);
    out
}

/// A trace computing `v2 = expr` that exits through guard 0 if the op exits, else
/// through guard 1 with v2.
fn one_op(ty: &str, res_ty: &str, expr: &str, may_exit: bool) -> String {
    let snap = if may_exit {
        " [s0 resume 0x1@0 {v0, v1}]"
    } else {
        ""
    };
    let _ = res_ty;
    format!(
        "trace one
        inputs v0:{ty}, v1:{ty}
        v2 = {expr}{snap}
        guard_true 0 [s1 resume 0x1@2 {{v2}}]
        jump v0, v1"
    )
}

fn check(l: &CompiledLoop, c: &Case, what: &str, exit_guard: u32, value_guard: u32) {
    let e = run(l, &[c.a, c.b]);
    match c.want {
        None => assert_eq!(
            e.guard, exit_guard,
            "{} {} {:#x} {:#x}: expected an exit",
            what, c.op, c.a, c.b
        ),
        Some(w) => {
            assert_eq!(
                e.guard, value_guard,
                "{} {} {:#x} {:#x}: unexpected exit",
                what, c.op, c.a, c.b
            );
            let got = e.values[0];
            let both_nan = c.op.starts_with("float_")
                && f64::from_bits(got).is_nan()
                && f64::from_bits(w).is_nan();
            assert!(
                got == w || both_nan,
                "{} {} {:#x} {:#x}: got {:#x}, want {:#x}",
                what,
                c.op,
                c.a,
                c.b,
                got,
                w
            );
        }
    }
}

fn operand_text(float: bool, bits: u64) -> String {
    if float {
        format!("f64:{:#x}", bits)
    } else {
        (bits as i64).to_string()
    }
}

/// Variable operands, then a constant second operand, then a constant first one.
fn check_binary(op: &str, may_exit: bool) {
    let float = op.starts_with("float_");
    let ty = if float { "f64" } else { "i64" };
    let cs = cases(op);
    let (eg, vg) = if may_exit { (0, 1) } else { (u32::MAX, 0) };
    let l = compile_text(&one_op(ty, ty, &format!("{} v0, v1", op), may_exit));
    for c in &cs {
        check(&l, c, "variable", eg, vg);
    }
    let bs: BTreeSet<u64> = cs.iter().map(|c| c.b).collect();
    for b in bs {
        let expr = format!("{} v0, {}", op, operand_text(float, b));
        let snap = may_exit
            && hipy_optimizer::semantics::can_exit(
                hipy_optimizer::Opcode::from_name(op).unwrap(),
                &[
                    hipy_optimizer::Operand::Value(hipy_optimizer::ValueId(0)),
                    if float {
                        hipy_optimizer::Operand::Float(b)
                    } else {
                        hipy_optimizer::Operand::Int(b as i64)
                    },
                ],
            );
        let l = compile_text(&one_op(ty, ty, &expr, snap));
        let (eg, vg) = if snap { (0, 1) } else { (u32::MAX, 0) };
        for c in cs.iter().filter(|c| c.b == b) {
            check(&l, c, "constant divisor", eg, vg);
        }
    }
    let as_: BTreeSet<u64> = cs.iter().map(|c| c.a).collect();
    for a in as_.into_iter().take(8) {
        let expr = format!("{} {}, v1", op, operand_text(float, a));
        let l = compile_text(&one_op(ty, ty, &expr, may_exit));
        for c in cs.iter().filter(|c| c.a == a) {
            check(&l, c, "constant first", eg, vg);
        }
    }
}

#[test]
fn int_floordiv_and_mod() {
    check_binary("int_floordiv", true);
    check_binary("int_mod", true);
}

#[test]
fn int_overflow_checks() {
    check_binary("int_add_ovf", true);
    check_binary("int_sub_ovf", true);
    check_binary("int_mul_ovf", true);
    let l = compile_text(&one_op("i64", "i64", "int_neg_ovf v0", true));
    for c in &cases("int_neg_ovf") {
        check(&l, c, "neg", 0, 1);
    }
}

#[test]
fn int_shifts() {
    check_binary("int_lshift_ovf", true);
    check_binary("int_rshift", true);
}

#[test]
fn float_arithmetic() {
    check_binary("float_floordiv", true);
    check_binary("float_mod", true);
    check_binary("float_div", true);
    check_binary("float_add", false);
    check_binary("float_sub", false);
    check_binary("float_mul", false);
}

#[test]
fn float_compares_materialized_and_fused() {
    for op in [
        "float_lt", "float_le", "float_eq", "float_ne", "float_gt", "float_ge",
    ] {
        let cs = cases(op);
        let l = compile_text(&one_op("f64", "i64", &format!("{} v0, v1", op), false));
        for c in &cs {
            check(&l, c, "materialized", u32::MAX, 0);
        }
        for (guard, exit_when) in [("guard_true", 0u64), ("guard_false", 1u64)] {
            let text = format!(
                "trace fused
                inputs v0:f64, v1:f64
                v2 = {op} v0, v1
                {guard} v2 [s0 resume 0x1@0 {{v0}}]
                guard_true 0 [s1 resume 0x1@2 {{v0}}]
                jump v0, v1"
            );
            let l = compile_text(&text);
            for c in &cs {
                let e = run(&l, &[c.a, c.b]);
                let want_exit = if c.want == Some(exit_when) { 0 } else { 1 };
                assert_eq!(
                    e.guard, want_exit,
                    "fused {} {} {:#x} {:#x}",
                    guard, op, c.a, c.b
                );
            }
        }
    }
}

#[test]
fn int_compares_materialized_and_fused() {
    let vals = [i64::MIN, -5, -1, 0, 1, 2, 5, i64::MAX];
    for op in ["int_lt", "int_le", "int_eq", "int_ne", "int_gt", "int_ge"] {
        let rust = |a: i64, b: i64| -> bool {
            match op {
                "int_lt" => a < b,
                "int_le" => a <= b,
                "int_eq" => a == b,
                "int_ne" => a != b,
                "int_gt" => a > b,
                _ => a >= b,
            }
        };
        let mat = compile_text(&one_op("i64", "i64", &format!("{} v0, v1", op), false));
        let fused = compile_text(&format!(
            "trace fused
            inputs v0:i64, v1:i64
            v2 = {op} v0, v1
            guard_true v2 [s0 resume 0x1@0 {{v0}}]
            guard_true 0 [s1 resume 0x1@2 {{v0}}]
            jump v0, v1"
        ));
        for &a in &vals {
            for &b in &vals {
                let e = run(&mat, &[i(a), i(b)]);
                assert_eq!(e.values, vec![rust(a, b) as u64], "{} {} {}", op, a, b);
                let e = run(&fused, &[i(a), i(b)]);
                assert_eq!(
                    e.guard,
                    if rust(a, b) { 1 } else { 0 },
                    "fused {} {} {}",
                    op,
                    a,
                    b
                );
            }
            // constant on the left (swapped compare)
            let left = compile_text(&format!(
                "trace left
                inputs v0:i64, v1:i64
                v2 = {op} {a}, v1
                guard_true 0 [s1 resume 0x1@2 {{v2}}]
                jump v0, v1"
            ));
            for &b in &vals {
                assert_eq!(
                    run(&left, &[0, i(b)]).values,
                    vec![rust(a, b) as u64],
                    "{} {} {}",
                    op,
                    a,
                    b
                );
            }
        }
    }
}
