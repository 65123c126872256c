//! Lowering of residual calls (System V ABI) and of the loop's `jump`.
//!
//! A call: values still needed afterwards leave the caller-saved registers (to a free
//! callee-saved register, or to their stack slot; all xmm registers are caller-saved),
//! the arguments are placed by one parallel move (registers, then 8-byte stack slots
//! at the bottom of the frame, where `rsp` is 16-byte aligned), the target is called
//! through `r11`, and the result is taken from `rax` or `xmm0`.
//!
//! The jump: one parallel move of the new values into the loop-head locations of the
//! inputs, then a jump back to the head. A bridge's jump moves its values into the
//! root loop's head locations, gives back the stack it took on entry and jumps to
//! the root loop's head.

use crate::codegen::{Codegen, ColdCall};
use crate::emit::emit;
use crate::moves::{sequentialize, Move, Src};
use crate::regalloc::RegAlloc;
use crate::regs::*;
use crate::{CompileError, InlineSqrtPow};
use dynasmrt::{DynamicLabel, DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Operand, Type, ValueId};

type R = Result<(), CompileError>;

/// A helper call that runs an inline fast path first (see `CompileOptions`).
#[derive(Clone, Copy)]
enum FastPath {
    Refcount(crate::InlineRefcounts),
    FloatStore(crate::InlineFloatStore),
    SqrtPow,
    UnboxInt(crate::InlineUnboxInt),
    AttrRead(crate::InlineRefcounts, crate::InlineAttrs),
    AttrWrite(crate::InlineRefcounts, crate::InlineAttrs),
    SlotWrite(crate::InlineRefcounts),
    AttrAbsent(crate::InlineRefcounts, crate::InlineAttrs),
}

impl FastPath {
    /// Registers the fast path writes besides its arguments and result.
    fn scratch(self) -> &'static [Loc] {
        match self {
            FastPath::SqrtPow => &[Loc::Xmm(2)],
            FastPath::AttrRead(..) => &[Loc::Gpr(RCX)],
            FastPath::AttrWrite(..) => &[Loc::Gpr(8), Loc::Gpr(9)],
            FastPath::SlotWrite(..) => &[Loc::Gpr(RCX)],
            FastPath::AttrAbsent(..) => &[],
            _ => &[],
        }
    }
}

