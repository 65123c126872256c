//! Lowering of i64 ops: arithmetic (with `jo` overflow exits), shifts, Python floor
//! division and modulo (shifts and masks for powers of two), compares (fused with a following guard when possible),
//! `bool_not` and `int_to_f64`.

use crate::codegen::{Arg, Codegen};
use crate::emit::{emit, Cc};
use crate::regs::*;
use crate::CompileError;
use dynasmrt::{DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Opcode, Operand};

type R = Result<(), CompileError>;

/// `mnemonic reg, arg` for the four operand forms.
macro_rules! alu {
    ($cg:expr, $mn:ident, $d:expr, $src:expr) => {
        match $src {
            Arg::Reg(s) => emit!($cg.e; $mn Rq($d), Rq(s)),
            Arg::Mem(o) => emit!($cg.e; $mn Rq($d), QWORD [rsp + o]),
            Arg::Imm(k) => emit!($cg.e; $mn Rq($d), DWORD k),
            Arg::Pool(l) => emit!($cg.e; $mn Rq($d), QWORD [=>l]),
        }
    };
}

pub fn int_cc(opcode: Opcode) -> Cc {
    match opcode {
        Opcode::IntLt => Cc::L,
        Opcode::IntLe => Cc::Le,
        Opcode::IntEq | Opcode::PtrEq => Cc::E,
        Opcode::IntNe | Opcode::PtrNe => Cc::Ne,
        Opcode::IntGt => Cc::G,
        _ => Cc::Ge,
    }
}

