//! A minimal unsigned big integer, just enough for Dragon4 digit generation:
//! powers of two and ten, multiplication by small factors, addition,
//! subtraction, comparison. Little-endian base-2^32 limbs, no leading zeros.

use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub(crate) fn from_u64(v: u64) -> Self {
        let mut n = BigUint { limbs: vec![v as u32, (v >> 32) as u32] };
        n.normalize();
        n
    }

    /// 2^exp.
    pub(crate) fn pow2(exp: u32) -> Self {
        let mut limbs = vec![0u32; (exp / 32) as usize + 1];
        limbs[(exp / 32) as usize] = 1 << (exp % 32);
        BigUint { limbs }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub(crate) fn shl(&mut self, bits: u32) {
        if self.is_zero() || bits == 0 {
            return;
        }
        let limb_shift = (bits / 32) as usize;
        let bit_shift = bits % 32;
        let mut out = vec![0u32; limb_shift];
        if bit_shift == 0 {
            out.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u32;
            for &l in &self.limbs {
                out.push((l << bit_shift) | carry);
                carry = l >> (32 - bit_shift);
            }
            out.push(carry);
        }
        self.limbs = out;
        self.normalize();
    }

    pub(crate) fn mul_small(&mut self, factor: u32) {
        let mut carry = 0u64;
        for l in self.limbs.iter_mut() {
            let p = (*l as u64) * (factor as u64) + carry;
            *l = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.normalize();
    }

    /// Multiplies by 10^exp.
    pub(crate) fn mul_pow10(&mut self, mut exp: u32) {
        const TEN_POW_9: u32 = 1_000_000_000;
        while exp >= 9 {
            self.mul_small(TEN_POW_9);
            exp -= 9;
        }
        if exp > 0 {
            self.mul_small(10u32.pow(exp));
        }
    }

    pub(crate) fn add(&self, other: &BigUint) -> BigUint {
        let n = self.limbs.len().max(other.limbs.len());
        let mut limbs = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let s = *self.limbs.get(i).unwrap_or(&0) as u64
                + *other.limbs.get(i).unwrap_or(&0) as u64
                + carry;
            limbs.push(s as u32);
            carry = s >> 32;
        }
        limbs.push(carry as u32);
        let mut r = BigUint { limbs };
        r.normalize();
        r
    }

    /// self -= other; requires self >= other.
    fn sub_assign(&mut self, other: &BigUint) {
        debug_assert!(Ord::cmp(&*self, other) != Ordering::Less);
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let d = self.limbs[i] as i64 - *other.limbs.get(i).unwrap_or(&0) as i64 - borrow;
            if d < 0 {
                self.limbs[i] = (d + (1i64 << 32)) as u32;
                borrow = 1;
            } else {
                self.limbs[i] = d as u32;
                borrow = 0;
            }
        }
        self.normalize();
    }

    /// Divides self by `divisor` when the quotient is known to be below 10,
    /// leaving the remainder in self and returning the quotient.
    pub(crate) fn div_rem_small_quotient(&mut self, divisor: &BigUint) -> u32 {
        let mut q = 0;
        while Ord::cmp(&*self, divisor) != Ordering::Less {
            self.sub_assign(divisor);
            q += 1;
        }
        q
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_u128() {
        let mut a = BigUint::from_u64(0xdead_beef_1234_5678);
        a.shl(40);
        a.mul_pow10(7);
        let expect = (0xdead_beef_1234_5678u128 << 40) * 10_000_000;
        let mut b = BigUint::from_u64((expect >> 64) as u64);
        b.shl(64);
        let b = b.add(&BigUint::from_u64(expect as u64));
        assert_eq!(a, b);
        let mut r = BigUint::from_u64(97);
        let q = r.div_rem_small_quotient(&BigUint::from_u64(10));
        assert_eq!((q, r), (9, BigUint::from_u64(7)));
        assert!(BigUint::pow2(70) > BigUint::from_u64(u64::MAX));
        assert!(BigUint::from_u64(0).is_zero());
    }
}
