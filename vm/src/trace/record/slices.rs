//! Slicing with unboxed bounds: `seq[a:b]`, `seq[a:b:c]` and
//! `seq[a:b] = v` whose bounds are ints or None call helpers that take the
//! bounds as i64s, with no slice object and no boxed ints; a BUILD_SLICE
//! whose slice only indexes (the next instruction is `[]`) is fused with
//! that `[]`. Other bounds keep the generic helpers.

use super::*;

/// `[]` (BINARY_OP 26).
const SUBSCR: u32 = 26;

impl Recorder {
    /// Bounds `shadows` (whose values are `values`) as the unboxed operands
    /// and None mask `hp::hp_slice_ints` takes, guarding each; None if one
    /// is neither None nor a small exact int.
    fn int_bounds(&mut self, vm: &VirtualMachine, shadows: &[Sh], values: &[&PyObjectRef], snap: SnapId) -> Option<(Vec<Operand>, i64)> {
        let mut ops = Vec::with_capacity(3);
        let mut nones = 0i64;
        for (k, (&s, &o)) in shadows.iter().zip(values).enumerate() {
            if vm.is_none(o) {
                let none = self.constant(vm.ctx.none.as_object(), "None");
                let Sh::Val { op, repr: Repr::Obj, .. } = s else { return None };
                if op != Operand::Obj(none) {
                    self.b.guard_identity(op, none, snap);
                }
                ops.push(Operand::Int(0));
                nones |= 1 << k;
            } else {
                int_value(vm, o)?;
                ops.push(self.as_int(vm, s, o, snap)?);
            }
        }
        Some((ops, nones))
    }

    /// `seq[start:stop:step]` by the helper, `bounds` unboxed as
    /// `int_bounds` makes them; an exception it raises exits at `raise`.
    fn slice_call(&mut self, seq: Operand, bounds: [Operand; 3], nones: i64, raise: SnapId) -> ValueId {
        let r = self.call(Helper::SliceInts, &[seq, bounds[0], bounds[1], bounds[2], nones.into()]).expect("obj");
        self.b.guard_nonnull(r, raise);
        r
    }

