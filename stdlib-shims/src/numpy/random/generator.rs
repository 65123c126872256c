//! NumPy's `Generator` methods on top of PCG64: `random`, `integers`
//! (Lemire's bounded integers, NumPy's 32-/64-bit paths) and `normal`
//! (NumPy's 256-layer ziggurat).

use std::fmt;

use super::distributions::BinomialCache;
use super::bitgen::{BitGen, Bits};
use super::pcg64::Pcg64;
use super::seed_sequence::{int_seed_words, SeedSequence};
use super::ziggurat_tables::{FI_DOUBLE, KI_DOUBLE, WI_DOUBLE};

/// Start of the ziggurat's tail, and its inverse (NumPy's `ziggurat_nor_r`,
/// `ziggurat_nor_inv_r`).
const ZIGGURAT_NOR_R: f64 = 3.654_152_885_361_009;
const ZIGGURAT_NOR_INV_R: f64 = 0.273_661_237_329_758_3;

/// A `ValueError` NumPy raises for bad arguments; `Display` is its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomError(pub String);

impl fmt::Display for RandomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RandomError {}

/// `np.random.default_rng(seed)`: a `Generator` over `PCG64`.
#[derive(Clone, Debug)]
pub struct Generator {
    bits: BitGen,
    /// The `SeedSequence` it came from, for `spawn`.
    seed: SeedSource,
    /// The last binomial draw's set-up (`distributions.rs`).
    pub(super) binomial_cache: Option<BinomialCache>,
}

/// What a `SeedSequence` is made of: its entropy words (an int seed's
/// `int_seed_words`, a list's concatenation), its spawn key and how many
/// children it has spawned.
#[derive(Clone, Debug, Default)]
struct SeedSource {
    entropy: Vec<u32>,
    spawn_key: Vec<u64>,
    children: u64,
}

impl SeedSource {
    /// NumPy's assembled entropy: the run entropy, padded with zeros to the
    /// pool size when there is a spawn key, then each key element's words.
    fn sequence(&self) -> SeedSequence {
        let mut words = self.entropy.clone();
        if !self.spawn_key.is_empty() && words.len() < 4 {
            words.resize(4, 0);
        }
        for &k in &self.spawn_key {
            words.extend(int_seed_words(&[k as u32, (k >> 32) as u32]));
        }
        SeedSequence::new(&words)
    }
}

/// Runs `$body` with `$b` the bit generator, monomorphised for PCG64 (the
/// default) so that its loop inlines the draws, and for the others.
macro_rules! with_bits {
    ($self:expr, |$b:ident| $body:expr) => {
        match &mut $self.bits {
            BitGen::Pcg64($b) => $body,
            $b => $body,
        }
    };
}

/// Validated `integers` bounds: draws are `off + [0, rng]` (wrapping).
struct Bounds {
    off: u64,
    rng: u64,
}

/// NumPy's checks of `integers(low, high, endpoint=...)` for a dtype with
/// bounds [lb, ub], in NumPy's order and wording.
fn check_bounds(low: i128, high: i128, endpoint: bool, lb: i128, ub: i128, name: &str)
    -> Result<Bounds, RandomError>
{
    let high = if endpoint { high } else { high.saturating_sub(1) };
    if low < lb {
        return Err(RandomError(format!("low is out of bounds for {name}")));
    }
    if high > ub {
        return Err(RandomError(format!("high is out of bounds for {name}")));
    }
    if low > high {
        let msg = match (low == 0, endpoint) {
            (true, true) => "high < 0",
            (true, false) => "high <= 0",
            (false, true) => "low > high",
            (false, false) => "low >= high",
        };
        return Err(RandomError(msg.to_string()));
    }
    Ok(Bounds { off: low as i64 as u64, rng: (high - low) as u64 })
}

impl Generator {
    /// `default_rng(seed)` for a non-negative int seed that fits in u64.
    pub fn from_seed(seed: u64) -> Self {
        Self::from_seed_words(&[seed as u32, (seed >> 32) as u32])
    }

    /// `default_rng(seed)` for any non-negative int seed, given as its
    /// 32-bit words, lowest first (high zero words are ignored).
    pub fn from_seed_words(words_lowest_first: &[u32]) -> Self {
        Self::from_entropy(int_seed_words(words_lowest_first))
    }

    /// `default_rng(seed)` from NumPy's assembled entropy words (for a
    /// list-of-ints seed, the concatenation of each int's `int_seed_words`).
    pub fn from_entropy(entropy: Vec<u32>) -> Self {
        let seed = SeedSource { entropy, ..Default::default() };
        Generator { bits: BitGen::Pcg64(Pcg64::from_seed_sequence(&seed.sequence())), seed, binomial_cache: None }
    }

