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

use crate::codegen::Codegen;
use crate::emit::emit;
use crate::moves::{sequentialize, Move, Src};
use crate::regs::*;
use crate::CompileError;
use dynasmrt::{DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Operand, Type, ValueId};

type R = Result<(), CompileError>;

/// A helper call that runs an inline fast path first (see `CompileOptions`).
#[derive(Clone, Copy)]
enum FastPath {
    Refcount(crate::InlineRefcounts),
    FloatStore(crate::InlineFloatStore),
}

impl Codegen<'_> {
    pub fn call(&mut self, op: &Op) -> R {
        let f = op
            .func
            .ok_or_else(|| CompileError::Internal("call without a function".into()))?;
        let desc = self.t.func(f);
        let fast = match (self.opts.refcounts, self.opts.float_store) {
            (Some(rc), _) if [rc.incref, rc.decref].contains(&desc.addr) => Some(FastPath::Refcount(rc)),
            (_, Some(fs)) if desc.addr == fs.store => Some(FastPath::FloatStore(fs)),
            _ => None,
        };
        self.emit_call_with(desc.addr, &op.args, &desc.args, desc.ret, op.result, fast)
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
        self.emit_call_with(target, args, arg_types, ret, result, None)
    }

    /// A call; with `fast`, a call of a helper that runs a fast path first
    /// (the registers are set up as for the call, so both paths leave the
    /// same state).
    fn emit_call_with(
        &mut self,
        target: u64,
        args: &[Operand],
        arg_types: &[Type],
        ret: Type,
        result: Option<ValueId>,
        fast: Option<FastPath>,
    ) -> R {
        self.ra.clear_pins();
        for v in self.ra.in_caller_saved() {
            if self.live.live_after(v, self.cur) {
                self.ra.save_across_call(&mut self.e, v);
            }
        }
        let (dsts, _) = call_arg_locations(arg_types);
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
        match fast {
            Some(FastPath::Refcount(rc)) => self.refcount_fast_path(target, rc),
            Some(FastPath::FloatStore(fs)) => self.float_store_fast_path(target, fs),
            None => {
                let target = target as i64;
                emit!(self.e
                    ; mov Rq(R11), QWORD target
                    ; call Rq(R11));
            }
        }
        for v in self.ra.in_caller_saved() {
            self.ra.unassign(v);
        }
        if let Some(r) = result {
            let loc = if ret == Type::F64 {
                Loc::Xmm(0)
            } else {
                Loc::Gpr(RAX)
            };
            self.ra.assign(r, loc);
        }
        Ok(())
    }

    /// The object is in `rdi`, as the helper takes it. Immortal objects are
    /// left alone; with one thread running Python (`threads_flag` clear), a
    /// count of 1..max goes up by one (incref), one above 1 goes down by one
    /// (decref), with plain instructions; anything else calls the helper. `rax`
    /// ends holding the object, as `incref` returns it.
    fn refcount_fast_path(&mut self, target: u64, rc: crate::InlineRefcounts) {
        let off = rc.offset;
        let inc = target == rc.incref;
        emit!(self.e
            ; mov rax, QWORD [rdi + off]
            ; mov r11, QWORD rc.immortal_mask as i64
            ; test rax, r11
            ; jnz >fast
            ; mov r11, QWORD rc.threads_flag as i64
            ; cmp BYTE [r11], 0
            ; jne >slow
            ; mov r11, QWORD rc.slow_mask as i64
            ; test rax, r11
            ; jnz >slow
            ; mov r11, QWORD rc.count_mask as i64
            ; and rax, r11);
        if inc {
            emit!(self.e
                ; test rax, rax
                ; jz >slow
                ; cmp rax, r11
                ; jae >slow
                ; add QWORD [rdi + off], 1);
        } else {
            emit!(self.e
                ; cmp rax, 1
                ; jbe >slow
                ; sub QWORD [rdi + off], 1);
        }
        let target = target as i64;
        emit!(self.e
            ; fast:
            ; mov rax, rdi
            ; jmp >done
            ; slow:
            ; mov Rq(R11), QWORD target
            ; call Rq(R11)
            ; done:);
    }

    /// The item array is in `rdi`, the index in `rsi` and the value in
    /// `xmm0`, as the helper takes them. An old item that is an exact float
    /// with a count word of exactly 1 takes the value in place (the result,
    /// "no code ran", is 0); anything else calls the helper.
    fn float_store_fast_path(&mut self, target: u64, fs: crate::InlineFloatStore) {
        let layout = self.opts.layout;
        let (type_off, payload_off) = (layout.type_offset, layout.float_payload_offset);
        let (count_off, float_type, target) = (fs.count_offset, fs.float_type as i64, target as i64);
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
            ; slow:
            ; mov Rq(R11), QWORD target
            ; call Rq(R11)
            ; done:);
    }

    pub fn jump(&mut self, op: &Op) -> R {
        let mut moves = Vec::with_capacity(op.args.len());
        for (k, &a) in op.args.iter().enumerate() {
            moves.push(Move {
                src: self.source(a)?,
                dst: self.head_locs[k],
            });
        }
        for m in sequentialize(&moves, Loc::Stack(self.frame.temp)) {
            self.e.step(&m);
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
