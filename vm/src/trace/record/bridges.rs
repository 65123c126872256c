//! Bridges: recording from a guard's exit (the shadow frames rebuilt from the
//! exit's snapshot), and closing at the header of another compiled loop, whose
//! inputs the values are converted to.

use rustpython_vm::builtins::PyStr;

use super::*;

impl Recorder {
    /// Start recording a bridge from exit `exit` of `ct`, whose frames the
    /// deoptimizer just rebuilt on `stack` (the loop frame at `base`). The
    /// shadow frames come from the exit's snapshot: each snapshot value is
    /// the bridge input of the same position in the exit buffer. `resumed`
    /// says whether the exit resumed after a FOR_ITER (and whether the
    /// deoptimizer then jumped to the loop's end, its value being the STOP
    /// marker).
    pub fn start_bridge(
        vm: &VirtualMachine,
        stack: &[Box<Frame>],
        base: usize,
        ct: Rc<crate::trace::CompiledTrace>,
        exit: u32,
        resumed: crate::trace::deopt::Resumed,
        layout: crate::trace::Layout,
    ) -> Result<Recorder, Abort> {
        let info = ct.code.exit_info(exit).ok_or("no such exit")?;
        let part = ct.part(info.trace);
        let g = part.trace.ops[info.op_index].guard.clone().ok_or("exit without a guard")?;
        let snap = part.trace.snapshot(g.snapshot).clone();
        if snap.kind != SnapshotKind::Resume {
            abort!("the exit raises or re-offers a yield");
        }
        if part.trace.ops[info.op_index].opcode == Opcode::GuardIdentity {
            if let Some(fr) = snap.frames.last() {
                super::access::note_changing_global(&part.descs[fr.code as usize], fr.pc);
            }
        }
        if stack.len() != base + snap.frames.len() {
            abort!("frames differ from the exit's snapshot");
        }
        let name = format!("{} from exit {exit}", ct.name);
        let b = TraceBuilder::bridge(&name, &part.trace, info.op_index).map_err(|e| format!("bridge: {e:?}"))?;
        let input_of: HashMap<ValueId, ValueId> = info.values.iter().copied().zip(b.trace().inputs.iter().copied()).collect();
        let loop_frame = &stack[base];
        let mut r = Recorder {
            b,
            header: ct.header,
            serial: loop_frame.serial,
            base,
            frames: Vec::new(),
            inputs: ct.inputs.clone(),
            descs: part.descs.clone(),
            keep: super::Keep::default(),
            funcs: HashMap::new(),
            consts: HashMap::new(),
            pending: None,
            expect: Expect::Next,
            layout,
            pc: 0,
            next_pc: 0,
            header_nulls: ct.header_nulls.clone(),
            recorded: false,
            target: crate::trace::Target::Bridge(ct.clone(), exit),
            pending_iter: None,
            range_iter: None,
            unmade: None,
            loops_passed: HashMap::new(),
            peeled_loops: HashSet::new(),
            objects: Vec::new(),
            object_of: HashMap::new(),
            scanned: 0,
            residual: false,
            fused_slice: None,
        };
        let mut taken = HashSet::new();
        // The objects allocation removal kept virtual at the exit: the bridge
        // allocates them again (`new`, then their fields), so they stay
        // virtual in it as long as it does not let them escape.
        let virt: Vec<ValueId> = snap.virtuals.iter().map(|v| {
            let class = r.parent_const(&part.trace, v.class);
            r.new_object(vm, class)
        }).collect();
        let mut virt_owned = vec![true; virt.len()];
        for (i, fr) in snap.frames.iter().enumerate() {
            let mut slots = Vec::with_capacity(fr.slots.len());
            for src in &fr.slots {
                slots.push(r.bridge_value(&part.trace, &g, &input_of, &mut taken, &virt, &mut virt_owned, src)?);
            }
            let gen = if i > 0 && part.descs[fr.code as usize].generator {
                let obj = slots.pop().ok_or("generator missing")?;
                // A generator a container call consumes: the frame owns the
                // generator and the container.
                let consume = match part.descs[fr.code as usize].consume {
                    Some(kind) => match slots.pop() {
                        Some(Sh::Val { op: Operand::Value(acc), repr: Repr::Obj, owned: true }) => Some((acc, kind)),
                        _ => abort!("a consumed generator's container is not the exit's"),
                    },
                    None => None,
                };
                let obj = if consume.is_some() { r.own(obj) } else { obj };
                Some(GenFrame { obj, buf: None, consume })
            } else {
                None
            };
            let binary = if i > 0 && part.descs[fr.code as usize].binary.is_some() {
                let b = slots.pop().ok_or("binary operand missing")?;
                let a = slots.pop().ok_or("binary operand missing")?;
                Some((a, b))
            } else {
                None
            };
            let init = if i > 0 && part.descs[fr.code as usize].init { slots.pop() } else { None };
            let call_pc = part.descs[fr.code as usize].info.instruction_before(fr.pc);
            r.frames.push(ShadowFrame { desc: fr.code as u32, slots, resume_pc: fr.pc, call_pc, init, binary, gen });
        }
        for (k, v) in snap.virtuals.iter().enumerate() {
            let cls = r.parent_object(&part.trace, v.class).downcast_ref::<PyType>().ok_or("a virtual's class is not a type")?.to_owned();
            if cls.is(vm.ctx.types.function_type) {
                // A function the parent made virtual: the same fields.
                let object = r.object_of[&virt[k]];
                r.mark_function(object);
                for (name, src) in v.names.iter().zip(&v.fields) {
                    let name = r.parent_object(&part.trace, *name).downcast_ref::<PyStr>().and_then(|s| s.to_str()).ok_or("a field name is not a str")?.to_owned();
                    let val = r.bridge_value(&part.trace, &g, &input_of, &mut taken, &virt, &mut virt_owned, src)?;
                    if val == Sh::Null {
                        abort!("a function's field is NULL");
                    }
                    let val = r.own(val);
                    r.set_function_field(vm, object, virt[k], &name, val);
                }
                continue;
            }
            for (name, src) in v.names.iter().zip(&v.fields) {
                let name = r.parent_object(&part.trace, *name).downcast_ref::<PyStr>().and_then(|s| s.to_str()).ok_or("a field name is not a str")?.to_owned();
                let val = r.bridge_value(&part.trace, &g, &input_of, &mut taken, &virt, &mut virt_owned, src)?;
                if val == Sh::Null {
                    continue;
                }
                let obj = Sh::val(virt[k], Repr::Obj, false);
                let object = r.object_of[&virt[k]];
                if !r.store_field(vm, object, obj, &cls, vm.ctx.intern_str(name), val) {
                    abort!("a virtual's field is not a plain store");
                }
            }
        }
        for (k, owned) in virt_owned.iter().enumerate() {
            if *owned {
                // Referenced by no slot and no field (not expected): drop it.
                r.release(Sh::val(virt[k], Repr::Obj, true));
            }
        }
        // References the exit owns but no frame holds: the bridge releases them.
        for d in &g.drop {
            let v = *input_of.get(d).ok_or("drop value missing from the exit")?;
            r.release(Sh::val(v, Repr::Obj, true));
        }
        if let crate::trace::deopt::Resumed::AfterForIter { exhausted } = resumed {
            // The snapshot resumes after FOR_ITER with its value pushed. The
            // exit may not have been the STOP test failing (random exits, or
            // a later guard at the same pc), so the bridge tests the value
            // itself, in the direction the interpreter went.
            r.next_pc = snap.frames.last().map_or(0, |f| f.pc);
            let Sh::Val { op: Operand::Value(v), repr: Repr::Obj, .. } = r.pop() else {
                abort!("no FOR_ITER value on the stack")
            };
            let stop = r.constant(hp::stop_object(vm), "STOP");
            r.after_for_iter(v, stop, exhausted);
        }
        Ok(r)
    }