    /// `default_rng(SeedSequence(entropy, spawn_key=...))` (pool size 4):
    /// its assembled entropy words, spawn key and children spawned so far.
    pub fn from_seed_parts(entropy: Vec<u32>, spawn_key: Vec<u64>, children: u64) -> Self {
        let seed = SeedSource { entropy, spawn_key, children };
        Generator { bits: BitGen::Pcg64(Pcg64::from_seed_sequence(&seed.sequence())), seed, binomial_cache: None }
    }

    /// `default_rng(SeedSequence(...))` for a pool made elsewhere (it
    /// cannot `spawn`: its entropy is not known).
    pub fn from_seed_sequence(seq: &SeedSequence) -> Self {
        Generator { bits: BitGen::Pcg64(Pcg64::from_seed_sequence(seq)), seed: SeedSource::default(), binomial_cache: None }
    }

    /// A generator over another bit generator (it cannot `spawn` here:
    /// its bit generator's Python object does).
    pub fn from_bitgen(bits: BitGen) -> Self {
        Generator { bits, seed: SeedSource::default(), binomial_cache: None }
    }

    /// `spawn(n)`: `n` independent generators from child seed sequences
    /// (spawn keys `key + (i,)`, counting on from earlier spawns). Like
    /// NumPy, a negative `n` moves the count back and spawns nothing; the
    /// count going below zero is `None` (NumPy's OverflowError).
    pub fn spawn(&mut self, n: i64) -> Option<Vec<Generator>> {
        let first = self.seed.children;
        let end = first as i64 + n;
        if end < 0 {
            return None;
        }
        self.seed.children = end as u64;
        Some((first..(end as u64).max(first))
            .map(|i| {
                let mut spawn_key = self.seed.spawn_key.clone();
                spawn_key.push(i);
                let seed = SeedSource { entropy: self.seed.entropy.clone(), spawn_key, children: 0 };
                Generator { bits: BitGen::Pcg64(Pcg64::from_seed_sequence(&seed.sequence())), seed, binomial_cache: None }
            })
            .collect())
    }

    /// The bit generator, for `bit_generator.state = ...`.
    pub fn bit_generator_mut(&mut self) -> &mut BitGen {
        &mut self.bits
    }

    /// A raw 64-bit draw (`bit_generator.random_raw()`).
    pub fn next_u64(&mut self) -> u64 {
        self.bits.next_u64()
    }

    /// `random_raw()`'s value (MT19937: one 32-bit word).
    pub fn next_raw(&mut self) -> u64 {
        self.bits.next_raw()
    }

    /// The PCG64 bit generator, if that is the one (`default_rng`'s).
    pub fn pcg64(&self) -> Option<&Pcg64> {
        match &self.bits {
            BitGen::Pcg64(p) => Some(p),
            _ => None,
        }
    }

    /// Whether the bit generator is PCG64 (the one `spawn` here makes).
    pub fn is_pcg64(&self) -> bool {
        matches!(self.bits, BitGen::Pcg64(_))
    }

    /// A 32-bit draw (using the buffered half of a 64-bit draw first).
    pub fn next_u32(&mut self) -> u32 {
        self.bits.next_u32()
    }

    /// `default_rng(None)`: 128 bits of OS entropy, as NumPy draws them.
    pub fn from_os_entropy() -> Self {
        Self::from_seed_words(&os_entropy_words())
    }

    /// The underlying bit generator (for state inspection).
    pub fn bit_generator(&self) -> &BitGen {
        &self.bits
    }

    /// One `random()` draw: uniform float64 on [0, 1).
    pub fn random(&mut self) -> f64 {
        self.bits.next_f64()
    }

    /// `random(size, dtype=np.float32)` draws: `(next_u32 >> 8) * 2^-24`.
    pub fn random_f32(&mut self) -> f32 {
        (self.bits.next_u32() >> 8) as f32 * (1.0 / 16777216.0)
    }

    /// Fills `out` like `random(size=len)`.
    pub fn fill_random(&mut self, out: &mut [f64]) {
        with_bits!(self, |bits| {
            for x in out.iter_mut() {
                *x = bits.next_f64();
            }
        });
    }

    /// `integers(low, high, size=len(out), dtype=np.int64, endpoint=...)`.
    /// `high` is exclusive unless `endpoint`. Python ints beyond i128 may be
    /// clamped to i128::MIN/MAX: the error is the same. An empty `out` draws
    /// nothing and checks nothing, like NumPy with `size=0`.
    pub fn integers_i64(&mut self, low: i128, high: i128, endpoint: bool, out: &mut [i64])
        -> Result<(), RandomError>
    {
        if out.is_empty() {
            return Ok(());
        }
        let b = check_bounds(low, high, endpoint, i64::MIN as i128, i64::MAX as i128, "int64")?;
        with_bits!(self, |bits| {
            for x in out.iter_mut() {
                *x = b.off.wrapping_add(bounded_u64(bits, b.rng)) as i64;
            }
        });
        Ok(())
    }

