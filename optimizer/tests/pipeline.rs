//! The default pipeline on a recorder-like trace: a float accumulator boxed by a
//! helper each iteration. IR text before and after `optimize`.
mod common;
use common::{check_optimize, ir};
use hipy_optimizer::optimize;

pub const FLOAT_SUM_BEFORE: &str = "trace float_sum
inputs v0:i64, v1:i64, v2:obj
const c0 = 0x1000 \"float\" sealed
func f0 = 0x2000 \"box_float\" (f64) -> obj owned class(c0)
func f1 = 0x3000 \"decref\" (obj) -> void consumes(0) decref
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x10@4 {v0, v1, v2}]
guard_class v2, c0 [s0]
v4 = unbox_float v2
v5 = int_to_f64 v0
v6 = float_mul v5, 0.5
v7 = float_add v4, v6
v8 = call f0(v7)
guard_class v8, c0 [s1 resume 0x10@12 {v0, v1, v8}]
guard_nonnull v8 [s1]
call f1(v2)
v9 = int_add v0, 1
v10 = int_mul 2, 3
v11 = int_add v9, 0
v12 = int_lt v0, v1
jump v11, v1, v8";

pub const FLOAT_SUM_AFTER: &str = "trace float_sum
inputs v0:i64, v1:i64, v2:obj
const c0 = 0x1000 \"float\" sealed
func f0 = 0x2000 \"box_float\" (f64) -> obj owned class(c0)
func f1 = 0x3000 \"decref\" (obj) -> void consumes(0) decref
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x10@4 {v0, v1, v2}] owned(v2)
guard_class v2, c0 [s0] owned(v2)
v4 = unbox_float v2
v5 = int_to_f64 v0
v6 = float_mul v5, 0.5
v7 = float_add v4, v6
v8 = call f0(v7)
call f1(v2)
v9 = int_add v0, 1
jump v9, v1, v8";

#[test]
fn float_sum_before_and_after() {
    check_optimize(FLOAT_SUM_BEFORE, FLOAT_SUM_AFTER);
}

#[test]
fn stats_count_ops_and_exits() {
    let mut t = ir(FLOAT_SUM_BEFORE);
    let s = optimize(&mut t).unwrap();
    assert_eq!((s.ops_before, s.ops_after), (16, 11));
    assert_eq!((s.exits_before, s.exits_after), (4, 2));
}

#[test]
fn optimizing_twice_changes_nothing() {
    let mut t = ir(FLOAT_SUM_BEFORE);
    optimize(&mut t).unwrap();
    let once = t.to_string();
    optimize(&mut t).unwrap();
    assert_eq!(t.to_string(), once);
}
