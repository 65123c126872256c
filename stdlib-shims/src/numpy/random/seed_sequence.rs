//! NumPy's `SeedSequence` (numpy/random/bit_generator.pyx) with the default
//! pool of four 32-bit words and no spawn key: hashes the seed's 32-bit words
//! into the pool, then expands the pool into as many state words as asked.

const POOL_SIZE: usize = 4;
const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;

/// The mixed entropy pool, ready to generate state words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: [u32; POOL_SIZE],
}

/// The 32-bit words of a non-negative integer, lowest first, as NumPy
/// splits an int seed: zero is `[0]`, otherwise no high zero words.
pub fn int_seed_words(words_lowest_first: &[u32]) -> Vec<u32> {
    let len = words_lowest_first.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    if len == 0 {
        vec![0]
    } else {
        words_lowest_first[..len].to_vec()
    }
}

fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L.wrapping_mul(x).wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

impl SeedSequence {
    /// From the assembled entropy words: for an int seed, `int_seed_words`
    /// of it; for a sequence of ints, the concatenation of each one's words.
    pub fn new(entropy: &[u32]) -> Self {
        let mut pool = [0u32; POOL_SIZE];
        let mut hash_const = INIT_A;
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hash_const);
        }
        for src in 0..POOL_SIZE {
            for dst in 0..POOL_SIZE {
                if src != dst {
                    let h = hashmix(pool[src], &mut hash_const);
                    pool[dst] = mix(pool[dst], h);
                }
            }
        }
        for &word in entropy.iter().skip(POOL_SIZE) {
            for slot in pool.iter_mut() {
                *slot = mix(*slot, hashmix(word, &mut hash_const));
            }
        }
        SeedSequence { pool }
    }

    /// `SeedSequence(seed)` for a non-negative integer seed that fits in u64.
    pub fn from_u64(seed: u64) -> Self {
        Self::new(&int_seed_words(&[seed as u32, (seed >> 32) as u32]))
    }

    /// `generate_state(n_words, np.uint32)`.
    pub fn generate_state_u32(&self, n_words: usize) -> Vec<u32> {
        let mut hash_const = INIT_B;
        (0..n_words)
            .map(|i| {
                let mut v = self.pool[i % POOL_SIZE] ^ hash_const;
                hash_const = hash_const.wrapping_mul(MULT_B);
                v = v.wrapping_mul(hash_const);
                v ^ (v >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n_words, np.uint64)`: pairs of u32 words, low first.
    pub fn generate_state_u64(&self, n_words: usize) -> Vec<u64> {
        self.generate_state_u32(2 * n_words)
            .chunks(2)
            .map(|p| p[0] as u64 | (p[1] as u64) << 32)
            .collect()
    }
}