impl Codegen<'_> {
    pub fn call(&mut self, op: &Op) -> R {
        let f = op
            .func
            .ok_or_else(|| CompileError::Internal("call without a function".into()))?;
        let desc = self.t.func(f);
        let o = self.opts;
        let fast = match (o.refcounts, o.float_store, o.sqrt_pow, o.unbox_int) {
            (Some(rc), ..) if [rc.incref, rc.decref].contains(&desc.addr) => Some(FastPath::Refcount(rc)),
            (Some(rc), ..) if o.attrs.is_some_and(|a| a.get == desc.addr) => Some(FastPath::AttrRead(rc, o.attrs.unwrap())),
            (Some(rc), ..) if o.attrs.is_some_and(|a| a.set == desc.addr) => Some(FastPath::AttrWrite(rc, o.attrs.unwrap())),
            (Some(rc), ..) if o.attrs.is_some_and(|a| a.slot_set == desc.addr) => Some(FastPath::SlotWrite(rc)),
            (Some(rc), ..) if o.attrs.is_some_and(|a| a.absent == desc.addr) => Some(FastPath::AttrAbsent(rc, o.attrs.unwrap())),
            (_, Some(fs), ..) if desc.addr == fs.store => Some(FastPath::FloatStore(fs)),
            (_, _, Some(sp), _) if desc.addr == sp.pow => Some(FastPath::SqrtPow),
            (.., Some(u)) if desc.addr == u.unbox => Some(FastPath::UnboxInt(u)),
            _ => None,
        };
        let site = match (o.site_cell, fast) {
            (Some(cell), None) if op.imm != 0 => Some((cell, op.imm)),
            _ => None,
        };
        self.emit_call_with(desc.addr, &op.args, &desc.args, desc.ret, op.result, fast, site)
    }

    fn source(&self, o: Operand) -> Result<Src, CompileError> {
        Ok(match o {
            Operand::Value(v) => Src::Loc(self.ra.loc(v)?),
            c => Src::Imm(self.bits(c)),
        })
    }

    pub fn emit_call(
        &mut self,
        target: u64,
        args: &[Operand],
        arg_types: &[Type],
        ret: Type,
        result: Option<ValueId>,
    ) -> R {
        self.emit_call_with(target, args, arg_types, ret, result, None, None)
    }

    /// A call; with `fast`, a call of a helper that runs a fast path first.
    /// The fast path writes only the argument registers, the result register,
    /// its own scratch registers and `r11`, so only values there leave; its slow path keeps the other
    /// live caller-saved registers across the helper call itself
    /// (`preserving_call`), and both paths leave the same state. With `site`
    /// (cell, site), the call site is in the cell while the callee runs.
    #[allow(clippy::too_many_arguments)]
    fn emit_call_with(
        &mut self,
        target: u64,
        args: &[Operand],
        arg_types: &[Type],
        ret: Type,
        result: Option<ValueId>,
        fast: Option<FastPath>,
        site: Option<(u64, i64)>,
    ) -> R {
        self.ra.clear_pins();
        let (dsts, _) = call_arg_locations(arg_types);
        let ret_reg = if ret == Type::F64 { Loc::Xmm(0) } else { Loc::Gpr(RAX) };
        let scratch = fast.map_or(&[][..], FastPath::scratch);
        let clobbered = |r: Loc| fast.is_none() || r == ret_reg || dsts.contains(&r) || scratch.contains(&r);
        let live: Vec<ValueId> = self
            .ra
            .in_caller_saved()
            .into_iter()
            .filter(|&v| self.live.live_after(v, self.cur))
            .collect();
        for &v in &live {
            if clobbered(self.ra.loc(v)?) {
                self.ra.save_across_call(&mut self.e, v);
            }
        }
        let mut moves = Vec::with_capacity(args.len());
        for (&a, &dst) in args.iter().zip(&dsts) {
            moves.push(Move {
                src: self.source(a)?,
                dst,
            });
        }
        for m in sequentialize(&moves, Loc::Stack(self.frame.temp)) {
            self.e.step(&m);
        }
        // Live values still in caller-saved registers (only with a fast path).
        let mut kept = Vec::new();
        for &v in &live {
            match self.ra.reg(v) {
                Some(r) if is_caller_saved(r) => kept.push((v, r)),
                _ => {}
            }
        }
        let preserve: Vec<Loc> = kept.iter().map(|&(_, r)| r).collect();
        match fast {
            Some(FastPath::Refcount(rc)) => self.refcount_fast_path(target, rc, &preserve),
            Some(FastPath::FloatStore(fs)) => self.float_store_fast_path(target, fs, &preserve),
            Some(FastPath::SqrtPow) => self.sqrt_pow_fast_path(target, &preserve),
            Some(FastPath::UnboxInt(u)) => self.unbox_int_fast_path(target, u, &preserve),
            Some(FastPath::AttrRead(rc, a)) => self.attr_read_fast_path(target, rc, a, &preserve),
            Some(FastPath::AttrWrite(rc, a)) => self.attr_write_fast_path(target, rc, a, &preserve),
            Some(FastPath::SlotWrite(rc)) => self.slot_write_fast_path(target, rc, &preserve),
            Some(FastPath::AttrAbsent(rc, a)) => self.attr_absent_fast_path(target, rc, a, &preserve),
            None => match site {
                Some((cell, site)) => self.call_at_site(target, cell, site),
                None => self.preserving_call(target, &[]),
            },
        }
        for v in self.ra.in_caller_saved() {
            if !kept.iter().any(|&(k, _)| k == v) {
                self.ra.unassign(v);
            }
        }
        if let Some(r) = result {
            self.ra.assign(r, ret_reg);
        }
        Ok(())
    }

    /// `call target` through `r11`, with the registers in `preserve` saved
    /// below the stack pointer (kept 16-byte aligned) and restored after.
    fn preserving_call(&mut self, target: u64, preserve: &[Loc]) {
        let size = ((preserve.len() as i32 * 8 + 15) & !15) as i32;
        if size > 0 {
            emit!(self.e; sub rsp, size);
        }
        for (k, &r) in preserve.iter().enumerate() {
            self.e.mov(Loc::Stack(8 * k as i32), r);
        }
        let target = target as i64;
        emit!(self.e
            ; mov Rq(R11), QWORD target
            ; call Rq(R11));
        for (k, &r) in preserve.iter().enumerate() {
            self.e.mov(r, Loc::Stack(8 * k as i32));
        }
        if size > 0 {
            emit!(self.e; add rsp, size);
        }
    }

    /// `call target` with `site` in the word at `cell` for the call's
    /// duration (0 after it). Every live caller-saved register was saved
    /// and the arguments are in place: `rax` and `r11` are free.
    fn call_at_site(&mut self, target: u64, cell: u64, site: i64) {
        let (cell, target) = (cell as i64, target as i64);
        emit!(self.e
            ; mov Rq(R11), QWORD cell
            ; mov rax, QWORD site
            ; mov QWORD [Rq(R11)], rax
            ; mov Rq(R11), QWORD target
            ; call Rq(R11)
            ; mov Rq(R11), QWORD cell
            ; mov QWORD [Rq(R11)], 0);
    }

    /// The object is in `rdi`, as the helper takes it. Immortal objects are
    /// left alone; with one thread running Python (`threads_flag` clear), a
    /// count of 1..max goes up by one (incref), one above 1 goes down by one
    /// (decref), with plain instructions; anything else calls the helper. `rax`
    /// ends holding the object, as `incref` returns it.
    fn refcount_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts, preserve: &[Loc]) {
        let off = rc.offset;
        let inc = target == rc.incref;
        let slow = self.e.label();
        emit!(self.e
            ; mov rax, QWORD [rdi + off]
            ; mov r11, QWORD rc.immortal_mask as i64
            ; test rax, r11
            ; jnz >fast
            ; mov r11, QWORD rc.threads_flag as i64
            ; cmp BYTE [r11], 0
            ; jne =>slow
            ; mov r11, QWORD rc.slow_mask as i64
            ; test rax, r11
            ; jnz =>slow
            ; mov r11, QWORD rc.count_mask as i64
            ; and rax, r11);
        if inc {
            emit!(self.e
                ; test rax, rax
                ; jz =>slow
                ; cmp rax, r11
                ; jae =>slow
                ; add QWORD [rdi + off], 1);
        } else {
            emit!(self.e
                ; cmp rax, 1
                ; jbe =>slow
                ; sub QWORD [rdi + off], 1);
        }
        // The helper call is out of line (`emit_cold_calls`): the fast paths
        // fall through, an immortal object jumps once.
        let done = self.e.label();
        self.cold.push(ColdCall { slow, done, target, preserve: preserve.to_vec() });
        emit!(self.e
            ; fast:
            ; mov rax, rdi
            ; =>done);
    }

    /// The helper calls of the inline refcount paths, after the trace's code:
    /// each saves the live caller-saved registers, calls, restores them and
    /// jumps back.
    pub fn emit_cold_calls(&mut self) {
        for c in std::mem::take(&mut self.cold) {
            self.e.bind(c.slow);
            self.preserving_call(c.target, &c.preserve);
            let done = c.done;
            emit!(self.e; jmp =>done);
        }
    }

    /// The item array is in `rdi`, the index in `rsi` and the value in
    /// `xmm0`, as the helper takes them. An old item that is an exact float
    /// with a count word of exactly 1 takes the value in place (the result,
    /// "no code ran", is 0); anything else calls the helper.
    fn float_store_fast_path(&mut self, target: u64, fs: crate::InlineFloatStore, preserve: &[Loc]) {
        let layout = self.opts.layout;
        let (type_off, payload_off) = (layout.type_offset, layout.float_payload_offset);
        let (count_off, float_type) = (fs.count_offset, fs.float_type as i64);
        let flag = fs.threads_flag as i64;
        emit!(self.e
            ; mov r11, QWORD flag
            ; cmp BYTE [r11], 0
            ; jne >slow
            ; mov rax, QWORD [rdi + rsi * 8]
            ; mov r11, QWORD float_type
            ; cmp QWORD [rax + type_off], r11
            ; jne >slow
            ; cmp QWORD [rax + count_off], 1
            ; jne >slow
            ; movsd QWORD [rax + payload_off], xmm0
            ; xor eax, eax
            ; jmp >done
            ; slow:);
        self.preserving_call(target, preserve);
        emit!(self.e; done:);
    }

    /// With the threads flag clear, the object's instance dict into `rax`
    /// when it is an exact dict whose stamp is the hint's high half (left in
    /// `r11d`; see `InlineAttrs`); jumps to `no_dict` when the object has
    /// none, to `slow` for anything else. The object is in `rdi`, the hint in
    /// `hint`.
    fn hinted_dict(&mut self, rc: crate::InlineRefcounts, a: crate::InlineAttrs, hint: u8, no_dict: DynamicLabel, slow: DynamicLabel) {
        let type_off = self.opts.layout.type_offset;
        let (dict_off, stamp_off, dict_type, flag) = (a.dict_offset, a.stamp_offset, a.dict_type as i64, rc.threads_flag as i64);
        emit!(self.e
            ; mov r11, QWORD flag
            ; cmp BYTE [r11], 0
            ; jne =>slow
            ; mov rax, QWORD [rdi + dict_off]
            ; test rax, rax
            ; jz =>no_dict
            ; mov r11, QWORD dict_type
            ; cmp QWORD [rax + type_off], r11
            ; jne =>slow
            ; mov r11, Rq(hint)
            ; shr r11, 32
            ; cmp r11d, DWORD [rax + stamp_off]
            ; jne =>slow);
    }

    /// The address of the value cell of the hinted entry of the object's
    /// instance dict (`hinted_dict`, a non-zero stamp) into `cell`; jumps to
    /// `slow` otherwise, and, for a store of the object in register
    /// `stored`, when the dict is untracked and the object's type is not one
    /// of `atom_types` (see `InlineAttrs`). `rax` and `r11` are clobbered,
    /// and `r9` for a store.
    fn hinted_value_cell(&mut self, rc: crate::InlineRefcounts, a: crate::InlineAttrs, hint: u8, cell: u8, stored: Option<u8>, slow: DynamicLabel) {
        let (entries_off, value_off, stride) = (a.entries_offset, a.value_offset, a.stride);
        self.hinted_dict(rc, a, hint, slow, slow);
        emit!(self.e
            ; test r11d, r11d
            ; jz =>slow);
        if let Some(value) = stored {
            let (gc_bits_off, tracked, type_off) = (a.gc_bits_offset, a.tracked_bit as i8, self.opts.layout.type_offset);
            let may_store = self.e.label();
            emit!(self.e
                ; test BYTE [rax + gc_bits_off], tracked
                ; jnz =>may_store
                ; mov r11, QWORD [Rq(value) + type_off]);
            for t in a.atom_types {
                emit!(self.e
                    ; mov r9, QWORD t as i64
                    ; cmp r11, r9
                    ; je =>may_store);
            }
            emit!(self.e
                ; jmp =>slow
                ; =>may_store);
        }
        emit!(self.e
            ; mov rax, QWORD [rax + entries_off]
            ; mov Rd(cell), Rd(hint)
            ; imul Rq(cell), Rq(cell), stride
            ; lea Rq(cell), [rax + Rq(cell) + value_off]);
    }

    /// Jumps to `ok` when the object in `obj` is immortal (no count to
    /// change), to `slow` when its count cannot go up (or down, with `down`)
    /// by a plain instruction without reaching zero; falls through when it
    /// can. `r11` and `mask` are clobbered.
    fn count_change_check(&mut self, rc: crate::InlineRefcounts, obj: u8, mask: u8, down: bool, ok: DynamicLabel, slow: DynamicLabel) {
        let count_off = rc.offset;
        let (immortal, slow_bits, count) = (rc.immortal_mask as i64, rc.slow_mask as i64, rc.count_mask as i64);
        emit!(self.e
            ; mov r11, QWORD [Rq(obj) + count_off]
            ; mov Rq(mask), QWORD immortal
            ; test r11, Rq(mask)
            ; jnz =>ok
            ; mov Rq(mask), QWORD slow_bits
            ; test r11, Rq(mask)
            ; jnz =>slow
            ; mov Rq(mask), QWORD count
            ; and r11, Rq(mask));
        if down {
            emit!(self.e
                ; cmp r11, 1
                ; jbe =>slow);
        } else {
            emit!(self.e
                ; jz =>slow
                ; cmp r11, Rq(mask)
                ; jae =>slow);
        }
    }

    /// The object is in `rdi`, the name in `rsi` and the hint in `rdx`, as
    /// the helper takes them (all three kept for the call); see
    /// `InlineAttrs`. `rcx` is scratch.
    fn attr_read_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts, a: crate::InlineAttrs, preserve: &[Loc]) {
        let count_off = rc.offset;
        let (slow, done) = (self.e.label(), self.e.label());
        self.hinted_value_cell(rc, a, RDX, RCX, None, slow);
        emit!(self.e; mov rax, QWORD [rcx]);
        self.count_change_check(rc, RAX, RCX, false, done, slow);
        emit!(self.e
            ; add QWORD [rax + count_off], 1
            ; jmp =>done
            ; =>slow);
        self.preserving_call(target, preserve);
        emit!(self.e; =>done);
    }

    /// The object is in `rdi`, the name in `rsi` and the hint in `rdx`, as
    /// the helper takes them (all three kept for the call); see `InlineAttrs`.
    fn attr_absent_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts, a: crate::InlineAttrs, preserve: &[Loc]) {
        let (first, last) = (a.shapes.0 as i32, a.shapes.1 as i32);
        let (slow, absent, done) = (self.e.label(), self.e.label(), self.e.label());
        self.hinted_dict(rc, a, RDX, absent, slow);
        emit!(self.e
            ; cmp r11d, first
            ; jb =>slow
            ; cmp r11d, last
            ; ja =>slow
            ; =>absent
            ; xor eax, eax
            ; jmp =>done
            ; =>slow);
        self.preserving_call(target, preserve);
        emit!(self.e; =>done);
    }

    /// The old value of a cell just written, in `rax`: counted one down by
    /// a plain instruction, or, when that would free it (or it needs the
    /// atomic path), released by the decref helper. Ends at `done`; `rdi`,
    /// `r11` and `mask` are clobbered.
    fn release_old(&mut self, rc: crate::InlineRefcounts, mask: u8, preserve: &[Loc], done: DynamicLabel) {
        let count_off = rc.offset;
        let release = self.e.label();
        self.count_change_check(rc, RAX, mask, true, done, release);
        emit!(self.e
            ; sub QWORD [rax + count_off], 1
            ; jmp =>done
            ; =>release
            ; mov rdi, rax);
        self.preserving_call(rc.decref, preserve);
        emit!(self.e; jmp =>done);
    }

    /// The object is in `rdi`, the cell offset in `rsi` and the (consumed)
    /// value in `rdx`, as the helper takes them; see `InlineAttrs`. The old
    /// value is released after the store (`release_old`). `rcx` is scratch.
    fn slot_write_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts, preserve: &[Loc]) {
        let flag = rc.threads_flag as i64;
        let (slow, done) = (self.e.label(), self.e.label());
        emit!(self.e
            ; mov r11, QWORD flag
            ; cmp BYTE [r11], 0
            ; jne =>slow
            ; mov rax, QWORD [rdi + rsi]
            ; mov QWORD [rdi + rsi], rdx
            ; test rax, rax
            ; jz =>done);
        self.release_old(rc, RCX, preserve, done);
        emit!(self.e; =>slow);
        self.preserving_call(target, preserve);
        emit!(self.e; =>done);
    }

    /// The object is in `rdi`, the name in `rsi`, the value in `rdx` and the
    /// hint in `rcx`, as the helper takes them (all four kept for the call);
    /// see `InlineAttrs`. `r8` holds the entry's value cell, `r9` masks. The
    /// new value is checked before anything is written; the old one is
    /// released after the store (`release_old`).
    fn attr_write_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts, a: crate::InlineAttrs, preserve: &[Loc]) {
        let count_off = rc.offset;
        let (slow, new_ok, stored, done) = (self.e.label(), self.e.label(), self.e.label(), self.e.label());
        self.hinted_value_cell(rc, a, RCX, 8, Some(RDX), slow);
        self.count_change_check(rc, RDX, 9, false, new_ok, slow);
        emit!(self.e
            ; add QWORD [rdx + count_off], 1
            ; =>new_ok
            ; mov rax, QWORD [r8]
            ; mov QWORD [r8], rdx);
        self.release_old(rc, 9, preserve, stored);
        emit!(self.e; =>slow);
        self.preserving_call(target, preserve);
        emit!(self.e
            ; jmp =>done
            ; =>stored
            ; xor eax, eax
            ; =>done);
    }

    /// The object is in `rdi`, as the helper takes it; see `InlineUnboxInt`.
    fn unbox_int_fast_path(&mut self, target: u64, u: crate::InlineUnboxInt, preserve: &[Loc]) {
        let type_off = self.opts.layout.type_offset;
        let (int_type, tag) = (u.int_type as i64, u.tag as i64);
        let (tag_off, limb_off, sign_off) = (u.tag_offset, u.limb_offset, u.sign_offset);
        emit!(self.e
            ; mov r11, QWORD int_type
            ; cmp QWORD [rdi + type_off], r11
            ; jne >slow
            ; mov r11, QWORD tag
            ; cmp QWORD [rdi + tag_off], r11
            ; jne >slow
            ; mov rax, QWORD [rdi + limb_off]
            ; test rax, rax
            ; js >slow
            ; cmp BYTE [rdi + sign_off], 0
            ; jne >done
            ; neg rax
            ; jmp >done
            ; slow:);
        self.preserving_call(target, preserve);
        emit!(self.e; done:);
    }

    /// `x` is in `xmm0` and `y` in `xmm1`, as the helper takes them; see
    /// `InlineSqrtPow` for when the result is `sqrt(x)` without a call.
    /// `xmm15` holds the root, `xmm2` the bound, `xmm1` the residual (then
    /// 0.5 again for the call).
    fn sqrt_pow_fast_path(&mut self, target: u64, preserve: &[Loc]) {
        let half = 0.5f64.to_bits() as i64;
        let lowest = InlineSqrtPow::LOWEST.to_bits() as i64;
        let highest = InlineSqrtPow::HIGHEST.to_bits() as i64;
        let scale = (InlineSqrtPow::RESIDUAL_BOUND * f64::EPSILON).to_bits() as i64;
        emit!(self.e
            ; mov r11, QWORD half
            ; movq xmm15, r11
            ; ucomisd xmm1, xmm15
            ; jne >slow
            ; jp >slow
            ; mov r11, QWORD lowest
            ; movq xmm15, r11
            ; ucomisd xmm0, xmm15
            ; jb >slow
            ; mov r11, QWORD highest
            ; movq xmm15, r11
            ; ucomisd xmm15, xmm0
            ; jb >slow
            ; sqrtsd xmm15, xmm0
            ; movq r11, xmm15
            ; shl r11, 12
            ; jz >slow
            ; movq r11, xmm15
            ; shr r11, 52
            ; shl r11, 52
            ; movq xmm2, r11
            ; mulsd xmm2, xmm15
            ; mov r11, QWORD scale
            ; movq xmm1, r11
            ; mulsd xmm2, xmm1
            ; movapd xmm1, xmm0
            ; vfmsub231sd xmm1, xmm15, xmm15
            ; movq r11, xmm1
            ; shl r11, 1
            ; shr r11, 1
            ; movq xmm1, r11
            ; ucomisd xmm2, xmm1
            ; jb >restore
            ; movapd xmm0, xmm15
            ; jmp >done
            ; restore:
            ; mov r11, QWORD half
            ; movq xmm1, r11
            ; slow:);
        self.preserving_call(target, preserve);
        emit!(self.e; done:);
    }

    /// `label`: the preamble's values move to the loop proper's params (a free
    /// register each, else a stack slot), where the loop's own `jump` puts them
    /// again. Nothing the preamble holds is live past it (the verifier checks).
    pub fn label(&mut self, op: &Op) -> R {
        let srcs: Vec<Src> = op.args.iter().map(|&a| self.source(a)).collect::<Result<_, _>>()?;
        self.ra.release_all();
        let mut dsts = Vec::with_capacity(self.t.label.len());
        for &p in &self.t.label {
            let class = self.ra.class_of(p);
            let order = RegAlloc::order_for(class, self.live.spans_call(p));
            let free = order.iter().map(|&n| Loc::reg(class, n)).find(|&r| self.ra.owner(r).is_none());
            let loc = match free {
                Some(r) => {
                    self.ra.assign(p, r);
                    r
                }
                None => Loc::Stack(self.ra.place_on_stack(p)),
            };
            dsts.push(loc);
        }
        let moves: Vec<Move> = srcs.into_iter().zip(&dsts).map(|(src, &dst)| Move { src, dst }).collect();
        for m in sequentialize(&moves, Loc::Stack(self.frame.temp)) {
            self.e.step(&m);
        }
        self.label_locs = dsts;
        let body = self.body_head;
        self.e.bind(body);
        self.ra.clear_pins();
        for &p in &self.t.label {
            if self.live.last_use[p.index()].is_none() {
                self.ra.release(p);
            }
        }
        self.hint_jump_args();
        Ok(())
    }

    pub fn jump(&mut self, op: &Op) -> R {
        let peeled = !self.t.label.is_empty();
        let mut moves = Vec::with_capacity(op.args.len());
        for (k, &a) in op.args.iter().enumerate() {
            moves.push(Move {
                src: self.source(a)?,
                dst: if peeled { self.label_locs[k] } else { self.head_locs[k] },
            });
        }
        for m in sequentialize(&moves, Loc::Stack(self.frame.temp)) {
            self.e.step(&m);
        }
        if peeled {
            let body = self.body_head;
            emit!(self.e; jmp =>body);
            return Ok(());
        }
        match &self.bridge {
            None => {
                let head = self.loop_head;
                emit!(self.e; jmp =>head);
            }
            Some(b) => {
                // Back to the root loop's frame and head (in another code buffer,
                // possibly out of rel32 range: jump through the literal pool).
                let below_root = b.below_root;
                let head = self.e.pool(b.head_addr);
                if below_root > 0 {
                    emit!(self.e; add rsp, below_root);
                }
                emit!(self.e; jmp QWORD [=>head]);
            }
        }
        Ok(())
    }
}
