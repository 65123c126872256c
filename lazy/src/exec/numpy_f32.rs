//! NumPy's float32 `sin`, `cos`, `exp`, `log` and `arctan`, bit for bit.
//!
//! On x86-64 CPUs with FMA (AVX2 + FMA3, or AVX512F), NumPy 2.x does not
//! call the C library for these four float32 ufuncs: it runs its own SIMD
//! routines (`loops_trigonometric.dispatch.cpp` for sin/cos,
//! `loops_exponent_log.dispatch.c.src` for exp/log), which are accurate to
//! a few ulp but not correctly rounded. To print what NumPy prints, this
//! module does the same IEEE operations in the same order, element by
//! element: the same polynomial coefficients, fused multiply-adds where
//! NumPy uses them, the same range reductions and special cases. The code
//! here is written from the description of those algorithms; only the
//! numeric constants are NumPy's (they define the results).
//!
//! NumPy's AVX2 and AVX512F variants compute the same values (they differ
//! only in how they split exponent and mantissa and scale by 2^k, and each
//! of those steps is exact or rounds once), so one scalar description
//! serves both. On CPUs without FMA NumPy calls the C library's `sinf`,
//! `cosf`, `expf` and `logf`, and so does [`simd_like_numpy`]'s caller.
//!
//! Every kernel is a straight loop compiled with AVX2 + FMA enabled, so the
//! fused multiply-adds are single instructions and the loop vectorizes.
//! Sine and cosine of large arguments (where NumPy's Cody-Waite reduction
//! stops being accurate) go to the C library in a second, scalar pass,
//! exactly as NumPy does.

/// Whether NumPy takes its SIMD float32 path on this CPU: it needs fused
/// multiply-add (NumPy's dispatch targets are AVX2 + FMA3 and AVX512F;
/// every AVX512F CPU has both).
#[inline]
pub fn simd_like_numpy() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Adding and subtracting 1.5 * 2^23 rounds a float32 below 2^22 to the
/// nearest integer (ties to even).
const RINT_MAGIC: f32 = 12582912.0;

#[inline(always)]
fn fma(a: f32, b: f32, c: f32) -> f32 {
    a.mul_add(b, c)
}

#[inline(always)]
fn rint(q: f32) -> f32 {
    (q + RINT_MAGIC) - RINT_MAGIC
}

#[cfg(target_arch = "x86_64")]
use super::svml_f32;

// ---- sine and cosine --------------------------------------------------

/// Largest |x| NumPy reduces by Cody-Waite for sine; beyond, `sinf`.
pub const SIN_MAX: f32 = 117435.992;
/// Largest |x| NumPy reduces by Cody-Waite for cosine; beyond, `cosf`.
pub const COS_MAX: f32 = 71476.0625;

const TWO_OVER_PI: f32 = f32::from_bits(0x3f22f983); // 0x1.45f306p-1
// -pi/2 split in three parts, for x - q * pi/2.
const PIO2_HI: f32 = f32::from_bits(0xbfc90fd8); // -0x1.921fb0p+0
const PIO2_MED: f32 = f32::from_bits(0xb4a8885a); // -0x1.5110b4p-22
const PIO2_LO: f32 = f32::from_bits(0xa7c234c4); // -0x1.846988p-48
// cos(r) ~ 1 + C2 r^2 + C4 r^4 + C6 r^6 + C8 r^8 on [-pi/4, pi/4].
const COS_C2: f32 = -0.5;
const COS_C4: f32 = f32::from_bits(0x3d2aaa9e); // 0x1.55553cp-5
const COS_C6: f32 = f32::from_bits(0xbab6036e); // -0x1.6c06dcp-10
const COS_C8: f32 = f32::from_bits(0x37cc730b); // 0x1.98e616p-16
// sin(r) ~ r + S3 r^3 + S5 r^5 + S7 r^7 + S9 r^9 on [-pi/4, pi/4].
const SIN_S3: f32 = f32::from_bits(0xbe2aaaab); // -0x1.555556p-3
const SIN_S5: f32 = f32::from_bits(0x3c0888cd); // 0x1.11119ap-7
const SIN_S7: f32 = f32::from_bits(0xb95035dd); // -0x1.a06bbap-13
const SIN_S9: f32 = f32::from_bits(0x363e9dde); // 0x1.7d3bbcp-19

