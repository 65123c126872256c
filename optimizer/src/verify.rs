//! The trace verifier: checks that a trace is well formed before and after passes.
//!
//! Checked: every value is defined once and before its uses; argument counts and
//! types match each opcode, callee or the loop inputs; ops that may exit carry a
//! snapshot exactly when they need one; snapshots, constants, functions and virtuals
//! referenced exist; snapshots only reference values defined before the op that uses
//! them; `Unchanged` appears only in the outermost frame; the trace ends with exactly
//! one `jump`, whose arguments have the loop's input types (for a bridge, the root
//! loop's; for a peeled loop, its label's params), or one `exit`; a bridge borrows
//! only object inputs; after a `label`, only its params and later values are used.

use crate::ir::*;
use crate::semantics::can_exit;

pub fn verify(trace: &Trace) -> Result<(), IrError> {
    let mut defined = vec![false; trace.num_value_ids()];
    if !trace.label.is_empty() && trace.label_index().is_none() {
        return Err(IrError::general("label params without a label op"));
    }
    for &v in &trace.inputs {
        match trace.value_type(v) {
            Some(Type::Void) | None => {
                return Err(IrError::general(format!("input {} has no type", v)))
            }
            Some(_) => {}
        }
        if defined[v.index()] {
            return Err(IrError::general(format!("input {} listed twice", v)));
        }
        defined[v.index()] = true;
    }
    if let Some(b) = &trace.bridge {
        check_bridge(trace, b)?;
    }
    for (i, f) in trace.funcs.iter().enumerate() {
        if let Some(c) = f.result_class {
            if c.index() >= trace.consts.len() {
                return Err(IrError::general(format!(
                    "func f{} names unknown class {}",
                    i, c
                )));
            }
        }
        if f.args.contains(&Type::Void) {
            return Err(IrError::general(format!("func f{} has a void argument", i)));
        }
    }
    let last = trace.ops.len().checked_sub(1);
    let ends = |op: &Op| matches!(op.opcode, Opcode::Jump | Opcode::Exit);
    if last.is_none() || !ends(&trace.ops[last.unwrap()]) {
        return Err(IrError::general("the trace must end with a jump or an exit"));
    }
    for (i, op) in trace.ops.iter().enumerate() {
        if ends(op) && Some(i) != last {
            return Err(IrError::at(i, format!("{} before the end of the trace", op.opcode.name())));
        }
        for &a in &op.args {
            check_operand(trace, &defined, i, a)?;
        }
        check_types(trace, i, op)?;
        check_guard(trace, &defined, i, op)?;
        check_item_store(trace, i, op)?;
        if op.opcode == Opcode::Label {
            if trace.bridge.is_some() || trace.label_index() != Some(i) {
                return Err(IrError::at(i, "a bridge's label, or a second label"));
            }
            // The loop proper sees only its params: nothing defined before the
            // label is visible after it.
            defined.iter_mut().for_each(|d| *d = false);
            for &p in &trace.label {
                if matches!(trace.value_type(p), None | Some(Type::Void)) || defined[p.index()] {
                    return Err(IrError::at(i, format!("label param {} has no type or is listed twice", p)));
                }
                defined[p.index()] = true;
            }
        }
        match op.result {
            Some(v) => {
                if trace.value_type(v) != Some(op.ty) || op.ty == Type::Void {
                    return Err(IrError::at(
                        i,
                        format!(
                            "{} has type {:?}, op says {:?}",
                            v,
                            trace.value_type(v),
                            op.ty
                        ),
                    ));
                }
                if defined[v.index()] {
                    return Err(IrError::at(i, format!("{} defined twice", v)));
                }
                defined[v.index()] = true;
            }
            None => {
                if op.ty != Type::Void {
                    return Err(IrError::at(i, "op has a result type but no result"));
                }
            }
        }
    }
    Ok(())
}

/// A call of an `item_store` helper is followed by `guard_false` on its result.
fn check_item_store(trace: &Trace, i: usize, op: &Op) -> Result<(), IrError> {
    if !crate::effects::call_flags(trace, op).item_store {
        return Ok(());
    }
    let guarded = op.result.is_some_and(|r| {
        trace.ops.get(i + 1).is_some_and(|g| {
            g.opcode == Opcode::GuardFalse && g.args[0] == Operand::Value(r)
        })
    });
    if guarded {
        Ok(())
    } else {
        Err(IrError::at(i, "an item_store call must be followed by guard_false on its result"))
    }
}

