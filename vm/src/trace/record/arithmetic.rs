//! Arithmetic, comparisons and truth tests: unboxed int and float ops with
//! their guards, everything else as residual calls.

use super::*;

impl Recorder {
    pub(super) fn binary_op(&mut self, vm: &VirtualMachine, _f: &Frame, pc: u32, arg: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<(), Abort> {
        if self.take_fused_slice(pc)? || arg == 26 && self.constant_slice_subscr(vm, pc, a, b)? {
            return Ok(());
        }
        if let Some(method) = crate::dunder::binary_method(vm, a, b, arg) {
            return self.inline_binary(vm, method, pc, arg, a, b);
        }
        let (sa, sb) = (self.peek(1), self.peek(0));
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let base_op = if (13..=25).contains(&arg) { arg - 13 } else { arg };
        let ints = int_value(vm, a).is_some() && int_value(vm, b).is_some();
        let floats = !ints
            && (float_value(vm, a).is_some() || int_value(vm, a).is_some())
            && (float_value(vm, b).is_some() || int_value(vm, b).is_some());
        if ints && base_op != 8 && base_op != 4 {
            let x = self.as_int(vm, sa, a, snap).ok_or("int operand")?;
            let y = self.as_int(vm, sb, b, snap).ok_or("int operand")?;
            let (r, repr): (Operand, Repr) = match base_op {
                0 => (self.b.op_exit(Opcode::IntAddOvf, &[x, y], snap).into(), Repr::Int),
                10 => (self.b.op_exit(Opcode::IntSubOvf, &[x, y], snap).into(), Repr::Int),
                5 => (self.b.op_exit(Opcode::IntMulOvf, &[x, y], snap).into(), Repr::Int),
                2 => (self.b.op_exit(Opcode::IntFloorDiv, &[x, y], snap).into(), Repr::Int),
                6 => (self.b.op_exit(Opcode::IntMod, &[x, y], snap).into(), Repr::Int),
                1 => (self.b.op(Opcode::IntAnd, &[x, y]).into(), Repr::Int),
                7 => (self.b.op(Opcode::IntOr, &[x, y]).into(), Repr::Int),
                12 => (self.b.op(Opcode::IntXor, &[x, y]).into(), Repr::Int),
                3 => (self.b.op_exit(Opcode::IntLshiftOvf, &[x, y], snap).into(), Repr::Int),
                9 => (self.b.op_exit(Opcode::IntRshift, &[x, y], snap).into(), Repr::Int),
                11 => {
                    let nz = self.b.op(Opcode::IntNe, &[y, 0i64.into()]);
                    self.b.guard_true(nz, snap);
                    (self.call(Helper::IntTruediv, &[x, y]).expect("f64").into(), Repr::Float)
                }
                _ => abort!("int binary op {arg}"),
            };
            self.finish_binary(sa, sb, Sh::val(r, repr, false));
            return Ok(());
        }
        if floats && matches!(base_op, 0 | 10 | 5 | 11 | 8) {
            let x = self.as_float(vm, sa, a, snap).ok_or("float operand")?;
            let y = self.as_float(vm, sb, b, snap).ok_or("float operand")?;
            let r: Operand = match base_op {
                0 => self.b.op(Opcode::FloatAdd, &[x, y]).into(),
                10 => self.b.op(Opcode::FloatSub, &[x, y]).into(),
                5 => self.b.op(Opcode::FloatMul, &[x, y]).into(),
                11 => self.b.op_exit(Opcode::FloatDiv, &[x, y], snap).into(),
                _ => {
                    // x ** y without CPython's error cases: x > 0 and a finite result.
                    let pos = self.b.op(Opcode::FloatGt, &[x, 0.0f64.into()]);
                    self.b.guard_true(pos, snap);
                    let r = self.call(Helper::Pow, &[x, y]).expect("f64");
                    let fin = self.b.op(Opcode::FloatLt, &[r.into(), f64::INFINITY.into()]);
                    self.b.guard_true(fin, snap);
                    r.into()
                }
            };
            self.finish_binary(sa, sb, Sh::val(r, Repr::Float, false));
            return Ok(());
        }
        if base_op == 26 && int_value(vm, b).is_some() {
            let helper = match self.exact_seq(vm, a) {
                Some((cls, layout)) => {
                    let get = if cls.is(vm.ctx.types.list_type) { Helper::ListGet } else { Helper::TupleGet };
                    Some((get, cls, layout))
                }
                None if a.class().is(vm.ctx.types.str_type) => Some((Helper::StrGet, vm.ctx.types.str_type, None)),
                None => None,
            };
            if let (Some((name, cls, seq_layout)), Sh::Val { op: seq, repr: Repr::Obj, .. }) = (helper, sa) {
                let c = self.type_const(vm, cls);
                self.b.guard_class(seq, c, snap);
                let i = self.as_int(vm, sb, b, snap).ok_or("index")?;
                let r = match seq_layout {
                    // A non-negative index: read the item inline.
                    Some(l) if int_value(vm, b).is_some_and(|k| k >= 0) => {
                        let item = self.seq_item(seq, i, l, snap);
                        self.call(Helper::Incref, &[item.into()]).expect("incref")
                    }
                    _ => {
                        let r = self.call(name, &[seq, i]).expect("obj");
                        self.b.guard_nonnull(r, snap);
                        r
                    }
                };
                self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
                return Ok(());
            }
        }
        // `d[k]` of an exact dict: the lookup itself (KeyError when missing).
        if base_op == 26 && a.class().is(vm.ctx.types.dict_type) {
            if let Sh::Val { op: d, repr: Repr::Obj, .. } = sa {
                let c = self.type_const(vm, vm.ctx.types.dict_type);
                self.b.guard_class(d, c, snap);
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let (k, kt) = self.as_obj(sb).ok_or("NULL key")?;
                let r = self.call(Helper::DictSubscript, &[d, k]).expect("obj");
                self.b.guard_nonnull(r, raise);
                self.release_temp(k, kt);
                self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
                return Ok(());
            }
        }
        // Anything else: the generic operation as a residual call.
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let (x, xt) = self.as_obj(sa).ok_or("NULL operand")?;
        let (y, yt) = self.as_obj(sb).ok_or("NULL operand")?;
        let r = self.call(Helper::Binop, &[x, y, (arg as i64).into()]).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.release_temp(x, xt);
        self.release_temp(y, yt);
        self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    pub(super) fn finish_binary(&mut self, sa: Sh, sb: Sh, result: Sh) {
        self.pop();
        self.pop();
        self.release(sa);
        self.release(sb);
        self.push(result);
    }

    /// `in` / `not in` (`arg` 1): a residual call, a bool.
    pub(super) fn contains(&mut self, pc: u32, arg: u32) -> Result<(), Abort> {
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let b = self.pop();
        let a = self.pop();
        let (x, xt) = self.as_obj(a).ok_or("in of NULL")?;
        let (y, yt) = self.as_obj(b).ok_or("in of NULL")?;
        let r = self.call(Helper::Contains, &[y, x]).expect("i64");
        let ok = self.b.op(Opcode::IntGe, &[r.into(), 0i64.into()]);
        self.b.guard_true(ok, raise);
        self.release_temp(x, xt);
        self.release_temp(y, yt);
        self.release(a);
        self.release(b);
        let r = if arg == 1 { self.b.op(Opcode::BoolNot, &[r.into()]) } else { r };
        self.push(Sh::val(r, Repr::Bool, false));
        Ok(())
    }

    /// `~x`: inline for an int (`x ^ -1` never overflows), else a residual call.
    pub(super) fn invert(&mut self, vm: &VirtualMachine, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        if int_value(vm, o).is_some() && !o.class().is(vm.ctx.types.bool_type) {
            if let Some(x) = self.as_int(vm, s, o, snap) {
                self.pop();
                self.release(s);
                let r = self.b.op(Opcode::IntXor, &[x, (-1i64).into()]);
                self.push(Sh::val(r, Repr::Int, false));
                return Ok(());
            }
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let r = self.call_popped(1, Helper::Invert, |rec, r| rec.b.guard_nonnull(r, raise))?;
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    pub(super) fn compare(&mut self, vm: &VirtualMachine, pc: u32, arg: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<(), Abort> {
        let (sa, sb) = (self.peek(1), self.peek(0));
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let which = arg >> 5;
        if int_value(vm, a).is_some() && int_value(vm, b).is_some() {
            let x = self.as_int(vm, sa, a, snap).ok_or("int")?;
            let y = self.as_int(vm, sb, b, snap).ok_or("int")?;
            let opc = [Opcode::IntLt, Opcode::IntLe, Opcode::IntEq, Opcode::IntNe, Opcode::IntGt, Opcode::IntGe][which as usize];
            let r = self.b.op(opc, &[x, y]);
            self.finish_binary(sa, sb, Sh::val(r, Repr::Bool, false));
            return Ok(());
        }
        // An int meets a float as a float only while it converts exactly
        // (|i| <= 2**53); beyond, Python compares the exact values.
        let exact = |o: &PyObjectRef| float_value(vm, o).is_some() || int_value(vm, o).is_some_and(|i| i.unsigned_abs() <= 1 << 53);
        if exact(a) && exact(b) {
            let x = self.as_exact_float(vm, sa, a, snap).ok_or("float")?;
            let y = self.as_exact_float(vm, sb, b, snap).ok_or("float")?;
            let opc = [Opcode::FloatLt, Opcode::FloatLe, Opcode::FloatEq, Opcode::FloatNe, Opcode::FloatGt, Opcode::FloatGe][which as usize];
            let r = self.b.op(opc, &[x, y]);
            self.finish_binary(sa, sb, Sh::val(r, Repr::Bool, false));
            return Ok(());
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let (x, xt) = self.as_obj(sa).ok_or("NULL operand")?;
        let (y, yt) = self.as_obj(sb).ok_or("NULL operand")?;
        let r = self.call(Helper::Compare, &[x, y, (arg as i64).into()]).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.release_temp(x, xt);
        self.release_temp(y, yt);
        self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    pub(super) fn to_bool(&mut self, vm: &VirtualMachine, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let r: Operand = match s {
            Sh::Val { repr: Repr::Bool, .. } => return Ok(()),
            Sh::Val { op, repr: Repr::Int, .. } => self.b.op(Opcode::IntNe, &[op, 0i64.into()]).into(),
            Sh::Val { op, repr: Repr::Float, .. } => self.b.op(Opcode::FloatNe, &[op, 0.0f64.into()]).into(),
            Sh::Val { op, repr: Repr::Obj, .. } if o.class().is(vm.ctx.types.bool_type) => {
                let c = self.type_const(vm, vm.ctx.types.bool_type);
                self.b.guard_class(op, c, snap);
                let t = self.constant(vm.ctx.true_value.as_object(), "True");
                self.b.op(Opcode::PtrEq, &[op, t.into()]).into()
            }
            Sh::Val { op, repr: Repr::Obj, .. } => {
                if let Some(n) = self.exact_seq_len(vm, op, o, snap) {
                    self.b.op(Opcode::IntNe, &[n.into(), 0i64.into()]).into()
                } else {
                    let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                    let t = self.call(Helper::Truthy, &[op]).expect("i64");
                    let ok = self.b.op(Opcode::IntNe, &[t.into(), (-1i64).into()]);
                    self.b.guard_true(ok, raise);
                    t.into()
                }
            }
            Sh::Null => abort!("truth of NULL"),
        };
        self.pop();
        self.release(s);
        self.push(Sh::val(r, Repr::Bool, false));
        Ok(())
    }
}
