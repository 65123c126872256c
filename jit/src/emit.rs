//! `Emitter`: the dynasmrt assembler plus the few instruction patterns every part of
//! the backend needs (moves between any two locations, constants, a literal pool).
//! Nothing here emits code that changes the flags, so moves may sit between a compare
//! and its conditional jump.

use crate::regs::{Loc, R11};
use dynasmrt::x64::Assembler;
use dynasmrt::{AssemblyOffset, DynamicLabel, DynasmApi, DynasmLabelApi};
use std::collections::HashMap;

/// `dynasm!` for x86-64 on the emitter's assembler.
macro_rules! emit {
    ($e:expr; $($t:tt)*) => {
        ::dynasmrt::dynasm!($e.ops ; .arch x64 ; $($t)*)
    };
}
pub(crate) use emit;

pub struct Emitter {
    pub ops: Assembler,
    pool: HashMap<u64, DynamicLabel>,
}

impl Emitter {
    pub fn new() -> std::io::Result<Emitter> {
        Ok(Emitter {
            ops: Assembler::new()?,
            pool: HashMap::new(),
        })
    }

    pub fn label(&mut self) -> DynamicLabel {
        self.ops.new_dynamic_label()
    }

    pub fn bind(&mut self, l: DynamicLabel) {
        emit!(self; =>l);
    }

    pub fn offset(&self) -> AssemblyOffset {
        self.ops.offset()
    }

    /// A label on an 8-byte constant in the literal pool (written by `emit_pool`).
    pub fn pool(&mut self, bits: u64) -> DynamicLabel {
        if let Some(&l) = self.pool.get(&bits) {
            return l;
        }
        let l = self.ops.new_dynamic_label();
        self.pool.insert(bits, l);
        l
    }

    pub fn emit_pool(&mut self) {
        let mut entries: Vec<(u64, DynamicLabel)> =
            self.pool.iter().map(|(&b, &l)| (b, l)).collect();
        entries.sort_by_key(|&(b, _)| b);
        emit!(self; .align 8);
        for (bits, l) in entries {
            emit!(self; =>l ; .u64 bits);
        }
    }

    /// Copies a 64-bit value between two locations (stack to stack through `r11`).
    pub fn mov(&mut self, dst: Loc, src: Loc) {
        match (dst, src) {
            _ if dst == src => {}
            (Loc::Gpr(d), Loc::Gpr(s)) => emit!(self; mov Rq(d), Rq(s)),
            (Loc::Gpr(d), Loc::Xmm(s)) => emit!(self; movq Rq(d), Rx(s)),
            (Loc::Gpr(d), Loc::Stack(o)) => emit!(self; mov Rq(d), QWORD [rsp + o]),
            (Loc::Xmm(d), Loc::Xmm(s)) => emit!(self; movaps Rx(d), Rx(s)),
            (Loc::Xmm(d), Loc::Gpr(s)) => emit!(self; movq Rx(d), Rq(s)),
            (Loc::Xmm(d), Loc::Stack(o)) => emit!(self; movsd Rx(d), QWORD [rsp + o]),
            (Loc::Stack(o), Loc::Gpr(s)) => emit!(self; mov QWORD [rsp + o], Rq(s)),
            (Loc::Stack(o), Loc::Xmm(s)) => emit!(self; movsd QWORD [rsp + o], Rx(s)),
            (Loc::Stack(d), Loc::Stack(s)) => {
                emit!(self; mov Rq(R11), QWORD [rsp + s] ; mov QWORD [rsp + d], Rq(R11))
            }
        }
    }

    /// Loads a 64-bit constant into a location.
    pub fn mov_imm(&mut self, dst: Loc, bits: u64) {
        let signed = bits as i64;
        match dst {
            Loc::Gpr(d) => self.gpr_imm(d, bits),
            Loc::Xmm(d) if bits == 0 => emit!(self; xorps Rx(d), Rx(d)),
            Loc::Xmm(d) => {
                self.gpr_imm(R11, bits);
                emit!(self; movq Rx(d), Rq(R11));
            }
            Loc::Stack(o) if i32::try_from(signed).is_ok() => {
                let k = signed as i32;
                emit!(self; mov QWORD [rsp + o], DWORD k);
            }
            Loc::Stack(o) => {
                self.gpr_imm(R11, bits);
                emit!(self; mov QWORD [rsp + o], Rq(R11));
            }
        }
    }

    /// `mov reg, imm` in its shortest flag-preserving form.
    pub fn gpr_imm(&mut self, d: u8, bits: u64) {
        let signed = bits as i64;
        if let Ok(k) = u32::try_from(bits) {
            let k = k as i32;
            emit!(self; mov Rd(d), DWORD k);
        } else if let Ok(k) = i32::try_from(signed) {
            emit!(self; mov Rq(d), DWORD k);
        } else {
            emit!(self; mov Rq(d), QWORD signed);
        }
    }

    /// A move in a parallel-move sequence.
    pub fn step(&mut self, m: &crate::moves::Move) {
        match m.src {
            crate::moves::Src::Loc(s) => self.mov(m.dst, s),
            crate::moves::Src::Imm(bits) => self.mov_imm(m.dst, bits),
        }
    }
}

/// Condition codes used by compares and guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cc {
    E,
    Ne,
    L,
    Le,
    G,
    Ge,
    /// Unsigned below / above-or-equal (also float "below" after `ucomisd`).
    B,
    Ae,
    A,
    Be,
}

impl Cc {
    pub fn negate(self) -> Cc {
        use Cc::*;
        match self {
            E => Ne,
            Ne => E,
            L => Ge,
            Ge => L,
            Le => G,
            G => Le,
            B => Ae,
            Ae => B,
            A => Be,
            Be => A,
        }
    }

    /// The condition with the operands swapped (`a < b` is `b > a`).
    pub fn swap(self) -> Cc {
        use Cc::*;
        match self {
            E => E,
            Ne => Ne,
            L => G,
            G => L,
            Le => Ge,
            Ge => Le,
            B => A,
            A => B,
            Be => Ae,
            Ae => Be,
        }
    }
}

impl Emitter {
    pub fn jcc(&mut self, cc: Cc, l: DynamicLabel) {
        match cc {
            Cc::E => emit!(self; je =>l),
            Cc::Ne => emit!(self; jne =>l),
            Cc::L => emit!(self; jl =>l),
            Cc::Le => emit!(self; jle =>l),
            Cc::G => emit!(self; jg =>l),
            Cc::Ge => emit!(self; jge =>l),
            Cc::B => emit!(self; jb =>l),
            Cc::Ae => emit!(self; jae =>l),
            Cc::A => emit!(self; ja =>l),
            Cc::Be => emit!(self; jbe =>l),
        }
    }

    /// `d = cc ? 1 : 0` (full 64-bit register).
    pub fn setcc(&mut self, cc: Cc, d: u8) {
        match cc {
            Cc::E => emit!(self; sete Rb(d)),
            Cc::Ne => emit!(self; setne Rb(d)),
            Cc::L => emit!(self; setl Rb(d)),
            Cc::Le => emit!(self; setle Rb(d)),
            Cc::G => emit!(self; setg Rb(d)),
            Cc::Ge => emit!(self; setge Rb(d)),
            Cc::B => emit!(self; setb Rb(d)),
            Cc::Ae => emit!(self; setae Rb(d)),
            Cc::A => emit!(self; seta Rb(d)),
            Cc::Be => emit!(self; setbe Rb(d)),
        }
        emit!(self; movzx Rq(d), Rb(d));
    }
}