/// NumPy's sine (`cosine = false`) or cosine of `x` for |x| within
/// [`SIN_MAX`] / [`COS_MAX`]; other inputs give an unspecified value that
/// the caller replaces.
#[inline(always)]
fn sincos_reduced(x: f32, cosine: bool) -> f32 {
    // NumPy's C++ source multiplies and then adds the rounding constant;
    // its compiler contracts the two into one fused multiply-add.
    let q = fma(x, TWO_OVER_PI, RINT_MAGIC) - RINT_MAGIC;
    let r = fma(q, PIO2_HI, x);
    let r = fma(q, PIO2_MED, r);
    let r = fma(q, PIO2_LO, r);
    let r2 = r * r;
    let c = fma(fma(fma(fma(COS_C8, r2, COS_C6), r2, COS_C4), r2, COS_C2), r2, 1.0);
    let s = fma(fma(fma(SIN_S9, r2, SIN_S7), r2, SIN_S5), r2, SIN_S3);
    let s = fma(fma(s, r2, 0.0), r, r);
    // The quadrant picks sine or cosine of r, and the sign; cos(x) is
    // sin(x + pi/2), one quadrant further.
    let quadrant = q as i32 + cosine as i32;
    let v = if quadrant & 1 == 0 { s } else { c };
    if quadrant & 2 == 2 {
        0.0 - v
    } else {
        v
    }
}

/// `out = sin(x)` (or cos) as NumPy computes it on a CPU with FMA.
#[inline(always)]
fn sincos_slice(x: &[f32], out: &mut [f32], cosine: bool) {
    for (o, &v) in out.iter_mut().zip(x) {
        *o = sincos_reduced(v, cosine);
    }
    // NaN, infinities and large arguments: the C library, as in NumPy.
    let max = if cosine { COS_MAX } else { SIN_MAX };
    for (o, &v) in out.iter_mut().zip(x) {
        if !(v.abs() <= max) {
            *o = if cosine { v.cos() } else { v.sin() };
        }
    }
}

// ---- exp ---------------------------------------------------------------

/// At and above this, NumPy's float32 exp is +inf.
const EXP_MAX: f32 = 88.72283935546875;
/// At and below this, NumPy's float32 exp is +0.
const EXP_MIN: f32 = -103.97208404541015625;
const LOG2E: f32 = std::f32::consts::LOG2_E;
// -ln 2 split in two parts (the third Cody-Waite step adds q * 0).
const LN2_HI: f32 = -6.93145752e-1;
const LN2_LO: f32 = -1.42860677e-6;
// exp(y) ~ P(y) / Q(y) on [-ln2/2, ln2/2].
const EXP_P0: f32 = 9.999999999980870924916e-01;
const EXP_P1: f32 = 7.257664613233124478488e-01;
const EXP_P2: f32 = 2.473615434895520810817e-01;
const EXP_P3: f32 = 5.114512081637298353406e-02;
const EXP_P4: f32 = 6.757896990527504603057e-03;
const EXP_P5: f32 = 5.082762527590693718096e-04;
const EXP_Q0: f32 = 1.0;
const EXP_Q1: f32 = -2.742335390411667452936e-01;
const EXP_Q2: f32 = 2.159509375685829852307e-02;

/// `v * 2^k` rounded once (the AVX512 `scalef` NumPy uses), for a finite
/// positive `v` near 1 and an integral `k` in [-151, 129].
#[inline(always)]
fn scale_by_power_of_two(v: f32, k: f32) -> f32 {
    let scale = f64::from_bits(((k as i64 + 1023) as u64) << 52);
    (v as f64 * scale) as f32
}

