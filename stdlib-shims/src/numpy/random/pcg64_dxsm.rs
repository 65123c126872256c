//! NumPy's `PCG64DXSM`: PCG's 128-bit LCG with the "cheap" 64-bit
//! multiplier and the DXSM output function applied to the state before the
//! step (O'Neill's `pcg_cm` variant), plus the one-word 32-bit buffer.

use super::pcg64::{lcg_advance, Pcg64};
use super::seed_sequence::SeedSequence;

const CHEAP_MULTIPLIER: u64 = 0xda94_2042_e4dd_58b5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg64Dxsm {
    state: u128,
    increment: u128,
    pending_u32: Option<u32>,
}

impl Pcg64Dxsm {
    pub fn from_seed_sequence(seq: &SeedSequence) -> Self {
        Self::from_words(&seq.generate_state_u64(4))
    }

    /// From `SeedSequence.generate_state(4, np.uint64)`: seeded as PCG64
    /// is (NumPy seeds both with the full 128-bit multiplier's steps).
    pub fn from_words(w: &[u64]) -> Self {
        let init_state = (w[0] as u128) << 64 | w[1] as u128;
        let init_seq = (w[2] as u128) << 64 | w[3] as u128;
        let (state, increment) = Pcg64::from_state_and_sequence(init_state, init_seq).state();
        Pcg64Dxsm { state, increment, pending_u32: None }
    }

    pub fn state(&self) -> (u128, u128) {
        (self.state, self.increment)
    }

    pub fn set_state(&mut self, state: u128, increment: u128, pending_u32: Option<u32>) {
        *self = Pcg64Dxsm { state, increment, pending_u32 };
    }

    pub fn pending_u32(&self) -> Option<u32> {
        self.pending_u32
    }

    /// Moves the LCG `delta` steps on (mod 2^128); clears the 32-bit buffer.
    pub fn advance(&mut self, delta: u128) {
        self.state = lcg_advance(self.state, delta, CHEAP_MULTIPLIER as u128, self.increment);
        self.pending_u32 = None;
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(CHEAP_MULTIPLIER as u128).wrapping_add(self.increment);
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut hi = (self.state >> 64) as u64;
        let lo = self.state as u64 | 1;
        self.step();
        hi ^= hi >> 32;
        hi = hi.wrapping_mul(CHEAP_MULTIPLIER);
        hi ^= hi >> 48;
        hi.wrapping_mul(lo)
    }

    pub fn next_u32(&mut self) -> u32 {
        if let Some(v) = self.pending_u32.take() {
            return v;
        }
        let next = self.next_u64();
        self.pending_u32 = Some((next >> 32) as u32);
        next as u32
    }
}
