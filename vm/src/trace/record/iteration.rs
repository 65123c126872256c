//! Iteration: FOR_ITER over ranges, lists and generic iterators, and the
//! values a push-mode generator offers its consumer.

use super::*;

impl Recorder {
    pub(super) fn for_iter(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, target: u32, it: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let Sh::Val { op: iter, repr: Repr::Obj, .. } = s else { abort!("iterator is not an object") };
        let _ = f;
        // Every exit must be right whether or not its guard's condition
        // held (random-exit mode fails guards at will), so exhaustion exits
        // re-execute FOR_ITER rather than jump to the loop's end.
        if let Some(range) = it.downcast_ref::<crate::range::RangeIter>() {
            let exhausted = range.remaining.load(std::sync::atomic::Ordering::Relaxed) <= 0;
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let cls = self.type_const(vm, it.class());
            self.b.guard_class(iter, cls, snap);
            let (cur_off, rem_off, step_off) = crate::range::field_offsets();
            let rem = self.b.load_field(iter, rem_off, Type::I64);
            let more = self.b.op(Opcode::IntGt, &[rem.into(), 0i64.into()]);
            if exhausted {
                // The interpreter jumps to the loop's end, leaving the iterator.
                self.b.guard_false(more, snap);
                return Ok(());
            }
            self.b.guard_true(more, snap);
            let cur = self.b.load_field(iter, cur_off, Type::I64);
            let step = self.b.load_field(iter, step_off, Type::I64);
            let rem1 = self.b.op(Opcode::IntSub, &[rem.into(), 1i64.into()]);
            self.b.store_field(iter, rem_off, rem1);
            let next = self.b.op(Opcode::IntAdd, &[cur.into(), step.into()]);
            self.b.store_field(iter, cur_off, next);
            self.push(Sh::val(cur, Repr::Int, false));
            return Ok(());
        }
        if let (Some(li), Some(seq)) = (it.downcast_ref::<crate::list_iter::ListIter>(), self.layout.list) {
            // Inline: guard the index against the list's current length.
            let index = li.index.load(std::sync::atomic::Ordering::Relaxed);
            let exhausted = usize::try_from(index).map_or(true, |i| i >= li.list.borrow_vec().len());
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let cls = self.type_const(vm, it.class());
            self.b.guard_class(iter, cls, snap);
            let (list_off, index_off) = crate::list_iter::field_offsets();
            let i = self.b.load_field(iter, index_off, Type::I64);
            let list = self.b.load_field(iter, list_off, Type::Obj);
            let len = self.b.load_field(list, seq.len, Type::I64);
            let more = self.b.op(Opcode::IntLt, &[i.into(), len.into()]);
            if exhausted {
                // The interpreter marks the iterator exhausted and jumps to
                // the loop's end, leaving the iterator.
                self.b.guard_false(more, snap);
                self.b.store_field(iter, index_off, Operand::Int(crate::list_iter::EXHAUSTED));
                return Ok(());
            }
            self.b.guard_true(more, snap);
            let items = self.b.load_field(list, seq.items, Type::Obj);
            let item = self.b.load_indexed(items, i, 0, Type::Obj);
            let item = self.call(Helper::Incref, &[item.into()]).expect("incref");
            let next = self.b.op(Opcode::IntAdd, &[i.into(), 1i64.into()]);
            self.b.store_field(iter, index_off, next);
            self.push(Sh::val(item, Repr::Obj, true));
            return Ok(());
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let r = self.call(Helper::IterNext, &[iter]).expect("obj");
        self.b.guard_nonnull(r, raise);
        // Whether the iterator is exhausted shows once the interpreter has
        // run FOR_ITER (`after_for_iter`).
        let stop = self.constant(hp::stop_object(vm), "STOP");
        self.pending_iter = Some((r, target, stop));
        Ok(())
    }

    /// The guard after a generic FOR_ITER, on the direction the interpreter
    /// took. The value (or the private STOP object) is already taken from
    /// the iterator: the exit resumes after FOR_ITER with it pushed, and the
    /// deoptimizer turns a pushed STOP into the jump to the loop's end.
    pub(super) fn after_for_iter(&mut self, r: ValueId, stop: ConstId, exhausted: bool) {
        self.push(Sh::val(r, Repr::Obj, true));
        let after = self.snapshot(SnapshotKind::Resume, self.next_pc);
        let is_stop = self.b.op(Opcode::PtrEq, &[r.into(), stop.into()]);
        if exhausted {
            self.b.guard_true(is_stop, after);
            let s = self.pop();
            self.release(s);
        } else {
            self.b.guard_false(is_stop, after);
        }
    }

    /// A plain yield in the loop frame of a push-mode generator (`crate::
    /// push`): offer the value to the consumer; the frame goes on as if
    /// resumed with None. If the consumer declines, the exit re-executes the
    /// yield, which is declined again and suspends the frame.
    pub(super) fn offer(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        if !(f.push && arg == 0 && self.frames.len() == 1) {
            abort!("yield outside a push-mode loop frame");
        }
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Reoffer, pc);
        let taken = match s {
            Sh::Val { op, repr: Repr::Int, .. } => self.call(Helper::OfferInt, &[op]),
            Sh::Val { op, repr: Repr::Float, .. } => self.call(Helper::OfferFloat, &[op]),
            _ => {
                let (o, t) = self.as_obj(s).ok_or("yield of NULL")?;
                let r = self.call(Helper::Offer, &[o]);
                self.release_temp(o, t);
                r
            }
        };
        self.b.guard_true(taken.expect("i64"), snap);
        let s = self.pop();
        self.release(s);
        let none = self.constant(vm.ctx.none.as_object(), "None");
        self.push(Sh::val(none, Repr::Obj, false));
        Ok(())
    }
}
