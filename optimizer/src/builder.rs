//! `TraceBuilder`: the recorder's API for appending ops while a loop is recorded.
//!
//! Every method appends at the end and returns the ids it creates. Misuse (a wrong
//! method for an opcode) is remembered and reported by `finish_with_jump`, which also
//! runs the verifier; the builder itself never panics.

use crate::ir::*;
use crate::verify::verify;
use smallvec::SmallVec;

pub struct TraceBuilder {
    trace: Trace,
    error: Option<IrError>,
}

impl TraceBuilder {
    pub fn new(name: &str) -> TraceBuilder {
        TraceBuilder {
            trace: Trace::new(name),
            error: None,
        }
    }

    /// A builder for a bridge from the exit of op `op_index` of `parent` (a loop or
    /// another bridge). Its inputs are already declared: one per exit value of that
    /// op, in exit-buffer order (`Trace::exit_values`), with the same types; object
    /// values the guard does not own (`GuardInfo::owned`/`drop`) are borrowed. Its
    /// `jump` must pass values of the root loop's input types. The owned values of the
    /// guard's `drop` list are owned by the bridge, which must decref them.
    pub fn bridge(name: &str, parent: &Trace, op_index: usize) -> Result<TraceBuilder, IrError> {
        let (types, borrowed) = parent
            .bridge_start(op_index)
            .ok_or_else(|| IrError::at(op_index, "a bridge must start at an op that may exit"))?;
        let mut b = TraceBuilder::new(name);
        let mut info = BridgeInfo {
            loop_types: parent.loop_types(),
            borrowed: Vec::new(),
        };
        for (ty, borrowed) in types.into_iter().zip(borrowed) {
            let v = b.input(ty);
            if borrowed {
                info.borrowed.push(v);
            }
        }
        b.trace.bridge = Some(info);
        Ok(b)
    }

    /// The trace recorded so far (for logging, or to check its length).
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The helpers allocation removal may call (set with the first `new`).
    pub fn set_alloc(&mut self, alloc: AllocFuncs) {
        self.trace.alloc = Some(alloc);
    }

    /// Number of ops recorded so far.
    pub fn len(&self) -> usize {
        self.trace.ops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.trace.ops.is_empty()
    }

    /// Declares the next loop-header value. Inputs must be declared before any op.
    pub fn input(&mut self, ty: Type) -> ValueId {
        if !self.trace.ops.is_empty() {
            self.fail("inputs must be declared before the first op");
        }
        let v = self.trace.new_value(ty);
        self.trace.inputs.push(v);
        v
    }

    /// An object constant (interned by address). The vm keeps it alive as long as the
    /// trace exists. `sealed`: see [`ObjConst::sealed`].
    pub fn const_obj(&mut self, addr: u64, name: &str, sealed: bool) -> ConstId {
        if let Some(i) = self
            .trace
            .consts
            .iter()
            .position(|c| c.addr == addr && c.sealed == sealed)
        {
            return ConstId(i as u32);
        }
        self.trace.consts.push(ObjConst {
            addr,
            name: name.to_string(),
            sealed,
        });
        ConstId(self.trace.consts.len() as u32 - 1)
    }

    /// A call target (interned: the same descriptor gives the same id).
    pub fn func(&mut self, desc: FuncDesc) -> FuncId {
        if let Some(i) = self.trace.funcs.iter().position(|f| *f == desc) {
            return FuncId(i as u32);
        }
        self.trace.funcs.push(desc);
        FuncId(self.trace.funcs.len() as u32 - 1)
    }

    /// A snapshot of the interpreter state, frames outermost first.
    pub fn snapshot(&mut self, kind: SnapshotKind, frames: Vec<Frame>) -> SnapId {
        self.snapshot_with_virtuals(kind, frames, Vec::new())
    }

    pub fn snapshot_with_virtuals(
        &mut self,
        kind: SnapshotKind,
        frames: Vec<Frame>,
        virtuals: Vec<VirtualObj>,
    ) -> SnapId {
        self.trace.snapshots.push(Snapshot {
            kind,
            frames,
            virtuals,
        });
        SnapId(self.trace.snapshots.len() as u32 - 1)
    }

