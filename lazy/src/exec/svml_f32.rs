//! Float32 ufuncs that NumPy 2.x hands to Intel's SVML on AVX512_SKX CPUs,
//! computed with the same AVX-512 instruction sequence so the bits match.
//!
//! NumPy links SVML's low-accuracy float32 routines (`__svml_atanf16` and
//! friends, accurate to about 4 ulp) and calls them whenever the CPU has
//! AVX512F, CD, BW, DQ and VL; elsewhere it calls the C library. Some steps
//! of those routines have no portable equivalent (`vrcp14ps` returns an
//! approximate reciprocal whose bits only the hardware defines), so this
//! module uses the same AVX-512 instructions, through `core::arch`, in the
//! same order, with the same constants. Callers check [`available`] first.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Whether NumPy uses SVML on this CPU (its AVX512_SKX dispatch target).
#[inline]
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512dq")
            && std::is_x86_feature_detected!("avx512vl")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `atan(k / 4)` rounded to float32, for k = 0..32: the value at the
/// breakpoint nearest |x| (checked by a unit test against f64 `atan`).
const ATAN_QUARTERS: [u32; 32] = [
    0x00000000, 0x3e7adbb0, 0x3eed6338, 0x3f24bc7d, 0x3f490fdb, 0x3f6563e3, 0x3f7b985f, 0x3f869c79,
    0x3f8db70d, 0x3f93877b, 0x3f985b6c, 0x3f9c6b53, 0x3f9fe0bb, 0x3fa2daa4, 0x3fa57088, 0x3fa7b46f,
    0x3fa9b465, 0x3fab7b7a, 0x3fad1283, 0x3fae809e, 0x3fafcb99, 0x3fb0f836, 0x3fb20a6a, 0x3fb30581,
    0x3fb3ec43, 0x3fb4c10a, 0x3fb585d7, 0x3fb63c64, 0x3fb6e62c, 0x3fb78478, 0x3fb81868, 0x3fb8a2f5,
];

/// atan(s) ~ s + s^3 (A3 + A5 s^2 + A7 s^4) for |s| <= 1/8 (after the
/// breakpoint reduction) and for |s| <= 1/7.75 (the reciprocal branch).
const ATAN_A3: f32 = f32::from_bits(0xbeaaaaaa);
const ATAN_A5: f32 = f32::from_bits(0x3e4cc8e2);
const ATAN_A7: f32 = f32::from_bits(0xbe0fa8de);
/// At and above this |x|, atan(x) = pi/2 + atan(-1/|x|).
const ATAN_RECIPROCAL_FROM: f32 = 7.75;

/// `atan` of 16 lanes: with b = |x| rounded to a multiple of 1/4,
/// atan|x| = atan(b) + atan((|x| - b) / (1 + |x| b)); for |x| >= 7.75,
/// atan|x| = pi/2 + atan(-1 / |x|). The quotient is formed from the
/// operands' mantissas and exponents with one Newton step on `vrcp14ps`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn atan16(x: __m512) -> __m512 {
    let abs_mask = _mm512_castsi512_ps(_mm512_set1_epi32(0x7fff_ffff));
    let ax = _mm512_and_ps(x, abs_mask);
    let sign = _mm512_xor_ps(x, ax);
    let large = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(ax, _mm512_set1_ps(ATAN_RECIPROCAL_FROM));
    // |x| - b, with b = |x| rounded to 2 fraction bits (ties to even).
    let diff = _mm512_reduce_ps::<0x28>(ax);
    let b = _mm512_sub_ps(ax, diff);
    // |x| + 2^21 carries round(4|x|) in its low mantissa bits: the index.
    let index = _mm512_castps_si512(_mm512_add_ps(ax, _mm512_set1_ps(2097152.0)));
    let num = _mm512_mask_blend_ps(large, diff, _mm512_set1_ps(-1.0));
    let den = _mm512_fmadd_ps(ax, b, _mm512_set1_ps(1.0));
    let den = _mm512_mask_min_ps(den, large, _mm512_set1_ps(4294967296.0), ax);
    let lo = _mm512_loadu_ps(ATAN_QUARTERS.as_ptr() as *const f32);
    let hi = _mm512_loadu_ps(ATAN_QUARTERS.as_ptr().add(16) as *const f32);
    let base = _mm512_permutex2var_ps(lo, index, hi);
    let base = _mm512_mask_blend_ps(large, base, _mm512_set1_ps(std::f32::consts::FRAC_PI_2));
    // s = num / den: mantissas in [1, 2), a refined reciprocal, rescaled.
    let num_m = _mm512_getmant_ps::<_MM_MANT_NORM_1_2, _MM_MANT_SIGN_SRC>(num);
    let den_m = _mm512_getmant_ps::<_MM_MANT_NORM_1_2, _MM_MANT_SIGN_SRC>(den);
    let scale = _mm512_sub_ps(_mm512_getexp_ps(num), _mm512_getexp_ps(den));
    let rcp = _mm512_rcp14_ps(den_m);
    let q0 = _mm512_mul_ps(num_m, rcp);
    let err = _mm512_fnmadd_ps(q0, den_m, num_m);
    let q = _mm512_fmadd_ps(rcp, err, q0);
    let s = _mm512_scalef_ps(q, scale);
    let s2 = _mm512_mul_ps(s, s);
    let s3 = _mm512_mul_ps(s, s2);
    let p = _mm512_fmadd_ps(s2, _mm512_set1_ps(ATAN_A7), _mm512_set1_ps(ATAN_A5));
    let p = _mm512_fmadd_ps(p, s2, _mm512_set1_ps(ATAN_A3));
    let p = _mm512_fmadd_ps(s3, p, s);
    _mm512_xor_ps(_mm512_add_ps(p, base), sign)
}

