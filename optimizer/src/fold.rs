//! Constant folding and guards whose outcome is known.
//!
//! One forward pass:
//! - ops whose operands are all constants are evaluated (`semantics.rs`) and their
//!   result replaced by the constant; guarding arithmetic that would exit is kept;
//! - algebraic identities (`x + 0`, `x * 1`, `x - x`, `x == x` on ints, ...);
//! - guards whose condition is decided by constants are removed when they pass (a
//!   guard that always fails is kept: the trace really exits there);
//! - ops that may exit but cannot with their constant operands (`x // 3`) lose their
//!   snapshot;
//! - class knowledge: after `guard_class v, C`, after `v = new C` and after a call whose
//!   helper has `class(C)`, `v` has class C, so a later `guard_class v, C` goes away and
//!   `load_type v` becomes `C`. The knowledge survives calls that may run arbitrary code
//!   only when C is `sealed`.

use crate::effects::may_change_classes;
use crate::ir::*;
use crate::semantics;
use crate::subst::Subst;
use hashbrown::HashMap;

pub fn fold(trace: &mut Trace) {
    let ops = std::mem::take(&mut trace.ops);
    let mut out = Vec::with_capacity(ops.len());
    let mut subst = Subst::new();
    let mut classes: HashMap<ValueId, ConstId> = HashMap::new();
    for mut op in ops {
        subst.apply_to_args(&mut op);
        match decide(trace, &op, &classes) {
            Decision::Replace(o) => {
                if let Some(r) = op.result {
                    subst.set(r, o);
                }
                continue;
            }
            Decision::Remove => continue,
            Decision::CannotExit => op.guard = None,
            Decision::Keep => {}
        }
        if may_change_classes(trace, &op) {
            classes.retain(|_, c| trace.consts[c.index()].sealed);
        }
        learn_class(trace, &op, &mut classes);
        out.push(op);
    }
    trace.ops = out;
    subst.apply_to_snapshots(trace);
}

enum Decision {
    /// The result equals this operand; the op goes.
    Replace(Operand),
    /// A guard that always passes; it goes.
    Remove,
    /// The op stays but can no longer exit.
    CannotExit,
    Keep,
}

fn learn_class(trace: &Trace, op: &Op, classes: &mut HashMap<ValueId, ConstId>) {
    if let Some((v, c)) = class_fact(trace, op) {
        classes.insert(v, c);
    }
}

/// The class an op proves a value has: after `guard_class v, C`, `v = new C`, or
/// a call of a helper with `class(C)`.
pub(crate) fn class_fact(trace: &Trace, op: &Op) -> Option<(ValueId, ConstId)> {
    match (op.opcode, op.args.first(), op.args.get(1)) {
        (Opcode::GuardClass, Some(&Operand::Value(v)), Some(&Operand::Obj(c))) => Some((v, c)),
        (Opcode::New, Some(&Operand::Obj(c)), _) => Some((op.result?, c)),
        (Opcode::Call, _, _) => {
            let class = op.func.and_then(|f| trace.funcs.get(f.index()))?.result_class?;
            Some((op.result?, class))
        }
        _ => None,
    }
}

fn addr(trace: &Trace, c: ConstId) -> u64 {
    trace.consts[c.index()].addr
}

fn decide(trace: &Trace, op: &Op, classes: &HashMap<ValueId, ConstId>) -> Decision {
    use Opcode::*;
    let a = op.args.first().copied();
    let b = op.args.get(1).copied();
    match op.opcode {
        GuardTrue | GuardFalse => match a.and_then(Operand::as_int) {
            Some(x) if (x != 0) == (op.opcode == GuardTrue) => Decision::Remove,
            _ => Decision::Keep,
        },
        GuardEqI64 => match (a, b) {
            (Some(x), Some(y)) if x == y => Decision::Remove,
            _ => Decision::Keep,
        },
        GuardNonnull => match a {
            Some(Operand::Obj(c)) if addr(trace, c) != 0 => Decision::Remove,
            _ => Decision::Keep,
        },
        GuardIdentity => match (a, b) {
            (Some(x), Some(y)) if x == y => Decision::Remove,
            (Some(Operand::Obj(x)), Some(Operand::Obj(y))) if addr(trace, x) == addr(trace, y) => {
                Decision::Remove
            }
            _ => Decision::Keep,
        },
        GuardBounds => match (a.and_then(Operand::as_int), b.and_then(Operand::as_int)) {
            (Some(i), Some(n)) if 0 <= i && i < n => Decision::Remove,
            _ => Decision::Keep,
        },
        GuardClass => match (a, b) {
            (Some(Operand::Value(v)), Some(Operand::Obj(want))) => match classes.get(&v) {
                Some(&have) if addr(trace, have) == addr(trace, want) => Decision::Remove,
                _ => Decision::Keep,
            },
            _ => Decision::Keep,
        },
        LoadType => match a {
            Some(Operand::Value(v)) => match classes.get(&v) {
                Some(&c) => Decision::Replace(Operand::Obj(c)),
                None => Decision::Keep,
            },
            _ => Decision::Keep,
        },
        PtrEq | PtrNe => {
            let same = match (a, b) {
                (Some(x), Some(y)) if x == y => Some(true),
                (Some(Operand::Obj(x)), Some(Operand::Obj(y))) => {
                    Some(addr(trace, x) == addr(trace, y))
                }
                _ => None,
            };
            match same {
                Some(s) => Decision::Replace(Operand::Int((s == (op.opcode == PtrEq)) as i64)),
                None => Decision::Keep,
            }
        }
        _ => {
            if let Some(r) = evaluate(op.opcode, &op.args).or_else(|| identity(op.opcode, &op.args))
            {
                Decision::Replace(r)
            } else if op.guard.is_some()
                && !op.opcode.is_guard()
                && !semantics::can_exit(op.opcode, &op.args)
            {
                Decision::CannotExit
            } else {
                Decision::Keep
            }
        }
    }
}

