//! Chris Doty-Humphrey's Small Fast Chaotic PRNG (SFC64) as NumPy seeds
//! it: three 64-bit words from a `SeedSequence`, the counter at 1, then 12
//! discarded outputs.

use super::seed_sequence::SeedSequence;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sfc64 {
    /// a, b, c and the counter w.
    pub s: [u64; 4],
}

impl Sfc64 {
    pub fn from_seed_sequence(seq: &SeedSequence) -> Self {
        Self::from_words(&seq.generate_state_u64(3))
    }

    /// From `SeedSequence.generate_state(3, np.uint64)`.
    pub fn from_words(w: &[u64]) -> Self {
        let mut g = Sfc64 { s: [w[0], w[1], w[2], 1] };
        for _ in 0..12 {
            g.next_u64();
        }
        g
    }

    pub fn next_u64(&mut self) -> u64 {
        let [a, b, c, w] = self.s;
        let tmp = a.wrapping_add(b).wrapping_add(w);
        self.s = [b ^ (b >> 11), c.wrapping_add(c << 3), c.rotate_left(24).wrapping_add(tmp), w.wrapping_add(1)];
        tmp
    }
}