fn check_bridge(trace: &Trace, b: &BridgeInfo) -> Result<(), IrError> {
    if b.loop_types.contains(&Type::Void) {
        return Err(IrError::general(
            "a bridge's loop types cannot include void",
        ));
    }
    for (k, v) in b.borrowed.iter().enumerate() {
        if !trace.inputs.contains(v) || trace.value_type(*v) != Some(Type::Obj) {
            return Err(IrError::general(format!(
                "borrowed {} is not an object input",
                v
            )));
        }
        if b.borrowed[..k].contains(v) {
            return Err(IrError::general(format!("borrowed {} listed twice", v)));
        }
    }
    Ok(())
}

fn check_operand(trace: &Trace, defined: &[bool], i: usize, a: Operand) -> Result<(), IrError> {
    match a {
        Operand::Value(v) => {
            if !defined.get(v.index()).copied().unwrap_or(false) {
                return Err(IrError::at(i, format!("{} used before its definition", v)));
            }
        }
        Operand::Obj(c) => {
            if c.index() >= trace.consts.len() {
                return Err(IrError::at(i, format!("unknown constant {}", c)));
            }
        }
        Operand::Int(_) | Operand::Float(_) => {}
    }
    Ok(())
}

fn check_types(trace: &Trace, i: usize, op: &Op) -> Result<(), IrError> {
    let name = op.opcode.name();
    let arg_types: Vec<Option<Type>> = op.args.iter().map(|&a| trace.operand_type(a)).collect();
    let expect = |want: &[Type], result: Type| -> Result<(), IrError> {
        if arg_types.len() != want.len() {
            return Err(IrError::at(
                i,
                format!(
                    "{} takes {} arguments, got {}",
                    name,
                    want.len(),
                    arg_types.len()
                ),
            ));
        }
        for (k, (&got, &w)) in arg_types.iter().zip(want).enumerate() {
            if got != Some(w) {
                return Err(IrError::at(
                    i,
                    format!(
                        "{} argument {} must be {}, got {:?}",
                        name,
                        k,
                        w.name(),
                        got
                    ),
                ));
            }
        }
        if op.ty != result {
            return Err(IrError::at(
                i,
                format!(
                    "{} produces {}, op says {}",
                    name,
                    result.name(),
                    op.ty.name()
                ),
            ));
        }
        Ok(())
    };
    if op.func.is_some() != (op.opcode == Opcode::Call) {
        return Err(IrError::at(i, "only calls name a function"));
    }
    match op.opcode.shape() {
        Shape::Fixed(args, result) => expect(args, result),
        Shape::ObjImm { store } => {
            let count = if store { 2 } else { 1 };
            if arg_types.len() != count || arg_types[0] != Some(Type::Obj) {
                return Err(IrError::at(
                    i,
                    format!(
                        "{} needs an object{}",
                        name,
                        if store { " and a value" } else { "" }
                    ),
                ));
            }
            if store && (op.ty != Type::Void || arg_types[1].is_none()) {
                return Err(IrError::at(
                    i,
                    format!("{} stores a defined value and has no result", name),
                ));
            }
            if !store && op.ty == Type::Void {
                return Err(IrError::at(i, format!("{} needs a result type", name)));
            }
            Ok(())
        }
        Shape::Indexed { store } => check_indexed(i, op, &arg_types, store),
        Shape::Call => {
            let f = op.func.unwrap();
            if f.index() >= trace.funcs.len() {
                return Err(IrError::at(i, format!("unknown function {}", f)));
            }
            let desc = trace.func(f);
            expect(&desc.args, desc.ret)
        }
        Shape::Jump if op.opcode == Opcode::Label => {
            let types: Vec<Type> = trace.label.iter().map(|&v| trace.value_type(v).unwrap_or(Type::Void)).collect();
            expect(&types, Type::Void)
        }
        Shape::Jump => expect(&trace.jump_types(), Type::Void),
    }
}

