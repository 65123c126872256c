//! A rough per-element cost of ops, used to choose between storing an
//! intermediate array and recomputing it inside a later fused loop.

use crate::graph::{BinaryOp, Op, UnaryOp};

/// From this per-element cost on, a value that is wanted again is stored
/// rather than recomputed. A store costs a write (and first-touch page
/// faults) plus a later read of memory: about what two dozen cheap
/// vectorized ops cost, and less than one transcendental call.
pub const STORE_THRESHOLD: u32 = 24;

/// A value Python holds that this many forces have recomputed is stored by
/// the next one.
pub const REREAD_LIMIT: u32 = 2;

/// Cost of reading one element of stored data.
pub const READ: u32 = 1;

pub fn op_cost(op: &Op) -> u32 {
    match op {
        Op::Arange { .. } | Op::Linspace { .. } | Op::Full(_) => 1,
        Op::Cast | Op::Where => 1,
        Op::Unary(u) => match u {
            UnaryOp::Neg
            | UnaryOp::Abs
            | UnaryOp::Copy
            | UnaryOp::Square
            | UnaryOp::Floor
            | UnaryOp::Ceil
            | UnaryOp::Rint
            | UnaryOp::Trunc
            | UnaryOp::Sign
            | UnaryOp::IsNan
            | UnaryOp::IsFinite
            | UnaryOp::IsInf
            | UnaryOp::LogicalNot
            | UnaryOp::Invert
            | UnaryOp::Radians
            | UnaryOp::Degrees => 1,
            UnaryOp::Sqrt | UnaryOp::Reciprocal => 4,
            UnaryOp::Fabs | UnaryOp::Signbit => 1,
            _ => 30,
        },
        Op::Binary(b) => match b {
            BinaryOp::Div => 4,
            BinaryOp::FloorDiv | BinaryOp::Mod => 8,
            BinaryOp::Hypot | BinaryOp::Fmod | BinaryOp::Gcd | BinaryOp::Lcm => 10,
            BinaryOp::LogAddExp | BinaryOp::LogAddExp2 => 30,
            BinaryOp::Pow | BinaryOp::Arctan2 => 30,
            _ => 1,
        },
        // Not fused; they are always stored.
        _ => 0,
    }
}
