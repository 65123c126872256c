//! Lowering of guards and of inline memory access: truth and null guards, equality,
//! identity and bounds guards, class guards (type pointer read at
//! `ObjLayout::type_offset`), `load_type`, `unbox_float`, `load_field`, `store_field`,
//! `load_indexed` and `store_indexed` (`[base + index * 8 + offset]`).

use crate::codegen::{Arg, Codegen};
use crate::emit::emit;
use crate::regs::*;
use crate::CompileError;
use dynasmrt::{DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Opcode, Operand, Type};

type R = Result<(), CompileError>;

impl Codegen<'_> {
    /// `guard_true`, `guard_false`, `guard_nonnull`.
    pub fn guard_truth(&mut self, op: &Op) -> R {
        let a = op.args[0];
        let want_nonzero = op.opcode != Opcode::GuardFalse;
        let arg = self.gpr_arg(a)?;
        let exit = self.exit_label(self.cur)?;
        match arg {
            Arg::Reg(r) => emit!(self.e; test Rq(r), Rq(r)),
            Arg::Mem(o) => emit!(self.e; cmp QWORD [rsp + o], 0),
            Arg::Imm(_) | Arg::Pool(_) => {
                if (self.bits(a) != 0) != want_nonzero {
                    self.jmp(exit);
                }
                return Ok(());
            }
        }
        if want_nonzero {
            emit!(self.e; jz =>exit);
        } else {
            emit!(self.e; jnz =>exit);
        }
        Ok(())
    }

    /// `guard_no_interrupt`: exit when a request bit is set or the count
    /// reached its limit. The count (objects the collector tracks) only grows
    /// through calls, so a trace without calls tests the bits alone: one load
    /// and a branch that is almost never taken. Otherwise `rax` is saved
    /// around the second compare (only `r11` is scratch).
    pub fn guard_no_interrupt(&mut self) -> R {
        let exit = self.exit_label(self.cur)?;
        let Some(check) = self.opts.interrupts else { return Ok(()) };
        emit!(self.e
            ; mov r11, QWORD check.flag as i64
            ; test BYTE [r11], check.mask as i8
            ; jnz =>exit);
        if !self.t.ops.iter().any(|op| op.opcode == Opcode::Call) {
            return Ok(());
        }
        emit!(self.e
            ; mov r11, QWORD check.count as i64
            ; mov r11, QWORD [r11]
            ; push rax
            ; mov rax, QWORD check.limit as i64
            ; cmp r11, QWORD [rax]
            ; pop rax
            ; jae =>exit);
        Ok(())
    }

    /// `exit`: leave through the snapshot, always (the end of a bridge into another
    /// loop).
    pub fn exit_always(&mut self) -> R {
        let exit = self.exit_label(self.cur)?;
        self.jmp(exit);
        Ok(())
    }

    /// `guard_eq_i64`, `guard_identity` (exit when different) and `guard_bounds`
    /// (exit unless `0 <= idx < len`, signed).
    pub fn guard_compare(&mut self, op: &Op) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        let bounds = op.opcode == Opcode::GuardBounds;
        let constant_outcome = match (a, b) {
            _ if a.is_const() && b.is_const() => {
                let (x, y) = (self.bits(a), self.bits(b));
                Some(if bounds {
                    (x as i64) >= 0 && (x as i64) < (y as i64)
                } else {
                    x == y
                })
            }
            (Operand::Int(idx), _) if bounds && idx < 0 => Some(false),
            (_, Operand::Int(len)) if bounds && len <= 0 => Some(false),
            _ => None,
        };
        if let Some(holds) = constant_outcome {
            let exit = self.exit_label(self.cur)?;
            if !holds {
                self.jmp(exit);
            }
            return Ok(());
        }
        // The first compare operand must be a register unless the second is one.
        let (first, second, swapped) = if a.is_const() {
            (b, a, true)
        } else {
            (a, b, false)
        };
        let mut x = self.gpr_arg(first)?;
        let y = self.gpr_arg(second)?;
        if matches!(x, Arg::Mem(_)) && matches!(y, Arg::Mem(_) | Arg::Pool(_)) {
            x = Arg::Reg(self.gpr_reg(first)?);
        }
        let exit = self.exit_label(self.cur)?;
        match x {
            Arg::Reg(r) => match y {
                Arg::Reg(s) => emit!(self.e; cmp Rq(r), Rq(s)),
                Arg::Mem(o) => emit!(self.e; cmp Rq(r), QWORD [rsp + o]),
                Arg::Imm(k) => emit!(self.e; cmp Rq(r), DWORD k),
                Arg::Pool(l) => emit!(self.e; cmp Rq(r), QWORD [=>l]),
            },
            Arg::Mem(o) => match y {
                Arg::Reg(s) => emit!(self.e; cmp QWORD [rsp + o], Rq(s)),
                Arg::Imm(k) => emit!(self.e; cmp QWORD [rsp + o], DWORD k),
                _ => return Err(CompileError::Internal("memory compared with memory".into())),
            },
            _ => return Err(CompileError::Internal("constant first operand".into())),
        }
        if !bounds {
            emit!(self.e; jne =>exit);
            return Ok(());
        }
        match (swapped, b) {
            // constant idx >= 0 compared as `len ? idx`: exit if len <= idx
            (true, _) => emit!(self.e; jle =>exit),
            // constant len > 0: one unsigned compare covers idx < 0
            (false, Operand::Int(_)) => emit!(self.e; jae =>exit),
            // both variable: idx < len (signed), then idx >= 0
            (false, _) => {
                emit!(self.e; jge =>exit);
                match x {
                    Arg::Reg(r) => emit!(self.e; test Rq(r), Rq(r) ; js =>exit),
                    Arg::Mem(o) => emit!(self.e; cmp QWORD [rsp + o], 0 ; jl =>exit),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    pub fn guard_class(&mut self, op: &Op) -> R {
        let (obj, class) = (op.args[0], op.args[1]);
        let o = self.gpr_reg(obj)?;
        let c = self.gpr_arg(class)?;
        let exit = self.exit_label(self.cur)?;
        let off = self.opts.layout.type_offset;
        emit!(self.e; mov Rq(R11), QWORD [Rq(o) + off]);
        match c {
            Arg::Reg(s) => emit!(self.e; cmp Rq(R11), Rq(s)),
            Arg::Mem(m) => emit!(self.e; cmp Rq(R11), QWORD [rsp + m]),
            Arg::Imm(k) => emit!(self.e; cmp Rq(R11), DWORD k),
            Arg::Pool(l) => emit!(self.e; cmp Rq(R11), QWORD [=>l]),
        }
        emit!(self.e; jne =>exit);
        Ok(())
    }

    /// `load_type`, `unbox_float`, `load_field`: one load from `[obj + offset]`.
    pub fn load(&mut self, op: &Op) -> R {
        let obj = op.args[0];
        let off = match op.opcode {
            Opcode::LoadType => self.opts.layout.type_offset,
            Opcode::UnboxFloat => self.opts.layout.float_payload_offset,
            _ => field_offset(self.cur, op)?,
        };
        let o = self.gpr_reg(obj)?;
        let r = self.result(op)?;
        if op.ty == Type::F64 {
            let d = self.def_xmm(r, None)?;
            emit!(self.e; movsd Rx(d), QWORD [Rq(o) + off]);
        } else {
            let d = self.def_gpr(r, Some(obj))?;
            emit!(self.e; mov Rq(d), QWORD [Rq(o) + off]);
        }
        Ok(())
    }

    pub fn store_field(&mut self, op: &Op) -> R {
        let (obj, value) = (op.args[0], op.args[1]);
        let off = field_offset(self.cur, op)?;
        let o = self.gpr_reg(obj)?;
        match value {
            Operand::Value(v) => match self.ra.loc(v)? {
                Loc::Gpr(s) => emit!(self.e; mov QWORD [Rq(o) + off], Rq(s)),
                Loc::Xmm(s) => emit!(self.e; movsd QWORD [Rq(o) + off], Rx(s)),
                Loc::Stack(m) => emit!(self.e
                    ; mov Rq(R11), QWORD [rsp + m]
                    ; mov QWORD [Rq(o) + off], Rq(R11)),
            },
            c => {
                let bits = self.bits(c);
                match i32::try_from(bits as i64) {
                    Ok(k) => emit!(self.e; mov QWORD [Rq(o) + off], DWORD k),
                    Err(_) => {
                        self.e.gpr_imm(R11, bits);
                        emit!(self.e; mov QWORD [Rq(o) + off], Rq(R11));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The address of an indexed access: `[base + disp]` (constant index) or
/// `[base + index * 8 + disp]`.
#[derive(Clone, Copy)]
enum Addr {
    Disp(u8, i32),
    Sib(u8, u8, i32),
}

impl Codegen<'_> {
    /// Registers for the address `base + index * 8 + offset` of the current op. A
    /// constant index goes into the displacement when the sum fits in 32 bits, else
    /// into a register.
    fn indexed_addr(&mut self, op: &Op) -> Result<Addr, CompileError> {
        let (base, index) = (op.args[0], op.args[1]);
        let off = field_offset(self.cur, op)?;
        let b = self.gpr_reg(base)?;
        if let Operand::Int(k) = index {
            let disp = k
                .checked_mul(8)
                .and_then(|x| x.checked_add(off as i64))
                .and_then(|x| i32::try_from(x).ok());
            if let Some(d) = disp {
                return Ok(Addr::Disp(b, d));
            }
        }
        let i = self.gpr_reg(index)?;
        Ok(Addr::Sib(b, i, off))
    }

    /// `prefetch base, index`.
    pub fn prefetch(&mut self, op: &Op) -> R {
        match self.indexed_addr(op)? {
            Addr::Disp(b, o) => emit!(self.e; prefetcht0 [Rq(b) + o]),
            Addr::Sib(b, i, o) => emit!(self.e; prefetcht0 [Rq(b) + Rq(i) * 8 + o]),
        }
        Ok(())
    }

    /// `vN:ty = load_indexed base, index, offset`.
    pub fn load_indexed(&mut self, op: &Op) -> R {
        let addr = self.indexed_addr(op)?;
        let r = self.result(op)?;
        if op.ty == Type::F64 {
            let d = self.def_xmm(r, None)?;
            match addr {
                Addr::Disp(b, o) => emit!(self.e; movsd Rx(d), QWORD [Rq(b) + o]),
                Addr::Sib(b, i, o) => emit!(self.e; movsd Rx(d), QWORD [Rq(b) + Rq(i) * 8 + o]),
            }
        } else {
            let d = self.def_gpr(r, Some(op.args[0]))?;
            match addr {
                Addr::Disp(b, o) => emit!(self.e; mov Rq(d), QWORD [Rq(b) + o]),
                Addr::Sib(b, i, o) => emit!(self.e; mov Rq(d), QWORD [Rq(b) + Rq(i) * 8 + o]),
            }
        }
        Ok(())
    }

    /// `store_indexed base, index, value, offset`.
    pub fn store_indexed(&mut self, op: &Op) -> R {
        let addr = self.indexed_addr(op)?;
        // Where the value is, asked after the address registers were allocated (that
        // may have moved it to its stack slot).
        let src = match op.args[2] {
            Operand::Value(v) => match self.ra.loc(v)? {
                Loc::Stack(m) => {
                    emit!(self.e; mov Rq(R11), QWORD [rsp + m]);
                    Loc::Gpr(R11)
                }
                l => l,
            },
            c => {
                let bits = self.bits(c);
                match i32::try_from(bits as i64) {
                    Ok(k) => {
                        match addr {
                            Addr::Disp(b, o) => emit!(self.e; mov QWORD [Rq(b) + o], DWORD k),
                            Addr::Sib(b, i, o) => {
                                emit!(self.e; mov QWORD [Rq(b) + Rq(i) * 8 + o], DWORD k)
                            }
                        }
                        return Ok(());
                    }
                    Err(_) => {
                        self.e.gpr_imm(R11, bits);
                        Loc::Gpr(R11)
                    }
                }
            }
        };
        match (src, addr) {
            (Loc::Gpr(s), Addr::Disp(b, o)) => emit!(self.e; mov QWORD [Rq(b) + o], Rq(s)),
            (Loc::Gpr(s), Addr::Sib(b, i, o)) => {
                emit!(self.e; mov QWORD [Rq(b) + Rq(i) * 8 + o], Rq(s))
            }
            (Loc::Xmm(s), Addr::Disp(b, o)) => emit!(self.e; movsd QWORD [Rq(b) + o], Rx(s)),
            (Loc::Xmm(s), Addr::Sib(b, i, o)) => {
                emit!(self.e; movsd QWORD [Rq(b) + Rq(i) * 8 + o], Rx(s))
            }
            (Loc::Stack(_), _) => {
                return Err(CompileError::Internal("store from memory to memory".into()))
            }
        }
        Ok(())
    }
}

fn field_offset(i: usize, op: &Op) -> Result<i32, CompileError> {
    i32::try_from(op.imm).map_err(|_| CompileError::Unsupported {
        op: i,
        opcode: op.opcode.name(),
        reason: "field offset does not fit in 32 bits",
    })
}