/// `load_indexed base, index, offset` / `store_indexed base, index, value, offset`:
/// an object base, an i64 index, a 32-bit offset; a load produces a value, a store
/// stores a defined value and produces none.
fn check_indexed(i: usize, op: &Op, arg_types: &[Option<Type>], store: bool) -> Result<(), IrError> {
    let name = op.opcode.name();
    let count = if store { 3 } else { 2 };
    if arg_types.len() != count
        || arg_types[0] != Some(Type::Obj)
        || arg_types[1] != Some(Type::I64)
    {
        return Err(IrError::at(
            i,
            format!(
                "{} needs an object base, an i64 index{}",
                name,
                if store { " and a value" } else { "" }
            ),
        ));
    }
    if i32::try_from(op.imm).is_err() {
        return Err(IrError::at(i, format!("{} offset does not fit in 32 bits", name)));
    }
    if store && (op.ty != Type::Void || arg_types[2].is_none()) {
        return Err(IrError::at(
            i,
            format!("{} stores a defined value and has no result", name),
        ));
    }
    if !store && op.ty == Type::Void {
        return Err(IrError::at(i, format!("{} needs a result type", name)));
    }
    Ok(())
}

fn check_guard(trace: &Trace, defined: &[bool], i: usize, op: &Op) -> Result<(), IrError> {
    let needs = can_exit(op.opcode, &op.args);
    let g = match &op.guard {
        None if needs => {
            return Err(IrError::at(
                i,
                format!("{} needs a snapshot", op.opcode.name()),
            ))
        }
        None => return Ok(()),
        Some(_) if !op.opcode.may_exit() => {
            return Err(IrError::at(
                i,
                format!("{} cannot have a snapshot", op.opcode.name()),
            ))
        }
        Some(g) => g,
    };
    let snap = trace
        .snapshots
        .get(g.snapshot.index())
        .ok_or_else(|| IrError::at(i, format!("unknown snapshot {}", g.snapshot)))?;
    if snap.frames.is_empty() {
        return Err(IrError::at(
            i,
            format!("snapshot {} has no frames", g.snapshot),
        ));
    }
    for (fi, frame) in snap.frames.iter().enumerate() {
        for s in &frame.slots {
            if fi > 0 && *s == Source::Unchanged {
                return Err(IrError::at(
                    i,
                    format!(
                        "snapshot {}: '=' (unchanged) is only allowed in the outermost frame",
                        g.snapshot
                    ),
                ));
            }
            check_source(trace, defined, i, snap, g.snapshot, s)?;
        }
    }
    for v in &snap.virtuals {
        if v.class.index() >= trace.consts.len() {
            return Err(IrError::at(
                i,
                format!("snapshot {}: unknown class {}", g.snapshot, v.class),
            ));
        }
        if v.names.len() != v.fields.len() || v.names.iter().any(|n| n.index() >= trace.consts.len()) {
            return Err(IrError::at(
                i,
                format!("snapshot {}: a virtual's field names do not match its fields", g.snapshot),
            ));
        }
        for s in &v.fields {
            if *s == Source::Unchanged {
                return Err(IrError::at(i, "a virtual field cannot be '='"));
            }
            check_source(trace, defined, i, snap, g.snapshot, s)?;
        }
    }
    for &d in g.owned.iter().chain(&g.drop) {
        if !defined.get(d.index()).copied().unwrap_or(false) {
            return Err(IrError::at(
                i,
                format!("exit list names {} before its definition", d),
            ));
        }
    }
    Ok(())
}

fn check_source(
    trace: &Trace,
    defined: &[bool],
    i: usize,
    snap: &Snapshot,
    id: SnapId,
    s: &Source,
) -> Result<(), IrError> {
    match *s {
        Source::Val(o) => check_operand(trace, defined, i, o)
            .map_err(|e| IrError::at(i, format!("snapshot {}: {}", id, e.message))),
        Source::Bool(o) => {
            check_operand(trace, defined, i, o)
                .map_err(|e| IrError::at(i, format!("snapshot {}: {}", id, e.message)))?;
            if trace.operand_type(o) != Some(Type::I64) {
                return Err(IrError::at(
                    i,
                    format!("snapshot {}: bool() needs an i64", id),
                ));
            }
            Ok(())
        }
        Source::Virtual(k) => {
            if k as usize >= snap.virtuals.len() {
                return Err(IrError::at(
                    i,
                    format!("snapshot {}: unknown virtual {}", id, k),
                ));
            }
            Ok(())
        }
        Source::Unchanged | Source::Null => Ok(()),
    }
}
