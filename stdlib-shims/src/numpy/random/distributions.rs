//! The distributions of NumPy's `Generator`, draw for draw as NumPy makes
//! them (its documented algorithms: the 256-layer exponential ziggurat,
//! Marsaglia-Tsang gamma, Johnk's beta for small shapes, PTRS Poisson,
//! inversion / BTPE binomials, HIN / H2PE-style ratio-of-uniforms
//! hypergeometric, ...). Written from the published algorithms; checked
//! value for value against NumPy 2.4's output by tests/numpy/programs/random_*.
//!
//! Parameters are checked by the caller (`pylib/random_generator.py`),
//! which raises NumPy's errors; here every parameter is valid.

use std::f64::consts::PI;

use super::generator::Generator;
use super::ziggurat_tables::{FE_DOUBLE, KE_DOUBLE, LOGFACT, WE_DOUBLE};

/// Start of the exponential ziggurat's tail (NumPy's `ziggurat_exp_r`).
const ZIGGURAT_EXP_R: f64 = 7.697_117_470_131_05;

/// A float-valued distribution and its parameters, in NumPy's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FloatDist {
    StandardExponential,
    StandardGamma,
    Beta,
    Chisquare,
    F,
    StandardCauchy,
    Pareto,
    Weibull,
    Power,
    Laplace,
    Gumbel,
    Logistic,
    Lognormal,
    Rayleigh,
    StandardT,
    NoncentralChisquare,
    NoncentralF,
    Wald,
    Vonmises,
    Triangular,
}

/// An integer-valued distribution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IntDist {
    Poisson,
    Binomial,
    NegativeBinomial,
    Geometric,
    Zipf,
    Logseries,
    Hypergeometric,
}

impl FloatDist {
    /// The distribution named like the `Generator` method, and its number
    /// of parameters.
    pub fn by_name(name: &str) -> Option<(FloatDist, usize)> {
        use FloatDist::*;
        Some(match name {
            "standard_exponential" => (StandardExponential, 0),
            "standard_gamma" => (StandardGamma, 1),
            "beta" => (Beta, 2),
            "chisquare" => (Chisquare, 1),
            "f" => (F, 2),
            "standard_cauchy" => (StandardCauchy, 0),
            "pareto" => (Pareto, 1),
            "weibull" => (Weibull, 1),
            "power" => (Power, 1),
            "laplace" => (Laplace, 2),
            "gumbel" => (Gumbel, 2),
            "logistic" => (Logistic, 2),
            "lognormal" => (Lognormal, 2),
            "rayleigh" => (Rayleigh, 1),
            "standard_t" => (StandardT, 1),
            "noncentral_chisquare" => (NoncentralChisquare, 2),
            "noncentral_f" => (NoncentralF, 3),
            "wald" => (Wald, 2),
            "vonmises" => (Vonmises, 2),
            "triangular" => (Triangular, 3),
            _ => return None,
        })
    }
}

impl IntDist {
    pub fn by_name(name: &str) -> Option<(IntDist, usize)> {
        use IntDist::*;
        Some(match name {
            "poisson" => (Poisson, 1),
            "binomial" => (Binomial, 2),
            "negative_binomial" => (NegativeBinomial, 2),
            "geometric" => (Geometric, 1),
            "zipf" => (Zipf, 1),
            "logseries" => (Logseries, 1),
            "hypergeometric" => (Hypergeometric, 3),
            _ => return None,
        })
    }
}

/// log(k!) as NumPy's samplers compute it: its table below 126, Stirling's
/// series above.
fn logfactorial(k: i64) -> f64 {
    if k < 126 {
        return LOGFACT[k as usize];
    }
    let k = k as f64;
    (k + 0.5) * k.ln() - k + (0.918_938_533_204_672_7 + (1.0 / k) * (1.0 / 12.0 - 1.0 / (360.0 * k * k)))
}

const LOGGAM_A: [f64; 10] = [
    8.333333333333333e-02,
    -2.777777777777778e-03,
    7.936507936507937e-04,
    -5.952380952380952e-04,
    8.417508417508418e-04,
    -1.917526917526918e-03,
    6.410256410256410e-03,
    -2.955065359477124e-02,
    1.796443723688307e-01,
    -1.39243221690590e+00,
];

