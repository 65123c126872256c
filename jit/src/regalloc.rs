//! Linear-scan register allocation over the trace, done while code is emitted.
//!
//! Ops are visited in order. A value gets a register when it is defined (or when an op
//! needs it in one) and gives it back after its last use (`Liveness`). When no
//! register is free, the value whose live range ends last is spilled (Poletto and
//! Sarkar's heuristic). Values are SSA, so a value is written to its stack slot at most
//! once; its slot stays valid until it dies, and reloading keeps it, so evicting a
//! value that was spilled before costs nothing.
//!
//! Registers in use by the current op are pinned so that allocating another register
//! for the same op never evicts them; pins are cleared when the op is done. Temporary
//! registers are pinned registers without an owner.

use crate::emit::Emitter;
use crate::liveness::Liveness;
use crate::regs::*;
use crate::CompileError;
use hipy_optimizer::{Trace, Type, ValueId};

pub struct RegAlloc {
    class: Vec<Class>,
    last_use: Vec<Option<usize>>,
    reg_of: Vec<Option<Loc>>,
    slot_of: Vec<Option<i32>>,
    owner: [Option<ValueId>; 32],
    pinned: u32,
    free_slots: Vec<i32>,
    next_slot: i32,
}

impl RegAlloc {
    /// `free_slots`: spill slots that may be used first (a bridge reuses its parent's
    /// frame); `next_slot`: the offset from `rsp` of the first slot of the area that
    /// grows when those run out.
    pub fn new(trace: &Trace, live: &Liveness, free_slots: Vec<i32>, next_slot: i32) -> RegAlloc {
        let n = trace.num_value_ids();
        RegAlloc {
            class: (0..n)
                .map(|v| Class::of(trace.value_types[v].unwrap_or(Type::I64)))
                .collect(),
            last_use: live.last_use.clone(),
            reg_of: vec![None; n],
            slot_of: vec![None; n],
            owner: [None; 32],
            pinned: 0,
            free_slots,
            next_slot,
        }
    }

    /// End of the growing spill area (offset from `rsp`).
    pub fn frame_end(&self) -> i32 {
        self.next_slot
    }

    pub fn class_of(&self, v: ValueId) -> Class {
        self.class[v.index()]
    }

    pub fn reg(&self, v: ValueId) -> Option<Loc> {
        self.reg_of[v.index()]
    }

    pub fn slot(&self, v: ValueId) -> Option<i32> {
        self.slot_of[v.index()]
    }

    /// Where the value is now (its register if it has one).
    pub fn loc(&self, v: ValueId) -> Result<Loc, CompileError> {
        self.reg(v)
            .or(self.slot(v).map(Loc::Stack))
            .ok_or_else(|| CompileError::Internal(format!("{} has no location", v)))
    }

    pub fn owner(&self, r: Loc) -> Option<ValueId> {
        r.reg_index().and_then(|i| self.owner[i])
    }

    pub fn pin(&mut self, r: Loc) {
        if let Some(i) = r.reg_index() {
            self.pinned |= 1 << i;
        }
    }

    pub fn is_pinned(&self, r: Loc) -> bool {
        r.reg_index().is_some_and(|i| self.pinned & (1 << i) != 0)
    }

    pub fn clear_pins(&mut self) {
        self.pinned = 0;
    }

    fn is_free(&self, r: Loc) -> bool {
        self.owner(r).is_none() && !self.is_pinned(r)
    }

    /// Records that `v` now lives in register `r` (which must be free), and pins it.
    pub fn assign(&mut self, v: ValueId, r: Loc) {
        let i = r.reg_index().expect("assign to a register");
        self.owner[i] = Some(v);
        self.reg_of[v.index()] = Some(r);
        self.pin(r);
    }

    /// Forgets that `v` is in its register (its slot, if any, stays valid).
    pub fn unassign(&mut self, v: ValueId) {
        if let Some(r) = self.reg_of[v.index()].take() {
            let i = r.reg_index().unwrap();
            if self.owner[i] == Some(v) {
                self.owner[i] = None;
            }
        }
    }

    /// The result `to` of the current op takes over the register of `from`, whose last
    /// use is this op. `from` still reads from that register until the op is done (its
    /// instructions read operands before writing the result).
    pub fn transfer(&mut self, from: ValueId, to: ValueId) -> Option<Loc> {
        let r = self.reg(from)?;
        self.owner[r.reg_index().unwrap()] = Some(to);
        self.reg_of[to.index()] = Some(r);
        self.pin(r);
        Some(r)
    }

    fn new_slot(&mut self) -> i32 {
        self.free_slots.pop().unwrap_or_else(|| {
            self.next_slot += 8;
            self.next_slot - 8
        })
    }

    /// Gives `v` a stack slot without writing it (for inputs that start on the stack).
    pub fn place_on_stack(&mut self, v: ValueId) -> i32 {
        let s = self.new_slot();
        self.slot_of[v.index()] = Some(s);
        s
    }

    /// Records that `v` starts in stack slot `s` (a bridge input in its parent's
    /// frame; the slot must not be in the free list).
    pub fn place_in_slot(&mut self, v: ValueId, s: i32) {
        self.slot_of[v.index()] = Some(s);
    }