/// `out[i] = f(x[i])` sixteen lanes at a time, the tail through a masked
/// load (its extra lanes are zeros, as in NumPy, and are not stored).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn map16(x: &[f32], out: &mut [f32], f: impl Fn(__m512) -> __m512) {
    let n = x.len().min(out.len());
    let mut i = 0;
    while i < n {
        let left = n - i;
        let mask: __mmask16 = if left >= 16 { 0xffff } else { (1u16 << left) - 1 };
        let v = _mm512_maskz_loadu_ps(mask, x.as_ptr().add(i));
        _mm512_mask_storeu_ps(out.as_mut_ptr().add(i), mask, f(v));
        i += 16;
    }
}

/// `out[i] = atan(x[i])` as NumPy computes it with SVML.
///
/// # Safety
/// The CPU must pass [`available`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
pub unsafe fn atan(x: &[f32], out: &mut [f32]) {
    map16(x, out, |v| atan16(v))
}

// ---- log2 and log10 ------------------------------------------------------

// Piecewise cubic-times-r coefficients of SVML's float32 log2 and log10
// (Intel's SVML as vendored by NumPy, BSD-3-Clause): for the mantissa m of
// x in [0.75, 1.5), row k holds the k-th coefficient for each of the 16
// intervals picked by m's top four fraction bits.
const LOG2_POLY: [[u32; 16]; 4] = [
    [
        0xbea77e4a, 0xbe8aae3d, 0xbe67fe32, 0xbe43d1b6, 0xbe26a589, 0xbe0ee09b, 0xbdf6a8a1, 0xbdd63b49,
        0xbf584e51, 0xbf3e80a1, 0xbf2892f0, 0xbf15d377, 0xbf05b525, 0xbeef8e30, 0xbed75c8f, 0xbec24184,
    ],
    [
        0x3ef5910c, 0x3ef045a1, 0x3ee7d87e, 0x3eddbb84, 0x3ed2d6df, 0x3ec7bbd2, 0x3ebcc42f, 0x3eb22616,
        0x3e8f3399, 0x3eb1223e, 0x3ec9db4a, 0x3edb7a09, 0x3ee79a1a, 0x3eef77cb, 0x3ef407a4, 0x3ef607b4,
    ],
    [
        0xbf38a934, 0xbf387de6, 0xbf37f6f0, 0xbf37048b, 0xbf35a88a, 0xbf33ed04, 0xbf31df56, 0xbf2f8d82,
        0xbf416814, 0xbf3daf58, 0xbf3b5c08, 0xbf39fa2a, 0xbf393713, 0xbf38d7e1, 0xbf38b2cd, 0xbf38aa62,
    ],
    [
        0x3fb8aa3b, 0x3fb8a9c0, 0x3fb8a6e8, 0x3fb89f4e, 0x3fb890cb, 0x3fb879b1, 0x3fb858d8, 0x3fb82d90,
        0x3fb8655e, 0x3fb8883a, 0x3fb89aea, 0x3fb8a42f, 0x3fb8a848, 0x3fb8a9c9, 0x3fb8aa2f, 0x3fb8aa3b,
    ],
];