/// log(Gamma(x)) by the Stirling series NumPy's PTRS uses.
fn loggam(x: f64) -> f64 {
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    let mut x0 = x;
    let mut n = 0;
    if x <= 7.0 {
        n = (7.0 - x) as i64;
        x0 = x + n as f64;
    }
    let x2 = 1.0 / (x0 * x0);
    let mut g = LOGGAM_A[9];
    for k in (0..9).rev() {
        g = g * x2 + LOGGAM_A[k];
    }
    let mut gl = g / x0 + 0.5 * (2.0 * PI).ln() + (x0 - 0.5) * x0.ln() - x0;
    if x <= 7.0 {
        for _ in 0..n {
            gl -= (x0 - 1.0).ln();
            x0 -= 1.0;
        }
    }
    gl
}

/// Stirling's correction term of BTPE's final acceptance test.
fn btpe_stirling(a: f64, a2: f64) -> f64 {
    (13680. - (462. - (132. - (99. - 140. / a2) / a2) / a2) / a2) / a / 166320.
}

/// The last binomial set-up, for its (n, p) (p <= 0.5).
#[derive(Clone, Copy, Debug)]
pub struct BinomialCache {
    n: i64,
    p: f64,
    setup: BinomialSetup,
}

#[derive(Clone, Copy, Debug)]
enum BinomialSetup {
    Inversion(Inversion),
    Btpe(Btpe),
}

/// Inversion's constants: q = 1 - p, q^n and the restart bound.
#[derive(Clone, Copy, Debug)]
struct Inversion {
    q: f64,
    qn: f64,
    bound: f64,
}

/// BTPE's constants (the regions of its majorizing function).
#[derive(Clone, Copy, Debug)]
struct Btpe {
    r: f64,
    q: f64,
    m: i64,
    p1: f64,
    xm: f64,
    xl: f64,
    xr: f64,
    c: f64,
    laml: f64,
    lamr: f64,
    p2: f64,
    p3: f64,
    p4: f64,
    nrq: f64,
}

impl BinomialSetup {
    fn new(n: i64, p: f64) -> Self {
        let nf = n as f64;
        if p * nf <= 30.0 {
            let q = 1.0 - p;
            let np = nf * p;
            return BinomialSetup::Inversion(Inversion {
                q,
                qn: (nf * q.ln()).exp(),
                bound: nf.min(np + 10.0 * (np * q + 1.0).sqrt()),
            });
        }
        let r = p.min(1.0 - p);
        let q = 1.0 - r;
        let fm = nf * r + r;
        let m = fm.floor() as i64;
        let mf = m as f64;
        let p1 = (2.195 * (nf * r * q).sqrt() - 4.6 * q).floor() + 0.5;
        let xm = mf + 0.5;
        let xl = xm - p1;
        let xr = xm + p1;
        let c = 0.134 + 20.5 / (15.3 + mf);
        let a = (fm - xl) / (fm - xl * r);
        let laml = a * (1.0 + a / 2.0);
        let a = (xr - fm) / (xr * q);
        let lamr = a * (1.0 + a / 2.0);
        let p2 = p1 * (1.0 + 2.0 * c);
        let p3 = p2 + c / laml;
        let p4 = p3 + c / lamr;
        BinomialSetup::Btpe(Btpe { r, q, m, p1, xm, xl, xr, c, laml, lamr, p2, p3, p4, nrq: nf * r * q })
    }
}

impl Generator {
    /// One float draw of `dist` with parameters `p`.
    pub fn sample_float(&mut self, dist: FloatDist, p: &[f64]) -> f64 {
        use FloatDist::*;
        match dist {
            StandardExponential => self.standard_exponential(),
            StandardGamma => self.standard_gamma(p[0]),
            Beta => self.beta(p[0], p[1]),
            Chisquare => self.chisquare(p[0]),
            F => (self.chisquare(p[0]) * p[1]) / (self.chisquare(p[1]) * p[0]),
            StandardCauchy => self.standard_normal() / self.standard_normal(),
            Pareto => (self.standard_exponential() / p[0]).exp_m1(),
            Weibull => {
                if p[0] == 0.0 {
                    0.0
                } else {
                    self.standard_exponential().powf(1.0 / p[0])
                }
            }
            Power => (-(-self.standard_exponential()).exp_m1()).powf(1.0 / p[0]),
            Laplace => loop {
                let u = self.random();
                if u >= 0.5 {
                    break p[0] - p[1] * (2.0 - u - u).ln();
                }
                if u > 0.0 {
                    break p[0] + p[1] * (u + u).ln();
                }
            },
            Gumbel => loop {
                let u = 1.0 - self.random();
                if u < 1.0 {
                    break p[0] - p[1] * (-u.ln()).ln();
                }
            },
            Logistic => loop {
                let u = self.random();
                if u > 0.0 {
                    break p[0] + p[1] * (u / (1.0 - u)).ln();
                }
            },
            Lognormal => (p[0] + p[1] * self.standard_normal()).exp(),
            Rayleigh => p[0] * (2.0 * self.standard_exponential()).sqrt(),
            StandardT => {
                let num = self.standard_normal();
                let denom = self.standard_gamma(p[0] / 2.0);
                (p[0] / 2.0).sqrt() * num / denom.sqrt()
            }
            NoncentralChisquare => self.noncentral_chisquare(p[0], p[1]),
            NoncentralF => {
                let t = self.noncentral_chisquare(p[0], p[2]) * p[1];
                t / (self.chisquare(p[1]) * p[0])
            }
            Wald => self.wald(p[0], p[1]),
            Vonmises => self.vonmises(p[0], p[1]),
            Triangular => self.triangular(p[0], p[1], p[2]),
        }
    }

