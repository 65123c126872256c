//! Loop peeling: the recorded iteration becomes a *preamble*, run once each time the
//! loop is entered (on the objects the interpreter hands in), followed by the loop
//! proper: the same iteration again, from a `label` whose params are what the
//! preamble's jump would pass. The loop's own `jump` goes to the label.
//!
//! What it buys: objects the preamble allocates are fresh, so allocation removal can
//! pass those that stay virtual to the label as their fields (`virtualize`), and the
//! loop proper receives and passes them on without ever allocating them.

use crate::ir::*;
use hashbrown::HashMap;

/// The peeled form of loop trace `t` (which ends in `jump` and has no label).
pub fn peel(t: &Trace) -> Trace {
    let mut out = t.clone();
    let jump = out.ops.pop().expect("a loop trace ends in its jump");
    let mut values: HashMap<ValueId, ValueId> = HashMap::new();
    for &v in &t.inputs {
        let p = out.new_value(t.value_type(v).expect("typed input"));
        values.insert(v, p);
        out.label.push(p);
    }
    out.ops.push(Op { opcode: Opcode::Label, ..jump });
    let rename = |values: &HashMap<ValueId, ValueId>, o: Operand| match o {
        Operand::Value(v) => Operand::Value(values[&v]),
        other => other,
    };
    let mut snapshots: HashMap<SnapId, SnapId> = HashMap::new();
    for op in &t.ops {
        let mut copy = op.clone();
        for a in copy.args.iter_mut() {
            *a = rename(&values, *a);
        }
        if let Some(r) = op.result {
            let fresh = out.new_value(op.ty);
            values.insert(r, fresh);
            copy.result = Some(fresh);
        }
        if let Some(g) = copy.guard.as_mut() {
            g.owned.clear();
            g.drop.clear();
            g.snapshot = *snapshots.entry(g.snapshot).or_insert_with(|| {
                let mut snap = t.snapshot(g.snapshot).clone();
                for src in snap.sources_mut() {
                    if let Source::Val(o) | Source::Bool(o) = src {
                        *o = rename(&values, *o);
                    }
                }
                out.snapshots.push(snap);
                SnapId(out.snapshots.len() as u32 - 1)
            });
        }
        out.ops.push(copy);
    }
    out
}