const LOG10_POLY: [[u32; 16]; 4] = [
    [
        0xbdc9ae9b, 0xbda6fcf4, 0xbd8bac76, 0xbd6bca30, 0xbd48a99b, 0xbd2c0a9f, 0xbd1480db, 0xbd00faf2,
        0xbe823aa9, 0xbe656348, 0xbe4afbb9, 0xbe346895, 0xbe20ffff, 0xbe103a0b, 0xbe01a91c, 0xbde9e84e,
    ],
    [
        0x3e13d888, 0x3e10a87c, 0x3e0b95c3, 0x3e057f0b, 0x3dfde038, 0x3df080d9, 0x3de34c1e, 0x3dd68333,
        0x3dac6e8e, 0x3dd54a51, 0x3df30f40, 0x3e04235d, 0x3e0b7033, 0x3e102c90, 0x3e12ebad, 0x3e141ff8,
    ],
    [
        0xbe5e5a9b, 0xbe5e2677, 0xbe5d83f5, 0xbe5c6016, 0xbe5abd0b, 0xbe58a6fd, 0xbe562e02, 0xbe5362f8,
        0xbe68e27c, 0xbe646747, 0xbe619a73, 0xbe5ff05a, 0xbe5f0570, 0xbe5e92d0, 0xbe5e662b, 0xbe5e5c08,
    ],
    [
        0x3ede5bd8, 0x3ede5b45, 0x3ede57d8, 0x3ede4eb1, 0x3ede3d37, 0x3ede2166, 0x3eddf9d9, 0x3eddc5bb,
        0x3ede08ed, 0x3ede32e7, 0x3ede4967, 0x3ede5490, 0x3ede597f, 0x3ede5b50, 0x3ede5bca, 0x3ede5bd9,
    ],
];

/// log10(2) rounded to float32.
const LOG10_2: f32 = f32::from_bits(0x3e9a209b);

/// `log2` (`base10 = false`) or `log10` of 16 lanes: with x = m 2^e and m
/// in [0.75, 1.5), log(x) = e log(2) + r P_k(r) for r = m - 1, P_k the
/// interval's polynomial. Zeros, infinities and negative numbers take
/// SVML's scalar path, whose results are the IEEE ones set here.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn log2_or_log10_16(x: __m512, base10: bool) -> __m512 {
    let t = if base10 { &LOG10_POLY } else { &LOG2_POLY };
    let m = _mm512_getmant_ps::<_MM_MANT_NORM_P75_1P5, _MM_MANT_SIGN_NAN>(x);
    let index = _mm512_srli_epi32::<19>(_mm512_castps_si512(m));
    let coef = |k: usize| _mm512_permutexvar_ps(index, _mm512_loadu_ps(t[k].as_ptr() as *const f32));
    let r = _mm512_sub_ps(m, _mm512_set1_ps(1.0));
    let e = _mm512_sub_ps(_mm512_getexp_ps(x), _mm512_getexp_ps(m));
    let e = if base10 { _mm512_mul_ps(e, _mm512_set1_ps(LOG10_2)) } else { e };
    let p = _mm512_fmadd_ps(coef(0), r, coef(1));
    let p = _mm512_fmadd_ps(p, r, coef(2));
    let p = _mm512_fmadd_ps(p, r, coef(3));
    let v = _mm512_fmadd_ps(p, r, e);
    // +-0 -> -inf, +inf -> +inf, negative (finite or not) -> NaN.
    let zero = _mm512_fpclass_ps_mask::<0x06>(x);
    let neg = _mm512_fpclass_ps_mask::<0x50>(x);
    let inf = _mm512_fpclass_ps_mask::<0x08>(x);
    let v = _mm512_mask_blend_ps(zero, v, _mm512_set1_ps(f32::NEG_INFINITY));
    let v = _mm512_mask_blend_ps(inf, v, _mm512_set1_ps(f32::INFINITY));
    _mm512_mask_blend_ps(neg, v, _mm512_set1_ps(f32::NAN))
}

/// `out[i] = log2(x[i])` as NumPy computes it with SVML.
///
/// # Safety
/// The CPU must pass [`available`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
pub unsafe fn log2(x: &[f32], out: &mut [f32]) {
    map16(x, out, |v| log2_or_log10_16(v, false))
}

/// `out[i] = log10(x[i])` as NumPy computes it with SVML.
///
/// # Safety
/// The CPU must pass [`available`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq")]
pub unsafe fn log10(x: &[f32], out: &mut [f32]) {
    map16(x, out, |v| log2_or_log10_16(v, true))
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn breakpoint_table_is_atan_of_quarters() {
        for (k, &bits) in ATAN_QUARTERS.iter().enumerate() {
            assert_eq!(bits, ((k as f64 / 4.0).atan() as f32).to_bits(), "atan({k}/4)");
        }
    }
}
