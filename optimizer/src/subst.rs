//! `Subst`: "value vN is now operand X", applied to op arguments and snapshots.
//! Used by the passes that replace a value by a constant or by an equal value.

use crate::ir::*;
use hashbrown::HashMap;

#[derive(Default)]
pub struct Subst {
    map: HashMap<ValueId, Operand>,
}

impl Subst {
    pub fn new() -> Subst {
        Subst::default()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Records that `v` equals `to` from now on.
    pub fn set(&mut self, v: ValueId, to: Operand) {
        let to = self.get(to);
        if to != Operand::Value(v) {
            self.map.insert(v, to);
        }
    }

    /// The current replacement of an operand (following chains).
    pub fn get(&self, mut o: Operand) -> Operand {
        while let Operand::Value(v) = o {
            match self.map.get(&v) {
                Some(&next) => o = next,
                None => break,
            }
        }
        o
    }

    pub fn apply_to_args(&self, op: &mut Op) {
        if self.map.is_empty() {
            return;
        }
        for a in op.args.iter_mut() {
            *a = self.get(*a);
        }
    }

    pub fn apply_to_source(&self, s: &mut Source) {
        match s {
            Source::Val(o) | Source::Bool(o) => *o = self.get(*o),
            Source::Unchanged | Source::Null | Source::Virtual(_) => {}
        }
    }

    /// Rewrites every snapshot of the trace. Only valid for substitutions that hold
    /// everywhere in the trace (a value equal to a constant by definition), not for
    /// facts learned from a guard, since snapshots are shared between guards.
    pub fn apply_to_snapshots(&self, trace: &mut Trace) {
        if self.map.is_empty() {
            return;
        }
        for snap in trace.snapshots.iter_mut() {
            for s in snap.sources_mut() {
                self.apply_to_source(s);
            }
        }
    }
}