#[inline(always)]
fn exp_one(x: f32) -> f32 {
    let special = x.is_nan() || x >= EXP_MAX || x <= EXP_MIN;
    let xr = if special { 0.0 } else { x };
    let q = rint(xr * LOG2E);
    let y = fma(q, LN2_HI, xr);
    let y = fma(q, LN2_LO, y);
    let y = fma(q, 0.0, y);
    let num = fma(fma(fma(fma(fma(EXP_P5, y, EXP_P4), y, EXP_P3), y, EXP_P2), y, EXP_P1), y, EXP_P0);
    let den = fma(fma(EXP_Q2, y, EXP_Q1), y, EXP_Q0);
    let v = scale_by_power_of_two(num / den, q);
    if x.is_nan() {
        f32::NAN
    } else if x >= EXP_MAX {
        f32::INFINITY
    } else if x <= EXP_MIN {
        0.0
    } else {
        v
    }
}

// ---- log ---------------------------------------------------------------

const SQRT1_2: f32 = std::f32::consts::FRAC_1_SQRT_2;
const LN2: f32 = std::f32::consts::LN_2;
// log(1 + y) ~ P(y) / Q(y) for 1 + y in (sqrt(1/2), sqrt(2)].
const LOG_P0: f32 = 0.0;
const LOG_P1: f32 = 9.999999999999998702752e-01;
const LOG_P2: f32 = 2.112677543073053063722e+00;
const LOG_P3: f32 = 1.480000633576506585156e+00;
const LOG_P4: f32 = 3.808837741388407920751e-01;
const LOG_P5: f32 = 2.589979117907922693523e-02;
const LOG_Q0: f32 = 1.0;
const LOG_Q1: f32 = 2.612677543073109236779e+00;
const LOG_Q2: f32 = 2.453006071784736363091e+00;
const LOG_Q3: f32 = 9.864942958519418960339e-01;
const LOG_Q4: f32 = 1.546476374983906719538e-01;
const LOG_Q5: f32 = 5.875095403124574342950e-03;

#[inline(always)]
fn log_one(x: f32) -> f32 {
    // x = m * 2^e with m in [0.5, 1); subnormals are scaled by 2^100 first.
    let xp = if x < 0.0 { 0.0 } else { x };
    let subnormal = xp < f32::MIN_POSITIVE;
    let xs = if subnormal { xp * f32::from_bits(0x7180_0000) } else { xp };
    let bits = xs.to_bits();
    let e = ((bits >> 23) as i32 - 126) as f32 - if subnormal { 100.0 } else { 0.0 };
    let m = f32::from_bits((bits & 0x007f_ffff) | (126 << 23));
    let (m, e) = if m <= SQRT1_2 { (m + m, e - 1.0) } else { (m, e) };
    let y = m - 1.0;
    let num = fma(fma(fma(fma(fma(LOG_P5, y, LOG_P4), y, LOG_P3), y, LOG_P2), y, LOG_P1), y, LOG_P0);
    let den = fma(fma(fma(fma(fma(LOG_Q5, y, LOG_Q4), y, LOG_Q3), y, LOG_Q2), y, LOG_Q1), y, LOG_Q0);
    let v = fma(e, LN2, num / den);
    if x == f32::INFINITY {
        f32::INFINITY
    } else if x == 0.0 {
        f32::NEG_INFINITY
    } else if x < 0.0 {
        -f32::NAN
    } else if x.is_nan() {
        f32::NAN
    } else {
        v
    }
}

// ---- entry points --------------------------------------------------------

/// The float32 ufuncs whose NumPy results this module reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    /// NumPy's own SIMD code (on CPUs with FMA).
    Sin,
    Cos,
    Exp,
    Log,
    /// SVML (on AVX512_SKX CPUs), see `svml_f32`.
    Atan,
    Log2,
    Log10,
}

