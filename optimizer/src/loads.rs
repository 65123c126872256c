//! Load forwarding: a load of a place the trace has already read, with nothing in
//! between that may have written it, takes the earlier load's value.
//!
//! Places are `load_field obj, off` (a word of an object, or of a buffer such as a
//! tuple's items), `load_indexed base, index, off` (a word of an item buffer) and
//! `unbox_float obj` (a float's payload), keyed by their operands and result type.
//! What an op may write comes from `effects::writes`:
//! - a field store at offset `off` forgets the field places at that offset (whatever
//!   their object: it may be the one written), the item places and the payloads;
//! - an item store forgets everything but the field places of values known to be
//!   objects (constants, and values that passed a class guard or have a known class),
//!   since an item buffer is not an object but may be read with `load_field`;
//! - an op that may run Python code forgets everything.
//!
//! A forwarded load equals the earlier one everywhere after it (SSA, one straight
//! line), so snapshots are rewritten too. Guards on the loaded values then repeat
//! earlier ones, which `guards.rs` removes.

use crate::effects::{writes, Writes};
use crate::fold::class_fact;
use crate::ir::*;
use crate::subst::Subst;
use hashbrown::{HashMap, HashSet};
use smallvec::SmallVec;

type Place = (Opcode, SmallVec<[Operand; 3]>, i64, Type);

pub fn forward_loads(trace: &mut Trace) {
    let ops = std::mem::take(&mut trace.ops);
    let mut out = Vec::with_capacity(ops.len());
    let mut subst = Subst::new();
    let mut known: HashMap<Place, ValueId> = HashMap::new();
    // Values known to point at objects: their class is known (`fold::class_fact`).
    let mut objects: HashSet<ValueId> = HashSet::new();
    for mut op in ops {
        subst.apply_to_args(&mut op);
        if op.opcode == Opcode::Label {
            // The loop proper starts over: nothing read in the preamble is a value it has.
            known.clear();
            objects.clear();
        }
        if let (true, Some(r)) = (is_load(op.opcode), op.result) {
            let place = (op.opcode, op.args.clone(), op.imm, op.ty);
            if let Some(&earlier) = known.get(&place) {
                subst.set(r, Operand::Value(earlier));
                continue;
            }
            known.insert(place, r);
        }
        match writes(trace, &op) {
            Writes::Nothing => {}
            Writes::Field(off) => {
                known.retain(|p, _| p.0 == Opcode::LoadField && p.2 != off);
            }
            Writes::Item => {
                known.retain(|p, _| p.0 == Opcode::LoadField && is_object(p.1[0], &objects));
            }
            Writes::Anything => known.clear(),
        }
        objects.extend(class_fact(trace, &op).map(|(v, _)| v));
        out.push(op);
    }
    trace.ops = out;
    subst.apply_to_snapshots(trace);
}

fn is_load(opcode: Opcode) -> bool {
    matches!(opcode, Opcode::LoadField | Opcode::LoadIndexed | Opcode::UnboxFloat)
}

fn is_object(o: Operand, objects: &HashSet<ValueId>) -> bool {
    match o {
        Operand::Obj(_) => true,
        Operand::Value(v) => objects.contains(&v),
        Operand::Int(_) | Operand::Float(_) => false,
    }
}