    /// One integer draw of `dist` with parameters `p` (counts as f64; the
    /// caller has checked they are whole and in range).
    pub fn sample_int(&mut self, dist: IntDist, p: &[f64]) -> i64 {
        use IntDist::*;
        match dist {
            Poisson => self.poisson(p[0]),
            Binomial => self.binomial(p[0] as i64, p[1]),
            NegativeBinomial => {
                let y = ((1.0 - p[1]) / p[1]) * self.standard_gamma(p[0]);
                self.poisson(y)
            }
            Geometric => self.geometric(p[0]),
            Zipf => self.zipf(p[0]),
            Logseries => self.logseries(p[0]),
            Hypergeometric => self.hypergeometric(p[0] as i64, p[1] as i64, p[2] as i64),
        }
    }

    /// `standard_exponential()`: the 256-layer exponential ziggurat.
    pub fn standard_exponential(&mut self) -> f64 {
        loop {
            let ri = self.next_u64() >> 3;
            let idx = (ri & 0xff) as usize;
            let ri = ri >> 8;
            let x = ri as f64 * WE_DOUBLE[idx];
            if ri < KE_DOUBLE[idx] {
                return x;
            }
            if idx == 0 {
                return ZIGGURAT_EXP_R - (-self.random()).ln_1p();
            }
            if (FE_DOUBLE[idx - 1] - FE_DOUBLE[idx]) * self.random() + FE_DOUBLE[idx] < (-x).exp() {
                return x;
            }
        }
    }

    /// `standard_gamma(shape)`: Marsaglia and Tsang for shape > 1, Johnk's
    /// rejection from the exponential below.
    pub fn standard_gamma(&mut self, shape: f64) -> f64 {
        if shape == 1.0 {
            return self.standard_exponential();
        }
        if shape == 0.0 {
            return 0.0;
        }
        if shape < 1.0 {
            loop {
                let u = self.random();
                let v = self.standard_exponential();
                if u <= 1.0 - shape {
                    let x = u.powf(1.0 / shape);
                    if x <= v {
                        return x;
                    }
                } else {
                    let y = -((1.0 - u) / shape).ln();
                    let x = (1.0 - shape + shape * y).powf(1.0 / shape);
                    if x <= v + y {
                        return x;
                    }
                }
            }
        }
        let b = shape - 1.0 / 3.0;
        let c = 1.0 / (9.0 * b).sqrt();
        loop {
            // (Not `v > 0.0`: a NaN shape leaves the loop, as in NumPy.)
            let (x, mut v) = loop {
                let x = self.standard_normal();
                let v = 1.0 + c * x;
                if !(v <= 0.0) {
                    break (x, v);
                }
            };
            v = v * v * v;
            let u = self.random();
            if u < 1.0 - 0.0331 * (x * x) * (x * x) {
                return b * v;
            }
            if u.ln() < 0.5 * x * x + b * (1.0 - v + v.ln()) {
                return b * v;
            }
        }
    }

    fn chisquare(&mut self, df: f64) -> f64 {
        2.0 * self.standard_gamma(df / 2.0)
    }