    /// BUILD_SLICE of `n` bounds. Fused with the `[]` that follows when the
    /// sequence is an exact list or tuple and the bounds fit: the slice is
    /// taken now, and `binary_op` hands it over (`fused_slice`).
    pub(super) fn build_slice(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, n: usize) -> Result<(), Abort> {
        let depth = f.slots.len();
        let value = |i: usize| f.slots[depth - 1 - i].as_ref().expect("value on stack");
        let next = f.code.ops[self.next_pc as usize];
        let seq = value(n);
        let t = &vm.ctx.types;
        let fits = matches!(next.kind, Instruction::BinaryOp { .. })
            && next.arg == SUBSCR
            && (seq.class().is(t.list_type) || seq.class().is(t.tuple_type))
            && (n == 2 || vm.is_none(value(0)) || int_value(vm, value(0)).is_some_and(|k| k != 0));
        if fits {
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let shadows: Vec<Sh> = (0..n).rev().map(|i| self.peek(i)).collect();
            let values: Vec<&PyObjectRef> = (0..n).rev().map(value).collect();
            if let (Some((mut bounds, mut nones)), Sh::Val { op: seq_op, repr: Repr::Obj, .. }) =
                (self.int_bounds(vm, &shadows, &values, snap), self.peek(n))
            {
                let cls = self.type_const(vm, seq.class());
                self.b.guard_class(seq_op, cls, snap);
                if n == 2 {
                    bounds.push(Operand::Int(0));
                    nones |= 4;
                } else if nones & 4 == 0 {
                    let nz = self.b.op(Opcode::IntNe, &[bounds[2], 0i64.into()]);
                    self.b.guard_true(nz, snap);
                }
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.slice_call(seq_op, [bounds[0], bounds[1], bounds[2]], nones, raise);
                for _ in 0..n {
                    let s = self.pop();
                    self.release(s);
                }
                // Stands for the slice object the interpreter makes; `[]`
                // replaces it and the sequence with the result.
                self.push(Sh::Null);
                self.fused_slice = Some((self.next_pc, r));
                return Ok(());
            }
        }
        let r = self.call_popped(n, if n == 2 { Helper::Slice2 } else { Helper::Slice3 }, |_, _| {})?;
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    /// The `[]` after a fused BUILD_SLICE at `pc`: the slice taken there
    /// replaces the sequence and the slice on the stack.
    pub(super) fn take_fused_slice(&mut self, pc: u32) -> Result<bool, Abort> {
        let Some((at, r)) = self.fused_slice.take() else { return Ok(false) };
        if at != pc {
            abort!("a fused slice was not indexed at once");
        }
        let _slice = self.pop();
        let seq = self.pop();
        self.release(seq);
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(true)
    }

    /// `seq[s]` for a constant slice `s` (`a[:]`, `a[::-1]`) of None and
    /// small int bounds on an exact list or tuple: the slice with the bounds
    /// as constants. False: not that case.
    pub(super) fn constant_slice_subscr(&mut self, vm: &VirtualMachine, pc: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<bool, Abort> {
        let t = &vm.ctx.types;
        let (Sh::Val { op: seq, repr: Repr::Obj, .. }, Sh::Val { op: Operand::Obj(_), .. }) = (self.peek(1), self.peek(0)) else {
            return Ok(false);
        };
        let Some(s) = b.downcast_ref::<rustpython_vm::builtins::PySlice>() else { return Ok(false) };
        if !(a.class().is(t.list_type) || a.class().is(t.tuple_type)) {
            return Ok(false);
        }
        let mut bounds = [Operand::Int(0); 3];
        let mut nones = 0i64;
        for (k, o) in [s.start.as_ref(), Some(&s.stop), s.step.as_ref()].into_iter().enumerate() {
            match o {
                Some(o) if !vm.is_none(o) => match int_value(vm, o) {
                    Some(v) if k != 2 || v != 0 => bounds[k] = Operand::Int(v),
                    _ => return Ok(false),
                },
                _ => nones |= 1 << k,
            }
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let cls = self.type_const(vm, a.class());
        self.b.guard_class(seq, cls, snap);
        let r = self.slice_call(seq, bounds, nones, raise);
        let (sa, sb) = (self.peek(1), self.peek(0));
        self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
        Ok(true)
    }

    /// BINARY_SLICE: `seq[a:b]`.
    pub(super) fn binary_slice(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32) -> Result<(), Abort> {
        let depth = f.slots.len();
        let value = |i: usize| f.slots[depth - 1 - i].as_ref().expect("value on stack");
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let shadows = [self.peek(1), self.peek(0)];
        if let (Some((b, nones)), Sh::Val { op: seq, repr: Repr::Obj, .. }) =
            (self.int_bounds(vm, &shadows, &[value(1), value(0)], snap), self.peek(2))
        {
            let r = self.slice_call(seq, [b[0], b[1], Operand::Int(0)], nones | 4, raise);
            for _ in 0..3 {
                let s = self.pop();
                self.release(s);
            }
            self.push(Sh::val(r, Repr::Obj, true));
            return Ok(());
        }
        let r = self.call_popped(3, Helper::GetSlice, |rec, r| rec.b.guard_nonnull(r, raise))?;
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    /// STORE_SLICE: `seq[a:b] = v`.
    pub(super) fn store_slice(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32) -> Result<(), Abort> {
        let depth = f.slots.len();
        let value = |i: usize| f.slots[depth - 1 - i].as_ref().expect("value on stack");
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let shadows = [self.peek(1), self.peek(0)];
        if let (Some((b, nones)), Some((v, vt)), Sh::Val { op: seq, repr: Repr::Obj, .. }) =
            (self.int_bounds(vm, &shadows, &[value(1), value(0)], snap), self.as_obj(self.peek(3)), self.peek(2))
        {
            let r = self.call(Helper::StoreSliceInts, &[v, seq, b[0], b[1], nones.into()]).expect("i64");
            self.b.guard_eq_i64(r, 0, raise);
            self.release_temp(v, vt);
            for _ in 0..4 {
                let s = self.pop();
                self.release(s);
            }
            return Ok(());
        }
        self.call_popped(4, Helper::SetSlice, |rec, r| rec.b.guard_eq_i64(r, 0, raise))?;
        Ok(())
    }
}
