//! Load forwarding: IR text before and after `forward_loads`.
mod common;
use common::check_pass;
use hipy_optimizer::loads::forward_loads;

#[test]
fn a_repeated_load_takes_the_first_value_in_args_and_snapshots() {
    check_pass(
        forward_loads,
        "trace t
         inputs v0:obj, v1:i64
         v2:i64 = load_field v0, 72
         guard_bounds v1, v2 [s0 resume 0x1@0 {v0, v1}]
         v3:obj = load_field v0, 64
         v4:obj = load_indexed v3, v1, 0
         v5:i64 = load_field v0, 72
         v6:obj = load_field v0, 64
         v7:obj = load_indexed v6, v1, 0
         v8 = ptr_eq v4, v7
         guard_true v8 [s1 resume 0x1@4 {v0, v5, v7}]
         guard_bounds v1, v5 [s1]
         jump v0, v5",
        "trace t
         inputs v0:obj, v1:i64
         v2:i64 = load_field v0, 72
         guard_bounds v1, v2 [s0 resume 0x1@0 {v0, v1}]
         v3:obj = load_field v0, 64
         v4:obj = load_indexed v3, v1, 0
         v8 = ptr_eq v4, v4
         guard_true v8 [s1 resume 0x1@4 {v0, v2, v4}]
         guard_bounds v1, v2 [s1]
         jump v0, v2",
    );
}

#[test]
fn a_different_type_offset_or_index_is_another_place() {
    let text = "trace t
         inputs v0:obj, v1:i64
         v2:i64 = load_field v0, 72
         v3:obj = load_field v0, 72
         v4:i64 = load_field v0, 64
         v5:i64 = load_indexed v3, v1, 0
         v6:i64 = load_indexed v3, 1, 0
         v7:i64 = load_indexed v3, v1, 8
         v8 = int_add v2, v4
         v9 = int_add v5, v6
         v10 = int_add v7, v8
         v11 = int_add v9, v10
         jump v0, v11";
    check_pass(forward_loads, text, text);
}

#[test]
fn a_call_that_may_run_code_forgets_every_place() {
    let text = "trace t
         inputs v0:obj, v1:i64, v2:f64
         const c0 = 0x1000 \"list\"
         func f0 = 0x2000 \"setitem\" (obj) -> i64
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         v10:i64 = load_field v0, 72
         v11 = call f0(v0)
         v3:i64 = load_field v0, 72
         v4 = unbox_float v0
         v5 = call f0(v0)
         v6 = unbox_float v0
         v7 = int_add v10, v3
         v8 = float_add v4, v6
         jump v0, v7, v8";
    check_pass(forward_loads, text, text);
}

#[test]
fn increfs_and_pure_calls_forget_nothing() {
    check_pass(
        forward_loads,
        "trace t
         inputs v0:obj, v1:f64
         func f0 = 0x2000 \"incref\" (obj) -> obj owned incref
         func f1 = 0x3000 \"incref_stored\" (obj) -> obj refcounts_only
         func f2 = 0x4000 \"pow\" (f64, f64) -> f64 pure
         v2 = unbox_float v0
         v3 = call f0(v0)
         v4 = call f1(v0)
         v5 = call f2(v1, 0.5)
         v6 = unbox_float v0
         v7 = float_add v2, v6
         jump v3, v7",
        "trace t
         inputs v0:obj, v1:f64
         func f0 = 0x2000 \"incref\" (obj) -> obj owned incref
         func f1 = 0x3000 \"incref_stored\" (obj) -> obj refcounts_only
         func f2 = 0x4000 \"pow\" (f64, f64) -> f64 pure
         v2 = unbox_float v0
         v3 = call f0(v0)
         v4 = call f1(v0)
         v5 = call f2(v1, 0.5)
         v7 = float_add v2, v2
         jump v3, v7",
    );
}