#[inline(always)]
fn apply_impl(f: Func, x: &[f32], out: &mut [f32]) {
    match f {
        Func::Sin => sincos_slice(x, out, false),
        Func::Cos => sincos_slice(x, out, true),
        Func::Exp => {
            for (o, &v) in out.iter_mut().zip(x) {
                *o = exp_one(v);
            }
        }
        Func::Log => {
            for (o, &v) in out.iter_mut().zip(x) {
                *o = log_one(v);
            }
        }
        Func::Atan | Func::Log2 | Func::Log10 => apply_libm(f, x, out),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn apply_fma(f: Func, x: &[f32], out: &mut [f32]) {
    apply_impl(f, x, out)
}

/// `out[i] = f(x[i])` with the C library's function: what NumPy does on a
/// CPU without the SIMD extensions its own code or SVML needs.
fn apply_libm(f: Func, x: &[f32], out: &mut [f32]) {
    let g: fn(f32) -> f32 = match f {
        Func::Sin => f32::sin,
        Func::Cos => f32::cos,
        Func::Exp => f32::exp,
        Func::Log => f32::ln,
        Func::Atan => f32::atan,
        Func::Log2 => f32::log2,
        Func::Log10 => f32::log10,
    };
    for (o, &v) in out.iter_mut().zip(x) {
        *o = g(v);
    }
}

/// `out[i] = f(x[i])`, bit-identical to NumPy 2.x on this CPU.
pub fn apply(f: Func, x: &[f32], out: &mut [f32]) {
    debug_assert_eq!(x.len(), out.len());
    #[cfg(target_arch = "x86_64")]
    match f {
        Func::Atan | Func::Log2 | Func::Log10 if svml_f32::available() => {
            // Safety: the CPU has AVX-512 F, CD, BW, DQ and VL.
            return unsafe {
                match f {
                    Func::Atan => svml_f32::atan(x, out),
                    Func::Log2 => svml_f32::log2(x, out),
                    _ => svml_f32::log10(x, out),
                }
            };
        }
        Func::Sin | Func::Cos | Func::Exp | Func::Log if simd_like_numpy() => {
            // Safety: the CPU has AVX2 and FMA (checked above).
            return unsafe { apply_fma(f, x, out) };
        }
        _ => {}
    }
    apply_libm(f, x, out)
}

/// `f(x)` for one value, bit-identical to NumPy 2.x on this CPU.
pub fn apply_one(f: Func, x: f32) -> f32 {
    let mut out = [0.0f32];
    apply(f, &[x], &mut out);
    out[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    // (input bits, output bits) recorded from NumPy 2.4 on an AVX512 CPU
    // (`np.sin(np.array([x], np.float32))` etc.). The awkward inputs sit
    // next to odd multiples of pi/4 (where the quadrant rounding decides
    // the result), at the Cody-Waite limits, at exp's overflow and
    // underflow thresholds, and among subnormals for log.
    const SIN: &[(u32, u32)] = &[
        (0x00000000, 0x00000000), // sin(0.0) = 0.0
        (0x80000000, 0x80000000), // sin(-0.0) = -0.0
        (0x3e800000, 0x3e7d5777), // sin(0.25) = 0.24740396
        (0x3f000000, 0x3ef57744), // sin(0.5) = 0.47942555
        (0x3f400000, 0x3f2e7fe1), // sin(0.75) = 0.6816388
        (0x3f800000, 0x3f576aa5), // sin(1.0) = 0.841471
        (0xbf800000, 0xbf576aa5), // sin(-1.0) = -0.841471
        (0x40490fdb, 0xb3bbbd2e), // sin(3.1415927) = -8.742278e-08
        (0x1e3ce508, 0x1e3ce508), // sin(1e-20) = 1e-20
        (0x32d6bf95, 0x32d6bf95), // sin(2.5e-08) = 2.5e-08
        (0x42c80000, 0xbf01a12e), // sin(100.0) = -0.50636566
        (0xc640e6b6, 0x3f344b09), // sin(-12345.678) = 0.70426995
        (0x41c2c75c, 0xbf3504ef), // sin(24.347343) = -0.70710653
        (0x41dbe957, 0x3f3504f7), // sin(27.488935) = 0.707107
        (0x407b53d2, 0xbf3504f5), // sin(3.926991) = -0.7071069
        (0x416ec2d4, 0x3f3504ef), // sin(14.922565) = 0.70710653
        (0x4219f024, 0x3f35050e), // sin(38.484512) = 0.7071084
        (0x478b9a08, 0xbf7e3e19), // sin(71476.06) = -0.99313504
        (0x478b9a09, 0xbf7e0039), // sin(71476.07) = -0.9921909
        (0x47e55dff, 0xbdef7be3), // sin(117435.99) = -0.116935514
        (0x47e55e00, 0xbdff5de0), // sin(117436.0) = -0.12469077
        (0x7f7fc99e, 0xbe79f163), // sin(3.4e+38) = -0.24408488
        (0xf149f2ca, 0x3f4a89b0), // sin(-1e+30) = 0.79116344
        (0x41c2c75c, 0xbf3504ef), // sin(24.347343) = -0.70710653
        (0x420716a7, 0x3f3504ef), // sin(33.77212) = 0.70710653
        (0x4304bb78, 0x3f35056c), // sin(132.7323) = 0.707114
        (0x431ab934, 0xbf35057c), // sin(154.72345) = -0.70711493
    ];
    const COS: &[(u32, u32)] = &[
        (0x00000000, 0x3f800000), // cos(0.0) = 1.0
        (0x80000000, 0x3f800000), // cos(-0.0) = 1.0
        (0x3e800000, 0x3f780aa5), // cos(0.25) = 0.9689124
        (0x3f000000, 0x3f60a940), // cos(0.5) = 0.87758255
        (0x3f400000, 0x3f3b4ff6), // cos(0.75) = 0.73168886
        (0x3f800000, 0x3f0a5140), // cos(1.0) = 0.5403023
        (0xbf800000, 0x3f0a5140), // cos(-1.0) = 0.5403023
        (0x40490fdb, 0xbf800000), // cos(3.1415927) = -1.0
        (0x1e3ce508, 0x3f800000), // cos(1e-20) = 1.0
        (0x32d6bf95, 0x3f800000), // cos(2.5e-08) = 1.0
        (0x42c80000, 0x3f5cc0ee), // cos(100.0) = 0.8623189
        (0xc640e6b6, 0x3f35be20), // cos(-12345.678) = 0.7099323
        (0x41c2c75c, 0x3f3504f8), // cos(24.347343) = 0.70710707
        (0x41dbe957, 0xbf3504f0), // cos(27.488935) = -0.7071066
        (0x407b53d2, 0xbf3504f1), // cos(3.926991) = -0.70710665
        (0x416ec2d4, 0xbf3504f8), // cos(14.922565) = -0.70710707
        (0x4219f024, 0x3f3504d8), // cos(38.484512) = 0.70710516
        (0x478b9a08, 0x3def8fc6), // cos(71476.06) = 0.116973445
        (0x478b9a09, 0x3dff71be), // cos(71476.07) = 0.124728665
        (0x47e55dff, 0xbf7e3e64), // cos(117435.99) = -0.9931395
        (0x47e55e00, 0xbf7e0089), // cos(117436.0) = -0.99219567
        (0x7f7fc99e, 0x3f7841ca), // cos(3.4e+38) = 0.96975386
        (0xf149f2ca, 0xbf1c9222), // cos(-1e+30) = -0.6116048
        (0x41c2c75c, 0x3f3504f8), // cos(24.347343) = 0.70710707
        (0x420716a7, 0xbf3504f8), // cos(33.77212) = -0.70710707
        (0x4304bb78, 0x3f35047b), // cos(132.7323) = 0.7070996
        (0x431ab934, 0xbf35046a), // cos(154.72345) = -0.7070986
    ];
    const EXP: &[(u32, u32)] = &[
        (0x00000000, 0x3f800000), // exp(0.0) = 1.0
        (0x80000000, 0x3f800000), // exp(-0.0) = 1.0
        (0x3f800000, 0x402df855), // exp(1.0) = 2.718282
        (0xbf800000, 0x3ebc5ab1), // exp(-1.0) = 0.36787942
        (0x3f000000, 0x3fd3094c), // exp(0.5) = 1.6487212
        (0x41200000, 0x46ac14ef), // exp(10.0) = 22026.467
        (0xc1200000, 0x383e6bcc), // exp(-10.0) = 4.5399924e-05
        (0x42b17217, 0x7f7fff84), // exp(88.72283) = 3.4027985e+38
        (0x42b17218, 0x7f800000), // exp(88.72284) = inf
        (0xc2ae0000, 0x00b33687), // exp(-87.0) = 1.6458115e-38
        (0xc2c80000, 0x0000001b), // exp(-100.0) = 3.8e-44
        (0xc2cff1b4, 0x00000001), // exp(-103.97208) = 1e-45
        (0xc2cff1b5, 0x00000000), // exp(-103.972084) = 0.0
        (0x2edbe6ff, 0x3f800000), // exp(1e-10) = 1.0
        (0x41a40000, 0x4e3eb626), // exp(20.5) = 7.999021e+08
        (0x3f317218, 0x40000000), // exp(0.6931472) = 2.0
    ];
    const LOG: &[(u32, u32)] = &[
        (0x3f800000, 0x00000000), // log(1.0) = 0.0
        (0x40000000, 0x3f317218), // log(2.0) = 0.6931472
        (0x3f000000, 0xbf317218), // log(0.5) = -0.6931472
        (0x3f3504f3, 0xbeb17218), // log(0.70710677) = -0.3465736
        (0x3f3504f4, 0xbeb17215), // log(0.7071068) = -0.3465735
        (0x3fb504f3, 0x3eb17218), // log(1.4142135) = 0.3465736
        (0x41200000, 0x40135d8e), // log(10.0) = 2.3025851
        (0x3a83126f, 0xc0dd0c55), // log(0.001) = -6.9077554
        (0x7f7fc99e, 0x42b171ab), // log(3.4e+38) = 88.72201
        (0x000116c2, 0xc2b834f2), // log(1e-40) = -92.10341
        (0x00000001, 0xc2ce8ed0), // log(1e-45) = -103.27893
        (0x3f7fffef, 0xb5880004), // log(0.999999) = -1.0132794e-06
        (0x3f800001, 0x33fffffe), // log(1.0000001) = 1.19209275e-07
        (0x47f12065, 0x413b940e), // log(123456.79) = 11.723646
        (0x402df854, 0x3f800000), // log(2.7182817) = 1.0
        (0x004c3927, 0xc2afb5b7), // log(7e-39) = -87.85491
    ];

    fn check(f: Func, cases: &[(u32, u32)]) {
        for &(x, want) in cases {
            let x = f32::from_bits(x);
            let got = apply_one(f, x);
            assert_eq!(got.to_bits(), want, "{f:?}({x:e}) = {got:e}, NumPy gives {:e}", f32::from_bits(want));
            let mut out = [0.0f32; 3];
            apply(f, &[x; 3], &mut out);
            assert!(out.iter().all(|o| o.to_bits() == want), "{f:?} over a slice");
        }
    }

    #[test]
    fn matches_numpy_bit_for_bit() {
        if !simd_like_numpy() {
            // NumPy calls the C library on this CPU, and so do we.
            return;
        }
        check(Func::Sin, SIN);
        check(Func::Cos, COS);
        check(Func::Exp, EXP);
        check(Func::Log, LOG);
    }

    #[test]
    fn special_values() {
        for f in [Func::Sin, Func::Cos, Func::Exp, Func::Log] {
            assert!(apply_one(f, f32::NAN).is_nan());
        }
        assert!(apply_one(Func::Sin, f32::INFINITY).is_nan());
        assert!(apply_one(Func::Cos, f32::NEG_INFINITY).is_nan());
        assert_eq!(apply_one(Func::Exp, f32::INFINITY), f32::INFINITY);
        assert_eq!(apply_one(Func::Exp, f32::NEG_INFINITY).to_bits(), 0);
        assert_eq!(apply_one(Func::Log, f32::INFINITY), f32::INFINITY);
        assert_eq!(apply_one(Func::Log, -0.0), f32::NEG_INFINITY);
        assert!(apply_one(Func::Log, -1.0).is_nan());
    }
}
