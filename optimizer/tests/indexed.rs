//! `load_indexed` / `store_indexed`: text form, verifier, builder, and how the passes
//! treat them (loads are removable and borrowed, stores stay and may change classes).
mod common;
use common::{check_optimize, check_pass, ir};
use hipy_optimizer::dce::eliminate_dead_code;
use hipy_optimizer::fold::fold;
use hipy_optimizer::ownership::compute_exit_lists;
use hipy_optimizer::*;

#[test]
fn indexed_ops_round_trip_with_every_operand_form() {
    let text = "trace t
inputs v0:obj, v1:i64, v2:f64
const c0 = 0x7f0000001000 \"buffer\"
v3:i64 = load_indexed v0, v1, 0
v4:f64 = load_indexed v0, 7, -16
v5:obj = load_indexed c0, v1, 2147483647
store_indexed v0, v1, v2, 8
store_indexed v5, 0, -1, -2147483648
store_indexed v0, v3, c0, 0
store_indexed v0, v1, 2.5, 0
jump v0, v3, v4
";
    let t = ir(text);
    assert_eq!(t.to_string(), text);
    assert_eq!(parse(&t.to_string()).unwrap(), t);
    let load = &t.ops[0];
    assert_eq!(load.opcode, Opcode::LoadIndexed);
    assert_eq!(load.ty, Type::I64);
    assert_eq!(load.imm, 0);
    assert_eq!(t.ops[1].args.as_slice(), &[Operand::Value(ValueId(0)), Operand::Int(7)]);
    assert_eq!(t.ops[1].imm, -16);
    let store = &t.ops[3];
    assert_eq!(store.opcode, Opcode::StoreIndexed);
    assert_eq!(
        store.args.as_slice(),
        &[ValueId(0).into(), ValueId(1).into(), ValueId(2).into()]
    );
    assert_eq!(store.imm, 8);
    assert_eq!(store.result, None);
}

#[test]
fn the_verifier_checks_indexed_operands() {
    let cases: &[(&str, &str)] = &[
        (
            "v2 = load_indexed v0, v1, 0",
            "line 3: load_indexed needs vN:type",
        ),
        (
            "v2:i64 = load_indexed v1, v1, 0",
            "load_indexed needs an object base, an i64 index",
        ),
        (
            "v2:i64 = load_indexed v0, v0, 0",
            "load_indexed needs an object base, an i64 index",
        ),
        (
            "v2:i64 = load_indexed v0, 1.0, 0",
            "load_indexed needs an object base, an i64 index",
        ),
        (
            "v2:i64 = load_indexed v0, v1, 2147483648",
            "load_indexed offset does not fit in 32 bits",
        ),
        (
            "store_indexed v0, v1, 5, -2147483649",
            "store_indexed offset does not fit in 32 bits",
        ),
        (
            "store_indexed v0, v1, 0",
            "line 3: expected ','",
        ),
        (
            "store_indexed v0, v1, v9, 0",
            "v9 used before its definition",
        ),
        (
            "v2:i64 = store_indexed v0, v1, 5, 0",
            "store_indexed produces void, not i64",
        ),
        (
            "v2:i64 = load_indexed v0, v1, 0 [s0 resume 0x1@0 {v1}]",
            "load_indexed cannot have a snapshot",
        ),
    ];
    for (line, want) in cases {
        let text = format!("trace t\ninputs v0:obj, v1:i64\n{}\njump v0, v1", line);
        let got = parse(&text).expect_err(line).to_string();
        assert!(got.contains(want), "for {:?}\n got: {}\nwant: {}", line, got, want);
    }
}

#[test]
fn builder_and_text_agree_on_indexed_ops() {
    let mut b = TraceBuilder::new("items");
    let list = b.input(Type::Obj);
    let i = b.input(Type::I64);
    let x = b.input(Type::F64);
    let buf = b.load_field(list, 24, Type::Obj);
    let item = b.load_indexed(buf, i, 0, Type::Obj);
    let f = b.load_indexed(buf, 3i64, -8, Type::F64);
    b.store_indexed(buf, i, x, 16);
    b.store_indexed(buf, 2i64, item, 0);
    let _ = f;
    let t = b.finish_with_jump(&[list.into(), i.into(), x.into()]).unwrap();
    let text = "trace items
inputs v0:obj, v1:i64, v2:f64
v3:obj = load_field v0, 24
v4:obj = load_indexed v3, v1, 0
v5:f64 = load_indexed v3, 3, -8
store_indexed v3, v1, v2, 16
store_indexed v3, 2, v4, 0
jump v0, v1, v2
";
    assert_eq!(t.to_string(), text);
    assert_eq!(ir(text), t);
}

#[test]
fn builder_reports_a_badly_typed_index() {
    let mut b = TraceBuilder::new("t");
    let p = b.input(Type::Obj);
    let x = b.input(Type::F64);
    b.load_indexed(p, x, 0, Type::I64);
    let e = b.finish_with_jump(&[p.into(), x.into()]).unwrap_err();
    assert!(e.message.contains("an i64 index"), "{}", e);
}

