//! Iteration: FOR_ITER over ranges, lists, generic iterators and peeled
//! generators (their yields and returns), and the
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
        // hipy's list and tuple iterators (`list_iter`).
        let seq_iter = if let Some(li) = it.downcast_ref::<crate::list_iter::ListIter>() {
            self.layout.list.map(|l| (li.index.load(std::sync::atomic::Ordering::Relaxed), li.len(), l))
        } else if let Some(ti) = it.downcast_ref::<crate::list_iter::TupleIter>() {
            self.layout.tuple.map(|l| (ti.index.load(std::sync::atomic::Ordering::Relaxed), ti.len(), l))
        } else {
            None
        };
        if let Some((index, len, seq)) = seq_iter {
            // Inline: guard the index against the sequence's current length.
            let exhausted = usize::try_from(index).map_or(true, |i| i >= len);
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let cls = self.type_const(vm, it.class());
            self.b.guard_class(iter, cls, snap);
            let (seq_off, index_off) = crate::list_iter::field_offsets();
            let i = self.b.load_field(iter, index_off, Type::I64);
            let seq_obj = self.b.load_field(iter, seq_off, Type::Obj);
            let len = self.b.load_field(seq_obj, seq.len, Type::I64);
            let more = self.b.op(Opcode::IntLt, &[i.into(), len.into()]);
            if exhausted {
                // The interpreter marks the iterator exhausted and jumps to
                // the loop's end, leaving the iterator.
                self.b.guard_false(more, snap);
                self.b.store_field(iter, index_off, Operand::Int(crate::list_iter::EXHAUSTED));
                return Ok(());
            }
            self.b.guard_true(more, snap);
            let items = self.b.load_field(seq_obj, seq.items, Type::Obj);
            let item = self.b.load_indexed(items, i, 0, Type::Obj);
            let item = self.call(Helper::Incref, &[item.into()]).expect("incref");
            let next = self.b.op(Opcode::IntAdd, &[i.into(), 1i64.into()]);
            self.b.store_field(iter, index_off, next);
            self.push(Sh::val(item, Repr::Obj, true));
            return Ok(());
        }
        if let Some(suspended) = crate::generator::suspended_on_stack(vm, it) {
            if self.frames.len() < MAX_DEPTH {
                if self.frames.len() == 1 {
                    self.peeled_loops.insert(pc);
                }
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                return self.peel(vm, snap, Sh::val(iter, Repr::Obj, false), it, suspended, None);
            }
            // Too deep to peel (a recursive generator): the next value is a
            // call, and the interpreter resumes the generator in a nested run.
            crate::generator::resume_nested_next(it);
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

    /// FOR_ITER over a generator the interpreter resumes on this stack
    /// (`generator::resume_on_stack`): the trace runs the generator's frame
    /// as an inlined frame (generator peeling). It takes the frame's
    /// references over (`GenEnter`, `GenTake`) and hands them back at the
    /// yield (`gen_yield`); exits in between rebuild the frame on the
    /// interpreter's stack (`deopt`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn peel(
        &mut self,
        vm: &VirtualMachine,
        snap: SnapId,
        obj: Sh,
        it: &PyObject,
        (info, resume_at, nulls): (Rc<CodeInfo>, u32, Vec<bool>),
        consume: Option<(ValueId, crate::push::Container)>,
    ) -> Result<(), Abort> {
        let Sh::Val { op: iter, .. } = obj else { abort!("generator is NULL") };
        let n = nulls.len();
        let mask = null_mask(&nulls)?;
        let cls = self.type_const(vm, it.class());
        self.b.guard_class(iter, cls, snap);
        let buf = self.call(Helper::GenEnter, &[iter, i64::from(resume_at).into(), (n as i64).into(), mask.into()]).expect("obj");
        self.b.guard_nonnull(buf, snap);
        let mut slots = Vec::with_capacity(n + 1);
        for (i, &empty) in nulls.iter().enumerate() {
            slots.push(if empty {
                Sh::Null
            } else {
                let v = self.call(Helper::GenTake, &[buf.into(), (i as i64).into()]).expect("obj");
                Sh::val(v, Repr::Obj, true)
            });
        }
        // Resumed by next(): the value sent in is None.
        let none = self.constant(vm.ctx.none.as_object(), "None");
        slots.push(Sh::val(none, Repr::Obj, false));
        let namespace = crate::generator::namespace(it).ok_or("a generator without its frame")?;
        self.push_generator_frame(info, slots, GenFrame { obj, buf: Some(buf), consume }, namespace, false);
        Ok(())
    }

    /// The generator frame the interpreter is about to push, with `slots`
    /// (`unmade`: a generator the trace did not make, `consume_unmade`).
    pub(super) fn push_generator_frame(&mut self, info: Rc<CodeInfo>, slots: Vec<Sh>, gen: GenFrame, namespace: (PyRef<PyDict>, PyRef<PyDict>), unmade: bool) {
        let consume = gen.consume.map(|(_, k)| k);
        self.descs.push(FrameDesc { info, func: None, init: false, binary: None, generator: true, consume, unmade, namespace });
        let desc = (self.descs.len() - 1) as u32;
        let (next, at) = (self.next_pc, self.pc);
        self.top().resume_pc = next;
        self.top().call_pc = at;
        self.pending = Some(ShadowFrame { desc, slots, resume_pc: 0, call_pc: 0, init: None, binary: None, gen: Some(gen) });
        self.expect = Expect::Push;
    }

    /// A plain yield of a peeled generator: its references go back into its
    /// frame, which is suspended there, and the consumer continues with the
    /// value.
    pub(super) fn gen_yield(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        if arg != 0 {
            abort!("yield inside `yield from` in a peeled generator");
        }
        if let Some((acc, kind)) = self.frames.last().unwrap().gen.and_then(|g| g.consume) {
            return self.consume_yield(vm, f, pc, acc, kind);
        }
        let v = self.pop();
        if matches!(v, Sh::Null) {
            abort!("yield of NULL");
        }
        let v = self.own(v);
        let fr = self.frames.last().unwrap();
        let gen = fr.gen.expect("a generator frame");
        let slots = fr.slots.clone();
        let nulls: Vec<bool> = slots.iter().map(|s| matches!(s, Sh::Null)).collect();
        let mask = null_mask(&nulls)?;
        let buf = match gen.buf {
            Some(b) => b,
            None => {
                let (g, _) = self.as_obj(gen.obj).ok_or("generator is NULL")?;
                self.call(Helper::GenBuffer, &[g]).expect("obj")
            }
        };
        for (i, s) in slots.into_iter().enumerate() {
            let Sh::Val { owned, .. } = s else { continue };
            let (o, temp) = self.as_obj(s).expect("a value");
            let o = if temp || owned { o } else { self.call(Helper::Incref, &[o]).expect("incref").into() };
            self.call(Helper::GenPut, &[buf.into(), (i as i64).into(), o]);
        }
        let (g, _) = self.as_obj(gen.obj).ok_or("generator is NULL")?;
        let args = [g, i64::from(pc).into(), i64::from(self.next_pc).into(), (nulls.len() as i64).into(), mask.into()];
        self.call(Helper::GenSuspend, &args);
        self.frames.pop();
        self.push(v);
        self.expect = Expect::Return;
        Ok(())
    }

    /// A peeled generator returns: its frame ends, and the consumer's
    /// FOR_ITER jumps to the loop's end (the value is dropped, as FOR_ITER
    /// drops it).
    pub(super) fn gen_return(&mut self) -> Result<(), Abort> {
        let done = self.frames.pop().expect("a generator frame");
        let gen = done.gen.expect("a generator frame");
        for s in done.slots {
            self.release(s);
        }
        // (A generator the trace did not make has no frame to finish.)
        if !self.descs[done.desc as usize].unmade {
            let (g, _) = self.as_obj(gen.obj).ok_or("generator is NULL")?;
            self.call(Helper::GenFinish, &[g]);
        }
        if let Some((acc, kind)) = gen.consume {
            // The container call returns the container (a join, the joined
            // str, or raises at the caller's CALL).
            self.release(gen.obj);
            let r = if kind == crate::push::Container::Join {
                let call_pc = self.top().call_pc;
                let raise = self.snapshot(SnapshotKind::RaisePending, call_pc);
                let r = self.call(Helper::ConsumeJoin, &[acc.into()]).expect("obj");
                self.b.guard_nonnull(r, raise);
                r
            } else {
                self.call(Helper::ConsumeEnd, &[acc.into(), (kind as i64).into()]).expect("obj")
            };
            self.release(Sh::val(acc, Repr::Obj, true));
            self.push(Sh::val(r, Repr::Obj, true));
        }
        self.expect = Expect::Return;
        Ok(())
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

/// Bit i set for each empty slot i (the generator helpers' argument).
fn null_mask(nulls: &[bool]) -> Result<i64, Abort> {
    if nulls.len() > 64 {
        abort!("generator frame with more than 64 slots");
    }
    Ok(nulls.iter().enumerate().fold(0u64, |m, (i, &z)| m | (u64::from(z) << i)) as i64)
}
