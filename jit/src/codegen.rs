//! The code generator's driver: frame layout, input placement, the walk over the ops
//! (dispatching to `lower_*.rs`), operand access helpers, and exit capture.
//!
//! Each op is lowered in three steps: get its operands (registers, stack slots,
//! immediates or literal-pool entries) and its result register; if it may exit,
//! capture where every exit value is *now* (`exit_label`), which also emits the
//! random-exit check in that mode; then emit the instructions, whose checks jump to the
//! exit's stub. Values whose last use was this op are released afterwards.

use crate::emit::{emit, Emitter};
use crate::exits::{ExitCell, PendingExit, StubOffsets};
use crate::frame::{max_stack_args, BridgeSetup, FrameLayout, Setup};
use crate::liveness::Liveness;
use crate::regalloc::RegAlloc;
use crate::regs::*;
use crate::{CompileError, CompileOptions};
use dynasmrt::{AssemblyOffset, DynamicLabel, DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Opcode, Operand, Trace, ValueId};

/// A second operand for an integer instruction.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    Reg(u8),
    Mem(i32),
    Imm(i32),
    Pool(DynamicLabel),
}

/// A second operand for an SSE instruction.
#[derive(Clone, Copy, Debug)]
pub enum XArg {
    Reg(u8),
    Mem(i32),
    Pool(DynamicLabel),
}

/// A helper call placed after the trace's code (`emit_cold_calls`): the
/// inline fast path jumps to `slow`, and the call returns to `done`.
pub struct ColdCall {
    pub slow: DynamicLabel,
    pub done: DynamicLabel,
    pub target: u64,
    pub preserve: Vec<Loc>,
}

pub struct Codegen<'t> {
    pub t: &'t Trace,
    pub opts: &'t CompileOptions,
    pub e: Emitter,
    pub ra: RegAlloc,
    pub live: Liveness,
    pub frame: FrameLayout,
    pub exits: Vec<PendingExit>,
    /// Where the root loop's inputs are at its head (relative to this code's `rsp`).
    pub head_locs: Vec<Loc>,
    pub loop_head: DynamicLabel,
    /// A peeled loop's `label`: where its params live, which the loop's own `jump`
    /// fills (the entry, `loop_head`, stays where bridges and the interpreter enter).
    pub body_head: DynamicLabel,
    pub label_locs: Vec<Loc>,
    pub epilogue: DynamicLabel,
    /// Index of the op being lowered.
    pub cur: usize,
    pub bridge: Option<BridgeSetup>,
    pub cold: Vec<ColdCall>,
    exit_no: Vec<Option<u32>>,
    first_exit: u32,
    hints: Vec<Option<Loc>>,
    cells_addr: u64,
    prng_addr: u64,
}

