//! Redundant-guard removal: a guard that an earlier guard already proved.
//!
//! Facts about SSA values never change, so they hold until the end of the trace:
//! - the same `guard_true/false/eq_i64/bounds/identity/nonnull` on the same operands;
//! - `guard_nonnull v` after `guard_class v, _`, `guard_identity v, c` (c not null),
//!   `guard_nonnull v`, `v = new C`, or a call of a helper with `class(C)` that cannot
//!   raise;
//! - after `guard_eq_i64 v, k`, later op arguments use `k` for `v` (snapshots keep `v`,
//!   since they are shared with earlier guards), which lets folding continue.
//!
//! Class guards are not handled here: an object's class can change (see `fold.rs`,
//! which tracks class knowledge with that in mind).

use crate::ir::*;
use crate::subst::Subst;
use hashbrown::HashSet;
use smallvec::SmallVec;

pub fn remove_redundant_guards(trace: &mut Trace) {
    let ops = std::mem::take(&mut trace.ops);
    let mut out = Vec::with_capacity(ops.len());
    let mut passed: HashSet<(Opcode, SmallVec<[Operand; 3]>)> = HashSet::new();
    let mut nonnull: HashSet<ValueId> = HashSet::new();
    let mut known_ints = Subst::new();
    for mut op in ops {
        known_ints.apply_to_args(&mut op);
        if op.opcode == Opcode::Label {
            // What the preamble proved holds for its own values only.
            passed.clear();
            nonnull.clear();
        }
        if op.opcode.is_guard() {
            let key = (op.opcode, op.args.clone());
            let redundant = passed.contains(&key)
                || matches!((op.opcode, op.args[0]), (Opcode::GuardNonnull, Operand::Value(v)) if nonnull.contains(&v));
            if redundant {
                continue;
            }
            learn(trace, &op, &mut nonnull, &mut known_ints);
            if op.opcode != Opcode::GuardClass {
                passed.insert(key);
            }
        } else if let Some(r) = op.result.filter(|_| never_null(trace, &op)) {
            nonnull.insert(r);
        }
        out.push(op);
    }
    trace.ops = out;
}

/// `new`, and helpers that always return an instance of one class and cannot fail.
fn never_null(trace: &Trace, op: &Op) -> bool {
    match op.opcode {
        Opcode::New => true,
        Opcode::Call => op
            .func
            .and_then(|f| trace.funcs.get(f.index()))
            .is_some_and(|d| d.result_class.is_some() && !d.flags.can_raise && d.ret == Type::Obj),
        _ => false,
    }
}

fn learn(trace: &Trace, op: &Op, nonnull: &mut HashSet<ValueId>, known_ints: &mut Subst) {
    let a = op.args[0];
    let b = op.args.get(1).copied();
    let Operand::Value(v) = a else { return };
    match (op.opcode, b) {
        (Opcode::GuardClass, _) | (Opcode::GuardNonnull, _) => {
            nonnull.insert(v);
        }
        (Opcode::GuardIdentity, Some(Operand::Obj(c))) if trace.consts[c.index()].addr != 0 => {
            nonnull.insert(v);
        }
        (Opcode::GuardEqI64, Some(k @ Operand::Int(_))) => known_ints.set(v, k),
        _ => {}
    }
}