/// The value of an arithmetic or compare op on constants, if it is defined (an op
/// that would exit has no value).
pub fn evaluate(opcode: Opcode, args: &[Operand]) -> Option<Operand> {
    use Opcode::*;
    let int = |i: usize| args.get(i).and_then(|o| o.as_int());
    let flt = |i: usize| args.get(i).and_then(|o| o.as_float());
    let b = |x: bool| Some(Operand::Int(x as i64));
    let f = |x: f64| Some(Operand::float(x));
    if let (Some(x), Some(y)) = (int(0), int(1)) {
        return match opcode {
            IntAdd => Some(Operand::Int(x.wrapping_add(y))),
            IntSub => Some(Operand::Int(x.wrapping_sub(y))),
            IntMul => Some(Operand::Int(x.wrapping_mul(y))),
            IntAnd => Some(Operand::Int(x & y)),
            IntOr => Some(Operand::Int(x | y)),
            IntXor => Some(Operand::Int(x ^ y)),
            IntAddOvf => x.checked_add(y).map(Operand::Int),
            IntSubOvf => x.checked_sub(y).map(Operand::Int),
            IntMulOvf => x.checked_mul(y).map(Operand::Int),
            IntLshiftOvf => semantics::int_lshift(x, y).map(Operand::Int),
            IntRshift => semantics::int_rshift(x, y).map(Operand::Int),
            IntFloorDiv => semantics::int_floordiv(x, y).map(Operand::Int),
            IntMod => semantics::int_mod(x, y).map(Operand::Int),
            IntLt => b(x < y),
            IntLe => b(x <= y),
            IntEq => b(x == y),
            IntNe => b(x != y),
            IntGt => b(x > y),
            IntGe => b(x >= y),
            _ => None,
        };
    }
    if let (Some(x), Some(y)) = (flt(0), flt(1)) {
        return match opcode {
            FloatAdd => f(x + y),
            FloatSub => f(x - y),
            FloatMul => f(x * y),
            FloatDiv if y != 0.0 => f(x / y),
            FloatFloorDiv => semantics::float_floordiv(x, y).map(Operand::float),
            FloatMod => semantics::float_mod(x, y).map(Operand::float),
            FloatLt => b(x < y),
            FloatLe => b(x <= y),
            FloatEq => b(x == y),
            FloatNe => b(x != y),
            FloatGt => b(x > y),
            FloatGe => b(x >= y),
            _ => None,
        };
    }
    if args.len() == 1 {
        return match (opcode, int(0), flt(0)) {
            (IntNegOvf, Some(x), _) => x.checked_neg().map(Operand::Int),
            (BoolNot, Some(x), _) => b(x == 0),
            (IntToF64, Some(x), _) => f(x as f64),
            (FloatNeg, _, Some(x)) => f(-x),
            (FloatAbs, _, Some(x)) => f(x.abs()),
            _ => None,
        };
    }
    None
}

/// Algebraic identities on ints: the result equals one operand or a constant.
fn identity(opcode: Opcode, args: &[Operand]) -> Option<Operand> {
    use Opcode::*;
    if args.len() != 2 {
        return None;
    }
    let (x, y) = (args[0], args[1]);
    let k = |o: Operand, want: i64| o == Operand::Int(want);
    let same = x == y;
    match opcode {
        IntAdd | IntAddOvf | IntOr | IntXor if k(y, 0) => Some(x),
        IntAdd | IntAddOvf | IntOr | IntXor if k(x, 0) => Some(y),
        IntSub | IntSubOvf | IntLshiftOvf | IntRshift if k(y, 0) => Some(x),
        IntMul | IntMulOvf | IntFloorDiv if k(y, 1) => Some(x),
        IntMul | IntMulOvf if k(x, 1) => Some(y),
        IntMul | IntMulOvf | IntAnd if k(y, 0) || k(x, 0) => Some(Operand::Int(0)),
        IntAnd if k(y, -1) => Some(x),
        IntAnd if k(x, -1) => Some(y),
        IntOr if k(y, -1) || k(x, -1) => Some(Operand::Int(-1)),
        IntMod if k(y, 1) => Some(Operand::Int(0)),
        IntSub | IntSubOvf | IntXor if same => Some(Operand::Int(0)),
        IntAnd | IntOr if same => Some(x),
        IntEq | IntLe | IntGe if same => Some(Operand::Int(1)),
        IntNe | IntLt | IntGt if same => Some(Operand::Int(0)),
        _ => None,
    }
}
