//! Bridges: the text form, the verifier (jump types are the root loop's, borrowed
//! inputs), ownership of bridge inputs, `TraceBuilder::bridge`, and the pipeline.
mod common;
use common::{check_optimize, check_pass, ir};
use hipy_optimizer::ownership::compute_exit_lists;
use hipy_optimizer::*;

/// A loop over (i, n, obj) whose guard at op 1 has exit values v0, v1, v2, v3 with v2
/// borrowed and v3 in the drop list.
const PARENT: &str = "trace parent
inputs v0:i64, v1:i64, v2:obj
func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
func f1 = 0x9100 \"decref\" (obj) -> void consumes(0) decref
func f2 = 0x9200 \"box\" (i64) -> obj owned
v3 = call f2(v0)
v4 = int_lt v0, v1
guard_true v4 [s0 resume 0x1@4 {v0, v1, v2}] owned(v2) drop(v3)
v5 = call f0(v2)
guard_false v4 [s1 resume 0x1@6 {v0, v1, v5}] owned(v2, v5) drop(v3)
call f1(v2)
call f1(v3)
v6 = int_add v0, 1
jump v6, v1, v5";

const BRIDGE: &str = "trace b
inputs v0:i64, v1:i64, v2:obj, v3:obj
bridge loop(i64, i64, obj) borrowed(v2)
func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
func f1 = 0x9100 \"decref\" (obj) -> void consumes(0) decref
call f1(v3)
v4 = int_sub v0, 1
guard_true v4 [s0 resume 0x1@6 {v4, v1, v2}]
v5 = call f0(v2)
jump v4, v1, v5";

#[test]
fn bridge_text_round_trips() {
    let t = ir(BRIDGE);
    let b = t.bridge.as_ref().unwrap();
    assert_eq!(b.loop_types, vec![Type::I64, Type::I64, Type::Obj]);
    assert_eq!(b.borrowed, vec![ValueId(2)]);
    assert_eq!(parse(&t.to_string()).unwrap(), t);
    assert!(t
        .to_string()
        .contains("bridge loop(i64, i64, obj) borrowed(v2)\n"));
    // Without borrowed inputs the list is left out; a loop has no bridge line.
    let t = ir(
        "trace b\ninputs v0:f64\nbridge loop(i64)\nv1 = int_add 1, 2\n\
                guard_true v1 [s0 resume 0x1@0 {v0}]\njump v1",
    );
    assert_eq!(t.bridge.as_ref().unwrap().borrowed, vec![]);
    assert!(t.to_string().contains("bridge loop(i64)\n"));
    assert_eq!(parse(&t.to_string()).unwrap(), t);
    assert!(!ir(PARENT).to_string().contains("bridge"));
    // Logs number a bridge's exits after its loop's.
    let t = ir(BRIDGE);
    assert!(to_text_annotated_from(&t, 7).contains("{v4, v1, v2}]  # exit 7\n"));
    assert!(to_text_annotated(&t).contains("# exit 0\n"));
    assert_eq!(parse(&to_text_annotated_from(&t, 7)).unwrap(), t);
}

#[test]
fn the_jump_of_a_bridge_has_the_loop_types() {
    // The jump passes i64, i64, obj; the bridge's inputs are different.
    let ok = BRIDGE.replace("jump v4, v1, v5", "jump v4, v1, v3");
    assert!(
        parse(&ok).is_ok(),
        "an obj input may be passed (ownership is checked later)"
    );
    let bad = BRIDGE.replace("jump v4, v1, v5", "jump v4, v5, v1");
    let e = parse(&bad).err().unwrap();
    assert!(e.message.contains("jump argument 1 must be i64"), "{}", e);
    let bad = BRIDGE.replace("bridge loop(i64, i64, obj)", "bridge loop(i64, i64)");
    let e = parse(&bad).err().unwrap();
    assert!(e.message.contains("jump takes 2 arguments, got 3"), "{}", e);
    // Without the bridge line the jump must match the inputs.
    let bad = BRIDGE.replace("bridge loop(i64, i64, obj) borrowed(v2)\n", "");
    assert!(parse(&bad).is_err());
}

#[test]
fn borrowed_inputs_must_be_object_inputs() {
    let bad = BRIDGE.replace("borrowed(v2)", "borrowed(v1)");
    let e = parse(&bad).err().unwrap();
    assert!(
        e.message.contains("borrowed v1 is not an object input"),
        "{}",
        e
    );
    let bad = BRIDGE.replace("borrowed(v2)", "borrowed(v2, v2)");
    let e = parse(&bad).err().unwrap();
    assert!(e.message.contains("listed twice"), "{}", e);
    let bad = BRIDGE.replace("borrowed(v2)", "borrowed(v5)");
    assert!(parse(&bad).is_err());
    let bad = BRIDGE.replace("bridge loop", "bridge lop");
    assert!(parse(&bad).is_err());
    let twice = BRIDGE.replace(
        "bridge loop(i64, i64, obj) borrowed(v2)",
        "bridge loop(i64, i64, obj)\nbridge loop(i64, i64, obj)",
    );
    assert!(parse(&twice)
        .err()
        .unwrap()
        .message
        .contains("second 'bridge'"));
}

fn compute(t: &mut Trace) {
    compute_exit_lists(t).unwrap_or_else(|e| panic!("{}", e));
}