    /// Moves the value out of register `r` to its stack slot (writing the slot if it
    /// has none yet) and frees `r`.
    pub fn evict(&mut self, e: &mut Emitter, r: Loc) {
        if let Some(v) = self.owner(r) {
            if self.slot_of[v.index()].is_none() {
                let s = self.new_slot();
                e.mov(Loc::Stack(s), r);
                self.slot_of[v.index()] = Some(s);
            }
            self.unassign(v);
        }
    }

    /// A register of `class` for the current op: a free one in `order` (preferring
    /// `hint`), else one freed by spilling the value that lives longest. Pinned.
    pub fn alloc(
        &mut self,
        e: &mut Emitter,
        class: Class,
        order: &[u8],
        hint: Option<Loc>,
    ) -> Result<Loc, CompileError> {
        if let Some(h) = hint {
            if self.is_free(h)
                && matches!(
                    (h, class),
                    (Loc::Gpr(_), Class::Gpr) | (Loc::Xmm(_), Class::Xmm)
                )
            {
                self.pin(h);
                return Ok(h);
            }
        }
        let regs = order.iter().map(|&n| Loc::reg(class, n));
        if let Some(r) = regs.clone().find(|&r| self.is_free(r)) {
            self.pin(r);
            return Ok(r);
        }
        let victim = regs
            .filter(|&r| !self.is_pinned(r))
            .max_by_key(|&r| {
                self.owner(r)
                    .and_then(|v| self.last_use[v.index()])
                    .unwrap_or(usize::MAX)
            })
            .ok_or_else(|| CompileError::Internal("no register left to spill".into()))?;
        self.evict(e, victim);
        self.pin(victim);
        Ok(victim)
    }

    /// The register order for a value: callee-saved first if it lives across a call.
    pub fn order_for(class: Class, across_call: bool) -> &'static [u8] {
        match (class, across_call) {
            (Class::Xmm, _) => XMM_ORDER,
            (Class::Gpr, true) => GPR_ORDER_LONG,
            (Class::Gpr, false) => GPR_ORDER_SHORT,
        }
    }

    /// Puts `v` in a register (loading it from its slot if needed) and pins it.
    pub fn ensure_reg(
        &mut self,
        e: &mut Emitter,
        v: ValueId,
        across_call: bool,
    ) -> Result<Loc, CompileError> {
        if let Some(r) = self.reg(v) {
            self.pin(r);
            return Ok(r);
        }
        let slot = self
            .slot(v)
            .ok_or_else(|| CompileError::Internal(format!("{} has no location", v)))?;
        let class = self.class_of(v);
        let r = self.alloc(e, class, Self::order_for(class, across_call), None)?;
        e.mov(r, Loc::Stack(slot));
        self.assign(v, r);
        Ok(r)
    }

    /// Frees registers `regs` for the current op's own use (e.g. `rax`/`rdx` for a
    /// division): their values move to other free registers, or are spilled. The
    /// registers are pinned; the moved values are not.
    pub fn take(&mut self, e: &mut Emitter, regs: &[Loc]) -> Result<(), CompileError> {
        for &r in regs {
            if self.owner(r).is_some() && self.is_pinned(r) {
                return Err(CompileError::Internal(format!(
                    "{:?} needed twice in one op",
                    r
                )));
            }
            self.pin(r);
        }
        for &r in regs {
            let Some(v) = self.owner(r) else { continue };
            let class = self.class_of(v);
            let order = Self::order_for(class, false);
            let free = order
                .iter()
                .map(|&n| Loc::reg(class, n))
                .find(|&x| self.is_free(x));
            match free {
                Some(dst) => {
                    e.mov(dst, r);
                    self.unassign(v);
                    self.owner[dst.reg_index().unwrap()] = Some(v);
                    self.reg_of[v.index()] = Some(dst);
                }
                None => self.evict(e, r),
            }
        }
        Ok(())
    }

    /// Moves `v` from a caller-saved register to a free callee-saved one, or spills it.
    pub fn save_across_call(&mut self, e: &mut Emitter, v: ValueId) {
        let Some(r) = self.reg(v) else { return };
        if !is_caller_saved(r) {
            return;
        }
        if let Loc::Gpr(_) = r {
            let free = CALLEE_SAVED
                .iter()
                .map(|&n| Loc::Gpr(n))
                .find(|&x| self.is_free(x));
            if let Some(dst) = free {
                e.mov(dst, r);
                self.unassign(v);
                self.assign(v, dst);
                return;
            }
        }
        self.evict(e, r);
    }

    /// Every value dies at once (a peeled loop's label): all registers and slots
    /// become free.
    pub fn release_all(&mut self) {
        for v in 0..self.reg_of.len() {
            self.release(ValueId(v as u32));
        }
        self.clear_pins();
    }

    /// The value is dead: its register and slot become free.
    pub fn release(&mut self, v: ValueId) {
        self.unassign(v);
        if let Some(s) = self.slot_of[v.index()].take() {
            self.free_slots.push(s);
        }
    }

    /// Values currently held in caller-saved registers.
    pub fn in_caller_saved(&self) -> Vec<ValueId> {
        (0..32)
            .filter_map(|i| self.owner[i].map(|v| (i, v)))
            .filter(|&(i, _)| {
                let r = if i < 16 {
                    Loc::Gpr(i as u8)
                } else {
                    Loc::Xmm(i as u8 - 16)
                };
                is_caller_saved(r)
            })
            .map(|(_, v)| v)
            .collect()
    }
}
