//! NumPy's legacy `RandomState` stream: the MT19937 Mersenne Twister with
//! NumPy's seeding, its 53-bit doubles, the polar Gaussian with its cached
//! second value, masked bounded integers and `random_interval` (shuffles).
//! Written from the algorithms' published descriptions; values match
//! `np.random.seed(s)` followed by the legacy functions.

const N: usize = 624;
const M: usize = 397;

#[derive(Clone, Debug)]
pub struct Mt19937 {
    key: [u32; N],
    pos: usize,
    gauss: Option<f64>,
}

/// MT19937's output function of one state word.
#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

impl Mt19937 {
    /// `np.random.seed(seed)` for an int seed in [0, 2**32).
    pub fn new(seed: u32) -> Self {
        let mut key = [0u32; N];
        let mut s = seed;
        for (pos, k) in key.iter_mut().enumerate() {
            *k = s;
            s = 1812433253u32.wrapping_mul(s ^ (s >> 30)).wrapping_add(pos as u32 + 1);
        }
        Mt19937 { key, pos: N, gauss: None }
    }

    /// The state as `get_state()` shows it: key, position and the cached
    /// Gaussian.
    pub fn state(&self) -> (&[u32], usize, Option<f64>) {
        (&self.key, self.pos, self.gauss)
    }

    /// `set_state(...)`; `None` unless `key` has 624 words and `pos <= 624`.
    pub fn set_state(&mut self, key: &[u32], pos: usize, gauss: Option<f64>) -> Option<()> {
        if key.len() != N || pos > N {
            return None;
        }
        self.key.copy_from_slice(key);
        self.pos = pos;
        self.gauss = gauss;
        Some(())
    }

    /// `np.random.seed(array)`: seeding by an array of 32-bit words.
    pub fn from_words(words: &[u32]) -> Self {
        let mut mt = Mt19937::new(19650218);
        let key = &mut mt.key;
        let (mut i, mut j) = (1usize, 0usize);
        let len = words.len().max(1);
        for _ in 0..N.max(len) {
            key[i] = (key[i] ^ (key[i - 1] ^ (key[i - 1] >> 30)).wrapping_mul(1664525))
                .wrapping_add(*words.get(j).unwrap_or(&0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                key[0] = key[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            key[i] = (key[i] ^ (key[i - 1] ^ (key[i - 1] >> 30)).wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                key[0] = key[N - 1];
                i = 1;
            }
        }
        key[0] = 0x8000_0000;
        mt.pos = N;
        mt
    }

    /// The next 624 words. The three loops are the one recurrence with its
    /// indices `(i + 1) % N` and `(i + M) % N` split where they wrap (no
    /// division per word), the `y & 1` choice of MATRIX_A as a mask.
    #[inline(never)]
    fn generate(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        #[inline(always)]
        fn twist(cur: u32, next: u32, far: u32) -> u32 {
            let y = (cur & UPPER) | (next & LOWER);
            far ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & MATRIX_A)
        }
        let k = &mut self.key;
        for i in 0..N - M {
            k[i] = twist(k[i], k[i + 1], k[i + M]);
        }
        for i in N - M..N - 1 {
            k[i] = twist(k[i], k[i + 1], k[i + M - N]);
        }
        k[N - 1] = twist(k[N - 1], k[0], k[M - 1]);
        self.pos = 0;
    }

    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.pos == N {
            self.generate();
        }
        let y = self.key[self.pos];
        self.pos += 1;
        temper(y)
    }

    /// A double in [0, 1) from two draws (53 random bits).
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67108864.0 + b) / 9007199254740992.0
    }

    /// The legacy standard normal (polar method, second value cached).
    pub fn gauss(&mut self) -> f64 {
        if let Some(g) = self.gauss.take() {
            return g;
        }
        loop {
            let x1 = 2.0 * self.next_f64() - 1.0;
            let x2 = 2.0 * self.next_f64() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        ((self.next_u32() as u64) << 32) | self.next_u32() as u64
    }

    /// `off + x` for x uniform in [0, rng] by masked rejection, as the
    /// legacy `randint` draws (32-bit draws when the range fits).
    pub fn bounded(&mut self, off: i64, rng: u64) -> i64 {
        if rng == 0 {
            return off;
        }
        let mask = u64::MAX >> rng.leading_zeros();
        if rng <= 0xffff_ffff {
            loop {
                let v = (self.next_u32() as u64) & mask;
                if v <= rng {
                    return off.wrapping_add(v as i64);
                }
            }
        }
        loop {
            let v = self.next_u64() & mask;
            if v <= rng {
                return off.wrapping_add(v as i64);
            }
        }
    }

    /// `n` draws of `bounded(off, rng)`, the same words consumed: a block's
    /// words are tempered and masked in one pass, each written to the next
    /// slot, which only an accepted draw claims (no branch on a draw).
    pub fn bounded_many(&mut self, off: i64, rng: u64, n: usize) -> Vec<i64> {
        if rng == 0 || rng > 0xffff_ffff {
            return (0..n).map(|_| self.bounded(off, rng)).collect();
        }
        let mask = (u64::MAX >> rng.leading_zeros()) as u32;
        let rng = rng as u32;
        let mut out = vec![0i64; n + 1];
        let mut next = 0;
        while next < n {
            if self.pos == N {
                self.generate();
            }
            // At most `n - next` draws are accepted from the words left.
            let take = (N - self.pos).min(n - next);
            let words = &self.key[self.pos..self.pos + take];
            for &w in words {
                let v = temper(w) & mask;
                // Safety: `next < n` before this block and it grows by at
                // most one per word, of which there are at most `n - next`.
                unsafe { *out.get_unchecked_mut(next) = off.wrapping_add(v as i64) };
                next += (v <= rng) as usize;
            }
            self.pos += take;
        }
        out.truncate(n);
        out
    }

    /// `n` draws of `off + [0, rng]` for an 8- or 16-bit dtype: each 32-bit
    /// draw is used in pieces of `bits`, lowest first, as NumPy's buffered
    /// bounded integers do (the buffer lives for one call).
    pub fn bounded_narrow(&mut self, off: i64, rng: u64, n: usize, bits: u32) -> Vec<i64> {
        let mask = if rng == 0 { 0 } else { u64::MAX >> rng.leading_zeros() } as u32;
        let per = 32 / bits;
        let (mut buf, mut left) = (0u32, 0u32);
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            if rng == 0 {
                out.push(off);
                continue;
            }
            loop {
                if left == 0 {
                    buf = self.next_u32();
                    left = per - 1;
                } else {
                    buf >>= bits;
                    left -= 1;
                }
                let v = buf & mask & ((1u64 << bits) - 1) as u32;
                if v as u64 <= rng {
                    out.push(off.wrapping_add(v as i64));
                    break;
                }
            }
        }
        out
    }

    /// A uniform integer in [0, max] (`random_interval`, used by shuffle).
    pub fn interval(&mut self, max: u64) -> u64 {
        self.bounded(0, max) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_many_draws_as_bounded_does() {
        for (rng, n) in [(399u64, 5000usize), (1, 700), (0xffff_ffff, 900), (5, 0), (1 << 40, 30)] {
            let (mut a, mut b) = (Mt19937::new(5), Mt19937::new(5));
            let many = a.bounded_many(-3, rng, n);
            let one: Vec<i64> = (0..n).map(|_| b.bounded(-3, rng)).collect();
            assert_eq!(many, one);
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }
}
