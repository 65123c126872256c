//! Allocation removal: IR text before and after `remove_allocations`.
mod common;
use common::{check_pass, ir};
use hipy_optimizer::virtualize::remove_allocations;

/// The declarations every test shares: a class, two attribute names, the alloc
/// helpers and a residual call that lets an object escape.
const HEAD: &str = "const c0 = 0x1000 \"Point\"
         const c1 = 0x1010 \"x\"
         const c2 = 0x1020 \"y\"
         const c3 = 0x1030 \"int\"
         const c4 = 0x1040 \"float\"
         func f0 = 0x2000 \"new_instance\" (obj) -> obj owned
         func f1 = 0x2010 \"set_attr\" (obj, obj, obj) -> void consumes(2)
         func f2 = 0x2020 \"box_int\" (i64) -> obj owned
         func f3 = 0x2030 \"box_float\" (f64) -> obj owned
         func f4 = 0x2040 \"incref\" (obj) -> obj owned incref
         func f5 = 0x2050 \"decref\" (obj) -> void decref consumes(0)
         func f6 = 0x2060 \"escape\" (obj) -> obj owned can_raise
         func f7 = 0x2070 \"getattr_dict\" (obj, obj) -> obj owned can_raise
         func f8 = 0x2080 \"has_dict_attr\" (obj, obj) -> i64
         func f9 = 0x2090 \"unbox_int\" (obj) -> i64 pure
         func f10 = 0x20a0 \"getattr\" (obj, obj) -> obj owned can_raise
         alloc new f0, set f1, box_int f2, box_float f3, incref f4, decref f5, get f7, getattr f10, has f8, unbox_int f9, int c3, float c4";

fn virtualize(t: &mut hipy_optimizer::Trace) {
    remove_allocations(t).unwrap();
}

#[test]
fn an_object_that_dies_in_the_iteration_is_never_allocated() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:i64, v1:f64
             {HEAD}
             v2 = new c0
             setfield_gc v2, 1, v0
             setfield_gc v2, 2, v1
             v3:i64 = getfield_gc v2, 1
             v4:f64 = getfield_gc v2, 2
             v5 = int_add v3, 1
             v6 = float_add v4, 1.0
             call f5(v2)
             jump v5, v6"
        ),
        &format!(
            "trace t
             inputs v0:i64, v1:f64
             {HEAD}
             v5 = int_add v0, 1
             v6 = float_add v1, 1.0
             jump v5, v6"
        ),
    );
}

#[test]
fn its_class_and_identity_are_known() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:i64, v1:obj
             {HEAD}
             v2 = new c0
             guard_class v2, c0 [s0 resume 0x1@0 {{v0, v1}}]
             v3 = load_type v2
             v4 = ptr_eq v2, v1
             v5 = ptr_eq v3, c0
             v6 = int_add v4, v5
             call f5(v2)
             jump v6, v1"
        ),
        &format!(
            "trace t
             inputs v0:i64, v1:obj
             {HEAD}
             v5 = ptr_eq c0, c0
             v6 = int_add 0, v5
             jump v6, v1"
        ),
    );
}

#[test]
fn an_escape_allocates_it_with_its_fields_in_order() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:i64, v1:obj
             {HEAD}
             v2 = new c0
             setfield_gc v2, 2, v1
             setfield_gc v2, 1, v0
             v3 = call f6(v2)
             guard_nonnull v3 [s0 resume 0x1@0 {{v0, v1}}]
             call f5(v2)
             call f5(v3)
             v4 = call f4(v1)
             jump v0, v4"
        ),
        &format!(
            "trace t
             inputs v0:i64, v1:obj
             {HEAD}
             v5 = call f0(c0)
             call f1(v5, c2, v1)
             v6 = call f2(v0)
             call f1(v5, c1, v6)
             v3 = call f6(v5)
             guard_nonnull v3 [s0 resume 0x1@0 {{v0, v1}}]
             call f5(v5)
             call f5(v3)
             v4 = call f4(v1)
             jump v0, v4"
        ),
    );
}

#[test]
fn a_guard_describes_the_virtual_as_it_is_at_that_point() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:i64
             {HEAD}
             v1 = new c0
             setfield_gc v1, 1, v0
             guard_true v0 [s0 resume 0x1@0 {{v0, v1}}]
             v2 = int_add v0, 1
             setfield_gc v1, 1, v2
             guard_true v2 [s0]
             call f5(v1)
             jump v2"
        ),
        &format!(
            "trace t
             inputs v0:i64
             {HEAD}
             guard_true v0 [s1 resume 0x1@0 {{v0, virt0}} virt0 = c0 {{c1: v0}}]
             v2 = int_add v0, 1
             guard_true v2 [s2 resume 0x1@0 {{v0, virt0}} virt0 = c0 {{c1: v2}}]
             jump v2"
        ),
    );
}

