//! Machine locations and the System V x86-64 register conventions the backend uses.
//!
//! - `r11` and `xmm15` are scratch registers, never allocated to values.
//! - `rsp` is the stack pointer; the frame is addressed `[rsp + offset]` and `rsp`
//!   does not move inside the loop (outgoing call arguments have their own area).
//! - All other registers hold values: i64/obj in general-purpose registers, f64 in
//!   xmm registers.

use hipy_optimizer::Type;

/// Where a value lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Gpr(u8),
    Xmm(u8),
    /// A stack slot at `[rsp + offset]`.
    Stack(i32),
}

/// The kind of register a value needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Gpr,
    Xmm,
}

impl Class {
    pub fn of(ty: Type) -> Class {
        if ty == Type::F64 {
            Class::Xmm
        } else {
            Class::Gpr
        }
    }
}

impl Loc {
    pub fn reg(class: Class, n: u8) -> Loc {
        match class {
            Class::Gpr => Loc::Gpr(n),
            Class::Xmm => Loc::Xmm(n),
        }
    }

    pub fn is_reg(self) -> bool {
        !matches!(self, Loc::Stack(_))
    }

    /// Index into a 32-entry register table (gpr 0..16, xmm 16..32).
    pub fn reg_index(self) -> Option<usize> {
        match self {
            Loc::Gpr(n) => Some(n as usize),
            Loc::Xmm(n) => Some(16 + n as usize),
            Loc::Stack(_) => None,
        }
    }
}

pub const RAX: u8 = 0;
pub const RCX: u8 = 1;
pub const RDX: u8 = 2;
pub const RSP: u8 = 4;
pub const R11: u8 = 11;
pub const XMM_SCRATCH: u8 = 15;

/// Allocation order when the value does not live across a call: caller-saved first.
pub const GPR_ORDER_SHORT: &[u8] = &[0, 1, 2, 6, 7, 8, 9, 10, 3, 5, 12, 13, 14, 15];
/// Allocation order when the value lives across a call: callee-saved first.
pub const GPR_ORDER_LONG: &[u8] = &[3, 5, 12, 13, 14, 15, 0, 1, 2, 6, 7, 8, 9, 10];
pub const XMM_ORDER: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

/// Callee-saved registers we use (saved by the prologue).
pub const CALLEE_SAVED: &[u8] = &[3, 5, 12, 13, 14, 15];

/// Integer and pointer argument registers: rdi, rsi, rdx, rcx, r8, r9.
pub const INT_ARGS: &[u8] = &[7, 6, 2, 1, 8, 9];
/// Float argument registers: xmm0..xmm7.
pub const FLOAT_ARGS: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7];

pub fn is_callee_saved(loc: Loc) -> bool {
    matches!(loc, Loc::Gpr(n) if CALLEE_SAVED.contains(&n))
}

/// Caller-saved registers that hold values (all xmm registers are caller-saved).
pub fn is_caller_saved(loc: Loc) -> bool {
    match loc {
        Loc::Gpr(n) => !CALLEE_SAVED.contains(&n) && n != RSP,
        Loc::Xmm(_) => true,
        Loc::Stack(_) => false,
    }
}

/// Where each argument of a call goes: registers in order, then 8-byte stack slots
/// at `[rsp + 8 * k]`. Returns the locations and the number of stack slots used.
pub fn call_arg_locations(args: &[Type]) -> (Vec<Loc>, usize) {
    let (mut ints, mut floats, mut stack) = (0, 0, 0usize);
    let mut out = Vec::with_capacity(args.len());
    for &t in args {
        let loc = match Class::of(t) {
            Class::Gpr if ints < INT_ARGS.len() => {
                ints += 1;
                Loc::Gpr(INT_ARGS[ints - 1])
            }
            Class::Xmm if floats < FLOAT_ARGS.len() => {
                floats += 1;
                Loc::Xmm(FLOAT_ARGS[floats - 1])
            }
            _ => {
                stack += 1;
                Loc::Stack(8 * (stack as i32 - 1))
            }
        };
        out.push(loc);
    }
    (out, stack)
}
