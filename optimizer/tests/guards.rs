//! Redundant-guard removal: IR text before and after `remove_redundant_guards`.
mod common;
use common::{check_optimize, check_pass};
use hipy_optimizer::guards::remove_redundant_guards;

#[test]
fn same_guard_on_same_value_goes() {
    check_pass(
        remove_redundant_guards,
        "trace t
         inputs v0:i64, v1:i64
         v2 = int_lt v0, v1
         guard_true v2 [s0 resume 0x1@0 {v0, v1}]
         guard_bounds v0, v1 [s0]
         v3 = int_add v0, 1
         guard_true v2 [s1 resume 0x1@8 {v3, v1}]
         guard_bounds v0, v1 [s1]
         guard_bounds v3, v1 [s1]
         jump v3, v1",
        "trace t
         inputs v0:i64, v1:i64
         v2 = int_lt v0, v1
         guard_true v2 [s0 resume 0x1@0 {v0, v1}]
         guard_bounds v0, v1 [s0]
         v3 = int_add v0, 1
         guard_bounds v3, v1 [s1 resume 0x1@8 {v3, v1}]
         jump v3, v1",
    );
}

#[test]
fn opposite_guards_both_stay() {
    let text = "trace t
         inputs v0:i64
         guard_true v0 [s0 resume 0x1@0 {v0}]
         guard_false v0 [s0]
         jump v0";
    check_pass(remove_redundant_guards, text, text);
}

#[test]
fn nonnull_is_implied_by_class_identity_and_new() {
    check_pass(
        remove_redundant_guards,
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         const c0 = 0x1000 \"int\"
         const c1 = 0x2000 \"None\"
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         guard_nonnull v0 [s0]
         guard_identity v1, c1 [s0]
         guard_nonnull v1 [s0]
         guard_nonnull v2 [s0]
         guard_nonnull v2 [s0]
         v3 = new c0
         guard_nonnull v3 [s0]
         jump v3, v1, v2",
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         const c0 = 0x1000 \"int\"
         const c1 = 0x2000 \"None\"
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         guard_identity v1, c1 [s0]
         guard_nonnull v2 [s0]
         v3 = new c0
         jump v3, v1, v2",
    );
}

#[test]
fn guard_eq_makes_later_arguments_constant_but_not_snapshots() {
    check_pass(
        remove_redundant_guards,
        "trace t
         inputs v0:i64
         guard_eq_i64 v0, 5 [s0 resume 0x1@0 {v0}]
         v1 = int_add v0, 1
         guard_eq_i64 v0, 5 [s1 resume 0x1@2 {v0, v1}]
         jump v1",
        "trace t
         inputs v0:i64
         guard_eq_i64 v0, 5 [s0 resume 0x1@0 {v0}]
         v1 = int_add 5, 1
         guard_eq_i64 5, 5 [s1 resume 0x1@2 {v0, v1}]
         jump v1",
    );
}

#[test]
fn whole_pipeline_folds_after_guard_facts() {
    check_optimize(
        "trace t
         inputs v0:i64
         guard_eq_i64 v0, 5 [s0 resume 0x1@0 {v0}]
         v1 = int_add v0, 1
         guard_eq_i64 v0, 5 [s1 resume 0x1@2 {v0, v1}]
         v2 = int_lt v1, 10
         guard_true v2 [s1]
         jump v1",
        "trace t
         inputs v0:i64
         guard_eq_i64 v0, 5 [s0 resume 0x1@0 {v0}]
         jump 6",
    );
}

#[test]
fn class_guards_after_code_may_run_stay_in_the_pipeline() {
    let before = "trace t
         inputs v0:obj
         const c0 = 0x1000 \"Point\"
         func f0 = 0x9000 \"may_run_code\" (obj) -> void
         guard_class v0, c0 [s0 resume 0x1@0 {v0}]
         call f0(v0)
         guard_class v0, c0 [s0]
         jump v0";
    let after = "trace t
         inputs v0:obj
         const c0 = 0x1000 \"Point\"
         func f0 = 0x9000 \"may_run_code\" (obj) -> void
         guard_class v0, c0 [s0 resume 0x1@0 {v0}] owned(v0)
         call f0(v0)
         guard_class v0, c0 [s0] owned(v0)
         jump v0";
    check_optimize(before, after);
}
