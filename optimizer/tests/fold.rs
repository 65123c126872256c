//! Constant folding: IR text before and after `fold`.
mod common;
use common::check_pass;
use hipy_optimizer::fold::fold;

#[test]
fn folds_constant_chains_into_uses_and_snapshots() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64
         v1 = int_add 2, 3
         v2 = int_mul v1, 4
         v3 = int_lt v0, v2
         guard_true v3 [s0 resume 0x1@4 {v0, v2, bool(v3)}]
         v4 = int_add v0, v2
         jump v4",
        "trace t
         inputs v0:i64
         v3 = int_lt v0, 20
         guard_true v3 [s0 resume 0x1@4 {v0, 20, bool(v3)}]
         v4 = int_add v0, 20
         jump v4",
    );
}

#[test]
fn keeps_guarding_arithmetic_that_would_exit() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64
         v1 = int_add_ovf 9223372036854775807, 1 [s0 resume 0x1@0 {v0}]
         v2 = int_add_ovf 40, 2 [s1 resume 0x1@2 {v0}]
         v3 = int_floordiv 7, 0 [s2 resume 0x1@4 {v0}]
         v4 = int_floordiv -9223372036854775808, -1 [s3 resume 0x1@6 {v0}]
         v5 = int_add v1, v2
         v6 = int_add v5, v3
         v7 = int_add v6, v4
         jump v7",
        "trace t
         inputs v0:i64
         v1 = int_add_ovf 9223372036854775807, 1 [s0 resume 0x1@0 {v0}]
         v3 = int_floordiv 7, 0 [s2 resume 0x1@4 {v0}]
         v4 = int_floordiv -9223372036854775808, -1 [s3 resume 0x1@6 {v0}]
         v5 = int_add v1, 42
         v6 = int_add v5, v3
         v7 = int_add v6, v4
         jump v7",
    );
}

#[test]
fn python_floor_semantics_when_folding() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64, v1:f64
         v2 = int_floordiv -7, 2 [s0 resume 0x1@0 {v0}]
         v3 = int_mod -7, 2 [s0]
         v4 = int_mod 7, -2 [s0]
         v5 = float_floordiv -7.0, 2.0 [s0]
         v6 = float_mod -7.5, 2.0 [s0]
         v7 = float_mod 0.0, -3.0 [s0]
         v8 = int_add v2, v3
         v9 = int_add v8, v4
         v10 = float_add v5, v6
         v11 = float_add v10, v7
         jump v9, v11",
        "trace t
         inputs v0:i64, v1:f64
         jump -4, -3.5",
    );
}

#[test]
fn division_by_a_safe_constant_cannot_exit() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64, v1:f64
         v2 = int_floordiv v0, 3 [s0 resume 0x1@0 {v0, v1}]
         v3 = int_floordiv v0, -1 [s0]
         v4 = int_mod v0, -1 [s0]
         v5 = int_rshift v2, 2 [s0]
         v6 = float_div v1, 0.5 [s0]
         v7 = float_div v1, 0.0 [s0]
         v8 = int_add v3, v4
         v9 = int_add v8, v5
         v10 = float_add v6, v7
         jump v9, v10",
        "trace t
         inputs v0:i64, v1:f64
         v2 = int_floordiv v0, 3
         v3 = int_floordiv v0, -1 [s0 resume 0x1@0 {v0, v1}]
         v4 = int_mod v0, -1
         v5 = int_rshift v2, 2
         v6 = float_div v1, 0.5
         v7 = float_div v1, 0.0 [s0]
         v8 = int_add v3, v4
         v9 = int_add v8, v5
         v10 = float_add v6, v7
         jump v9, v10",
    );
}

#[test]
fn algebraic_identities_on_ints() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64, v1:i64
         v2 = int_add v0, 0
         v3 = int_mul 1, v2
         v4 = int_sub_ovf v3, v3 [s0 resume 0x1@0 {v0}]
         v5 = int_or v1, v4
         v6 = int_mul_ovf v5, 0 [s0]
         v7 = int_eq v1, v1
         v8 = int_lt v1, v1
         v9 = int_add v6, v7
         v10 = int_add v9, v8
         jump v5, v10",
        "trace t
         inputs v0:i64, v1:i64
         jump v1, 1",
    );
}

#[test]
fn float_compares_with_nan_fold_like_python() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64
         v1 = float_lt NaN, 1.0
         v2 = float_ge NaN, NaN
         v3 = float_eq NaN, NaN
         v4 = float_ne NaN, NaN
         v5 = float_le -0.0, 0.0
         v6 = int_add v1, v2
         v7 = int_add v6, v3
         v8 = int_mul v4, 10
         v9 = int_add v7, v8
         v10 = int_mul v5, 100
         v11 = int_add v9, v10
         jump v11",
        "trace t
         inputs v0:i64
         jump 110",
    );
}