#[test]
fn borrowed_inputs_are_in_no_exit_list_and_owned_ones_are() {
    // v2 is borrowed and v3 already released at the guard: no lists.
    check_pass(compute, BRIDGE, BRIDGE);
    // v3 owned, used by a snapshot before its decref: owned there.
    let text = BRIDGE
        .replace("call f1(v3)\n", "")
        .replace("v5 = call f0(v2)\n", "v5 = call f0(v2)\ncall f1(v3)\n");
    check_pass(
        compute,
        &text,
        &text.replace("{v4, v1, v2}]", "{v4, v1, v2}] drop(v3)"),
    );
}

#[test]
fn ownership_errors_in_bridges() {
    // A borrowed input cannot be passed to jump or consumed.
    let mut t = ir(&BRIDGE
        .replace("jump v4, v1, v5", "jump v4, v1, v2")
        .replace("v5 = call f0(v2)\n", "v5 = call f0(v2)\ncall f1(v5)\n"));
    let e = compute_exit_lists(&mut t).err().unwrap();
    assert!(e.message.contains("not an owned reference"), "{}", e);
    let mut t = ir(&BRIDGE.replace("call f1(v3)", "call f1(v2)\ncall f1(v3)"));
    let e = compute_exit_lists(&mut t).err().unwrap();
    assert!(e.message.contains("consumed but not owned"), "{}", e);
    // An owned input must be released.
    let mut t = ir(&BRIDGE.replace("call f1(v3)\n", ""));
    let e = compute_exit_lists(&mut t).err().unwrap();
    assert!(e.message.contains("v3 is still owned at the jump"), "{}", e);
}

#[test]
fn builder_declares_the_exit_values_as_inputs() {
    let mut parent = ir(PARENT);
    optimize(&mut parent).unwrap();
    // Op 2 is the first guard: exit values v0, v1, v2 (snapshot) then v3 (drop).
    let op = parent.exit_ops()[0];
    assert_eq!(
        parent.exit_values(&parent.ops[op]),
        vec![ValueId(0), ValueId(1), ValueId(2), ValueId(3)]
    );
    let (types, borrowed) = parent.bridge_start(op).unwrap();
    assert_eq!(types, vec![Type::I64, Type::I64, Type::Obj, Type::Obj]);
    assert_eq!(borrowed, vec![false, false, false, false]);
    assert!(parent.bridge_start(0).is_none(), "op 0 cannot exit");

    let mut b = TraceBuilder::bridge("side", &parent, op).unwrap();
    let ins = b.trace().inputs.clone();
    assert_eq!(ins.len(), 4);
    let decref = b.func(parent.funcs[1].clone());
    b.call(decref, &[ins[3].into()]);
    let snap = b.snapshot(
        SnapshotKind::Resume,
        vec![Frame {
            code: 1,
            pc: 6,
            slots: vec![
                Source::Val(ins[0].into()),
                Source::Val(ins[1].into()),
                Source::Val(ins[2].into()),
            ],
        }],
    );
    let n = b.op(Opcode::IntSub, &[ins[1].into(), 1i64.into()]);
    b.guard_true(n, snap);
    let mut t = b
        .finish_with_jump(&[ins[0].into(), n.into(), ins[2].into()])
        .unwrap();
    assert_eq!(
        t.bridge.as_ref().unwrap().loop_types,
        vec![Type::I64, Type::I64, Type::Obj]
    );
    optimize(&mut t).unwrap();
    assert_eq!(parse(&t.to_string()).unwrap(), t);
    // The guard's exit sees v2 owned (its snapshot references it).
    let g = t.ops[t.exit_ops()[0]].guard.as_ref().unwrap();
    assert_eq!(g.owned, vec![ins[2]]);

    // A bridge of a bridge also jumps with the root's types.
    let child = TraceBuilder::bridge("side2", &t, t.exit_ops()[0]).unwrap();
    assert_eq!(
        child.trace().bridge.as_ref().unwrap().loop_types,
        vec![Type::I64, Type::I64, Type::Obj]
    );
    assert_eq!(child.trace().inputs.len(), 3);

    // Without exit lists (an unoptimized parent), v2 would be borrowed and v3 not an
    // exit value at all: the builder follows what the lists say.
    let raw = ir(&PARENT.replace(" owned(v2) drop(v3)", ""));
    let (_, borrowed) = raw.bridge_start(2).unwrap();
    assert_eq!(borrowed, vec![false, false, true]);
    assert!(TraceBuilder::bridge("x", &raw, 0).is_err());
}

#[test]
fn the_pipeline_optimizes_bridges() {
    check_optimize(
        "trace b
        inputs v0:i64, v1:obj
        bridge loop(i64, obj) borrowed(v1)
        func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
        v2 = int_add 2, 3
        v3 = int_mul v0, v2
        v4 = int_add v0, 7
        guard_true v3 [s0 resume 0x1@0 {v0, v1}]
        v5 = call f0(v1)
        jump v3, v5",
        "trace b
        inputs v0:i64, v1:obj
        bridge loop(i64, obj) borrowed(v1)
        func f0 = 0x9000 \"incref\" (obj) -> obj owned incref
        v3 = int_mul v0, 5
        guard_true v3 [s0 resume 0x1@0 {v0, v1}]
        v5 = call f0(v1)
        jump v3, v5",
    );
}