    fn beta(&mut self, a: f64, b: f64) -> f64 {
        if a <= 1.0 && b <= 1.0 {
            loop {
                let u = self.random();
                let v = self.random();
                let x = u.powf(1.0 / a);
                let y = v.powf(1.0 / b);
                let xpy = x + y;
                if xpy <= 1.0 && u + v > 0.0 {
                    if xpy > 0.0 {
                        return x / xpy;
                    }
                    let mut log_x = u.ln() / a;
                    let mut log_y = v.ln() / b;
                    let log_m = log_x.max(log_y);
                    log_x -= log_m;
                    log_y -= log_m;
                    return (log_x - (log_x.exp() + log_y.exp()).ln()).exp();
                }
            }
        }
        let ga = self.standard_gamma(a);
        let gb = self.standard_gamma(b);
        ga / (ga + gb)
    }

    fn noncentral_chisquare(&mut self, df: f64, nonc: f64) -> f64 {
        if nonc.is_nan() {
            return f64::NAN;
        }
        if nonc == 0.0 {
            return self.chisquare(df);
        }
        if 1.0 < df {
            let chi2 = self.chisquare(df - 1.0);
            let n = self.standard_normal() + nonc.sqrt();
            return chi2 + n * n;
        }
        let i = self.poisson(nonc / 2.0);
        self.chisquare(df + 2.0 * i as f64)
    }

    fn wald(&mut self, mean: f64, scale: f64) -> f64 {
        let y = self.standard_normal();
        let y = mean * y * y;
        let d = 1.0 + (1.0 + 4.0 * scale / y).sqrt();
        let x = mean * (1.0 - 2.0 / d);
        let u = self.random();
        if u <= mean / (mean + x) {
            x
        } else {
            mean * mean / x
        }
    }

    fn vonmises(&mut self, mu: f64, kappa: f64) -> f64 {
        if kappa.is_nan() {
            return f64::NAN;
        }
        if kappa < 1e-8 {
            return PI * (2.0 * self.random() - 1.0);
        }
        let s = if kappa < 1e-5 {
            1.0 / kappa + kappa
        } else if kappa <= 1e6 {
            let r = 1.0 + (1.0 + 4.0 * kappa * kappa).sqrt();
            let rho = (r - (2.0 * r).sqrt()) / (2.0 * kappa);
            (1.0 + rho * rho) / (2.0 * rho)
        } else {
            // Wrapped normal for very large kappa.
            let mut result = mu + (1.0 / kappa).sqrt() * self.standard_normal();
            if result < -PI {
                result += 2.0 * PI;
            }
            if result > PI {
                result -= 2.0 * PI;
            }
            return result;
        };
        let w = loop {
            let u = self.random();
            let z = (PI * u).cos();
            let w = (1.0 + s * z) / (s + z);
            let y = kappa * (s - w);
            let v = self.random();
            if y * (2.0 - y) - v >= 0.0 || (y / v).ln() + 1.0 - y >= 0.0 {
                break w;
            }
        };
        let u = self.random();
        let mut result = w.acos();
        if u < 0.5 {
            result = -result;
        }
        result += mu;
        let neg = result < 0.0;
        let mut m = result.abs();
        m = (m + PI) % (2.0 * PI) - PI;
        if neg {
            m *= -1.0;
        }
        m
    }

    fn triangular(&mut self, left: f64, mode: f64, right: f64) -> f64 {
        let base = right - left;
        let left_base = mode - left;
        let ratio = left_base / base;
        let left_prod = left_base * base;
        let right_prod = (right - mode) * base;
        let u = self.random();
        if u <= ratio {
            left + (u * left_prod).sqrt()
        } else {
            right - ((1.0 - u) * right_prod).sqrt()
        }
    }

    /// `poisson(lam)`: multiplication of uniforms below 10, PTRS (Hormann's
    /// transformed rejection with squeeze) from 10 up.
    pub fn poisson(&mut self, lam: f64) -> i64 {
        if lam >= 10.0 {
            return self.poisson_ptrs(lam);
        }
        if lam == 0.0 {
            return 0;
        }
        let enlam = (-lam).exp();
        let mut x = 0;
        let mut prod = 1.0;
        loop {
            prod *= self.random();
            if prod > enlam {
                x += 1;
            } else {
                return x;
            }
        }
    }

    fn poisson_ptrs(&mut self, lam: f64) -> i64 {
        let slam = lam.sqrt();
        let loglam = lam.ln();
        let b = 0.931 + 2.53 * slam;
        let a = -0.059 + 0.02483 * b;
        let invalpha = 1.1239 + 1.1328 / (b - 3.4);
        let vr = 0.9277 - 3.6224 / (b - 2.0);
        loop {
            let u = self.random() - 0.5;
            let v = self.random();
            let us = 0.5 - u.abs();
            let k = ((2.0 * a / us + b) * u + lam + 0.43).floor() as i64;
            if us >= 0.07 && v <= vr {
                return k;
            }
            if k < 0 || (us < 0.013 && v > us) {
                continue;
            }
            if v.ln() + invalpha.ln() - (a / (us * us) + b).ln() <= -lam + k as f64 * loglam - loggam(k as f64 + 1.0) {
                return k;
            }
        }
    }