impl Codegen<'_> {
    pub fn int_binary(&mut self, op: &Op) -> R {
        use Opcode::*;
        let guarded = op.guard.is_some();
        let (mut a, mut b) = (op.args[0], op.args[1]);
        let commutative = matches!(
            op.opcode,
            IntAdd | IntMul | IntAnd | IntOr | IntXor | IntAddOvf | IntMulOvf
        );
        if commutative
            && ((a.is_const() && !b.is_const()) || (!self.reusable(a) && self.reusable(b)))
        {
            std::mem::swap(&mut a, &mut b);
        }
        let src = self.gpr_arg(b)?;
        let d = self.def_gpr(self.result(op)?, Some(a))?;
        let exit = if guarded {
            Some(self.exit_label(self.cur)?)
        } else {
            None
        };
        self.load_gpr(d, a)?;
        match op.opcode {
            IntAdd | IntAddOvf => alu!(self, add, d, src),
            IntSub | IntSubOvf => alu!(self, sub, d, src),
            IntAnd => alu!(self, and, d, src),
            IntOr => alu!(self, or, d, src),
            IntXor => alu!(self, xor, d, src),
            _ => match src {
                Arg::Reg(s) => emit!(self.e; imul Rq(d), Rq(s)),
                Arg::Mem(o) => emit!(self.e; imul Rq(d), QWORD [rsp + o]),
                Arg::Imm(k) => emit!(self.e; imul Rq(d), Rq(d), DWORD k),
                Arg::Pool(l) => emit!(self.e; imul Rq(d), QWORD [=>l]),
            },
        }
        if let Some(l) = exit {
            emit!(self.e; jo =>l);
        }
        Ok(())
    }

    pub fn int_neg(&mut self, op: &Op) -> R {
        let a = op.args[0];
        let d = self.def_gpr(self.result(op)?, Some(a))?;
        let exit = self.exit_label(self.cur)?;
        self.load_gpr(d, a)?;
        emit!(self.e; neg Rq(d) ; jo =>exit);
        Ok(())
    }

    /// Python `a << b`: exits on a negative count or when the result does not fit
    /// (`0 << n` is 0 for any count >= 0).
    pub fn int_lshift(&mut self, op: &Op) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        let r = self.result(op)?;
        if let Operand::Int(k) = b {
            let a_arg = self.gpr_arg(a)?;
            let d = self.def_gpr(r, None)?;
            let exit = self.exit_label(self.cur)?;
            if k < 0 {
                self.jmp(exit);
            } else if k >= 64 {
                self.exit_unless_zero(a, a_arg, exit);
            } else {
                let k = k as i8;
                self.load_gpr(d, a)?;
                emit!(self.e
                    ; shl Rq(d), BYTE k
                    ; mov Rq(R11), Rq(d)
                    ; sar Rq(R11), BYTE k);
                alu!(self, cmp, R11, a_arg);
                emit!(self.e; jne =>exit);
                return Ok(());
            }
            self.e.gpr_imm(d, 0);
            return Ok(());
        }
        self.ra.take(&mut self.e, &[Loc::Gpr(RCX)])?;
        let a_arg = self.gpr_arg(a)?;
        let b_arg = self.gpr_arg(b)?;
        let d = self.def_gpr(r, None)?;
        let exit = self.exit_label(self.cur)?;
        self.load_arg(RCX, b_arg);
        emit!(self.e
            ; cmp rcx, 63
            ; jbe >shift
            ; test rcx, rcx
            ; js =>exit);
        self.exit_unless_zero(a, a_arg, exit);
        self.e.gpr_imm(d, 0);
        emit!(self.e; jmp >done ; shift:);
        self.load_gpr(d, a)?;
        emit!(self.e
            ; shl Rq(d), cl
            ; mov Rq(R11), Rq(d)
            ; sar Rq(R11), cl);
        alu!(self, cmp, R11, a_arg);
        emit!(self.e; jne =>exit ; done:);
        Ok(())
    }

    fn exit_unless_zero(&mut self, a: Operand, a_arg: Arg, exit: dynasmrt::DynamicLabel) {
        match a_arg {
            Arg::Reg(s) => emit!(self.e; test Rq(s), Rq(s) ; jnz =>exit),
            Arg::Mem(o) => emit!(self.e; cmp QWORD [rsp + o], 0 ; jnz =>exit),
            Arg::Imm(_) | Arg::Pool(_) => {
                if self.bits(a) != 0 {
                    self.jmp(exit);
                }
            }
        }
    }

    /// Python `a >> b`: counts of 64 or more act like 63; a negative count exits.
    pub fn int_rshift(&mut self, op: &Op) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        let r = self.result(op)?;
        if let Operand::Int(k) = b {
            let d = self.def_gpr(r, Some(a))?;
            if k < 0 {
                let exit = self.exit_label(self.cur)?;
                self.jmp(exit);
                self.e.gpr_imm(d, 0);
                return Ok(());
            }
            if op.guard.is_some() {
                self.exit_label(self.cur)?; // cannot fail; the stub still exists
            }
            self.load_gpr(d, a)?;
            let k = k.min(63) as i8;
            emit!(self.e; sar Rq(d), BYTE k);
            return Ok(());
        }
        self.ra.take(&mut self.e, &[Loc::Gpr(RCX)])?;
        let b_arg = self.gpr_arg(b)?;
        let d = self.def_gpr(r, Some(a))?;
        let exit = match op.guard {
            Some(_) => Some(self.exit_label(self.cur)?),
            None => None,
        };
        self.load_arg(RCX, b_arg);
        if let Some(exit) = exit {
            emit!(self.e; test rcx, rcx ; js =>exit);
        }
        emit!(self.e
            ; cmp rcx, 63
            ; jbe >ok
            ; mov ecx, 63
            ; ok:);
        self.load_gpr(d, a)?;
        emit!(self.e; sar Rq(d), cl);
        Ok(())
    }

    fn load_arg(&mut self, d: u8, a: Arg) {
        match a {
            Arg::Reg(s) => self.e.mov(Loc::Gpr(d), Loc::Gpr(s)),
            Arg::Mem(o) => self.e.mov(Loc::Gpr(d), Loc::Stack(o)),
            Arg::Imm(k) => self.e.gpr_imm(d, k as i64 as u64),
            Arg::Pool(l) => emit!(self.e; mov Rq(d), QWORD [=>l]),
        }
    }

    /// Python `//` and `%` with `idiv`: the quotient is rounded down and the remainder
    /// takes the divisor's sign. Exits on a zero divisor and on `MIN // -1`. A
    /// constant divisor that is a positive power of two takes `int_divmod_pow2`.
    pub fn int_divmod(&mut self, op: &Op) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        if let Some(k) = b.as_int().filter(|&d| d > 0 && d & (d - 1) == 0) {
            return self.int_divmod_pow2(op, k);
        }
        let floordiv = op.opcode == Opcode::IntFloorDiv;
        let r = self.result(op)?;
        self.ra.take(&mut self.e, &[Loc::Gpr(RAX), Loc::Gpr(RDX)])?;
        let divisor = self.gpr_reg(b)?;
        let exit = match op.guard {
            Some(_) => Some(self.exit_label(self.cur)?),
            None => None,
        };
        self.load_gpr(RAX, a)?;
        let known = b.as_int();
        if let Some(exit) = exit {
            match known {
                Some(0) => self.jmp(exit),
                Some(_) => {}
                None => emit!(self.e; test Rq(divisor), Rq(divisor) ; jz =>exit),
            }
            if floordiv && (known.is_none() || known == Some(-1)) {
                let min = i64::MIN;
                if known.is_none() {
                    emit!(self.e; cmp Rq(divisor), -1 ; jne >ok);
                }
                emit!(self.e
                    ; mov Rq(R11), QWORD min
                    ; cmp rax, Rq(R11)
                    ; je =>exit
                    ; ok:);
            }
        }
        if !floordiv && (known.is_none() || known == Some(-1)) {
            // MIN % -1 traps in idiv; every x % -1 is 0.
            emit!(self.e
                ; cmp Rq(divisor), -1
                ; jne >divide
                ; xor edx, edx
                ; jmp >done
                ; divide:);
        }
        emit!(self.e
            ; cqo
            ; idiv Rq(divisor)
            ; test rdx, rdx
            ; jz >done
            ; mov Rq(R11), rdx
            ; xor Rq(R11), Rq(divisor)
            ; jns >done);
        if floordiv {
            emit!(self.e; sub rax, 1);
        } else {
            emit!(self.e; add rdx, Rq(divisor));
        }
        emit!(self.e; done:);
        let out = if floordiv { RAX } else { RDX };
        self.ra.assign(r, Loc::Gpr(out));
        Ok(())
    }

    /// Python `a // 2**n` is `a >> n` (arithmetic: it rounds down) and `a % 2**n` is
    /// `a & (2**n - 1)` (the remainder of a positive divisor is >= 0); neither can
    /// exit.
    fn int_divmod_pow2(&mut self, op: &Op, divisor: i64) -> R {
        let a = op.args[0];
        let d = self.def_gpr(self.result(op)?, Some(a))?;
        if op.guard.is_some() {
            self.exit_label(self.cur)?; // cannot fail; the stub still exists
        }
        self.load_gpr(d, a)?;
        if op.opcode == Opcode::IntFloorDiv {
            let n = divisor.trailing_zeros() as i8;
            if n > 0 {
                emit!(self.e; sar Rq(d), BYTE n);
            }
        } else {
            let mask = divisor - 1;
            match i32::try_from(mask) {
                Ok(m) => emit!(self.e; and Rq(d), DWORD m),
                Err(_) => {
                    self.e.gpr_imm(R11, mask as u64);
                    emit!(self.e; and Rq(d), Rq(R11));
                }
            }
        }
        Ok(())
    }

    /// Emits `cmp a, b` and returns the condition for "compare is true" (swapped if
    /// the operands had to be swapped).
    fn int_cmp(&mut self, mut a: Operand, mut b: Operand, mut cc: Cc) -> Result<Cc, CompileError> {
        if a.is_const() && !b.is_const() {
            std::mem::swap(&mut a, &mut b);
            cc = cc.swap();
        }
        let b_arg = self.gpr_arg(b)?;
        let mut a_arg = self.gpr_arg(a)?;
        if matches!(a_arg, Arg::Imm(_) | Arg::Pool(_))
            || (matches!(a_arg, Arg::Mem(_)) && matches!(b_arg, Arg::Mem(_) | Arg::Pool(_)))
        {
            a_arg = Arg::Reg(self.gpr_reg(a)?);
        }
        self.cmp_args(a_arg, b_arg);
        Ok(cc)
    }

    fn cmp_args(&mut self, a: Arg, b: Arg) {
        match a {
            Arg::Reg(r) => alu!(self, cmp, r, b),
            Arg::Mem(o) => match b {
                Arg::Reg(s) => emit!(self.e; cmp QWORD [rsp + o], Rq(s)),
                Arg::Imm(k) => emit!(self.e; cmp QWORD [rsp + o], DWORD k),
                _ => unreachable!("memory compared with memory"),
            },
            _ => unreachable!("immediate first operand"),
        }
    }

    /// Integer and pointer compares. Fused with the guard at `fused`: only the flags are
    /// set, and the guard jumps to its exit when its expectation fails.
    pub fn int_compare(&mut self, op: &Op, fused: Option<usize>) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        let cc = int_cc(op.opcode);
        if let Some(g) = fused {
            // Operands first (loads), then the exit capture, then the compare.
            let (a2, b2) = self.prepare_cmp(a, b)?;
            let exit = self.exit_label(g)?;
            let cc = self.int_cmp(a2, b2, cc)?;
            let want_true = self.t.ops[g].opcode == Opcode::GuardTrue;
            self.e.jcc(if want_true { cc.negate() } else { cc }, exit);
            return Ok(());
        }
        let reuse = if self.reusable(a) { Some(a) } else { Some(b) };
        let d = self.def_gpr(self.result(op)?, reuse)?;
        let cc = self.int_cmp(a, b, cc)?;
        self.e.setcc(cc, d);
        Ok(())
    }

    /// Loads what `int_cmp` will need into registers before an exit is captured, so
    /// that `int_cmp` itself emits no moves that could spill.
    fn prepare_cmp(&mut self, a: Operand, b: Operand) -> Result<(Operand, Operand), CompileError> {
        for o in [a, b] {
            if let Operand::Value(v) = o {
                self.ra
                    .ensure_reg(&mut self.e, v, self.live.spans_call(v))?;
            }
        }
        Ok((a, b))
    }

    pub fn bool_not(&mut self, op: &Op) -> R {
        let a = op.args[0];
        let src = self.gpr_arg(a)?;
        let d = self.def_gpr(self.result(op)?, Some(a))?;
        match src {
            Arg::Reg(s) => emit!(self.e; test Rq(s), Rq(s)),
            Arg::Mem(o) => emit!(self.e; cmp QWORD [rsp + o], 0),
            Arg::Imm(_) | Arg::Pool(_) => {
                let k = self.bits(a);
                self.e.gpr_imm(d, (k == 0) as u64);
                return Ok(());
            }
        }
        self.e.setcc(Cc::E, d);
        Ok(())
    }

    pub fn int_to_f64(&mut self, op: &Op) -> R {
        let a = op.args[0];
        let src = self.gpr_arg(a)?;
        let d = self.def_xmm(self.result(op)?, None)?;
        match src {
            Arg::Reg(s) => emit!(self.e; xorps Rx(d), Rx(d) ; cvtsi2sd Rx(d), Rq(s)),
            Arg::Mem(o) => emit!(self.e; xorps Rx(d), Rx(d) ; cvtsi2sd Rx(d), QWORD [rsp + o]),
            Arg::Imm(_) | Arg::Pool(_) => {
                let x = self.bits(a) as i64 as f64;
                self.e.mov_imm(Loc::Xmm(d), x.to_bits());
            }
        }
        Ok(())
    }
}