#[test]
fn copies_of_a_reference_become_real_references_when_it_escapes() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:i64, v7:obj, v8:obj
             {HEAD}
             call f5(v7)
             call f5(v8)
             v1 = new c0
             v2 = call f4(v1)
             setfield_gc v2, 1, v0
             call f5(v1)
             v3 = call f4(v2)
             jump v0, v2, v3"
        ),
        &format!(
            "trace t
             inputs v0:i64, v7:obj, v8:obj
             {HEAD}
             call f5(v7)
             call f5(v8)
             v9 = call f0(c0)
             v10 = call f2(v0)
             call f1(v9, c1, v10)
             v11 = call f4(v9)
             jump v0, v9, v11"
        ),
    );
}

#[test]
fn overwritten_and_dying_fields_release_their_references() {
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:obj
             {HEAD}
             v1 = new c0
             v2 = call f4(v0)
             setfield_gc v1, 1, v2
             v3 = call f4(v0)
             setfield_gc v1, 1, v3
             call f5(v1)
             jump v0"
        ),
        &format!(
            "trace t
             inputs v0:obj
             {HEAD}
             v2 = call f4(v0)
             v3 = call f4(v0)
             call f5(v2)
             call f5(v3)
             jump v0"
        ),
    );
}

#[test]
fn the_whole_pipeline_leaves_no_allocation_and_valid_exit_lists() {
    let mut t = ir(&format!(
        "trace t
         inputs v0:i64, v1:obj
         {HEAD}
         v2 = new c0
         v3 = call f4(v1)
         setfield_gc v2, 2, v3
         setfield_gc v2, 1, v0
         v4 = int_lt v0, 100
         guard_true v4 [s0 resume 0x1@0 {{v0, v1, v2}}]
         v5 = int_add v0, 1
         call f5(v2)
         jump v5, v1"
    ));
    let stats = hipy_optimizer::optimize(&mut t).unwrap();
    assert_eq!((stats.allocs_removed, stats.allocs_forced), (1, 0));
    assert!(!t.ops.iter().any(|op| op.opcode == hipy_optimizer::Opcode::New), "{t}");
    // At the exit the field's reference moves into the rebuilt object.
    let g = t.ops.iter().find_map(|op| op.guard.as_ref()).unwrap();
    assert_eq!(g.owned.len(), 1, "{t}\n{:?}", g);
}

/// `acc = Obj(acc.x + 1)` around a loop: read through the recorder's helpers on a
/// real object in the first iteration, and on the virtual from then on.
const CARRIED: &str = "v1 = call f7(v0, c1)
         guard_nonnull v1 [s0 resume 0x1@0 {v0}]
         guard_class v1, c3 [s0]
         v2 = call f9(v1)
         v3 = int_ne v2, -9223372036854775808
         guard_true v3 [s0]
         call f5(v1)
         v4 = int_add_ovf v2, 1 [s1 resume 0x1@4 {v0}]
         v5 = new c0
         setfield_gc v5, 1, v4
         v6 = call f8(v5, c2)
         guard_false v6 [s1]
         call f5(v0)
         guard_no_interrupt [s2 resume 0x1@9 {v5}]
         jump v5";

#[test]
fn a_loop_carried_object_goes_around_the_peeled_loop_as_its_fields() {
    let mut t = ir(&format!("trace t\ninputs v0:obj\n{HEAD}\n{CARRIED}"));
    let stats = hipy_optimizer::optimize(&mut t).unwrap();
    assert_eq!(stats.allocs_forced, 0, "{t}");
    let label = t.label_index().expect("peeled");
    let body = &t.ops[label + 1..];
    // The loop proper calls nothing: no allocation, no attribute read.
    assert!(body.iter().all(|op| op.opcode != hipy_optimizer::Opcode::Call), "{t}");
    assert_eq!(t.label.len(), 1);
    assert_eq!(t.value_type(t.label[0]), Some(hipy_optimizer::Type::I64), "{t}");
    // Its exits rebuild the object from the carried field.
    let text = t.to_string();
    assert!(text.contains("virt0 = c0 {c1: v"), "{text}");
}

