//! Incref/decref pair cancellation: IR text before and after `cancel_incref_decref`.
mod common;
use common::check_pass;
use hipy_optimizer::refcount::cancel_incref_decref;

const HEADER: &str = "trace t
inputs v0:obj, v1:i64
func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
func f1 = 0x9100 \"decref\" (obj) -> void consumes(0) decref
func f2 = 0x9200 \"other\" (obj) -> void
func f3 = 0x9300 \"store\" (obj, i64, obj) -> void consumes(2)
func f4 = 0x9400 \"make\" (obj) -> obj owned
const c0 = 0x7000 \"float\" sealed
";

fn h(body: &str) -> String {
    format!("{}{}", HEADER, body)
}

#[test]
fn adjacent_pair_cancels_and_uses_between_read_the_original() {
    check_pass(
        cancel_incref_decref,
        &h("v2 = call f0(v0)
            v3 = load_type v2
            v4 = ptr_eq v3, v2
            call f1(v2)
            v5 = int_add v1, v4
            jump v0, v5"),
        &h("v3 = load_type v0
            v4 = ptr_eq v3, v0
            v5 = int_add v1, v4
            jump v0, v5"),
    );
}

#[test]
fn a_call_in_between_blocks_cancellation() {
    let text = h("v2 = call f0(v0)
            call f2(v0)
            call f1(v2)
            jump v0, v1");
    check_pass(cancel_incref_decref, &text, &text);
}

#[test]
fn a_store_in_between_does_not_block_cancellation() {
    // An iterator's index moves on while the item it gave is checked: the store
    // releases nothing.
    check_pass(
        cancel_incref_decref,
        &h("v2 = call f0(v0)
            store_field v0, 16, v1
            guard_class v2, c0 [s0 resume 0x1@0 {v0, v1, v2}]
            call f1(v2)
            jump v0, v1"),
        &h("store_field v0, 16, v1
            guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v0}]
            jump v0, v1"),
    );
}

#[test]
fn guards_and_other_increfs_in_between_do_not_block_cancellation() {
    // Two items loaded from a list, checked and read: the exits in between name the
    // loaded values (owned by the list), not the trace's extra references.
    check_pass(
        cancel_incref_decref,
        &h("v2:obj = load_indexed v0, v1, 0
            v3 = call f0(v2)
            v4:obj = load_indexed v0, 1, 0
            v5 = call f0(v4)
            guard_class v3, c0 [s0 resume 0x1@0 {v0, v1, v3, v5}]
            v6:i64 = load_field v3, 16
            guard_class v5, c0 [s0]
            v7:i64 = load_field v5, 16
            call f1(v3)
            call f1(v5)
            v8 = int_add v6, v7
            jump v0, v8"),
        &h("v2:obj = load_indexed v0, v1, 0
            v4:obj = load_indexed v0, 1, 0
            guard_class v2, c0 [s0 resume 0x1@0 {v0, v1, v2, v4}]
            v6:i64 = load_field v2, 16
            guard_class v4, c0 [s0]
            v7:i64 = load_field v4, 16
            v8 = int_add v6, v7
            jump v0, v8"),
    );
}

#[test]
fn no_cancellation_when_the_reference_is_used_after_the_decref() {
    let text = h("v2 = call f0(v0)
            call f1(v2)
            v3 = load_type v2
            jump v0, v1");
    check_pass(cancel_incref_decref, &text, &text);
}

#[test]
fn decref_of_another_value_does_not_match() {
    let text = h("v2 = call f0(v0)
            v3 = call f0(v0)
            call f1(v3)
            call f1(v2)
            jump v0, v1");
    // v3's pair is adjacent and cancels; then v2's pair is adjacent and cancels too.
    check_pass(cancel_incref_decref, &text, &h("jump v0, v1"));
}

#[test]
fn a_consuming_call_takes_the_reference_the_trace_owns() {
    // `node.left = f(...)`: the call's result, increfed for the store that
    // consumes it and then released, goes to the store as it is.
    check_pass(
        cancel_incref_decref,
        &h("v2 = call f4(v0)
            guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
            v3 = call f0(v2)
            call f3(v0, -32, v3)
            call f1(v2)
            jump v0, v1"),
        &h("v2 = call f4(v0)
            guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
            call f3(v0, -32, v2)
            jump v0, v1"),
    );
}

#[test]
fn no_transfer_when_an_exit_after_the_consuming_call_names_the_value() {
    let text = h("v2 = call f4(v0)
            v3 = call f0(v2)
            call f3(v0, -32, v3)
            guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
            call f1(v2)
            jump v0, v1");
    check_pass(cancel_incref_decref, &text, &text);
}

#[test]
fn no_transfer_when_the_value_is_used_after_its_decref() {
    let text = h("v2 = call f4(v0)
            v3 = call f0(v2)
            call f3(v0, -32, v3)
            call f1(v2)
            call f2(v2)
            jump v0, v1");
    check_pass(cancel_incref_decref, &text, &text);
}

#[test]
fn no_transfer_when_the_call_does_not_consume_the_increfed_value() {
    let text = h("v2 = call f4(v0)
            v3 = call f0(v2)
            call f2(v3)
            call f1(v3)
            call f1(v2)
            jump v0, v1");
    check_pass(cancel_incref_decref, &text, &text);
}
