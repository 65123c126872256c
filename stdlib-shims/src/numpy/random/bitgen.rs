//! The bit generator under a `Generator`: one of NumPy's five, each with
//! NumPy's 32-bit and double conversions (a 64-bit generator splits a draw
//! into two 32-bit ones, low half first, keeping the high half buffered;
//! MT19937 draws 32 bits natively and builds doubles from two draws).

use std::sync::{Arc, Mutex};

use super::mt19937::Mt19937;
use super::pcg64::{Pcg64, Pcg64Dxsm};
use super::philox::Philox;
use super::sfc64::Sfc64;

#[derive(Clone, Debug)]
pub enum BitGen {
    Pcg64(Pcg64),
    Pcg64Dxsm(Pcg64Dxsm),
    /// Shared with the legacy `RandomState` that owns it, if any.
    Mt19937(Arc<Mutex<Mt19937>>),
    /// With the 32-bit buffer (`has_uint32`, `uinteger`).
    Philox(Philox, Option<u32>),
    Sfc64(Sfc64, Option<u32>),
}

fn split(pending: &mut Option<u32>, next: impl FnOnce() -> u64) -> u32 {
    if let Some(v) = pending.take() {
        return v;
    }
    let v = next();
    *pending = Some((v >> 32) as u32);
    v as u32
}

impl BitGen {
    // PCG64 (default_rng's) is inlined into the samplers' loops; the other
    // generators are out-of-line calls, so that the match does not stop the
    // common path from inlining.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        match self {
            BitGen::Pcg64(g) => g.next_u64(),
            other => other.next_u64_other(),
        }
    }

    #[inline(never)]
    fn next_u64_other(&mut self) -> u64 {
        match self {
            BitGen::Pcg64(g) => g.next_u64(),
            BitGen::Pcg64Dxsm(g) => g.next_u64(),
            BitGen::Mt19937(g) => g.lock().unwrap().next_u64(),
            BitGen::Philox(g, _) => g.next_u64(),
            BitGen::Sfc64(g, _) => g.next_u64(),
        }
    }

    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        match self {
            BitGen::Pcg64(g) => g.next_u32(),
            other => other.next_u32_other(),
        }
    }

    #[inline(never)]
    fn next_u32_other(&mut self) -> u32 {
        match self {
            BitGen::Pcg64(g) => g.next_u32(),
            BitGen::Pcg64Dxsm(g) => g.next_u32(),
            BitGen::Mt19937(g) => g.lock().unwrap().next_u32(),
            BitGen::Philox(g, p) => split(p, || g.next_u64()),
            BitGen::Sfc64(g, p) => split(p, || g.next_u64()),
        }
    }

    #[inline(always)]
    pub fn next_f64(&mut self) -> f64 {
        match self {
            BitGen::Pcg64(g) => g.next_f64(),
            other => other.next_f64_other(),
        }
    }

    #[inline(never)]
    fn next_f64_other(&mut self) -> f64 {
        match self {
            BitGen::Mt19937(g) => g.lock().unwrap().next_f64(),
            _ => (self.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0),
        }
    }

    /// `random_raw`'s value: MT19937's raw output is one 32-bit word.
    pub fn next_raw(&mut self) -> u64 {
        match self {
            BitGen::Mt19937(g) => g.lock().unwrap().next_u32() as u64,
            _ => self.next_u64(),
        }
    }
}

/// The draws the samplers make, for code generic over the bit generator.
pub trait Bits {
    fn next_u64(&mut self) -> u64;
    fn next_u32(&mut self) -> u32;
    fn next_f64(&mut self) -> f64;
}

impl Bits for Pcg64 {
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        Pcg64::next_u64(self)
    }
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        Pcg64::next_u32(self)
    }
    #[inline(always)]
    fn next_f64(&mut self) -> f64 {
        Pcg64::next_f64(self)
    }
}

impl Bits for BitGen {
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        BitGen::next_u64(self)
    }
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        BitGen::next_u32(self)
    }
    #[inline(always)]
    fn next_f64(&mut self) -> f64 {
        BitGen::next_f64(self)
    }
}