#[test]
fn guards_decided_by_constants() {
    check_pass(
        fold,
        "trace t
         inputs v0:i64, v1:obj
         const c0 = 0x1000 \"None\"
         v2 = int_lt 1, 2
         guard_true v2 [s0 resume 0x1@0 {v0, v1}]
         guard_false 0 [s0]
         guard_eq_i64 5, 5 [s0]
         guard_bounds 3, 4 [s0]
         guard_bounds 4, 4 [s0]
         guard_nonnull c0 [s0]
         guard_identity c0, c0 [s0]
         guard_true 0 [s0]
         jump v0, v1",
        "trace t
         inputs v0:i64, v1:obj
         const c0 = 0x1000 \"None\"
         guard_bounds 4, 4 [s0 resume 0x1@0 {v0, v1}]
         guard_true 0 [s0]
         jump v0, v1",
    );
}

const CLASS_HEADER: &str = "trace t
inputs v0:obj, v1:obj
const c0 = 0x1000 \"float\" sealed
const c1 = 0x2000 \"Point\"
func f0 = 0x9000 \"may_run_code\" (obj) -> void
func f1 = 0x9100 \"box_float\" (f64) -> obj owned class(c0)
func f2 = 0x9200 \"len\" (obj) -> i64 pure
";

fn with_header(body: &str) -> String {
    format!("{}{}", CLASS_HEADER, body)
}

#[test]
fn class_known_from_an_earlier_guard() {
    check_pass(
        fold,
        &with_header(
            "guard_class v0, c1 [s0 resume 0x1@0 {v0, v1}]
             v2 = call f2(v0)
             guard_class v0, c1 [s0]
             v3 = load_type v0
             v4 = ptr_eq v3, c1
             guard_true v4 [s0]
             jump v0, v1",
        ),
        &with_header(
            "guard_class v0, c1 [s0 resume 0x1@0 {v0, v1}]
             v2 = call f2(v0)
             jump v0, v1",
        ),
    );
}

#[test]
fn calls_that_may_run_code_forget_unsealed_classes() {
    check_pass(
        fold,
        &with_header(
            "guard_class v0, c1 [s0 resume 0x1@0 {v0, v1}]
             guard_class v1, c0 [s0]
             call f0(v1)
             guard_class v0, c1 [s0]
             guard_class v1, c0 [s0]
             jump v0, v1",
        ),
        &with_header(
            "guard_class v0, c1 [s0 resume 0x1@0 {v0, v1}]
             guard_class v1, c0 [s0]
             call f0(v1)
             guard_class v0, c1 [s0]
             jump v0, v1",
        ),
    );
}

#[test]
fn class_known_from_a_box_op() {
    check_pass(
        fold,
        &with_header(
            "v2 = call f1(1.5)
             call f0(v1)
             guard_class v2, c0 [s0 resume 0x1@0 {v0, v2}]
             guard_class v2, c1 [s0]
             jump v2, v1",
        ),
        &with_header(
            "v2 = call f1(1.5)
             call f0(v1)
             guard_class v2, c1 [s0 resume 0x1@0 {v0, v2}]
             jump v2, v1",
        ),
    );
}

#[test]
fn new_gives_class_until_code_may_run() {
    check_pass(
        fold,
        &with_header(
            "v2 = new c1
             guard_class v2, c1 [s0 resume 0x1@0 {v0, v1}]
             call f0(v2)
             guard_class v2, c1 [s0]
             jump v2, v1",
        ),
        &with_header(
            "v2 = new c1
             call f0(v2)
             guard_class v2, c1 [s0 resume 0x1@0 {v0, v1}]
             jump v2, v1",
        ),
    );
}

#[test]
fn pointer_identity_of_constants_and_same_values() {
    check_pass(
        fold,
        "trace t
         inputs v0:obj, v1:i64
         const c0 = 0x1000 \"a\"
         const c1 = 0x1000 \"a again\"
         const c2 = 0x2000 \"b\"
         v2 = ptr_eq v0, v0
         v3 = ptr_ne c0, c1
         v4 = ptr_eq c0, c2
         v5 = ptr_eq v0, c2
         v6 = int_add v2, v3
         v7 = int_add v6, v4
         v8 = int_add v7, v5
         jump v0, v8",
        "trace t
         inputs v0:obj, v1:i64
         const c0 = 0x1000 \"a\"
         const c1 = 0x1000 \"a again\"
         const c2 = 0x2000 \"b\"
         v5 = ptr_eq v0, c2
         v8 = int_add 1, v5
         jump v0, v8",
    );
}

#[test]
fn unary_ops_on_constants() {
    check_pass(
        fold,
        "trace t
         inputs v0:f64, v1:i64
         v2 = int_neg_ovf -9223372036854775808 [s0 resume 0x1@0 {v0}]
         v3 = int_neg_ovf 5 [s0]
         v4 = bool_not 0
         v5 = int_to_f64 v3
         v6 = float_neg v5
         v7 = float_abs v6
         v8 = int_add v2, v4
         jump v7, v8",
        "trace t
         inputs v0:f64, v1:i64
         v2 = int_neg_ovf -9223372036854775808 [s0 resume 0x1@0 {v0}]
         v8 = int_add v2, 1
         jump 5.0, v8",
    );
}
