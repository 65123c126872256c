//! The text form: printing and parsing round-trip, and parse errors name the problem.
mod common;
use common::ir;
use hipy_optimizer::*;

/// A trace using every opcode and every kind of operand, source and flag.
const EVERYTHING: &str = r#"trace "every op <test>"
inputs v0:i64, v1:f64, v2:obj, v3:obj
const c0 = 0x7f0000001000 "float" sealed
const c1 = 0x7f0000002000 "Point"
func f0 = 0x555500001000 "box_float" (f64) -> obj owned class(c0)
func f1 = 0x555500002000 "decref" (obj) -> void decref consumes(0)
func f2 = 0x555500003000 "incref" (obj) -> obj owned incref
func f3 = 0x555500004000 "pow" (f64, f64) -> f64 pure
func f4 = 0x555500005000 "getitem" (obj, i64, obj) -> obj owned can_raise consumes(0,2)
v4 = int_add v0, 1
v5 = int_sub v4, -2
v6 = int_mul v5, v0
v7 = int_and v6, 255
v8 = int_or v7, v0
v9 = int_xor v8, v0
v10 = int_add_ovf v9, v0 [s0 resume 0x10@4 {v0, v1, v2, v3, =, null, bool(v4), 2.5}]
v11 = int_sub_ovf v10, 1 [s0]
v12 = int_mul_ovf v11, 3 [s0]
v13 = int_neg_ovf v12 [s0]
v14 = int_lshift_ovf v13, v0 [s0]
v15 = int_rshift v14, v0 [s0]
v16 = int_floordiv v15, v0 [s0]
v17 = int_mod v16, v0 [s0]
v18 = int_lt v17, v0
v19 = int_le v17, v0
v20 = int_eq v17, v0
v21 = int_ne v17, v0
v22 = int_gt v17, v0
v23 = int_ge v17, v0
v24 = int_to_f64 v23
v25 = bool_not v22
v26 = float_add v1, 0.1
v27 = float_sub v26, -0.0
v28 = float_mul v27, 1e300
v29 = float_div v28, v1 [s1 resume 0x10@8 {v0} 0x20@2 {v1, virt0} virt0 = c1 {c0: v0, c1: virt1} virt1 = c0 {c1: -inf}]
v30 = float_floordiv v29, v1 [s1]
v31 = float_mod v30, v1 [s1]
v32 = float_neg v31
v33 = float_abs v32
v34 = float_lt v33, NaN
v35 = float_le v33, inf
v36 = float_eq v33, f64:0x7ff0000000000001
v37 = float_ne v33, 5e-324
v38 = float_gt v33, v1
v39 = float_ge v33, v1
v40 = ptr_eq v2, c0
v41 = ptr_ne v2, v3
guard_true v18 [s2 raise 0x10@12 {v0, v1, v2, v3}] owned(v2, v3)
guard_false v19 [s2]
guard_eq_i64 v20, 0 [s2]
guard_class v2, c1 [s2]
guard_identity v3, c0 [s2]
guard_nonnull v2 [s2]
guard_bounds v21, 10 [s2]
guard_no_interrupt [s2]
v42 = load_type v2
v43 = unbox_float v3
v44:i64 = load_field v2, 16
v45:f64 = load_field v2, -8
store_field v2, 24, v45
v46 = new c1
v47:obj = getfield_gc v46, 0
setfield_gc v46, 1, v47
v48 = call f0(v43)
v49 = call f3(v43, 2.0)
v50 = call f2(v3)
v51 = call f4(v50, 7, v48)
call f1(v51)
call f1(v46)
v52:obj = load_indexed v2, v0, 16
v53:f64 = load_indexed c0, 3, -8
store_indexed v52, v21, v53, 0
store_indexed v2, 1, 7, -16
prefetch v52, v21
jump v0, v49, v2, v3
"#;

/// Printing `text`'s trace gives `text` back, and parsing that gives the trace.
fn assert_round_trips(text: &str) {
    let t = ir(text);
    let printed = t.to_string();
    assert_eq!(printed, text);
    assert_eq!(parse(&printed).unwrap(), t);
}

#[test]
fn every_op_round_trips() {
    assert_round_trips(EVERYTHING);
}

/// A trace that ends by leaving through a snapshot instead of jumping.
const EXIT_END: &str = r#"trace "ends in exit"
inputs v0:i64, v1:obj
v2 = int_add_ovf v0, 1 [s0 resume 0x1@2 {v0, v1}]
exit [s1 resume 0x2@0 {v2, v1}]
"#;

