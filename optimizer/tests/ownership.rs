//! Ownership: exit lists (`owned`, `drop`) of guards, and the errors the recorder gets.
mod common;
use common::{check_pass, ir};
use hipy_optimizer::ownership::compute_exit_lists;

const HEADER: &str = "trace t
inputs v0:obj, v1:i64
const c0 = 0x1000 \"None\"
func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
func f1 = 0x9100 \"decref\" (obj) -> void consumes(0) decref
func f2 = 0x9200 \"getitem\" (obj, i64) -> obj owned can_raise
func f3 = 0x9300 \"list_append_steal\" (obj, obj) -> void consumes(1)
func f4 = 0x9400 \"borrow_attr\" (obj) -> obj
";

fn h(body: &str) -> String {
    format!("{}{}", HEADER, body)
}

fn compute(t: &mut hipy_optimizer::Trace) {
    compute_exit_lists(t).unwrap_or_else(|e| panic!("{}", e));
}

#[test]
fn exit_lists_follow_owned_values() {
    check_pass(
        compute,
        &h("v2 = call f2(v0, v1)
            guard_nonnull v2 [s0 raise 0x1@4 {v0, v1}]
            guard_true v1 [s1 resume 0x1@6 {v0, v1, v2}]
            guard_true v1 [s0]
            call f3(v0, v2)
            guard_true v1 [s1]
            v3 = call f4(v0)
            guard_true v1 [s2 resume 0x1@8 {v3, v1}]
            jump v0, v1"),
        &h("v2 = call f2(v0, v1)
            guard_nonnull v2 [s0 raise 0x1@4 {v0, v1}] owned(v0)
            guard_true v1 [s1 resume 0x1@6 {v0, v1, v2}] owned(v0, v2)
            guard_true v1 [s0] owned(v0) drop(v2)
            call f3(v0, v2)
            guard_true v1 [s1] owned(v0)
            v3 = call f4(v0)
            guard_true v1 [s2 resume 0x1@8 {v3, v1}] drop(v0)
            jump v0, v1"),
    );
}

#[test]
fn incref_makes_an_owned_copy_for_jump() {
    check_pass(
        compute,
        &h("v2 = call f0(c0)
            guard_true v1 [s0 resume 0x1@0 {v0, v1}]
            call f1(v0)
            jump v2, v1"),
        &h("v2 = call f0(c0)
            guard_true v1 [s0 resume 0x1@0 {v0, v1}] owned(v0) drop(v2)
            call f1(v0)
            jump v2, v1"),
    );
}

fn error_of(body: &str) -> String {
    let mut t = ir(&h(body));
    compute_exit_lists(&mut t)
        .expect_err("should be rejected")
        .to_string()
}

#[test]
fn leak_is_reported() {
    let e = error_of(
        "v2 = call f2(v0, v1)
            jump v0, v1",
    );
    assert!(e.contains("v2 is still owned at the jump"), "{}", e);
}

#[test]
fn jump_with_a_borrowed_reference_is_reported() {
    let e = error_of(
        "v2 = call f4(v0)
            call f1(v0)
            jump v2, v1",
    );
    assert!(
        e.contains("jump argument 0 (v2) is not an owned reference"),
        "{}",
        e
    );
    let e = error_of(
        "call f1(v0)
            jump c0, v1",
    );
    assert!(e.contains("jump argument 0 (c0)"), "{}", e);
}

#[test]
fn consuming_a_borrowed_value_is_reported() {
    let e = error_of(
        "v2 = call f4(v0)
            call f3(v0, v2)
            jump v0, v1",
    );
    assert!(
        e.contains("list_append_steal argument 1 (v2) is consumed but not owned"),
        "{}",
        e
    );
}

#[test]
fn use_after_decref_is_reported() {
    let e = error_of(
        "v2 = call f0(v0)
            call f1(v2)
            v3 = load_type v2
            jump v0, v1",
    );
    assert!(e.contains("v2 used after its decref"), "{}", e);
    let e = error_of(
        "v2 = call f0(v0)
            call f1(v2)
            guard_true v1 [s0 resume 0x1@0 {v2}]
            jump v0, v1",
    );
    assert!(e.contains("references v2 after its decref"), "{}", e);
}

#[test]
fn passing_the_same_owned_value_twice_to_jump_is_reported() {
    let mut t = ir("trace t
         inputs v0:obj, v1:obj
         func f0 = 0x9100 \"decref\" (obj) -> void consumes(0) decref
         call f0(v1)
         jump v0, v0");
    let e = compute_exit_lists(&mut t).unwrap_err().to_string();
    assert!(
        e.contains("jump argument 1 (v0) is not an owned reference"),
        "{}",
        e
    );
}

#[test]
fn an_exit_at_the_end_hands_over_every_owned_value() {
    // v0 (an owned input) and v2 (a helper's result) are in the exit's snapshot and
    // move; v3 is owned but not named, so the exit releases it. Nothing leaks.
    check_pass(
        compute,
        &h("v2 = call f2(v0, v1)
            guard_nonnull v2 [s0 raise 0x1@4 {v0, v1}]
            v3 = call f0(c0)
            exit [s1 resume 0x2@0 {v0, v1, v2}]"),
        &h("v2 = call f2(v0, v1)
            guard_nonnull v2 [s0 raise 0x1@4 {v0, v1}] owned(v0)
            v3 = call f0(c0)
            exit [s1 resume 0x2@0 {v0, v1, v2}] owned(v0, v2) drop(v3)"),
    );
}