#[test]
fn a_loop_carried_object_that_escapes_keeps_the_loop_unpeeled() {
    let escaping = CARRIED.replace("call f5(v0)", "v9 = call f6(v5)\n         guard_nonnull v9 [s1]\n         call f5(v9)\n         call f5(v0)");
    let mut t = ir(&format!("trace t\ninputs v0:obj\n{HEAD}\n{escaping}"));
    hipy_optimizer::optimize(&mut t).unwrap();
    assert_eq!(t.label_index(), None, "{t}");
}


#[test]
fn a_constant_field_of_a_loop_carried_object_goes_around_as_a_reference_of_its_own() {
    // `acc = Obj(acc.x + 1, label=None)`: the constant field holds no reference in
    // the trace; carried through the label it needs one (the jump passes owned
    // references), taken at the label's and the jump's arguments.
    let with_constant = CARRIED.replace("setfield_gc v5, 1, v4", "setfield_gc v5, 1, v4\n         setfield_gc v5, 2, c4");
    let mut t = ir(&format!("trace t\ninputs v0:obj\n{HEAD}\n{with_constant}"));
    let stats = hipy_optimizer::optimize(&mut t).unwrap();
    assert_eq!(stats.allocs_forced, 0, "{t}");
    let label = t.label_index().expect("peeled");
    let types: Vec<_> = t.label.iter().map(|&p| t.value_type(p)).collect();
    assert_eq!(types, [Some(hipy_optimizer::Type::I64), Some(hipy_optimizer::Type::Obj)], "{t}");
    // The loop proper allocates nothing; it takes the constant's reference for
    // the next iteration and releases the one the dying object held.
    let body = &t.ops[label + 1..];
    assert!(!body.iter().any(|op| op.opcode == hipy_optimizer::Opcode::New), "{t}");
    let text = t.to_string();
    assert!(text.contains("call f4(c4)") && text.contains("call f5("), "{text}");
}

/// `HEAD` with MAKE_FUNCTION's helper (f11) and the function type (c5): a
/// function's five fields are c9..c13 (code, globals, defaults, closure,
/// keyword defaults); c6 is a code object, c7 a globals dict, c8 None.
fn head_with_functions() -> String {
    HEAD.replace(
        "int c3, float c4",
        "int c3, float c4, make_function f11, function c5",
    )
    .replace(
        "alloc new",
        "const c5 = 0x1050 \"function\"
         const c6 = 0x1060 \"code\"
         const c7 = 0x1070 \"globals\"
         const c8 = 0x1080 \"None\"
         const c9 = 0x1090 \"__code__\"
         const c10 = 0x10a0 \"__globals__\"
         const c11 = 0x10b0 \"__defaults__\"
         const c12 = 0x10c0 \"__closure__\"
         const c13 = 0x10d0 \"__kwdefaults__\"
         func f11 = 0x20b0 \"make_function_made\" (obj, obj, obj, obj, obj) -> obj owned
         alloc new",
    )
}

#[test]
fn a_function_that_dies_unseen_releases_its_closure() {
    let head = head_with_functions();
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:obj
             {head}
             v1 = call f4(v0)
             v2 = new c5
             setfield_gc v2, 9, c6
             setfield_gc v2, 10, c7
             setfield_gc v2, 11, c8
             setfield_gc v2, 12, v1
             setfield_gc v2, 13, c8
             call f5(v2)
             jump v0"
        ),
        &format!(
            "trace t
             inputs v0:obj
             {head}
             v1 = call f4(v0)
             call f5(v1)
             jump v0"
        ),
    );
}

#[test]
fn a_function_that_escapes_is_made_by_make_function() {
    let head = head_with_functions();
    check_pass(
        virtualize,
        &format!(
            "trace t
             inputs v0:obj
             {head}
             v1 = call f4(v0)
             v2 = new c5
             setfield_gc v2, 9, c6
             setfield_gc v2, 10, c7
             setfield_gc v2, 11, c8
             setfield_gc v2, 12, v1
             setfield_gc v2, 13, c8
             v3 = call f6(v2)
             call f5(v2)
             call f5(v3)
             jump v0"
        ),
        &format!(
            "trace t
             inputs v0:obj
             {head}
             v1 = call f4(v0)
             v4 = call f11(c6, c7, c8, v1, c8)
             call f5(v1)
             v3 = call f6(v4)
             call f5(v4)
             call f5(v3)
             jump v0"
        ),
    );
}
