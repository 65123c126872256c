//! Prefetches for strided item accesses. An item read or written at index `i`
//! (`load_indexed`/`store_indexed base, i, 0`) in a loop whose next index is
//! `i + s`, with the stride `s` a value, gets `prefetch base, i + DISTANCE * s`
//! before it: the cache line that access needs DISTANCE iterations later is
//! then on its way, as in a sieve's `for j in range(i * i, n, i): flags[j] = 0`
//! over a large list. Constant strides are left to the processor's own
//! prefetcher, which follows them.
//!
//! "Next index": `n = int_add i, s` where `n` is stored back with
//! `store_field` (a range iterator's position) or passed to the `jump`.
//! The extra ops are plain wrapping arithmetic and the hint, which has no
//! effect a program can see.

use crate::ir::*;
use hashbrown::{HashMap, HashSet};

/// How many iterations ahead.
pub const DISTANCE: i64 = 16;

pub fn prefetch_strided_items(trace: &mut Trace) {
    let strides = strides(trace);
    if strides.is_empty() {
        return;
    }
    let ops = std::mem::take(&mut trace.ops);
    let mut out = Vec::with_capacity(ops.len() + 3);
    let mut done: HashSet<(Operand, ValueId)> = HashSet::new();
    for op in ops {
        let item = matches!(op.opcode, Opcode::LoadIndexed | Opcode::StoreIndexed) && op.imm == 0;
        if let (true, Some(&Operand::Value(i))) = (item, op.args.get(1)) {
            if let Some(&s) = strides.get(&i) {
                if done.insert((op.args[0], i)) {
                    let ahead = trace.new_value(Type::I64);
                    let at = trace.new_value(Type::I64);
                    out.push(plain(Opcode::IntMul, Some(ahead), &[s.into(), DISTANCE.into()]));
                    out.push(plain(Opcode::IntAdd, Some(at), &[i.into(), ahead.into()]));
                    out.push(plain(Opcode::Prefetch, None, &[op.args[0], at.into()]));
                }
            }
        }
        out.push(op);
    }
    trace.ops = out;
}

/// Index values `i` with a value stride `s`: `n = int_add i, s` where `n` is
/// stored with `store_field` or passed to the jump.
fn strides(trace: &Trace) -> HashMap<ValueId, ValueId> {
    let mut carried: HashSet<Operand> = HashSet::new();
    for op in &trace.ops {
        match op.opcode {
            Opcode::StoreField => carried.extend(op.args.get(1).copied()),
            Opcode::Jump => carried.extend(op.args.iter().copied()),
            _ => {}
        }
    }
    let mut out = HashMap::new();
    for op in &trace.ops {
        let next = op.result.is_some_and(|r| carried.contains(&Operand::Value(r)));
        if let (Opcode::IntAdd, true, [Operand::Value(i), Operand::Value(s)]) = (op.opcode, next, &op.args[..]) {
            out.entry(*i).or_insert(*s);
        }
    }
    out
}

fn plain(opcode: Opcode, result: Option<ValueId>, args: &[Operand]) -> Op {
    Op {
        opcode,
        result,
        ty: if result.is_some() { Type::I64 } else { Type::Void },
        args: args.iter().copied().collect(),
        imm: 0,
        func: None,
        guard: None,
    }
}