#[test]
fn an_exit_at_the_end_round_trips() {
    assert_round_trips(EXIT_END);
}

/// A peeled loop: the preamble, the label with its params, the loop proper.
const PEELED: &str = r#"trace peeled
inputs v0:i64, v1:f64
v2 = int_add v0, 1
label v3:i64, v4:f64 = v2, v1
v5 = int_add v3, 1
jump v5, v4
"#;

#[test]
fn a_peeled_loop_round_trips() {
    assert_round_trips(PEELED);
}

#[test]
fn every_opcode_is_covered_by_the_round_trip_test() {
    for op in ALL_OPCODES {
        let needle = format!(" {} ", op.name());
        let needle2 = format!("{} ", op.name());
        let covered = |text: &str| text.contains(&needle) || text.lines().any(|l| l.starts_with(&needle2));
        assert!(
            covered(EVERYTHING) || covered(EXIT_END) || covered(PEELED),
            "{} missing",
            op.name()
        );
    }
}

#[test]
fn comments_and_spacing_are_ignored() {
    let a = ir("trace t   # a comment
        inputs   v0:i64,v1:i64
        v2 = int_add v0,v1   # sum
        jump v2 , v1");
    assert_eq!(
        a.to_string(),
        "trace t\ninputs v0:i64, v1:i64\nv2 = int_add v0, v1\njump v2, v1\n"
    );
}

#[test]
fn empty_inputs_round_trip() {
    let t = ir("trace t\ninputs\njump\n");
    assert_eq!(t.to_string(), "trace t\ninputs\njump\n");
}

fn parse_err(text: &str) -> String {
    parse(text).expect_err("should not parse").to_string()
}

#[test]
fn parse_errors_name_line_and_problem() {
    let cases: &[(&str, &str)] = &[
        (
            "inputs v0:i64\njump v0",
            "line 1: the first line must be 'trace NAME'",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_frob v0\njump v0",
            "line 3: unknown op \"int_frob\"",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, v9\njump v0",
            "line 3: v9 used before its definition",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = float_add v0, 1.0\njump v0",
            "line 3: float_add argument 0 must be f64",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add_ovf v0, 1\njump v1",
            "line 3: int_add_ovf needs a snapshot",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, 1 [s0 resume 0x1@0 {v0}]\njump v1",
            "line 3: int_add cannot have a snapshot",
        ),
        (
            "trace t\ninputs v0:i64\nguard_true v0 [s0]\njump v0",
            "line 3: snapshot s0 used before it is written out",
        ),
        (
            "trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0} 0x2@0 {=}]\njump v0",
            "'=' (unchanged) is only allowed in the outermost frame",
        ),
        (
            "trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {virt3}]\njump v0",
            "unknown virtual 3",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, 1\nv1 = int_add v0, 2\njump v0",
            "line 4: v1 defined twice",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, 1",
            "the trace must end with a jump",
        ),
        (
            "trace t\ninputs v0:i64\njump v0, v0",
            "jump takes 1 arguments, got 2",
        ),
        (
            "trace t\ninputs v0:obj\nv1 = load_field v0, 8\njump v0",
            "load_field needs vN:type",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, \"x\"\njump v0",
            "line 3: expected a word",
        ),
        (
            "trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0, v1}]\njump v0",
            "snapshot s0: v1 used before its definition",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add v0, 1 [s0 resume 0x1@0 {v1}]\njump v0",
            "cannot have a snapshot",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = int_add_ovf v0, 1 [s0 resume 0x1@0 {v1}]\njump v0",
            "snapshot s0: v1 used before its definition",
        ),
        (
            "trace t\ninputs v0:obj\nfunc f0 = 0x1 \"g\" (obj) -> i64 bogus\njump v0",
            "unknown function flag \"bogus\"",
        ),
        (
            "trace t\ninputs v0:i64\nv1 = call f0(v0)\njump v0",
            "unknown function",
        ),
    ];
    for (text, want) in cases {
        let got = parse_err(text);
        assert!(
            got.contains(want),
            "for {:?}\n got: {}\nwant: {}",
            text,
            got,
            want
        );
    }
}

#[test]
fn shared_snapshots_print_once() {
    let t = ir("trace t
        inputs v0:i64
        guard_true v0 [s0 resume 0x1@0 {v0}]
        guard_false v0 [s0]
        jump v0");
    assert_eq!(t.to_string(), "trace t\ninputs v0:i64\nguard_true v0 [s0 resume 0x1@0 {v0}]\nguard_false v0 [s0]\njump v0\n");
}

#[test]
fn builder_and_text_agree() {
    let mut b = TraceBuilder::new("sum_squares");
    let i = b.input(Type::I64);
    let n = b.input(Type::I64);
    let acc = b.input(Type::I64);
    let frame = |pc| Frame {
        code: 0x10,
        pc,
        slots: vec![
            Source::Val(i.into()),
            Source::Val(n.into()),
            Source::Val(acc.into()),
            Source::Unchanged,
        ],
    };
    let s0 = b.snapshot(SnapshotKind::Resume, vec![frame(12)]);
    let lt = b.op(Opcode::IntLt, &[i.into(), n.into()]);
    b.guard_true(lt, s0);
    let s1 = b.snapshot(SnapshotKind::Resume, vec![frame(20)]);
    let sq = b.op_exit(Opcode::IntMulOvf, &[i.into(), i.into()], s1);
    let acc2 = b.op_exit(Opcode::IntAddOvf, &[acc.into(), sq.into()], s1);
    let i2 = b.op(Opcode::IntAdd, &[i.into(), 1i64.into()]);
    let t = b
        .finish_with_jump(&[i2.into(), n.into(), acc2.into()])
        .unwrap();
    let text = "trace sum_squares
inputs v0:i64, v1:i64, v2:i64
v3 = int_lt v0, v1
guard_true v3 [s0 resume 0x10@12 {v0, v1, v2, =}]
v4 = int_mul_ovf v0, v0 [s1 resume 0x10@20 {v0, v1, v2, =}]
v5 = int_add_ovf v2, v4 [s1]
v6 = int_add v0, 1
jump v6, v1, v5
";
    assert_eq!(t.to_string(), text);
    assert_eq!(ir(text), t);
}

#[test]
fn builder_reports_misuse_instead_of_panicking() {
    let mut b = TraceBuilder::new("t");
    let v = b.input(Type::I64);
    b.op(Opcode::GuardTrue, &[v.into()]);
    let e = b.finish_with_jump(&[v.into()]).unwrap_err();
    assert!(
        e.message.contains("guard_true has no fixed result type"),
        "{}",
        e
    );

    let mut b = TraceBuilder::new("t");
    let v = b.input(Type::I64);
    let s = b.snapshot(
        SnapshotKind::Resume,
        vec![Frame {
            code: 1,
            pc: 0,
            slots: vec![],
        }],
    );
    b.guard(Opcode::IntAdd, &[v.into()], s);
    assert!(b
        .finish_with_jump(&[v.into()])
        .unwrap_err()
        .message
        .contains("int_add is not a guard"));

    let mut b = TraceBuilder::new("t");
    let v = b.input(Type::I64);
    b.op(Opcode::IntAdd, &[v.into(), 1.5f64.into()]);
    let e = b.finish_with_jump(&[v.into()]).unwrap_err();
    assert!(
        e.message.contains("int_add argument 1 must be i64"),
        "{}",
        e
    );
}

#[test]
fn builder_interns_constants_and_functions() {
    let mut b = TraceBuilder::new("t");
    let c0 = b.const_obj(0x1000, "int", true);
    let c1 = b.const_obj(0x1000, "int", true);
    let c2 = b.const_obj(0x2000, "float", true);
    assert_eq!(c0, c1);
    assert_ne!(c0, c2);
    let desc = FuncDesc {
        addr: 0x9000,
        name: "h".into(),
        args: vec![Type::Obj],
        ret: Type::I64,
        flags: FuncFlags {
            pure: true,
            ..FuncFlags::default()
        },
        consumes: 0,
        result_class: None,
    };
    let f0 = b.func(desc.clone());
    let f1 = b.func(desc);
    assert_eq!(f0, f1);
}

#[test]
fn annotated_text_numbers_exits_and_still_parses() {
    let t = ir("trace t
        inputs v0:i64
        v1 = int_add_ovf v0, 1 [s0 resume 0x1@0 {v0}]
        v2 = int_add v1, 1
        guard_true v2 [s0]
        jump v2");
    let a = to_text_annotated(&t);
    assert!(a.contains("[s0 resume 0x1@0 {v0}]  # exit 0\n"), "{}", a);
    assert!(a.contains("guard_true v2 [s0]  # exit 1\n"), "{}", a);
    assert_eq!(parse(&a).unwrap(), t);
}