    /// An op with a result that never exits (arithmetic, compares, `load_type`, ...).
    pub fn op(&mut self, opcode: Opcode, args: &[Operand]) -> ValueId {
        self.value_op(opcode, args, None)
    }

    /// An op with a result that may exit through `snap` (`int_add_ovf`, `int_floordiv`,
    /// `float_div`, ...).
    pub fn op_exit(&mut self, opcode: Opcode, args: &[Operand], snap: SnapId) -> ValueId {
        self.value_op(opcode, args, Some(snap))
    }

    /// A guard (any `guard_*` opcode).
    pub fn guard(&mut self, opcode: Opcode, args: &[Operand], snap: SnapId) {
        if !opcode.is_guard() {
            self.fail(format!("{} is not a guard", opcode.name()));
            return;
        }
        self.push(opcode, None, Type::Void, args, 0, None, Some(snap));
    }

    pub fn guard_true(&mut self, v: impl Into<Operand>, snap: SnapId) {
        self.guard(Opcode::GuardTrue, &[v.into()], snap)
    }
    pub fn guard_false(&mut self, v: impl Into<Operand>, snap: SnapId) {
        self.guard(Opcode::GuardFalse, &[v.into()], snap)
    }
    pub fn guard_eq_i64(&mut self, v: impl Into<Operand>, k: i64, snap: SnapId) {
        self.guard(Opcode::GuardEqI64, &[v.into(), Operand::Int(k)], snap)
    }
    pub fn guard_class(&mut self, obj: impl Into<Operand>, class: ConstId, snap: SnapId) {
        self.guard(Opcode::GuardClass, &[obj.into(), Operand::Obj(class)], snap)
    }
    pub fn guard_identity(&mut self, obj: impl Into<Operand>, expected: ConstId, snap: SnapId) {
        self.guard(
            Opcode::GuardIdentity,
            &[obj.into(), Operand::Obj(expected)],
            snap,
        )
    }
    pub fn guard_nonnull(&mut self, obj: impl Into<Operand>, snap: SnapId) {
        self.guard(Opcode::GuardNonnull, &[obj.into()], snap)
    }
    /// `guard_no_interrupt` (see the opcode).
    pub fn guard_no_interrupt(&mut self, snap: SnapId) {
        self.push(Opcode::GuardNoInterrupt, None, Type::Void, &[], 0, None, Some(snap));
    }
    pub fn guard_bounds(&mut self, idx: impl Into<Operand>, len: impl Into<Operand>, snap: SnapId) {
        self.guard(Opcode::GuardBounds, &[idx.into(), len.into()], snap)
    }

    /// `vN:ty = load_field obj, offset` (a raw word at a byte offset).
    pub fn load_field(&mut self, obj: impl Into<Operand>, offset: i32, ty: Type) -> ValueId {
        self.memory(Opcode::LoadField, Some(ty), &[obj.into()], offset).expect("a load has a result")
    }

    /// `store_field obj, offset, value`.
    pub fn store_field(&mut self, obj: impl Into<Operand>, offset: i32, value: impl Into<Operand>) {
        self.memory(Opcode::StoreField, None, &[obj.into(), value.into()], offset);
    }

    /// `vN:ty = load_indexed base, index, offset`: the word at `base + index * 8 +
    /// offset`, where `base` is a raw pointer (typed `obj`, e.g. a list's item buffer
    /// read with `load_field`) and `index` an i64. An `obj` result is borrowed.
    pub fn load_indexed(
        &mut self,
        base: impl Into<Operand>,
        index: impl Into<Operand>,
        offset: i32,
        ty: Type,
    ) -> ValueId {
        self.memory(Opcode::LoadIndexed, Some(ty), &[base.into(), index.into()], offset)
            .expect("a load has a result")
    }

    /// `store_indexed base, index, value, offset`: writes the word at `base + index *
    /// 8 + offset` (no reference counting: the recorder increfs/decrefs around it).
    pub fn store_indexed(
        &mut self,
        base: impl Into<Operand>,
        index: impl Into<Operand>,
        value: impl Into<Operand>,
        offset: i32,
    ) {
        self.memory(Opcode::StoreIndexed, None, &[base.into(), index.into(), value.into()], offset);
    }

