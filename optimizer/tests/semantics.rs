//! Python arithmetic semantics of the IR against values recorded from python3
//! (tests/data/gen_pysemantics.py -> tests/data/pysemantics.txt).
use hipy_optimizer::fold::evaluate;
use hipy_optimizer::{Opcode, Operand};

const TABLE: &str = include_str!("data/pysemantics.txt");

fn float_operand(s: &str) -> Operand {
    Operand::Float(u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap())
}

#[test]
fn folding_matches_python_on_every_recorded_case() {
    let mut checked = 0;
    for line in TABLE.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let Some(opcode) = Opcode::from_name(f[0]) else {
            continue;
        };
        let is_float = f[0].starts_with("float_");
        let (a, b) = if is_float {
            (float_operand(f[1]), float_operand(f[2]))
        } else {
            (
                Operand::Int(f[1].parse().unwrap()),
                Operand::Int(f[2].parse().unwrap()),
            )
        };
        let args: Vec<Operand> = if opcode == Opcode::IntNegOvf {
            vec![a]
        } else {
            vec![a, b]
        };
        let got = evaluate(opcode, &args);
        let want = if f[3] == "exit" {
            None
        } else if opcode.is_compare() {
            Some(Operand::Int(f[3].parse().unwrap()))
        } else if is_float {
            Some(float_operand(f[3]))
        } else {
            Some(Operand::Int(f[3].parse().unwrap()))
        };
        // NaN results: Python's NaN bits may differ from ours; any NaN is a NaN.
        let both_nan = matches!((got, want), (Some(Operand::Float(x)), Some(Operand::Float(y)))
            if f64::from_bits(x).is_nan() && f64::from_bits(y).is_nan());
        assert!(both_nan || got == want, "{}: got {:?}", line, got);
        checked += 1;
    }
    assert!(checked > 7000, "only {} cases", checked);
}
