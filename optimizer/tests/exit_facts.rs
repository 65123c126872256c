//! Exit facts: a branch guard's exit names the value its failure implies.
mod common;
use common::check_pass;
use hipy_optimizer::exit_facts::specialize_exits;

const HEADER: &str = "trace t
inputs v0:i64, v1:i64
";

fn h(body: &str) -> String {
    format!("{}{}", HEADER, body)
}

#[test]
fn a_compare_shown_as_a_bool_becomes_the_constant_its_guard_implies() {
    check_pass(
        specialize_exits,
        &h("v2 = int_ne v0, 1
            guard_true v2 [s0 resume 0x1@4 {v0, v1, bool(v2)}]
            v3 = int_lt v0, v1
            guard_false v3 [s1 resume 0x1@8 {v0, v3}]
            jump v0, v1"),
        &h("v2 = int_ne v0, 1
            guard_true v2 [s0 resume 0x1@4 {v0, v1, bool(0)}]
            v3 = int_lt v0, v1
            guard_false v3 [s1 resume 0x1@8 {v0, 1}]
            jump v0, v1"),
    );
}

#[test]
fn a_shared_snapshot_is_copied_and_other_values_stay() {
    // s0 is also the overflow exit of the add, where v2 is not known: the guard gets a
    // copy. v1 is no compare, so a plain slot holding it is left alone.
    check_pass(
        specialize_exits,
        &h("v2 = int_eq v0, 0
            guard_true v2 [s0 resume 0x1@4 {v1, bool(v2)}]
            v3 = int_add_ovf v0, 1 [s0]
            guard_true v1 [s1 resume 0x1@6 {v1, v3}]
            jump v3, v1"),
        &h("v2 = int_eq v0, 0
            guard_true v2 [s2 resume 0x1@4 {v1, bool(0)}]
            v3 = int_add_ovf v0, 1 [s0 resume 0x1@4 {v1, bool(v2)}]
            guard_true v1 [s1 resume 0x1@6 {v1, v3}]
            jump v3, v1"),
    );
}