    /// A memory op with its byte offset as the immediate: a load (`ty` given,
    /// returns its value) or a store.
    fn memory(&mut self, opcode: Opcode, ty: Option<Type>, args: &[Operand], offset: i32) -> Option<ValueId> {
        let v = ty.map(|ty| self.trace.new_value(ty));
        self.push(opcode, v, ty.unwrap_or(Type::Void), args, offset as i64, None, None);
        v
    }

    /// `new class`: a fresh (owned) instance, for allocation removal.
    pub fn new_object(&mut self, class: ConstId) -> ValueId {
        self.op(Opcode::New, &[Operand::Obj(class)])
    }

    /// `vN:ty = getfield_gc obj, field`.
    pub fn getfield_gc(&mut self, obj: impl Into<Operand>, field: u32, ty: Type) -> ValueId {
        let v = self.trace.new_value(ty);
        self.push(
            Opcode::GetfieldGc,
            Some(v),
            ty,
            &[obj.into()],
            field as i64,
            None,
            None,
        );
        v
    }

    /// `setfield_gc obj, field, value`.
    pub fn setfield_gc(&mut self, obj: impl Into<Operand>, field: u32, value: impl Into<Operand>) {
        let args = [obj.into(), value.into()];
        self.push(
            Opcode::SetfieldGc,
            None,
            Type::Void,
            &args,
            field as i64,
            None,
            None,
        );
    }

    /// A residual call; returns the result value unless the callee returns void.
    pub fn call(&mut self, f: FuncId, args: &[Operand]) -> Option<ValueId> {
        self.call_at(f, args, 0)
    }

    /// A call made at call site `site` (the vm's description of the frames
    /// the trace keeps virtual there; 0: none), which the backend makes
    /// visible while the callee runs (`CompileOptions::site_cell`).
    pub fn call_at(&mut self, f: FuncId, args: &[Operand], site: i64) -> Option<ValueId> {
        let ret = match self.trace.funcs.get(f.index()) {
            Some(d) => d.ret,
            None => {
                self.fail(format!("unknown function {}", f));
                return None;
            }
        };
        let result = if ret == Type::Void {
            None
        } else {
            Some(self.trace.new_value(ret))
        };
        self.push(Opcode::Call, result, ret, args, site, Some(f), None);
        result
    }

    /// Ends the trace with `exit [snap]` and returns it, verified.
    pub fn finish_with_exit(mut self, snap: SnapId) -> Result<Trace, IrError> {
        self.push(Opcode::Exit, None, Type::Void, &[], 0, None, Some(snap));
        if let Some(e) = self.error {
            return Err(e);
        }
        verify(&self.trace)?;
        Ok(self.trace)
    }

    /// Ends the trace with `jump args...` and returns it, verified.
    pub fn finish_with_jump(mut self, args: &[Operand]) -> Result<Trace, IrError> {
        self.push(Opcode::Jump, None, Type::Void, args, 0, None, None);
        if let Some(e) = self.error {
            return Err(e);
        }
        verify(&self.trace)?;
        Ok(self.trace)
    }

    fn value_op(&mut self, opcode: Opcode, args: &[Operand], snap: Option<SnapId>) -> ValueId {
        let ty = match opcode.shape() {
            Shape::Fixed(_, ty) if ty != Type::Void => ty,
            _ => {
                self.fail(format!(
                    "{} has no fixed result type; use its own method",
                    opcode.name()
                ));
                return ValueId(u32::MAX);
            }
        };
        let v = self.trace.new_value(ty);
        self.push(opcode, Some(v), ty, args, 0, None, snap);
        v
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        opcode: Opcode,
        result: Option<ValueId>,
        ty: Type,
        args: &[Operand],
        imm: i64,
        func: Option<FuncId>,
        snap: Option<SnapId>,
    ) {
        self.trace.ops.push(Op {
            opcode,
            result,
            ty,
            args: SmallVec::from_slice(args),
            imm,
            func,
            guard: snap.map(GuardInfo::new),
        });
    }

    fn fail(&mut self, message: impl Into<String>) {
        if self.error.is_none() {
            self.error = Some(IrError::at(self.trace.ops.len(), message));
        }
    }
}
