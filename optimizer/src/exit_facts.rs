//! What a failing guard tells its own exit: `guard_true v` leaves only when `v` is 0,
//! `guard_false v` only when it is not. Where the exit's snapshot shows `v` as a bool
//! (or `v` is a compare's 0/1), it names that constant instead. A compare used only by
//! its guard then needs no register at the exit, and the backend fuses it with the
//! guard's jump. A snapshot that other ops share is copied first.

use crate::ir::*;
use hashbrown::HashSet;

pub fn specialize_exits(trace: &mut Trace) {
    let mut uses = vec![0usize; trace.snapshots.len()];
    for op in &trace.ops {
        if let Some(g) = &op.guard {
            uses[g.snapshot.index()] += 1;
        }
    }
    let compares: HashSet<ValueId> = trace
        .ops
        .iter()
        .filter(|op| op.opcode.is_compare())
        .filter_map(|op| op.result)
        .collect();
    for i in 0..trace.ops.len() {
        let op = &trace.ops[i];
        let known = match op.opcode {
            Opcode::GuardTrue => 0,
            Opcode::GuardFalse => 1,
            _ => continue,
        };
        let (Some(Operand::Value(v)), Some(g)) = (op.args.first().copied(), &op.guard) else {
            continue;
        };
        let s = g.snapshot;
        let names = |src: &Source| match *src {
            Source::Bool(o) => o == Operand::Value(v),
            Source::Val(o) => o == Operand::Value(v) && compares.contains(&v),
            _ => false,
        };
        if !trace.snapshot(s).sources().any(names) {
            continue;
        }
        let mut snap = trace.snapshot(s).clone();
        for src in snap.sources_mut() {
            if names(src) {
                match src {
                    Source::Bool(o) | Source::Val(o) => *o = Operand::Int(known),
                    _ => {}
                }
            }
        }
        let target = if uses[s.index()] == 1 {
            s
        } else {
            uses[s.index()] -= 1;
            trace.snapshots.push(Snapshot {
                kind: snap.kind,
                frames: Vec::new(),
                virtuals: Vec::new(),
            });
            uses.push(1);
            SnapId((trace.snapshots.len() - 1) as u32)
        };
        trace.snapshots[target.index()] = snap;
        if let Some(g) = trace.ops[i].guard.as_mut() {
            g.snapshot = target;
        }
    }
}
