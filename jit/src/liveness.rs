//! Live ranges over the linear trace: where each value is last needed (as an argument,
//! as an exit value of a guard, or by the jump), which ops make calls, and how often
//! each value is used, for register allocation and compare/guard fusion.

use hipy_optimizer::{Opcode, Operand, Trace, ValueId};

pub struct Liveness {
    /// The last op that needs each value; `None` if nothing does.
    pub last_use: Vec<Option<usize>>,
    /// The op defining each value; `None` for loop inputs.
    pub def: Vec<Option<usize>>,
    /// Number of op arguments (including the jump's) that read each value.
    pub arg_uses: Vec<u32>,
    /// The value is an exit value of some guard.
    pub in_exit: Vec<bool>,
    /// Values whose last use is each op (released after that op).
    pub dies_at: Vec<Vec<ValueId>>,
    /// Exit values of each op, in exit-buffer order (empty without a guard).
    pub exit_values: Vec<Vec<ValueId>>,
    /// Indexes of ops that call out (residual calls and helper-based float ops).
    pub calls: Vec<usize>,
}

/// Ops the backend lowers to a call of a helper or of the op's function.
pub fn makes_call(opcode: Opcode) -> bool {
    matches!(
        opcode,
        Opcode::Call | Opcode::FloatFloorDiv | Opcode::FloatMod
    )
}

impl Liveness {
    pub fn compute(trace: &Trace) -> Liveness {
        let n = trace.num_value_ids();
        let mut l = Liveness {
            last_use: vec![None; n],
            def: vec![None; n],
            arg_uses: vec![0; n],
            in_exit: vec![false; n],
            dies_at: vec![Vec::new(); trace.ops.len()],
            exit_values: Vec::with_capacity(trace.ops.len()),
            calls: Vec::new(),
        };
        for (i, op) in trace.ops.iter().enumerate() {
            if let Some(r) = op.result {
                l.def[r.index()] = Some(i);
            }
            if op.opcode == Opcode::Label {
                for p in &trace.label {
                    l.def[p.index()] = Some(i);
                }
            }
            for a in &op.args {
                if let Operand::Value(v) = a {
                    l.last_use[v.index()] = Some(i);
                    l.arg_uses[v.index()] += 1;
                }
            }
            let exits = trace.exit_values(op);
            for v in &exits {
                l.last_use[v.index()] = Some(i);
                l.in_exit[v.index()] = true;
            }
            l.exit_values.push(exits);
            if makes_call(op.opcode) {
                l.calls.push(i);
            }
        }
        for (v, last) in l.last_use.iter().enumerate() {
            if let Some(i) = last {
                l.dies_at[*i].push(ValueId(v as u32));
            }
        }
        l
    }

    /// The value must survive at least one call (it is live across it).
    pub fn spans_call(&self, v: ValueId) -> bool {
        let Some(last) = self.last_use[v.index()] else {
            return false;
        };
        let after = self.def[v.index()].map_or(0, |d| d + 1);
        // First call at or after `after`; it must be before the last use.
        let k = self.calls.partition_point(|&c| c < after);
        self.calls.get(k).is_some_and(|&c| c < last)
    }

    /// The value is used after op `i`.
    pub fn live_after(&self, v: ValueId, i: usize) -> bool {
        self.last_use[v.index()].is_some_and(|l| l > i)
    }
}