    /// `integers(low, high, size=len(out), dtype=np.int32, endpoint=...)`.
    pub fn integers_i32(&mut self, low: i128, high: i128, endpoint: bool, out: &mut [i32])
        -> Result<(), RandomError>
    {
        if out.is_empty() {
            return Ok(());
        }
        let b = check_bounds(low, high, endpoint, i32::MIN as i128, i32::MAX as i128, "int32")?;
        let (off, rng) = (b.off as u32, b.rng as u32);
        with_bits!(self, |bits| {
            for x in out.iter_mut() {
                let v = match rng {
                    0 => 0,
                    u32::MAX => bits.next_u32(),
                    _ => bounded_lemire_u32(bits, rng),
                };
                *x = off.wrapping_add(v) as i32;
            }
        });
        Ok(())
    }

    /// Convenience: `integers(low, high, size=n)` as int64 (high exclusive).
    pub fn integers(&mut self, low: i64, high: i64, n: usize) -> Result<Vec<i64>, RandomError> {
        let mut out = vec![0; n];
        self.integers_i64(low as i128, high as i128, false, &mut out)?;
        Ok(out)
    }

    /// A value in [0, rng] by NumPy's int64 path (see `bounded_u64`).
    fn bounded_u64(&mut self, rng: u64) -> u64 {
        bounded_u64(&mut self.bits, rng)
    }

    /// One `standard_normal()` draw (NumPy's ziggurat).
    pub fn standard_normal(&mut self) -> f64 {
        standard_normal(&mut self.bits)
    }

    /// NumPy's `random_interval`: a value in [0, max] by masked rejection
    /// (32-bit draws when max fits in 32 bits); `shuffle` and `permutation`
    /// make one per position, from the last down to 1.
    pub fn interval(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let mask = u64::MAX >> max.leading_zeros();
        if max <= u32::MAX as u64 {
            loop {
                let v = self.bits.next_u32() as u64 & mask;
                if v <= max {
                    return v;
                }
            }
        }
        loop {
            let v = self.bits.next_u64() & mask;
            if v <= max {
                return v;
            }
        }
    }

    /// The source positions of a Fisher-Yates shuffle of `0..n` as NumPy's
    /// `shuffle(arange(n))` leaves them.
    pub fn permutation(&mut self, n: usize) -> Vec<i64> {
        let mut v: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            let j = self.interval(i as u64) as usize;
            v.swap(i, j);
        }
        v
    }

    /// `count` permutations of `0..n` in a row (`permuted` along an axis:
    /// one shuffle per 1-d slice, in C order of the other axes).
    pub fn permutations(&mut self, n: usize, count: usize) -> Vec<i64> {
        let mut out = Vec::with_capacity(n * count);
        for _ in 0..count {
            out.extend(self.permutation(n));
        }
        out
    }

    /// The indices of `choice(pop, size, replace=False, shuffle=...)`
    /// without `p`: a tail shuffle of `arange(pop)` for a large share of a
    /// large population, otherwise Floyd's algorithm on a hash set (then a
    /// shuffle if asked), drawing as NumPy does.
    pub fn choice_without_replacement(&mut self, pop: u64, size: u64, shuffle: bool) -> Vec<i64> {
        let cutoff = if shuffle { 50 } else { 20 };
        if pop > 10000 && size > pop / cutoff {
            let mut idx: Vec<i64> = (0..pop as i64).collect();
            self.shuffle_int(&mut idx, (pop - size).max(1) as usize);
            return idx[(pop - size) as usize..].to_vec();
        }
        let mut idx = vec![0i64; size as usize];
        // The smallest power of two above 1.2 * size.
        let set_size = (1.2 * size as f64) as u64;
        let mask = if set_size == 0 { 0 } else { u64::MAX >> set_size.leading_zeros() };
        let mut hash_set = vec![u64::MAX; (mask + 1) as usize];
        for j in (pop - size)..pop {
            let val = self.bounded_u64(j);
            let mut loc = (val & mask) as usize;
            while hash_set[loc] != u64::MAX && hash_set[loc] != val {
                loc = (loc + 1) & mask as usize;
            }
            let chosen = if hash_set[loc] == u64::MAX {
                hash_set[loc] = val;
                val
            } else {
                let mut loc = (j & mask) as usize;
                while hash_set[loc] != u64::MAX {
                    loc = (loc + 1) & mask as usize;
                }
                hash_set[loc] = j;
                j
            };
            idx[(j + size - pop) as usize] = chosen as i64;
        }
        if shuffle {
            self.shuffle_int(&mut idx, 1);
        }
        idx
    }

    /// Fisher-Yates from the end down to position `first`, with Lemire
    /// draws (NumPy's `_shuffle_int`).
    fn shuffle_int(&mut self, data: &mut [i64], first: usize) {
        for i in (first..data.len()).rev() {
            let j = self.bounded_u64(i as u64) as usize;
            data.swap(i, j);
        }
    }

    /// One `normal(loc, scale)` draw: `loc + scale * standard_normal()`.
    /// A negative scale (including -0.0) is NumPy's `ValueError: scale < 0`.
    pub fn normal(&mut self, loc: f64, scale: f64) -> Result<f64, RandomError> {
        check_scale(scale)?;
        Ok(loc + scale * self.standard_normal())
    }

    /// Fills `out` like `normal(loc, scale, size=len)`.
    pub fn fill_normal(&mut self, loc: f64, scale: f64, out: &mut [f64]) -> Result<(), RandomError> {
        check_scale(scale)?;
        with_bits!(self, |bits| {
            for x in out.iter_mut() {
                *x = loc + scale * standard_normal(bits);
            }
        });
        Ok(())
    }
}

