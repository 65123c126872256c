//! Naturals in base 10**9 limbs, for coefficients too long for `u128`.
//!
//! A decimal coefficient is a digit string; in base 10**9 it converts to
//! and from digits in linear time, and the operations decimal arithmetic
//! does most on long coefficients (adding aligned operands, multiplying or
//! dividing by a short number) are linear too. Binary big integers need
//! quadratic-time (or sub-quadratic but costly) base conversions at every
//! operation, which dominated long computations (digits of pi). Products
//! and quotients of two long numbers go to `malachite` (see `arith`).

use std::cmp::Ordering;

pub(super) const BASE: u64 = 1_000_000_000;
const DIGITS: usize = 9;

/// "00" to "99".
pub(super) const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// The value of eight ASCII digits (SWAR: pairs, then quads, then the
/// eight, each step one multiply on the packed lanes).
fn eight_digits(d: [u8; 8]) -> u32 {
    let mut v = u64::from_le_bytes(d).wrapping_sub(0x3030_3030_3030_3030);
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v * 100 + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v * 10_000 + (v >> 32)) & 0xFFFF_FFFF;
    v as u32
}

/// Whether every byte is an ASCII digit, eight at a time: the high
/// nibble of each is 3, and adding 6 to the low nibble does not carry.
pub(super) fn all_digits(d: &[u8]) -> bool {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const THREES: u64 = 0x3030_3030_3030_3030;
    let chunks = d.chunks_exact(8);
    let rest = chunks.remainder().iter().all(u8::is_ascii_digit);
    rest && chunks.fold(true, |ok, c| {
        let x = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
        ok & (x & HIGH == THREES) & (x.wrapping_add(0x0606_0606_0606_0606) & HIGH == THREES)
    })
}

/// `limbs // P` for `P` a power of ten below 10**9, limbs least
/// significant first (a constant divisor: multiplications, not divisions).
/// Each limb of the quotient is its own limb's quotient plus the next
/// limb's remainder times 10**9 / P (P divides 10**9, so nothing carries):
/// no limb waits for the one before, as a running remainder would make it.
fn div_pow10<const P: u64>(limbs: &[u32]) -> Vec<u32> {
    let mut q = Vec::with_capacity(limbs.len());
    q.extend(limbs.windows(2).map(|w| (w[0] as u64 / P + (w[1] as u64 % P) * (BASE / P)) as u32));
    q.extend(limbs.last().map(|&x| (x as u64 / P) as u32));
    q
}

/// Appends `limbs * up` to `out`, `up` a power of ten below 10**9. Limb
/// i of the product is the low part of `limbs[i] * up` plus the high part
/// of `limbs[i - 1] * up`, which is below `up`: the sum is below 10**9,
/// nothing carries, and no limb waits for the one before.
fn mul_pow10_into(out: &mut Vec<u32>, limbs: &[u32], up: u64) {
    debug_assert!(up < BASE);
    let mut high_below = 0u64;
    out.extend(limbs.iter().map(|&x| {
        let p = x as u64 * up;
        let high = p / BASE;
        let limb = p - high * BASE + high_below;
        high_below = high;
        limb as u32
    }));
    out.push(high_below as u32);
}

/// The quotient by a non-zero `d` of the number of `len` limbs `next`
/// gives from the top, and the remainder. Two limbs at a time: the
/// remainder so far and the two limbs make a number below `d * 10**18`,
/// whose quotient by `d` (two limbs of the quotient) fits a `u64`
/// (`div_wide`).
fn div_limbs(len: usize, mut next: impl FnMut() -> u64, d: u64) -> (Limbs, u64) {
    debug_assert!(d != 0);
    const BASE2: u128 = BASE as u128 * BASE as u128;
    let mut q = vec![0u32; len];
    let mut r = 0u64;
    let mut pairs = q.rchunks_exact_mut(2);
    for pair in &mut pairs {
        let high = next();
        let two = high * BASE + next();
        let (quotient, rem) = div_wide(r as u128 * BASE2 + two as u128, d);
        let top = quotient / BASE;
        pair[1] = top as u32;
        pair[0] = (quotient - top * BASE) as u32;
        r = rem;
    }
    if let [last] = pairs.into_remainder() {
        let (quotient, rem) = div_wide(r as u128 * BASE as u128 + next() as u128, d);
        *last = quotient as u32;
        r = rem;
    }
    (Limbs::trimmed(q), r)
}