    /// `binomial(n, p)`: inversion when the mean is at most 30, BTPE above.
    /// The set-up for the last (n, p) is kept, as NumPy keeps it, so a run
    /// of draws with the same parameters computes it once.
    pub fn binomial(&mut self, n: i64, p: f64) -> i64 {
        if n == 0 || p == 0.0 {
            return 0;
        }
        if p <= 0.5 {
            self.binomial_small_p(n, p)
        } else {
            n - self.binomial_small_p(n, 1.0 - p)
        }
    }

    /// A binomial draw for p <= 0.5.
    fn binomial_small_p(&mut self, n: i64, p: f64) -> i64 {
        let setup = match self.binomial_cache {
            Some(c) if c.n == n && c.p.to_bits() == p.to_bits() => c.setup,
            _ => {
                let setup = BinomialSetup::new(n, p);
                self.binomial_cache = Some(BinomialCache { n, p, setup });
                setup
            }
        };
        match setup {
            BinomialSetup::Inversion(s) => self.binomial_inversion(n, p, &s),
            BinomialSetup::Btpe(s) => self.binomial_btpe(n, &s),
        }
    }

    fn binomial_inversion(&mut self, n: i64, p: f64, s: &Inversion) -> i64 {
        let mut x: i64 = 0;
        let mut px = s.qn;
        let mut u = self.random();
        while u > px {
            x += 1;
            if x as f64 > s.bound {
                x = 0;
                px = s.qn;
                u = self.random();
            } else {
                u -= px;
                px = ((n - x + 1) as f64 * p * px) / (x as f64 * s.q);
            }
        }
        x
    }

    /// Kachitvichyanukul and Schmeiser's BTPE.
    fn binomial_btpe(&mut self, n: i64, s: &Btpe) -> i64 {
        let nf = n as f64;
        let Btpe { r, q, m, p1, xm, xl, xr, c, laml, lamr, p2, p3, p4, nrq } = *s;
        let mf = m as f64;
        loop {
            let u = self.random() * p4;
            let mut v = self.random();
            let y: i64;
            if u <= p1 {
                return (xm - p1 * v + u).floor() as i64;
            }
            if u <= p2 {
                let x = xl + (u - p1) / c;
                v = v * c + 1.0 - (mf - x + 0.5).abs() / p1;
                if v > 1.0 {
                    continue;
                }
                y = x.floor() as i64;
            } else if u > p3 {
                y = (xr - v.ln() / lamr).floor() as i64;
                if y > n {
                    continue;
                }
                v = v * (u - p3) * lamr;
            } else {
                y = (xl + v.ln() / laml).floor() as i64;
                if y < 0 {
                    continue;
                }
                v = v * (u - p2) * laml;
            }
            let k = (y - m).abs();
            let kf = k as f64;
            if k <= 20 || kf >= nrq / 2.0 - 1.0 {
                let s = r / q;
                let a = s * (nf + 1.0);
                let mut f = 1.0;
                if m < y {
                    for i in (m + 1)..=y {
                        f *= a / i as f64 - s;
                    }
                } else if m > y {
                    for i in (y + 1)..=m {
                        f /= a / i as f64 - s;
                    }
                }
                if v > f {
                    continue;
                }
                return y;
            }
            let rho = (kf / nrq) * ((kf * (kf / 3.0 + 0.625) + 0.1666666666666) / nrq + 0.5);
            let t = -kf * kf / (2.0 * nrq);
            let big_a = v.ln();
            if big_a < t - rho {
                return y;
            }
            if big_a > t + rho {
                continue;
            }
            let x1 = (y + 1) as f64;
            let f1 = (m + 1) as f64;
            let z = (n + 1 - m) as f64;
            let w = (n - y + 1) as f64;
            let bound = xm * (f1 / x1).ln()
                + (nf - mf + 0.5) * (z / w).ln()
                + (y - m) as f64 * (w * r / (x1 * q)).ln()
                + btpe_stirling(f1, f1 * f1)
                + btpe_stirling(z, z * z)
                + btpe_stirling(x1, x1 * x1)
                + btpe_stirling(w, w * w);
            if big_a > bound {
                continue;
            }
            return y;
        }
    }