/// A value in [0, rng] by NumPy's int64 path: 32-bit Lemire (on the
/// buffered 32-bit halves) when the range fits in 32 bits, else 64-bit.
#[inline(always)]
fn bounded_u64<B: Bits>(bits: &mut B, rng: u64) -> u64 {
    if rng == 0 {
        0
    } else if rng < u32::MAX as u64 {
        bounded_lemire_u32(bits, rng as u32) as u64
    } else if rng == u32::MAX as u64 {
        bits.next_u32() as u64
    } else if rng == u64::MAX {
        bits.next_u64()
    } else {
        bounded_lemire_u64(bits, rng)
    }
}

/// Lemire's nearly-divisionless method; `rng < u32::MAX`.
#[inline(always)]
fn bounded_lemire_u32<B: Bits>(bits: &mut B, rng: u32) -> u32 {
    let excl = rng + 1;
    let mut m = bits.next_u32() as u64 * excl as u64;
    let mut leftover = m as u32;
    if leftover < excl {
        let threshold = (u32::MAX - rng) % excl;
        while leftover < threshold {
            m = bits.next_u32() as u64 * excl as u64;
            leftover = m as u32;
        }
    }
    (m >> 32) as u32
}

/// Lemire's method on 64 bits; `rng < u64::MAX`.
fn bounded_lemire_u64<B: Bits>(bits: &mut B, rng: u64) -> u64 {
    let excl = rng + 1;
    let mut m = bits.next_u64() as u128 * excl as u128;
    let mut leftover = m as u64;
    if leftover < excl {
        let threshold = (u64::MAX - rng) % excl;
        while leftover < threshold {
            m = bits.next_u64() as u128 * excl as u128;
            leftover = m as u64;
        }
    }
    (m >> 64) as u64
}

/// One `standard_normal()` draw (NumPy's ziggurat).
#[inline(always)]
fn standard_normal<B: Bits>(bits: &mut B) -> f64 {
    loop {
        let r = bits.next_u64();
        let idx = (r & 0xff) as usize;
        let r = r >> 8;
        let negative = r & 1 == 1;
        let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
        let mut x = rabs as f64 * WI_DOUBLE[idx];
        if negative {
            x = -x;
        }
        if rabs < KI_DOUBLE[idx] {
            return x;
        }
        if idx == 0 {
            // The tail beyond r, by Marsaglia's exponential method.
            loop {
                let xx = -ZIGGURAT_NOR_INV_R * (-bits.next_f64()).ln_1p();
                let yy = -(-bits.next_f64()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(ZIGGURAT_NOR_R + xx)
                    } else {
                        ZIGGURAT_NOR_R + xx
                    };
                }
            }
        }
        let u = bits.next_f64();
        if (FI_DOUBLE[idx - 1] - FI_DOUBLE[idx]) * u + FI_DOUBLE[idx] < (-0.5 * x * x).exp() {
            return x;
        }
    }
}

fn check_scale(scale: f64) -> Result<(), RandomError> {
    if !scale.is_nan() && scale.is_sign_negative() {
        return Err(RandomError("scale < 0".to_string()));
    }
    Ok(())
}

/// Four 32-bit words of OS entropy (NumPy: `secrets.randbits(128)`).
fn os_entropy_words() -> Vec<u32> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    let from_os = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if from_os.is_err() {
        // std's hasher keys are seeded from OS entropy on every platform.
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()));
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}
