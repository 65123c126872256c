//! NumPy's PCG bit generators: a 128-bit LCG seeded from a `SeedSequence`,
//! plus NumPy's one-word buffer that splits a 64-bit draw into two 32-bit
//! ones. `PCG64` steps with the full 128-bit multiplier and outputs XSL-RR
//! of the new state; `PCG64DXSM` steps with the "cheap" 64-bit multiplier and
//! outputs DXSM of the state before the step (O'Neill's `pcg_cm`). Both are
//! seeded the same way (NumPy seeds both with the full multiplier's steps).

use super::seed_sequence::SeedSequence;

const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;
const CHEAP_MULTIPLIER: u64 = 0xda94_2042_e4dd_58b5;

/// A PCG generator; `DXSM` picks the variant (`Pcg64`, `Pcg64Dxsm`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg<const DXSM: bool> {
    state: u128,
    increment: u128,
    /// The high half of the last 64-bit draw split for `next_u32`, if unused.
    pending_u32: Option<u32>,
}

pub type Pcg64 = Pcg<false>;
pub type Pcg64Dxsm = Pcg<true>;

impl<const DXSM: bool> Pcg<DXSM> {
    const MULT: u128 = if DXSM { CHEAP_MULTIPLIER as u128 } else { MULTIPLIER };

    /// `PCG64(seed_seq)` / `PCG64DXSM(seed_seq)`.
    pub fn from_seed_sequence(seq: &SeedSequence) -> Self {
        Self::from_words(&seq.generate_state_u64(4))
    }

    /// From `SeedSequence.generate_state(4, np.uint64)`: the initial state
    /// and the stream (increment), as NumPy's `pcg64_set_seed` uses them.
    pub fn from_words(w: &[u64]) -> Self {
        let init_state = (w[0] as u128) << 64 | w[1] as u128;
        let init_seq = (w[2] as u128) << 64 | w[3] as u128;
        // PCG's `srandom(initstate, initseq)`, with the full multiplier.
        let lcg = |s: u128, inc: u128| s.wrapping_mul(MULTIPLIER).wrapping_add(inc);
        let increment = (init_seq << 1) | 1;
        let state = lcg(lcg(0, increment).wrapping_add(init_state), increment);
        Pcg { state, increment, pending_u32: None }
    }

    /// The raw 128-bit LCG state and increment (NumPy's `state['state']`).
    pub fn state(&self) -> (u128, u128) {
        (self.state, self.increment)
    }

    /// Sets the state as `bit_generator.state = {...}` does.
    pub fn set_state(&mut self, state: u128, increment: u128, pending_u32: Option<u32>) {
        *self = Pcg { state, increment, pending_u32 };
    }

    /// The buffered 32-bit half (NumPy's `has_uint32` / `uinteger`).
    pub fn pending_u32(&self) -> Option<u32> {
        self.pending_u32
    }

    /// Moves the LCG `delta` steps on (mod 2^128); clears the 32-bit buffer.
    pub fn advance(&mut self, delta: u128) {
        self.state = lcg_advance(self.state, delta, Self::MULT, self.increment);
        self.pending_u32 = None;
    }

    #[inline(always)]
    fn step(&mut self) {
        self.state = self.state.wrapping_mul(Self::MULT).wrapping_add(self.increment);
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        if DXSM {
            let mut hi = (self.state >> 64) as u64;
            let lo = self.state as u64 | 1;
            self.step();
            hi ^= hi >> 32;
            hi = hi.wrapping_mul(CHEAP_MULTIPLIER);
            hi ^= hi >> 48;
            hi.wrapping_mul(lo)
        } else {
            self.step();
            let s = self.state;
            let xored = ((s >> 64) as u64) ^ (s as u64);
            xored.rotate_right((s >> 122) as u32)
        }
    }

    /// Low half of a fresh 64-bit draw, keeping the high half for next time.
    pub fn next_u32(&mut self) -> u32 {
        if let Some(v) = self.pending_u32.take() {
            return v;
        }
        let next = self.next_u64();
        self.pending_u32 = Some((next >> 32) as u32);
        next as u32
    }

    /// `(next_u64 >> 11) * 2^-53`, uniform on [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0)
    }
}

/// The state of the LCG `x -> mult * x + inc` after `delta` steps (Brown's
/// jump-ahead by repeated squaring, mod 2^128).
pub fn lcg_advance(state: u128, mut delta: u128, mut mult: u128, mut inc: u128) -> u128 {
    let (mut acc_mult, mut acc_plus) = (1u128, 0u128);
    while delta > 0 {
        if delta & 1 == 1 {
            acc_mult = acc_mult.wrapping_mul(mult);
            acc_plus = acc_plus.wrapping_mul(mult).wrapping_add(inc);
        }
        inc = mult.wrapping_add(1).wrapping_mul(inc);
        mult = mult.wrapping_mul(mult);
        delta >>= 1;
    }
    acc_mult.wrapping_mul(state).wrapping_add(acc_plus)
}