    fn geometric(&mut self, p: f64) -> i64 {
        if p >= 0.333_333_333_333_333_3 {
            let mut x = 1;
            let mut sum = p;
            let mut prod = p;
            let q = 1.0 - p;
            let u = self.random();
            while u > sum {
                prod *= q;
                sum += prod;
                x += 1;
            }
            return x;
        }
        let z = (-self.standard_exponential() / (-p).ln_1p()).ceil();
        if z >= 9.223_372_036_854_776e18 {
            i64::MAX
        } else {
            z as i64
        }
    }

    fn zipf(&mut self, a: f64) -> i64 {
        if a >= 1025.0 {
            return 1;
        }
        let am1 = a - 1.0;
        let b = 2f64.powf(am1);
        loop {
            let u = 1.0 - self.random();
            let v = self.random();
            let x = u.powf(-1.0 / am1).floor();
            if x > i64::MAX as f64 || x < 1.0 {
                continue;
            }
            let t = (1.0 + 1.0 / x).powf(am1);
            if v * x * (t - 1.0) / (b - 1.0) <= t / b {
                return x as i64;
            }
        }
    }

    fn logseries(&mut self, p: f64) -> i64 {
        let r = (-p).ln_1p();
        loop {
            let v = self.random();
            if v >= p {
                return 1;
            }
            let u = self.random();
            let q = -(r * u).exp_m1();
            if v <= q * q {
                let result = (1.0 + v.ln() / q.ln()).floor() as i64;
                if result < 1 || v == 0.0 {
                    continue;
                }
                return result;
            }
            if v >= q {
                return 1;
            }
            return 2;
        }
    }

    /// `hypergeometric(good, bad, sample)`: draws without replacement for
    /// small samples, the ratio-of-uniforms HRUA otherwise.
    fn hypergeometric(&mut self, good: i64, bad: i64, sample: i64) -> i64 {
        if sample >= 10 && sample <= good + bad - 10 {
            return self.hypergeometric_hrua(good, bad, sample);
        }
        let total = good + bad;
        let mut computed = if sample > total / 2 { total - sample } else { sample };
        let mut remaining_total = total;
        let mut remaining_good = good;
        while computed > 0 && remaining_good > 0 && remaining_total > remaining_good {
            remaining_total -= 1;
            if (self.interval(remaining_total as u64) as i64) < remaining_good {
                remaining_good -= 1;
            }
            computed -= 1;
        }
        if remaining_total == remaining_good {
            remaining_good -= computed;
        }
        if sample > total / 2 {
            remaining_good
        } else {
            good - remaining_good
        }
    }

    fn hypergeometric_hrua(&mut self, good: i64, bad: i64, sample: i64) -> i64 {
        const D1: f64 = 1.715_527_769_921_413_5;
        const D2: f64 = 0.898_916_162_058_898_8;
        let popsize = good + bad;
        let computed = sample.min(popsize - sample);
        let min_gb = good.min(bad);
        let max_gb = good.max(bad);
        let p = min_gb as f64 / popsize as f64;
        let q = max_gb as f64 / popsize as f64;
        let mu = computed as f64 * p;
        let a = mu + 0.5;
        let var = (popsize - computed) as f64 * computed as f64 * p * q / (popsize - 1) as f64;
        let c = (var + 0.5).sqrt();
        let h = D1 * c + D2;
        let m = ((computed + 1) as f64 * (min_gb + 1) as f64 / (popsize + 2) as f64).floor() as i64;
        let g = logfactorial(m) + logfactorial(min_gb - m) + logfactorial(computed - m)
            + logfactorial(max_gb - computed + m);
        let b = ((computed.min(min_gb) + 1) as f64).min((a + 16.0 * c).floor());
        let mut k = loop {
            let u = self.random();
            let v = self.random();
            let x = a + h * (v - 0.5) / u;
            if x < 0.0 || x >= b {
                continue;
            }
            let k = x.floor() as i64;
            let gp = logfactorial(k) + logfactorial(min_gb - k) + logfactorial(computed - k)
                + logfactorial(max_gb - computed + k);
            let t = g - gp;
            if u * (4.0 - u) - 3.0 <= t {
                break k;
            }
            if u * (u - t) >= 1.0 {
                continue;
            }
            if 2.0 * u.ln() <= t {
                break k;
            }
        };
        if good > bad {
            k = computed - k;
        }
        if computed < sample {
            k = good - k;
        }
        k
    }
}