/// `n / d` and `n % d` for a quotient that fits a `u64` (`n < d * 2**64`):
/// on x86-64 one `div` instruction (a `u128` division is a call that tests
/// for this case first).
#[inline(always)]
fn div_wide(n: u128, d: u64) -> (u64, u64) {
    debug_assert!(d != 0 && n >> 64 < d as u128);
    #[cfg(target_arch = "x86_64")]
    {
        let (q, r): (u64, u64);
        // Safety: `div` faults only for a zero divisor or a quotient above
        // `u64::MAX`, which the callers' `n < d * 2**64` rules out.
        unsafe {
            std::arch::asm!("div {d}", d = in(reg) d, inout("rax") n as u64 => q, inout("rdx") (n >> 64) as u64 => r, options(pure, nomem, nostack));
        }
        (q, r)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        ((n / d as u128) as u64, (n % d as u128) as u64)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Limbs(Vec<u32>);

impl Limbs {
    pub(super) fn from_digits(digits: &[u8]) -> Limbs {
        let mut v = Vec::with_capacity(digits.len() / DIGITS + 1);
        let mut end = digits.len();
        while end >= DIGITS {
            let chunk = &digits[end - DIGITS..end];
            v.push((chunk[0] - b'0') as u32 * 100_000_000 + eight_digits(chunk[1..].try_into().unwrap_or([b'0'; 8])));
            end -= DIGITS;
        }
        if end > 0 {
            v.push(digits[..end].iter().fold(0u32, |x, &c| x * 10 + (c - b'0') as u32));
        }
        Limbs::trimmed(v)
    }

    pub(super) fn from_u128(mut x: u128) -> Limbs {
        let mut v = Vec::new();
        while x > 0 {
            v.push((x % BASE as u128) as u32);
            x /= BASE as u128;
        }
        Limbs(v)
    }

    fn trimmed(mut v: Vec<u32>) -> Limbs {
        while v.last() == Some(&0) {
            v.pop();
        }
        Limbs(v)
    }

    /// The decimal digits, without leading zeros ("0" for zero).
    pub(super) fn to_digits(&self) -> Vec<u8> {
        let Some((top, rest)) = self.0.split_last() else { return b"0".to_vec() };
        let mut out = Vec::with_capacity(self.0.len() * DIGITS);
        out.extend_from_slice(top.to_string().as_bytes());
        for &limb in rest.iter().rev() {
            // Nine digits: one, then four pairs.
            let (first, mut low) = (limb / 100_000_000, limb % 100_000_000);
            let mut buf = [b'0'; DIGITS];
            buf[0] = b'0' + first as u8;
            for i in (0..4).rev() {
                let pair = (low % 100) as usize;
                low /= 100;
                buf[1 + 2 * i..3 + 2 * i].copy_from_slice(&PAIRS[2 * pair..2 * pair + 2]);
            }
            out.extend_from_slice(&buf);
        }
        out
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// The last decimal digit.
    pub(super) fn last_digit(&self) -> u32 {
        self.0.first().map_or(0, |l| l % 10)
    }

    /// The value when it fits in a `u64`.
    pub(super) fn to_u64(&self) -> Option<u64> {
        match self.0.len() {
            0 => Some(0),
            1 => Some(self.0[0] as u64),
            2 => Some(self.0[1] as u64 * BASE + self.0[0] as u64),
            3 => (self.0[2] as u64).checked_mul(BASE * BASE)?.checked_add(self.0[1] as u64 * BASE + self.0[0] as u64),
            _ => None,
        }
    }

    pub(super) fn cmp(&self, other: &Limbs) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| {
            // From the top, 64 limbs at a time compared for equality (a
            // `memcmp`) until two differ; those limb by limb.
            for (x, y) in self.0.rchunks(64).zip(other.0.rchunks(64)) {
                if x != y {
                    return x.iter().rev().cmp(y.iter().rev());
                }
            }
            Ordering::Equal
        })
    }

    pub(super) fn add(&self, other: &Limbs) -> Limbs {
        let (long, short) = if self.0.len() >= other.0.len() { (self, other) } else { (other, self) };
        let mut v = Vec::with_capacity(long.0.len() + 1);
        let mut carry = 0u32;
        let (low, high) = long.0.split_at(short.0.len());
        let mut step = |s: u32| {
            let s = s + carry;
            carry = (s >= BASE as u32) as u32;
            s - carry * BASE as u32
        };
        v.extend(low.iter().zip(&short.0).map(|(&x, &y)| step(x + y)));
        v.extend(high.iter().map(|&x| step(x)));
        if carry == 1 {
            v.push(1);
        }
        Limbs(v)
    }

    /// `self - other`, for `self >= other`.
    pub(super) fn sub(&self, other: &Limbs) -> Limbs {
        let mut v = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for (i, &x) in self.0.iter().enumerate() {
            let mut d = x as i64 - other.0.get(i).copied().unwrap_or(0) as i64 - borrow;
            borrow = (d < 0) as i64;
            if d < 0 {
                d += BASE as i64;
            }
            v.push(d as u32);
        }
        Limbs::trimmed(v)
    }

    /// Schoolbook product (the caller sends long-by-long products elsewhere).
    pub(super) fn mul(&self, other: &Limbs) -> Limbs {
        if self.is_zero() || other.is_zero() {
            return Limbs(Vec::new());
        }
        match (&self.0[..], &other.0[..]) {
            (_, &[m]) => return self.mul_limb(m),
            (&[m], _) => return other.mul_limb(m),
            _ => {}
        }
        let mut r = vec![0u64; self.0.len() + other.0.len()];
        for (i, &x) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &y) in other.0.iter().enumerate() {
                // < 10**18 + 10**9 + 10**9: fits.
                let t = r[i + j] + x as u64 * y as u64 + carry;
                r[i + j] = t % BASE;
                carry = t / BASE;
            }
            let mut k = i + other.0.len();
            while carry > 0 {
                let t = r[k] + carry;
                r[k] = t % BASE;
                carry = t / BASE;
                k += 1;
            }
        }
        Limbs::trimmed(r.into_iter().map(|x| x as u32).collect())
    }

    /// The product by one non-zero limb.
    fn mul_limb(&self, m: u32) -> Limbs {
        let mut v = Vec::with_capacity(self.0.len() + 1);
        let mut carry = 0u64;
        v.extend(self.0.iter().map(|&x| {
            // < 10**9 * 10**9 + 10**9: fits.
            let p = x as u64 * m as u64 + carry;
            carry = p / BASE;
            (p - carry * BASE) as u32
        }));
        if carry > 0 {
            v.push(carry as u32);
        }
        Limbs(v)
    }

    /// Quotient and remainder by a non-zero `d`.
    pub(super) fn div_small(&self, d: u64) -> (Limbs, u64) {
        let mut limbs = self.0.iter().rev();
        div_limbs(self.0.len(), || limbs.next().map_or(0, |&x| x as u64), d)
    }

    /// `(self * 10**shift) // d` and its remainder, for a non-zero `d`:
    /// `div_small` reading the shifted number's limbs as it goes, without
    /// making it. Its limb i (i in 0..=n) is the low part of
    /// `self[i] * 10**part` plus the high part of `self[i - 1] * 10**part`
    /// (as in `mul_pow10_into`), then come `whole` zero limbs.
    pub(super) fn div_small_shifted(&self, shift: usize, d: u64) -> (Limbs, u64) {
        let (whole, part) = (shift / DIGITS, shift % DIGITS);
        let up = 10u64.pow(part as u32);
        let mut limbs = self.0.iter().rev();
        // The low part of the limb above, waiting for its high part.
        let mut low = 0u64;
        let next = || match limbs.next() {
            Some(&x) => {
                let p = x as u64 * up;
                let high = p / BASE;
                let limb = low + high;
                low = p - high * BASE;
                limb
            }
            None => std::mem::take(&mut low),
        };
        div_limbs(whole + self.0.len() + 1, next, d)
    }

    /// `self + 1`, in place.
    pub(super) fn add_one(mut self) -> Limbs {
        for limb in self.0.iter_mut() {
            if *limb + 1 < BASE as u32 {
                *limb += 1;
                return self;
            }
            *limb = 0;
        }
        self.0.push(1);
        self
    }

    /// The number of decimal digits (1 for zero).
    pub(super) fn digit_len(&self) -> usize {
        match self.0.split_last() {
            None => 1,
            Some((top, rest)) => rest.len() * DIGITS + top.ilog10() as usize + 1,
        }
    }

    /// `self * 10**shift`.
    pub(super) fn shifted(&self, shift: usize) -> Limbs {
        if self.is_zero() {
            return Limbs(Vec::new());
        }
        let (whole, part) = (shift / DIGITS, shift % DIGITS);
        let mut v = Vec::with_capacity(whole + self.0.len() + 1);
        v.resize(whole, 0);
        if part == 0 {
            v.extend_from_slice(&self.0);
        } else {
            mul_pow10_into(&mut v, &self.0, 10u64.pow(part as u32));
        }
        Limbs::trimmed(v)
    }

    /// `self // 10**drop` (for `drop` >= 1), the first digit dropped, and
    /// whether the digits after it are all zero.
    pub(super) fn split(&self, drop: usize) -> (Limbs, u32, bool) {
        let (whole, part) = (drop / DIGITS, drop % DIGITS);
        let low_zero = |n: usize| self.0.iter().take(n).all(|&l| l == 0);
        if whole >= self.0.len() && (self.is_zero() || self.digit_len() < drop) {
            // Fewer digits than dropped: the first dropped is a leading 0.
            return (Limbs(Vec::new()), 0, self.is_zero());
        }
        if part == 0 {
            let q = Limbs::trimmed(self.0.get(whole..).map_or_else(Vec::new, <[u32]>::to_vec));
            let limb = self.0.get(whole - 1).copied().unwrap_or(0);
            return (q, limb / 100_000_000, limb % 100_000_000 == 0 && low_zero(whole - 1));
        }
        let high = self.0.get(whole..).unwrap_or(&[]);
        let p = 10u32.pow(part as u32);
        let q = Limbs::trimmed(match part {
            1 => div_pow10::<10>(high),
            2 => div_pow10::<100>(high),
            3 => div_pow10::<1_000>(high),
            4 => div_pow10::<10_000>(high),
            5 => div_pow10::<100_000>(high),
            6 => div_pow10::<1_000_000>(high),
            7 => div_pow10::<10_000_000>(high),
            _ => div_pow10::<100_000_000>(high),
        });
        let r = self.0.get(whole).copied().unwrap_or(0) % p;
        let below = p / 10;
        (q, r / below, r % below == 0 && low_zero(whole))
    }

    /// The number of trailing zero digits (0 for zero).
    /// The number made of the first `k` digits (`k` <= 27), or the whole
    /// number when it has fewer.
    pub(super) fn leading(&self, k: usize) -> u128 {
        let top = &self.0[self.0.len().saturating_sub(4)..];
        let window = top.iter().rev().fold(0u128, |v, &l| v * BASE as u128 + l as u128);
        let digits = match top.split_last() {
            None => return 0,
            Some((high, rest)) => rest.len() * DIGITS + high.ilog10() as usize + 1,
        };
        if digits <= k { window } else { window / 10u128.pow((digits - k) as u32) }
    }

    /// The limbs from `whole` up, with their last digit made non-zero
    /// when it is zero (a sticky digit standing for the dropped limbs);
    /// None when nothing is dropped, nothing is kept, or the dropped limbs
    /// are all zero.
    pub(super) fn sticky_above(&self, whole: usize) -> Option<Limbs> {
        if whole == 0 || whole >= self.0.len() || self.0[..whole].iter().all(|&l| l == 0) {
            return None;
        }
        let mut v = self.0[whole..].to_vec();
        if v[0] % 10 == 0 {
            v[0] += 1;
        }
        Some(Limbs(v))
    }

    pub(super) fn trailing_zeros(&self) -> usize {
        let Some(i) = self.0.iter().position(|&l| l != 0) else { return 0 };
        let mut l = self.0[i];
        let mut n = i * DIGITS;
        while l % 10 == 0 {
            l /= 10;
            n += 1;
        }
        n
    }

    /// `self % m` for a non-zero `m` below 2**64.
    pub(super) fn rem(&self, m: u128) -> u128 {
        self.0.iter().rev().fold(0u128, |acc, &l| (acc * BASE as u128 + l as u128) % m)
    }

    /// The value when it fits in a `u128`.
    pub(super) fn to_u128(&self) -> Option<u128> {
        // 2**128 has 39 digits: five limbs at most.
        if self.0.len() > 5 {
            return None;
        }
        self.0.iter().rev().try_fold(0u128, |acc, &l| acc.checked_mul(BASE as u128)?.checked_add(l as u128))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Limbs {
        Limbs::from_digits(s.as_bytes())
    }

    fn s(x: &Limbs) -> String {
        String::from_utf8(x.to_digits()).unwrap()
    }

    #[test]
    fn digits_round_trip() {
        for d in ["0", "7", "999999999", "1000000000", "123456789012345678901234567890"] {
            assert_eq!(s(&l(d)), d);
        }
        assert_eq!(s(&l("000123")), "123");
        assert_eq!(eight_digits(*b"12345678"), 12345678);
        assert!(all_digits(b"0123456789012345678"));
        for bad in [&b"01234567/9"[..], b"0123456:", b"012345678901234\x00", b"1234567\xb9", b"a"] {
            assert!(!all_digits(bad), "{bad:?}");
        }
        assert_eq!(eight_digits(*b"90000009"), 90000009);
        assert_eq!(s(&l("1000000001000000000")), "1000000001000000000");
        assert_eq!(s(&Limbs::from_u128(u128::MAX)), u128::MAX.to_string());
    }

    #[test]
    fn arithmetic() {
        let a = "999999999999999999999999999999999999999999";
        let b = "1";
        assert_eq!(s(&l(a).add(&l(b))), format!("1{}", "0".repeat(42)));
        assert_eq!(s(&l(&format!("1{}", "0".repeat(42))).sub(&l(b))), a);
        assert_eq!(s(&l("123456789123456789").mul(&l("987654321987654321"))), "121932631356500531347203169112635269");
        let (q, r) = l("121932631356500531347203169112635269").div_small(987654321);
        assert_eq!((s(&q), r), ("123456789246913578123456789".to_owned(), 0));
        for d in [1u64, 2, 3, 7, 10, 999_999_999, 1_000_000_000, 4_294_967_291, 18_446_744_073] {
            let x = l("98765432109876543210987654321098765432109876543210");
            let (q, r) = x.div_small(d);
            let back = q.mul(&Limbs::from_u128(d as u128));
            assert!(back.cmp(&x) != Ordering::Greater && ((r != 0) == (back != x)), "{d}");
            assert_eq!(s(&x.sub(&back)), r.to_string(), "{d}");
            assert_eq!(x.sub(&back).cmp(&Limbs::from_u128(d as u128)), Ordering::Less, "{d}");
        }
        let (q, r) = l("121932631356500531347203169112635269").div_small(18446744073709551557);
        assert_eq!(s(&q), "6609981190679600");
        assert_eq!(r, 14759604945044498069);
        assert_eq!(l("5").cmp(&l("1000000000")), Ordering::Less);
        let x = l("98765432109876543210987654321098765432109876543210");
        for k in [1, 9, 10, 19, 20, 27] {
            assert_eq!(x.leading(k).to_string(), "98765432109876543210987654321"[..k], "{k}");
        }
        assert_eq!(l("123").leading(5), 123);
    }

    #[test]
    fn digit_operations() {
        let x = l("123456789012345678901234567890");
        assert_eq!(x.digit_len(), 30);
        assert_eq!(l("0").digit_len(), 1);
        assert_eq!(s(&x.shifted(13)), "1234567890123456789012345678900000000000000");
        assert_eq!(s(&x.shifted(18)), format!("123456789012345678901234567890{}", "0".repeat(18)));
        let (q, first, rest) = x.split(5);
        assert_eq!((s(&q), first, rest), ("1234567890123456789012345".to_owned(), 6, false));
        let (q, first, rest) = l("1500000000000000000").split(18);
        assert_eq!((s(&q), first, rest), ("1".to_owned(), 5, true));
        let (q, first, rest) = l("1500000000000000000").split(19);
        assert_eq!((s(&q), first, rest), ("0".to_owned(), 1, false));
        let (q, first, rest) = l("1500000000000000000").split(25);
        assert_eq!((s(&q), first, rest), ("0".to_owned(), 0, false));
        let (q, first, rest) = l("2000000000").split(9);
        assert_eq!((s(&q), first, rest), ("2".to_owned(), 0, true));
        // Every split and shift of numbers with limbs of all nines, zeros
        // and mixed digits, against the digit strings.
        let nines = "9".repeat(40);
        let zeros = format!("1{}7", "0".repeat(30));
        for digits in ["123456789012345678901234567890987654321", nines.as_str(), zeros.as_str(), "5", "1000000000"] {
            let x = l(digits);
            for k in 0..45 {
                assert_eq!(s(&x.shifted(k)), format!("{digits}{}", "0".repeat(k)), "{digits} << {k}");
            }
            for drop in 1..digits.len() {
                let (q, first, rest) = x.split(drop);
                let (kept, dropped) = digits.split_at(digits.len() - drop);
                let kept = kept.trim_start_matches('0');
                assert_eq!(s(&q), if kept.is_empty() { "0" } else { kept }, "{digits} >> {drop}");
                assert_eq!(first, (dropped.as_bytes()[0] - b'0') as u32, "{digits} >> {drop}");
                assert_eq!(rest, dropped[1..].bytes().all(|c| c == b'0'), "{digits} >> {drop}");
            }
            for m in [1u32, 7, 10, 999_999_999, 123_456_789] {
                if digits.len() <= 29 {
                    let want = digits.parse::<u128>().unwrap() * m as u128;
                    assert_eq!(s(&x.mul_limb(m)), want.to_string(), "{digits} * {m}");
                }
                assert_eq!(x.mul_limb(m).div_small(m as u64), (x.clone(), 0), "{digits} * {m} / {m}");
            }
            // The division of the shifted number without making it.
            for d in [1u64, 3, 7, 10, 4186, 999_999_999, 1_000_000_000, 18_446_744_072, u64::MAX] {
                for k in 0..45 {
                    assert_eq!(x.div_small_shifted(k, d), x.shifted(k).div_small(d), "{digits} << {k} / {d}");
                }
            }
            // The division two limbs at a time, against u128 arithmetic.
            for d in [1u64, 3, 7, 10, 4186, 999_999_999, 1_000_000_000, 18_446_744_072, u64::MAX] {
                for k in 0..12 {
                    let shifted = x.shifted(k);
                    if let Some(v) = shifted.to_u128() {
                        let (q, r) = shifted.div_small(d);
                        assert_eq!((q.to_u128(), r), (Some(v / d as u128), (v % d as u128) as u64), "{digits} << {k} / {d}");
                    }
                }
            }
        }
        assert_eq!(l("1200000000000").trailing_zeros(), 11);
        assert_eq!(l("123456789012345678901234567890").to_u128(), Some(123456789012345678901234567890));
    }
}