impl<'t> Codegen<'t> {
    pub fn new(
        t: &'t Trace,
        opts: &'t CompileOptions,
        setup: Setup,
    ) -> Result<Codegen<'t>, CompileError> {
        let live = Liveness::compute(t);
        if max_stack_args(t) > setup.arg_slots {
            return Err(CompileError::Internal(
                "the frame has too few outgoing argument slots".into(),
            ));
        }
        let mut exit_no = vec![None; t.ops.len()];
        for (k, i) in t.exit_ops().into_iter().enumerate() {
            exit_no[i] = Some(k as u32);
        }
        let ra = RegAlloc::new(t, &live, setup.free_slots, setup.next_slot);
        let mut e = Emitter::new().map_err(|err| CompileError::Assembler(err.to_string()))?;
        let loop_head = e.label();
        let body_head = e.label();
        let epilogue = e.label();
        let head_locs = setup
            .bridge
            .as_ref()
            .map_or(Vec::new(), |b| b.head_locs.clone());
        Ok(Codegen {
            t,
            opts,
            e,
            ra,
            hints: vec![None; t.num_value_ids()],
            live,
            frame: setup.frame,
            exits: Vec::new(),
            head_locs,
            loop_head,
            body_head,
            label_locs: Vec::new(),
            epilogue,
            cur: 0,
            bridge: setup.bridge,
            cold: Vec::new(),
            exit_no,
            first_exit: setup.first_exit,
            cells_addr: setup.cells_addr,
            prng_addr: setup.prng_addr,
        })
    }

    /// Emits the body: a loop's inputs placed and its head, or a bridge's entry (its
    /// inputs are where its parent's exit left them); then the ops, up to the jump.
    pub fn emit_body(&mut self) -> Result<(), CompileError> {
        match &self.bridge {
            None => {
                self.place_inputs()?;
                self.e.bind(self.loop_head);
            }
            Some(b) => {
                let extra = b.extra;
                if extra > 0 {
                    emit!(self.e; sub rsp, extra);
                }
                self.place_bridge_inputs()?;
            }
        }
        self.hint_jump_args();
        let n = self.t.ops.len();
        let mut i = 0;
        while i < n {
            self.cur = i;
            let fused = self.fusable_guard(i);
            self.lower(i, fused)?;
            self.finish_op(i);
            if fused.is_some() {
                self.finish_op(i + 1);
                i += 1;
            }
            i += 1;
        }
        Ok(())
    }

    /// Gives every input its loop-head location: a register if one is free, else a
    /// stack slot. Inputs that nothing reads are released at once.
    fn place_inputs(&mut self) -> Result<(), CompileError> {
        for &v in &self.t.inputs {
            let class = self.ra.class_of(v);
            let order = RegAlloc::order_for(class, self.live.spans_call(v));
            let free = order
                .iter()
                .map(|&n| Loc::reg(class, n))
                .find(|&r| self.ra.owner(r).is_none());
            let loc = match free {
                Some(r) => {
                    self.ra.assign(v, r);
                    r
                }
                None => Loc::Stack(self.ra.place_on_stack(v)),
            };
            self.head_locs.push(loc);
        }
        self.release_unused_inputs();
        Ok(())
    }

    /// A bridge's inputs start where the parent's exit left them.
    fn place_bridge_inputs(&mut self) -> Result<(), CompileError> {
        let locs = self
            .bridge
            .as_ref()
            .map_or(Vec::new(), |b| b.input_locs.clone());
        if locs.len() != self.t.inputs.len() {
            return Err(CompileError::Internal("bridge input count".into()));
        }
        for (&v, &loc) in self.t.inputs.iter().zip(&locs) {
            match loc {
                Loc::Stack(s) => self.ra.place_in_slot(v, s),
                r => {
                    let fits = matches!(
                        (r, self.ra.class_of(v)),
                        (Loc::Gpr(_), Class::Gpr) | (Loc::Xmm(_), Class::Xmm)
                    );
                    if !fits || self.ra.owner(r).is_some() {
                        return Err(CompileError::Internal(format!(
                            "bridge input {} cannot start in {:?}",
                            v, r
                        )));
                    }
                    self.ra.assign(v, r);
                }
            }
        }
        self.release_unused_inputs();
        Ok(())
    }

    fn release_unused_inputs(&mut self) {
        self.ra.clear_pins();
        for &v in &self.t.inputs {
            if self.live.last_use[v.index()].is_none() {
                self.ra.release(v);
            }
        }
    }

    /// Values passed to the jump prefer the register of the loop input (or label
    /// param) they become.
    pub fn hint_jump_args(&mut self) {
        let targets = if self.t.label.is_empty() { &self.head_locs } else { &self.label_locs };
        if let Some(jump) = self.t.ops.last() {
            for (k, a) in jump.args.iter().enumerate() {
                let head = targets.get(k).copied();
                if let (Operand::Value(v), Some(Loc::Gpr(_) | Loc::Xmm(_))) = (*a, head) {
                    if self.live.def[v.index()].is_some() {
                        self.hints[v.index()] = head;
                    }
                }
            }
        }
    }

    /// `Some(guard index)` when op `i` is a compare whose only use is the guard right
    /// after it: the compare then sets the flags and the guard jumps on them.
    fn fusable_guard(&self, i: usize) -> Option<usize> {
        let op = &self.t.ops[i];
        let r = op.result?;
        if !op.opcode.is_compare() || op.args.iter().all(|a| a.is_const()) {
            return None;
        }
        let next = self.t.ops.get(i + 1)?;
        let single_use = self.live.arg_uses[r.index()] == 1 && !self.live.in_exit[r.index()];
        let guards_it = matches!(next.opcode, Opcode::GuardTrue | Opcode::GuardFalse)
            && next.args[0] == Operand::Value(r);
        (single_use && guards_it).then_some(i + 1)
    }

    fn finish_op(&mut self, i: usize) {
        if let Some(r) = self.t.ops[i].result {
            if self.live.last_use[r.index()].is_none() {
                self.ra.release(r);
            }
        }
        for k in 0..self.live.dies_at[i].len() {
            let v = self.live.dies_at[i][k];
            self.ra.release(v);
        }
        self.ra.clear_pins();
    }

    fn lower(&mut self, i: usize, fused: Option<usize>) -> Result<(), CompileError> {
        use Opcode::*;
        let op = &self.t.ops[i];
        match op.opcode {
            IntAdd | IntSub | IntMul | IntAnd | IntOr | IntXor | IntAddOvf | IntSubOvf
            | IntMulOvf => self.int_binary(op),
            IntNegOvf => self.int_neg(op),
            IntLshiftOvf => self.int_lshift(op),
            IntRshift => self.int_rshift(op),
            IntFloorDiv | IntMod => self.int_divmod(op),
            IntLt | IntLe | IntEq | IntNe | IntGt | IntGe | PtrEq | PtrNe => {
                self.int_compare(op, fused)
            }
            IntToF64 => self.int_to_f64(op),
            BoolNot => self.bool_not(op),
            FloatAdd | FloatSub | FloatMul | FloatDiv => self.float_binary(op),
            FloatFloorDiv | FloatMod => self.float_divmod(op),
            FloatNeg | FloatAbs => self.float_unary(op),
            FloatLt | FloatLe | FloatEq | FloatNe | FloatGt | FloatGe => {
                self.float_compare(op, fused)
            }
            GuardTrue | GuardFalse | GuardNonnull => self.guard_truth(op),
            GuardEqI64 | GuardIdentity | GuardBounds => self.guard_compare(op),
            GuardClass => self.guard_class(op),
            LoadType | UnboxFloat | LoadField => self.load(op),
            StoreField => self.store_field(op),
            LoadIndexed => self.load_indexed(op),
            StoreIndexed => self.store_indexed(op),
            Prefetch => self.prefetch(op),
            Call => self.call(op),
            Jump => self.jump(op),
            Exit => self.exit_always(),
            GuardNoInterrupt => self.guard_no_interrupt(),
            Label => self.label(op),
            New | GetfieldGc | SetfieldGc => Err(CompileError::Unsupported {
                op: i,
                opcode: op.opcode.name(),
                reason: "abstract object ops must be removed by allocation removal first",
            }),
        }
    }

    // ---- operand access -------------------------------------------------------

    pub fn bits(&self, o: Operand) -> u64 {
        match o {
            Operand::Int(k) => k as u64,
            Operand::Float(b) => b,
            Operand::Obj(c) => self.t.consts[c.index()].addr,
            Operand::Value(_) => 0,
        }
    }

    /// An integer operand as an instruction's second operand.
    pub fn gpr_arg(&mut self, o: Operand) -> Result<Arg, CompileError> {
        Ok(match o {
            Operand::Value(v) => match self.ra.reg(v) {
                Some(Loc::Gpr(r)) => {
                    self.ra.pin(Loc::Gpr(r));
                    Arg::Reg(r)
                }
                _ => match self.ra.slot(v) {
                    Some(s) => Arg::Mem(s),
                    None => return Err(CompileError::Internal(format!("{} has no location", v))),
                },
            },
            Operand::Int(k) if i32::try_from(k).is_ok() => Arg::Imm(k as i32),
            c => Arg::Pool(self.e.pool(self.bits(c))),
        })
    }

    /// An integer operand in a register (constants go to a temporary register).
    pub fn gpr_reg(&mut self, o: Operand) -> Result<u8, CompileError> {
        match o {
            Operand::Value(v) => {
                match self
                    .ra
                    .ensure_reg(&mut self.e, v, self.live.spans_call(v))?
                {
                    Loc::Gpr(r) => Ok(r),
                    l => Err(CompileError::Internal(format!(
                        "{} expected in a gpr, is in {:?}",
                        v, l
                    ))),
                }
            }
            c => {
                let r = self.temp_gpr()?;
                self.e.gpr_imm(r, self.bits(c));
                Ok(r)
            }
        }
    }

    pub fn temp_gpr(&mut self) -> Result<u8, CompileError> {
        match self
            .ra
            .alloc(&mut self.e, Class::Gpr, GPR_ORDER_SHORT, None)?
        {
            Loc::Gpr(r) => Ok(r),
            _ => unreachable!("gpr class"),
        }
    }

    /// A float operand as an SSE instruction's second operand.
    pub fn xmm_arg(&mut self, o: Operand) -> Result<XArg, CompileError> {
        Ok(match o {
            Operand::Value(v) => match self.ra.reg(v) {
                Some(Loc::Xmm(r)) => {
                    self.ra.pin(Loc::Xmm(r));
                    XArg::Reg(r)
                }
                _ => match self.ra.slot(v) {
                    Some(s) => XArg::Mem(s),
                    None => return Err(CompileError::Internal(format!("{} has no location", v))),
                },
            },
            c => XArg::Pool(self.e.pool(self.bits(c))),
        })
    }

    /// A float operand in an xmm register.
    pub fn xmm_reg(&mut self, o: Operand) -> Result<u8, CompileError> {
        match o {
            Operand::Value(v) => match self.ra.ensure_reg(&mut self.e, v, false)? {
                Loc::Xmm(r) => Ok(r),
                l => Err(CompileError::Internal(format!(
                    "{} expected in an xmm, is in {:?}",
                    v, l
                ))),
            },
            c => {
                let r = match self.ra.alloc(&mut self.e, Class::Xmm, XMM_ORDER, None)? {
                    Loc::Xmm(r) => r,
                    _ => unreachable!("xmm class"),
                };
                self.e.mov_imm(Loc::Xmm(r), self.bits(c));
                Ok(r)
            }
        }
    }

    /// The operand is a value in a register whose last use is this op (which has no
    /// exit), so the result may take over its register.
    pub fn reusable(&self, o: Operand) -> bool {
        match o {
            Operand::Value(v) => {
                self.t.ops[self.cur].guard.is_none()
                    && self.live.last_use[v.index()] == Some(self.cur)
                    && self.ra.reg(v).is_some()
            }
            _ => false,
        }
    }

    /// A register for the result `v` of the current op: the register of `reuse` if
    /// that operand is `reusable`, else a fresh one.
    pub fn def_reg(&mut self, v: ValueId, reuse: Option<Operand>) -> Result<Loc, CompileError> {
        if let Some(Operand::Value(a)) = reuse {
            if self.reusable(Operand::Value(a)) && self.ra.class_of(a) == self.ra.class_of(v) {
                if let Some(r) = self.ra.transfer(a, v) {
                    return Ok(r);
                }
            }
        }
        let class = self.ra.class_of(v);
        let order = RegAlloc::order_for(class, self.live.spans_call(v));
        let r = self
            .ra
            .alloc(&mut self.e, class, order, self.hints[v.index()])?;
        self.ra.assign(v, r);
        Ok(r)
    }

    pub fn def_gpr(&mut self, v: ValueId, reuse: Option<Operand>) -> Result<u8, CompileError> {
        match self.def_reg(v, reuse)? {
            Loc::Gpr(r) => Ok(r),
            l => Err(CompileError::Internal(format!(
                "{} expected in a gpr, got {:?}",
                v, l
            ))),
        }
    }

    pub fn def_xmm(&mut self, v: ValueId, reuse: Option<Operand>) -> Result<u8, CompileError> {
        match self.def_reg(v, reuse)? {
            Loc::Xmm(r) => Ok(r),
            l => Err(CompileError::Internal(format!(
                "{} expected in an xmm, got {:?}",
                v, l
            ))),
        }
    }

    /// Copies an integer operand into register `d` (nothing if it is already there).
    pub fn load_gpr(&mut self, d: u8, o: Operand) -> Result<(), CompileError> {
        match o {
            Operand::Value(v) => {
                let l = self.ra.loc(v)?;
                self.e.mov(Loc::Gpr(d), l);
            }
            c => self.e.gpr_imm(d, self.bits(c)),
        }
        Ok(())
    }

    /// Copies a float operand into xmm register `d`.
    pub fn load_xmm(&mut self, d: u8, o: Operand) -> Result<(), CompileError> {
        match o {
            Operand::Value(v) => {
                let l = self.ra.loc(v)?;
                self.e.mov(Loc::Xmm(d), l);
            }
            c => {
                let l = self.e.pool(self.bits(c));
                emit!(self.e; movsd Rx(d), QWORD [=>l]);
            }
        }
        Ok(())
    }

    pub fn result(&self, op: &Op) -> Result<ValueId, CompileError> {
        op.result
            .ok_or_else(|| CompileError::Internal(format!("{} without a result", op.opcode.name())))
    }

    // ---- exits ------------------------------------------------------------------

    /// The stub label for the exit of op `i`, capturing where its exit values are now.
    /// In random-exit mode this also emits the check that fails the guard at random.
    pub fn exit_label(&mut self, i: usize) -> Result<DynamicLabel, CompileError> {
        let op = &self.t.ops[i];
        let local = self.exit_no[i]
            .ok_or_else(|| CompileError::Internal(format!("op {} has no exit", i)))?;
        let mut locs = Vec::with_capacity(self.live.exit_values[i].len());
        for k in 0..self.live.exit_values[i].len() {
            locs.push(self.ra.loc(self.live.exit_values[i][k])?);
        }
        let label = self.e.label();
        self.exits.push(PendingExit {
            label,
            exit_no: self.first_exit + local,
            local: local as usize,
            op_index: i,
            locs,
            values: self.live.exit_values[i].clone(),
        });
        // A `guard_nonnull` fails only on null: its value is usually a new
        // reference from a helper, which a failure on a non-null value would
        // leave with no owner (the exit lists count it null).
        let random = op.opcode != hipy_optimizer::Opcode::GuardNonnull
            && op.guard.as_ref().is_none_or(|g| self.t.snapshot(g.snapshot).kind.random_exits());
        if self.opts.random_exits.is_some() && random {
            crate::exits::emit_random_check(
                &mut self.e,
                self.prng_addr,
                self.opts.random_exit_mask(),
                label,
            );
        }
        Ok(label)
    }

    /// Unconditional jump to a label (for exits that always fail).
    pub fn jmp(&mut self, l: DynamicLabel) {
        emit!(self.e; jmp =>l);
    }
}