    /// Constant `c` of the parent trace (kept alive by it).
    fn parent_object<'a>(&self, parent: &'a Trace, c: ConstId) -> &'a PyObject {
        // SAFETY: the parent trace keeps its constants alive.
        unsafe { &*(parent.consts[c.index()].addr as *const PyObject) }
    }

    /// Constant `c` of the parent trace as a constant of the bridge.
    fn parent_const(&mut self, parent: &Trace, c: ConstId) -> ConstId {
        let k = &parent.consts[c.index()];
        if let Some(&own) = self.consts.get(&(k.addr as usize)) {
            return own;
        }
        self.keep.push(self.parent_object(parent, c).to_owned());
        let own = self.b.const_obj(k.addr, &k.name.clone(), k.sealed);
        self.consts.insert(k.addr as usize, own);
        own
    }

    /// The shadow value of a snapshot source at the start of a bridge: an exit
    /// value is the bridge input in the same position, owned if the exit owns
    /// it and no other slot took it yet; a virtual is the object the bridge
    /// allocated for it (`virt`), owned by its first user.
    #[allow(clippy::too_many_arguments)]
    fn bridge_value(
        &mut self,
        parent: &Trace,
        g: &hipy_optimizer::GuardInfo,
        input_of: &HashMap<ValueId, ValueId>,
        taken: &mut HashSet<ValueId>,
        virt: &[ValueId],
        virt_owned: &mut [bool],
        src: &Source,
    ) -> Result<Sh, Abort> {
        Ok(match *src {
            Source::Null => Sh::Null,
            Source::Unchanged => abort!("bridge from a snapshot with {src:?}"),
            Source::Virtual(k) => {
                let k = k as usize;
                let owned = std::mem::replace(&mut virt_owned[k], false);
                Sh::val(virt[k], Repr::Obj, owned)
            }
            Source::Val(o) | Source::Bool(o) => {
                let repr = match (src, o) {
                    (Source::Bool(_), _) => Repr::Bool,
                    (_, Operand::Value(v)) => match parent.value_type(v) {
                        Some(Type::I64) => Repr::Int,
                        Some(Type::F64) => Repr::Float,
                        _ => Repr::Obj,
                    },
                    (_, Operand::Int(_)) => Repr::Int,
                    (_, Operand::Float(_)) => Repr::Float,
                    (_, Operand::Obj(_)) => Repr::Obj,
                };
                match o {
                    Operand::Value(v) => {
                        let input = *input_of.get(&v).ok_or("snapshot value missing from the exit")?;
                        let owned = repr == Repr::Obj && g.owned.contains(&v) && taken.insert(v);
                        Sh::val(input, repr, owned)
                    }
                    Operand::Obj(c) => Sh::val(self.parent_const(parent, c), repr, false),
                    other => Sh::val(other, repr, false),
                }
            }
        })
    }

    /// Bring the loop frame's values into the representation of a loop's
    /// inputs (`inputs`, for the slots not empty in `header_nulls`): unbox
    /// objects that hold a number, box numbers held where the loop takes an
    /// object. Guards resume at `pc`. What cannot be converted stays, and the
    /// caller rejects it.
    pub(super) fn convert_to_inputs(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, inputs: &[InputKind], header_nulls: &[bool]) {
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let mut replaced = Vec::new();
        let mut k = 0;
        for i in 0..f.slots.len() {
            let Sh::Val { repr, .. } = self.frames[0].slots[i] else { continue };
            if header_nulls.get(i) != Some(&false) || k >= inputs.len() {
                continue;
            }
            let want = inputs[k];
            k += 1;
            let s = self.frames[0].slots[i];
            let Some(o) = f.slots[i].clone() else { continue };
            let converted = match (want, repr) {
                (InputKind::Int, Repr::Obj) => self.as_int(vm, s, &o, snap).map(|v| Sh::val(v, Repr::Int, false)),
                (InputKind::Float, Repr::Obj) if float_value(vm, &o).is_some() => {
                    self.as_float(vm, s, &o, snap).map(|v| Sh::val(v, Repr::Float, false))
                }
                (InputKind::Obj, Repr::Int | Repr::Float | Repr::Bool) => {
                    self.as_obj(s).map(|(v, _)| Sh::val(v, Repr::Obj, true))
                }
                _ => None,
            };
            if let Some(c) = converted {
                replaced.push(std::mem::replace(&mut self.frames[0].slots[i], c));
            }
        }
        // Released only now: the conversions' guards share `snap`, which
        // names the values they replace.
        for old in replaced {
            self.release(old);
        }
    }

    /// Close a bridge at the header of another compiled loop of the same
    /// frame (`target`, whose header `f` is at): the bridge ends with an
    /// End a bridge at the loop frame's return at `pc`: an exit there, the
    /// returned value on the stack.
    pub fn close_exit(mut self, pc: u32) -> Result<(Trace, Vec<FrameDesc>, Keep), Abort> {
        if self.frames.len() != 1 {
            abort!("return inside a callee");
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let trace = self.b.finish_with_exit(snap).map_err(|e| format!("invalid trace: {e:?}"))?;
        Ok((trace, self.descs, self.keep))
    }

    /// `exit` whose snapshot holds exactly `target`'s inputs, in their
    /// representation, so the vm can enter `target` with them directly.
    pub fn close_transfer(
        mut self,
        vm: &VirtualMachine,
        f: &Frame,
        target: &crate::trace::CompiledTrace,
    ) -> Result<(Trace, Vec<FrameDesc>, Keep), Abort> {
        if self.frames.len() != 1 {
            abort!("transfer inside a callee");
        }
        let nulls = target.header_nulls();
        if f.slots.len() != self.frames[0].slots.len() || f.slots.len() != nulls.len() {
            abort!("stack depth differs from the other loop's header");
        }
        self.convert_to_inputs(vm, f, f.pc, target.inputs(), nulls);
        let mut kinds = target.inputs().iter();
        for (s, &null) in self.frames[0].slots.iter().zip(nulls) {
            match (s, null) {
                (Sh::Null, true) => {}
                (Sh::Val { repr, .. }, false) => {
                    let Some(want) = kinds.next().map(|k| k.repr()) else {
                        abort!("more values than the other loop's inputs")
                    };
                    if *repr != want {
                        abort!("a value does not fit the other loop's input ({repr:?} -> {want:?})");
                    }
                }
                _ => abort!("a variable's boundness differs from the other loop's header"),
            }
        }
        if kinds.next().is_some() {
            abort!("fewer values than the other loop's inputs");
        }
        let snap = self.snapshot(SnapshotKind::Resume, f.pc);
        let trace = self.b.finish_with_exit(snap).map_err(|e| format!("invalid trace: {e:?}"))?;
        Ok((trace, self.descs, self.keep))
    }
}