#[test]
fn a_field_store_forgets_that_offset_on_every_object_and_all_items() {
    check_pass(
        forward_loads,
        "trace t
         inputs v0:obj, v1:obj, v2:i64
         v3:i64 = load_field v0, 56
         v4:i64 = load_field v1, 48
         v5:obj = load_field v1, 64
         v6:i64 = load_indexed v5, 0, 0
         store_field v1, 56, v2
         v7:i64 = load_field v0, 56
         v8:i64 = load_field v1, 48
         v9:i64 = load_indexed v5, 0, 0
         v10 = int_add v3, v4
         v11 = int_add v6, v7
         v12 = int_add v8, v9
         v13 = int_add v10, v11
         v14 = int_add v12, v13
         jump v0, v1, v14",
        "trace t
         inputs v0:obj, v1:obj, v2:i64
         v3:i64 = load_field v0, 56
         v4:i64 = load_field v1, 48
         v5:obj = load_field v1, 64
         v6:i64 = load_indexed v5, 0, 0
         store_field v1, 56, v2
         v7:i64 = load_field v0, 56
         v9:i64 = load_indexed v5, 0, 0
         v10 = int_add v3, v4
         v11 = int_add v6, v7
         v12 = int_add v4, v9
         v13 = int_add v10, v11
         v14 = int_add v12, v13
         jump v0, v1, v14",
    );
}

#[test]
fn an_item_store_keeps_only_fields_of_known_objects() {
    // v0 passed a class guard: its length and item pointer stay known. v5 (a
    // tuple's item buffer, read with load_field) and the items do not.
    check_pass(
        forward_loads,
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         const c0 = 0x1000 \"list\"
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         v3:i64 = load_field v0, 72
         v4:obj = load_field v0, 64
         v5:obj = load_field v1, 48
         v6:obj = load_field v5, 0
         v7:obj = load_indexed v4, 1, 0
         store_indexed v4, 0, v2, 0
         v8:i64 = load_field v0, 72
         v9:obj = load_field v0, 64
         v10:obj = load_field v5, 0
         v11:obj = load_indexed v4, 1, 0
         v12 = ptr_eq v6, v10
         v13 = ptr_eq v7, v11
         v14 = int_add v8, v12
         v15 = int_add v13, v14
         jump v9, v1, v2",
        "trace t
         inputs v0:obj, v1:obj, v2:obj
         const c0 = 0x1000 \"list\"
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         v3:i64 = load_field v0, 72
         v4:obj = load_field v0, 64
         v5:obj = load_field v1, 48
         v6:obj = load_field v5, 0
         v7:obj = load_indexed v4, 1, 0
         store_indexed v4, 0, v2, 0
         v10:obj = load_field v5, 0
         v11:obj = load_indexed v4, 1, 0
         v12 = ptr_eq v6, v10
         v13 = ptr_eq v7, v11
         v14 = int_add v3, v12
         v15 = int_add v13, v14
         jump v4, v1, v2",
    );
}

#[test]
fn a_guarded_item_store_keeps_fields_of_known_objects() {
    check_pass(
        forward_loads,
        "trace t
         inputs v0:obj, v1:f64
         const c0 = 0x1000 \"list\"
         func f0 = 0x2000 \"store_float_item\" (obj, i64, f64) -> i64 item_store
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1}]
         v2:i64 = load_field v0, 72
         v3:obj = load_field v0, 64
         v4:obj = load_indexed v3, 1, 0
         v5 = call f0(v3, 0, v1)
         guard_false v5 [s1 resume 0x1@8 {v0, v1}]
         v6:i64 = load_field v0, 72
         v7:obj = load_field v0, 64
         v8:obj = load_indexed v7, 1, 0
         guard_bounds 1, v6 [s1]
         v9 = ptr_eq v4, v8
         guard_true v9 [s1]
         jump v0, v1",
        "trace t
         inputs v0:obj, v1:f64
         const c0 = 0x1000 \"list\"
         func f0 = 0x2000 \"store_float_item\" (obj, i64, f64) -> i64 item_store
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1}]
         v2:i64 = load_field v0, 72
         v3:obj = load_field v0, 64
         v4:obj = load_indexed v3, 1, 0
         v5 = call f0(v3, 0, v1)
         guard_false v5 [s1 resume 0x1@8 {v0, v1}]
         v8:obj = load_indexed v3, 1, 0
         guard_bounds 1, v2 [s1]
         v9 = ptr_eq v4, v8
         guard_true v9 [s1]
         jump v0, v1",
    );
}

#[test]
fn an_item_store_call_must_be_guarded() {
    let e = hipy_optimizer::parse(
        "trace t
         inputs v0:obj, v1:f64
         func f0 = 0x2000 \"store_float_item\" (obj, i64, f64) -> i64 item_store
         v5 = call f0(v0, 0, v1)
         v6 = int_add v5, 1
         jump v0, v1",
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
    assert!(e.message.contains("must be followed by guard_false"), "{e:?}");
}
