//! Philox4x64-10 (Salmon et al., "Parallel random numbers: as easy as
//! 1, 2, 3", SC'11) as NumPy's `Philox` runs it: a 256-bit counter and a
//! 128-bit key; each counter increment encrypts to four 64-bit outputs,
//! handed out in order from a buffer.

const M0: u64 = 0xD2E7_470E_E14C_6C93;
const M1: u64 = 0xCA5A_8263_9512_1157;
const W0: u64 = 0x9E37_79B9_7F4A_7C15;
const W1: u64 = 0xBB67_AE85_84CA_A73B;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Philox {
    pub counter: [u64; 4],
    pub key: [u64; 2],
    pub buffer: [u64; 4],
    /// 4 when the buffer is used up.
    pub buffer_pos: usize,
}

fn mulhilo(a: u64, b: u64) -> (u64, u64) {
    let p = a as u128 * b as u128;
    ((p >> 64) as u64, p as u64)
}

/// The 10-round Philox4x64 bijection of `ctr` under `key`.
pub fn philox4x64_10(mut ctr: [u64; 4], mut key: [u64; 2]) -> [u64; 4] {
    for round in 0..10 {
        if round > 0 {
            key[0] = key[0].wrapping_add(W0);
            key[1] = key[1].wrapping_add(W1);
        }
        let (hi0, lo0) = mulhilo(M0, ctr[0]);
        let (hi1, lo1) = mulhilo(M1, ctr[2]);
        ctr = [hi1 ^ ctr[1] ^ key[0], lo1, hi0 ^ ctr[3] ^ key[1], lo0];
    }
    ctr
}

impl Philox {
    pub fn new(counter: [u64; 4], key: [u64; 2]) -> Self {
        Philox { counter, key, buffer: [0; 4], buffer_pos: 4 }
    }

    /// Adds a 256-bit amount (words lowest first) to the counter.
    pub fn add_counter(&mut self, delta: [u64; 4]) {
        let mut carry = 0u128;
        for i in 0..4 {
            let s = self.counter[i] as u128 + delta[i] as u128 + carry;
            self.counter[i] = s as u64;
            carry = s >> 64;
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        if self.buffer_pos < 4 {
            let v = self.buffer[self.buffer_pos];
            self.buffer_pos += 1;
            return v;
        }
        self.add_counter([1, 0, 0, 0]);
        self.buffer = philox4x64_10(self.counter, self.key);
        self.buffer_pos = 1;
        self.buffer[0]
    }
}
