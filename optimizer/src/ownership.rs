//! Reference ownership of object values, and the exit lists of every guard.
//!
//! The rules (set by the recorder, checked here):
//! - object inputs are owned by the trace (the vm hands in owned references), except
//!   the inputs a bridge borrows (`BridgeInfo::borrowed`: its parent exit's snapshot
//!   referenced them without owning them);
//! - `new` and calls flagged `owned` define owned values; everything else (constants,
//!   `load_type`, `load_field`, results of other calls) is borrowed;
//! - an owned value stays owned until an op consumes it: a call argument marked
//!   `consumes(i)`, or a `jump` argument; a consumed value is borrowed afterwards,
//!   except after the decref helper, after which it must not be used at all;
//! - a call may only consume owned values; `jump` must receive owned object values,
//!   each once; nothing may still be owned when the jump is reached (a leak); an
//!   `exit` at the end hands every owned value to its exit lists.
//!
//! For every op that may exit, the state just before the op gives its lists:
//! `owned` = owned values the snapshot references (the vm moves them into the frames),
//! `drop` = owned values the snapshot does not reference (the vm decrefs them). The
//! argument of `guard_nonnull` is null when the guard fails, so it is in neither list.

use crate::ir::*;
use std::collections::BTreeSet;

pub fn compute_exit_lists(trace: &mut Trace) -> Result<(), IrError> {
    let mut owned: BTreeSet<ValueId> = BTreeSet::new();
    let mut freed: BTreeSet<ValueId> = BTreeSet::new();
    owned.extend(trace.owned_inputs());
    for i in 0..trace.ops.len() {
        let op = &trace.ops[i];
        for a in &op.args {
            if let Operand::Value(v) = a {
                if freed.contains(v) {
                    return Err(IrError::at(i, format!("{} used after its decref", v)));
                }
            }
        }
        let lists = match &op.guard {
            None => None,
            Some(g) => {
                let snap_values = trace.snapshot(g.snapshot).values();
                if let Some(v) = snap_values.iter().find(|v| freed.contains(v)) {
                    return Err(IrError::at(
                        i,
                        format!("snapshot {} references {} after its decref", g.snapshot, v),
                    ));
                }
                let null_at_exit = match (op.opcode, op.args.first()) {
                    (Opcode::GuardNonnull, Some(Operand::Value(v))) => Some(*v),
                    _ => None,
                };
                let live = owned.iter().copied().filter(|&v| Some(v) != null_at_exit);
                let (in_snap, not_in_snap): (Vec<ValueId>, Vec<ValueId>) =
                    live.partition(|v| snap_values.contains(v));
                Some((in_snap, not_in_snap))
            }
        };
        consume(trace, i, &mut owned, &mut freed)?;
        if trace.ops[i].opcode == Opcode::Label {
            if let Some(v) = owned.iter().next() {
                return Err(IrError::at(i, format!("{} is still owned at the label (leak)", v)));
            }
            freed.clear();
            owned.extend(trace.label.iter().copied().filter(|&p| trace.value_type(p) == Some(Type::Obj)));
        }
        let op = &mut trace.ops[i];
        if let (Some(g), Some((o, d))) = (op.guard.as_mut(), lists) {
            g.owned = o;
            g.drop = d;
        }
        let op = &trace.ops[i];
        let defines_owned = match op.opcode {
            Opcode::New => true,
            Opcode::Call => crate::effects::call_flags(trace, op).owned,
            _ => false,
        };
        if let (true, Some(r)) = (defines_owned && op.ty == Type::Obj, op.result) {
            owned.insert(r);
        }
    }
    if let Some(v) = owned.iter().next() {
        let at = trace.ops.len().saturating_sub(1);
        return Err(IrError::at(
            at,
            format!(
                "{} is still owned at the jump (leak): consume it, decref it or pass it to jump",
                v
            ),
        ));
    }
    Ok(())
}

fn consume(
    trace: &Trace,
    i: usize,
    owned: &mut BTreeSet<ValueId>,
    freed: &mut BTreeSet<ValueId>,
) -> Result<(), IrError> {
    let op = &trace.ops[i];
    match op.opcode {
        Opcode::Call => {
            let Some(desc) = op.func.and_then(|f| trace.funcs.get(f.index())) else {
                return Err(IrError::at(i, "call without a known function"));
            };
            for (k, a) in op.args.iter().enumerate() {
                if !desc.consumes_arg(k) {
                    continue;
                }
                match a {
                    Operand::Value(v) if owned.remove(v) => {
                        if desc.flags.decref {
                            freed.insert(*v);
                        }
                    }
                    _ => {
                        return Err(IrError::at(
                            i,
                            format!(
                                "{} argument {} ({}) is consumed but not owned; incref it first",
                                desc.name,
                                k,
                                crate::text::operand_text(*a)
                            ),
                        ))
                    }
                }
            }
        }
        // Every owned value leaves through the exit's lists.
        Opcode::Exit => owned.clear(),
        Opcode::Jump | Opcode::Label => {
            for (k, a) in op.args.iter().enumerate() {
                if trace.operand_type(*a) != Some(Type::Obj) {
                    continue;
                }
                match a {
                    Operand::Value(v) if owned.remove(v) => {}
                    _ => {
                        return Err(IrError::at(
                            i,
                            format!(
                                "jump argument {} ({}) is not an owned reference; incref it first",
                                k,
                                crate::text::operand_text(*a)
                            ),
                        ))
                    }
                }
            }
        }
        _ => {}
    }
    Ok(())
}