impl Codegen<'_> {
    /// Frame size below the saved registers: spill area rounded so that `rsp` is
    /// 16-byte aligned inside the loop (entry `rsp` is 8 mod 16, six pushes keep it so).
    pub fn frame_size(&self) -> i32 {
        ((self.ra.frame_end() + 15) & !15) + 8
    }

    /// Emits every exit stub; returns their offsets by the trace's exit index.
    pub fn emit_stubs(&mut self) -> Vec<StubOffsets> {
        let exits = std::mem::take(&mut self.exits);
        let blank = StubOffsets {
            stub: AssemblyOffset(0),
            store: AssemblyOffset(0),
        };
        let mut offsets = vec![blank; exits.len()];
        for x in &exits {
            let cell = self.cells_addr + (std::mem::size_of::<ExitCell>() * x.local) as u64;
            offsets[x.local] =
                crate::exits::emit_stub(&mut self.e, x, self.frame.exit_buf, cell, self.epilogue);
        }
        self.exits = exits;
        offsets
    }

    /// Emits the entry of a root loop (`extern "sysv64" fn(inputs: *const u64,
    /// exit_buf: *mut u64) -> u64`): saves callee-saved registers, sets up the frame,
    /// loads the inputs into their loop-head locations and jumps to the loop. Then the
    /// shared epilogue. Returns the entry offset.
    pub fn emit_entry(&mut self) -> AssemblyOffset {
        let f = self.frame_size();
        let entry = self.e.offset();
        let exit_buf = self.frame.exit_buf;
        emit!(self.e
            ; push rbx ; push rbp ; push r12 ; push r13 ; push r14 ; push r15
            ; sub rsp, f
            ; mov QWORD [rsp + exit_buf], rsi
            ; mov Rq(R11), rdi);
        let head_locs = self.head_locs.clone();
        for (k, loc) in head_locs.iter().enumerate() {
            if let Loc::Stack(o) = *loc {
                let src = 8 * k as i32;
                emit!(self.e; mov rax, QWORD [Rq(R11) + src] ; mov QWORD [rsp + o], rax);
            }
        }
        for (k, loc) in head_locs.iter().enumerate() {
            let src = 8 * k as i32;
            match *loc {
                Loc::Gpr(r) => emit!(self.e; mov Rq(r), QWORD [Rq(R11) + src]),
                Loc::Xmm(x) => emit!(self.e; movsd Rx(x), QWORD [Rq(R11) + src]),
                Loc::Stack(_) => {}
            }
        }
        let head = self.loop_head;
        emit!(self.e; jmp =>head);
        self.emit_epilogue(f);
        entry
    }

    /// A bridge's epilogue: its exits leave the loop's frame from the bridge's `rsp`.
    pub fn emit_bridge_epilogue(&mut self) {
        let drop = self
            .bridge
            .as_ref()
            .map_or(0, |b| b.below_root + b.root_frame_size);
        self.emit_epilogue(drop);
    }

    /// `add rsp, frame` and the root entry's register restores.
    fn emit_epilogue(&mut self, frame: i32) {
        let epilogue = self.epilogue;
        emit!(self.e
            ; =>epilogue
            ; add rsp, frame
            ; pop r15 ; pop r14 ; pop r13 ; pop r12 ; pop rbp ; pop rbx
            ; ret);
    }
}