#[test]
fn unused_loads_go_stores_stay() {
    check_pass(
        eliminate_dead_code,
        "trace t
         inputs v0:obj, v1:i64
         v2:i64 = load_indexed v0, v1, 0
         v3:obj = load_indexed v0, v1, 8
         v4:i64 = load_indexed v0, 0, 0
         store_indexed v0, v1, v4, 0
         v5:f64 = load_indexed v0, v1, 16
         store_indexed v0, 1, 2.0, 0
         jump v0, v1",
        "trace t
         inputs v0:obj, v1:i64
         v4:i64 = load_indexed v0, 0, 0
         store_indexed v0, v1, v4, 0
         store_indexed v0, 1, 2.0, 0
         jump v0, v1",
    );
}

#[test]
fn loads_are_not_merged_or_folded() {
    // Two equal loads around a store read different words: both stay.
    let text = "trace t
         inputs v0:obj, v1:i64, v2:i64
         v3:i64 = load_indexed v0, v1, 0
         store_indexed v0, v1, 5, 0
         v4:i64 = load_indexed v0, v1, 0
         v5 = int_add v3, v4
         guard_true v5 [s0 resume 0x1@0 {v0, v1, v5}]
         jump v0, v1, v5";
    let mut t = ir(text);
    fold(&mut t);
    eliminate_dead_code(&mut t);
    assert_eq!(t.to_string(), ir(text).to_string());
}

#[test]
fn a_loaded_object_is_borrowed() {
    // The item is in the snapshot but in neither exit list: the vm increfs it.
    check_pass(
        |t| compute_exit_lists(t).unwrap(),
        "trace t
         inputs v0:obj, v1:i64
         v2:obj = load_field v0, 24
         v3:obj = load_indexed v2, v1, 0
         guard_nonnull v3 [s0 resume 0x1@0 {v0, v1, v3}]
         jump v0, v1",
        "trace t
         inputs v0:obj, v1:i64
         v2:obj = load_field v0, 24
         v3:obj = load_indexed v2, v1, 0
         guard_nonnull v3 [s0 resume 0x1@0 {v0, v1, v3}] owned(v0)
         jump v0, v1",
    );
    let mut t = ir("trace t
         inputs v0:obj
         v1:obj = load_indexed v0, 0, 0
         jump v1");
    let e = compute_exit_lists(&mut t).unwrap_err();
    assert!(e.message.contains("not an owned reference"), "{}", e);
}

#[test]
fn a_store_forgets_unsealed_classes_a_load_does_not() {
    check_pass(
        fold,
        "trace t
         inputs v0:obj, v1:obj, v2:i64
         const c0 = 0x1000 \"Point\"
         const c1 = 0x2000 \"float\" sealed
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         guard_class v1, c1 [s0]
         v3:i64 = load_indexed v0, v2, 0
         guard_class v0, c0 [s0]
         store_indexed v0, v2, v3, 8
         guard_class v0, c0 [s0]
         guard_class v1, c1 [s0]
         jump v0, v1, v2",
        "trace t
         inputs v0:obj, v1:obj, v2:i64
         const c0 = 0x1000 \"Point\"
         const c1 = 0x2000 \"float\" sealed
         guard_class v0, c0 [s0 resume 0x1@0 {v0, v1, v2}]
         guard_class v1, c1 [s0]
         v3:i64 = load_indexed v0, v2, 0
         store_indexed v0, v2, v3, 8
         guard_class v0, c0 [s0]
         jump v0, v1, v2",
    );
}

#[test]
fn list_sum_survives_the_pipeline() {
    // `for k in range(n): s += xs[k]` with xs's buffer read inline.
    check_optimize(
        "trace list_sum
         inputs v0:obj, v1:i64, v2:i64, v3:i64
         v4 = int_lt v1, v2
         guard_true v4 [s0 resume 0x1@4 {v0, v1, v2, v3}]
         guard_bounds v1, v2 [s0]
         v5:obj = load_field v0, 24
         v6:i64 = load_indexed v5, v1, 0
         v7:i64 = load_indexed v5, v1, 8
         v8 = int_add_ovf v3, v6 [s1 resume 0x1@8 {v0, v1, v2, v3}]
         v9 = int_add v1, 1
         jump v0, v9, v2, v8",
        "trace list_sum
         inputs v0:obj, v1:i64, v2:i64, v3:i64
         v4 = int_lt v1, v2
         guard_true v4 [s0 resume 0x1@4 {v0, v1, v2, v3}] owned(v0)
         guard_bounds v1, v2 [s0] owned(v0)
         v5:obj = load_field v0, 24
         v6:i64 = load_indexed v5, v1, 0
         v8 = int_add_ovf v3, v6 [s1 resume 0x1@8 {v0, v1, v2, v3}] owned(v0)
         v9 = int_add v1, 1
         jump v0, v9, v2, v8",
    );
}
