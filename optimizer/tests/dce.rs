//! Dead-code elimination: IR text before and after `eliminate_dead_code`.
mod common;
use common::check_pass;
use hipy_optimizer::dce::eliminate_dead_code;

#[test]
fn unused_pure_chains_go() {
    check_pass(
        eliminate_dead_code,
        "trace t
         inputs v0:i64, v1:f64
         v2 = int_add v0, 1
         v3 = int_mul v2, v2
         v4 = int_to_f64 v3
         v5 = float_add v4, v1
         v6 = float_lt v5, v1
         v7 = int_sub v0, 1
         jump v7, v1",
        "trace t
         inputs v0:i64, v1:f64
         v7 = int_sub v0, 1
         jump v7, v1",
    );
}

#[test]
fn values_used_only_by_snapshots_stay() {
    let text = "trace t
         inputs v0:i64, v1:i64
         v2 = int_add v0, 1
         v3 = int_mul v0, 3
         v4 = int_lt v0, v1
         guard_true v4 [s0 resume 0x1@0 {v2, v1, bool(v3)}]
         jump v0, v1";
    check_pass(eliminate_dead_code, text, text);
}

#[test]
fn values_in_virtual_fields_stay() {
    let text = "trace t
         inputs v0:i64
         const c0 = 0x1000 \"Point\"
         const c1 = 0x1010 \"x\"
         const c2 = 0x1020 \"next\"
         v1 = int_add v0, 1
         v2 = int_to_f64 v0
         guard_true v0 [s0 resume 0x1@0 {virt0} virt0 = c0 {c1: v1, c2: virt1} virt1 = c0 {c1: v2, c2: virt0}]
         jump v0";
    check_pass(eliminate_dead_code, text, text);
}

#[test]
fn impure_calls_stores_and_exiting_ops_stay_pure_calls_go() {
    check_pass(
        eliminate_dead_code,
        "trace t
         inputs v0:obj, v1:i64
         func f0 = 0x9000 \"impure\" (obj) -> i64
         func f1 = 0x9100 \"pure_len\" (obj) -> i64 pure
         v2 = call f0(v0)
         v3 = call f1(v0)
         v4 = int_add_ovf v1, 1 [s0 resume 0x1@0 {v0, v1}]
         v5 = int_floordiv v1, v1 [s0]
         v6 = load_type v0
         v7:i64 = load_field v0, 16
         store_field v0, 24, v1
         v8 = unbox_float v0
         jump v0, v1",
        "trace t
         inputs v0:obj, v1:i64
         func f0 = 0x9000 \"impure\" (obj) -> i64
         func f1 = 0x9100 \"pure_len\" (obj) -> i64 pure
         v2 = call f0(v0)
         v4 = int_add_ovf v1, 1 [s0 resume 0x1@0 {v0, v1}]
         v5 = int_floordiv v1, v1 [s0]
         store_field v0, 24, v1
         jump v0, v1",
    );
}

#[test]
fn snapshots_of_removed_guards_do_not_keep_values_alive() {
    // A guard removed by an earlier pass leaves its snapshot in the table; only
    // snapshots of guards still in the trace count as uses.
    let mut t = common::ir(
        "trace t
         inputs v0:i64
         v1 = int_add v0, 7
         guard_true v0 [s0 resume 0x1@0 {v1}]
         jump v0",
    );
    t.ops.remove(1);
    eliminate_dead_code(&mut t);
    assert_eq!(t.ops.len(), 1, "{}", t);
}
