//! Lowering of f64 ops with SSE2: arithmetic, zero-divisor exits, negation and
//! absolute value by sign masks, Python floor division and modulo through helpers, and
//! compares with Python's NaN semantics (every comparison with NaN is false except
//! `!=`), fused with a following guard when possible.

use crate::codegen::{Codegen, XArg};
use crate::emit::emit;
use crate::regs::*;
use crate::CompileError;
use dynasmrt::{DynamicLabel, DynasmApi, DynasmLabelApi};
use hipy_optimizer::{Op, Opcode, Operand, Type};

type R = Result<(), CompileError>;

macro_rules! sse {
    ($cg:expr, $mn:ident, $d:expr, $src:expr) => {
        match $src {
            XArg::Reg(s) => emit!($cg.e; $mn Rx($d), Rx(s)),
            XArg::Mem(o) => emit!($cg.e; $mn Rx($d), QWORD [rsp + o]),
            XArg::Pool(l) => emit!($cg.e; $mn Rx($d), QWORD [=>l]),
        }
    };
}

/// How a float compare reads the flags of `ucomisd x, y`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FCond {
    /// x > y (false when unordered)
    Above,
    /// x >= y (false when unordered)
    AboveEq,
    /// x == y (false when unordered)
    Equal,
    /// x != y (true when unordered)
    NotEqual,
}

impl Codegen<'_> {
    pub fn float_binary(&mut self, op: &Op) -> R {
        let (a, b) = (op.args[0], op.args[1]);
        let src = self.xmm_arg(b)?;
        let d = self.def_xmm(self.result(op)?, Some(a))?;
        if op.guard.is_some() {
            let exit = self.exit_label(self.cur)?;
            self.exit_if_zero(b, src, exit);
        }
        self.load_xmm(d, a)?;
        match op.opcode {
            Opcode::FloatAdd => sse!(self, addsd, d, src),
            Opcode::FloatSub => sse!(self, subsd, d, src),
            Opcode::FloatMul => sse!(self, mulsd, d, src),
            _ => sse!(self, divsd, d, src),
        }
        Ok(())
    }

    /// Jumps to `exit` when the divisor is 0.0 or -0.0 (NaN is not zero).
    fn exit_if_zero(&mut self, b: Operand, src: XArg, exit: DynamicLabel) {
        let s = XMM_SCRATCH;
        match src {
            XArg::Pool(_) => {
                if f64::from_bits(self.bits(b)) == 0.0 {
                    self.jmp(exit);
                }
            }
            XArg::Reg(r) => emit!(self.e
                ; xorps Rx(s), Rx(s)
                ; ucomisd Rx(r), Rx(s)
                ; jp >nonzero
                ; je =>exit
                ; nonzero:),
            XArg::Mem(o) => emit!(self.e
                ; xorps Rx(s), Rx(s)
                ; ucomisd Rx(s), QWORD [rsp + o]
                ; jp >nonzero
                ; je =>exit
                ; nonzero:),
        }
    }

    pub fn float_unary(&mut self, op: &Op) -> R {
        let a = op.args[0];
        let d = self.def_xmm(self.result(op)?, Some(a))?;
        self.load_xmm(d, a)?;
        let s = XMM_SCRATCH;
        if op.opcode == Opcode::FloatNeg {
            self.e.gpr_imm(R11, 0x8000_0000_0000_0000);
            emit!(self.e; movq Rx(s), Rq(R11) ; xorpd Rx(d), Rx(s));
        } else {
            self.e.gpr_imm(R11, 0x7fff_ffff_ffff_ffff);
            emit!(self.e; movq Rx(s), Rq(R11) ; andpd Rx(d), Rx(s));
        }
        Ok(())
    }

    /// Python float `//` and `%`: zero-divisor exit inline, the rest in a helper.
    pub fn float_divmod(&mut self, op: &Op) -> R {
        let b = op.args[1];
        if op.guard.is_some() {
            let src = self.xmm_arg(b)?;
            let exit = self.exit_label(self.cur)?;
            self.exit_if_zero(b, src, exit);
            self.ra.clear_pins();
        }
        let helper = if op.opcode == Opcode::FloatFloorDiv {
            crate::helpers::float_floordiv as *const () as u64
        } else {
            crate::helpers::float_mod as *const () as u64
        };
        self.emit_call(
            helper,
            &op.args,
            &[Type::F64, Type::F64],
            Type::F64,
            op.result,
        )
    }

    pub fn float_compare(&mut self, op: &Op, fused: Option<usize>) -> R {
        use Opcode::*;
        let (a, b) = (op.args[0], op.args[1]);
        // ucomisd x, y: x must be a register.
        let (x, y, cond) = match op.opcode {
            FloatLt => (b, a, FCond::Above),
            FloatLe => (b, a, FCond::AboveEq),
            FloatGt => (a, b, FCond::Above),
            FloatGe => (a, b, FCond::AboveEq),
            FloatEq => (a, b, FCond::Equal),
            _ => (a, b, FCond::NotEqual),
        };
        let xr = self.xmm_reg(x)?;
        let yarg = self.xmm_arg(y)?;
        if let Some(g) = fused {
            let exit = self.exit_label(g)?;
            sse!(self, ucomisd, xr, yarg);
            let want_true = self.t.ops[g].opcode == GuardTrue;
            // Jump to the exit when the compare's value differs from the expectation.
            match (cond, want_true) {
                (FCond::Above, true) => emit!(self.e; jbe =>exit),
                (FCond::Above, false) => emit!(self.e; ja =>exit),
                (FCond::AboveEq, true) => emit!(self.e; jb =>exit),
                (FCond::AboveEq, false) => emit!(self.e; jae =>exit),
                (FCond::Equal, true) | (FCond::NotEqual, false) => {
                    emit!(self.e; jne =>exit ; jp =>exit)
                }
                (FCond::Equal, false) | (FCond::NotEqual, true) => {
                    emit!(self.e; jp >ordered ; je =>exit ; ordered:)
                }
            }
            return Ok(());
        }
        let d = self.def_gpr(self.result(op)?, None)?;
        sse!(self, ucomisd, xr, yarg);
        match cond {
            FCond::Above => emit!(self.e; seta Rb(d)),
            FCond::AboveEq => emit!(self.e; setae Rb(d)),
            FCond::Equal => emit!(self.e; sete Rb(d) ; setnp Rb(R11) ; and Rb(d), Rb(R11)),
            FCond::NotEqual => emit!(self.e; setne Rb(d) ; setp Rb(R11) ; or Rb(d), Rb(R11)),
        }
        emit!(self.e; movzx Rq(d), Rb(d));
        Ok(())
    }
}
