//! NumPy's `PCG64` bit generator: a 128-bit LCG with the XSL-RR output
//! function, seeded from a `SeedSequence`, plus NumPy's one-word buffer that
//! splits a 64-bit draw into two 32-bit ones.

use super::seed_sequence::SeedSequence;

const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg64 {
    state: u128,
    increment: u128,
    /// The high half of the last 64-bit draw split for `next_u32`, if unused.
    pending_u32: Option<u32>,
}

impl Pcg64 {
    /// `PCG64(seed_seq)`: four u64 state words give the initial state and
    /// the stream (increment), as NumPy's `pcg64_set_seed` uses them.
    pub fn from_seed_sequence(seq: &SeedSequence) -> Self {
        let w = seq.generate_state_u64(4);
        let init_state = (w[0] as u128) << 64 | w[1] as u128;
        let init_seq = (w[2] as u128) << 64 | w[3] as u128;
        Self::from_state_and_sequence(init_state, init_seq)
    }

    /// PCG's `srandom(initstate, initseq)`.
    pub fn from_state_and_sequence(init_state: u128, init_seq: u128) -> Self {
        let mut g = Pcg64 { state: 0, increment: (init_seq << 1) | 1, pending_u32: None };
        g.step();
        g.state = g.state.wrapping_add(init_state);
        g.step();
        g
    }

    /// The raw 128-bit LCG state and increment (NumPy's `state['state']`).
    pub fn state(&self) -> (u128, u128) {
        (self.state, self.increment)
    }

    /// Sets the state as `bit_generator.state = {...}` does.
    pub fn set_state(&mut self, state: u128, increment: u128, pending_u32: Option<u32>) {
        *self = Pcg64 { state, increment, pending_u32 };
    }

    /// The buffered 32-bit half (NumPy's `has_uint32` / `uinteger`).
    pub fn pending_u32(&self) -> Option<u32> {
        self.pending_u32
    }

    /// Moves the LCG `delta` steps on (mod 2^128); clears the 32-bit buffer.
    pub fn advance(&mut self, delta: u128) {
        self.state = lcg_advance(self.state, delta, MULTIPLIER, self.increment);
        self.pending_u32 = None;
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(self.increment);
    }

    pub fn next_u64(&mut self) -> u64 {
        self.step();
        let s = self.state;
        let xored = ((s >> 64) as u64) ^ (s as u64);
        xored.rotate_right((s >> 122) as u32)
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
