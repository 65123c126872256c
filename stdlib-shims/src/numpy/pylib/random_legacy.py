# The legacy `np.random` functions and `RandomState`, on the native MT19937
# stream (`np.random._mt19937`), which reproduces NumPy's legacy values for
# a given seed: seed, rand, randn, random, random_sample, randint, normal,
# uniform, standard_normal, choice, shuffle, permutation, get_state-free;
# the discrete (binomial, poisson, geometric, negative_binomial,
# multinomial) and gamma-family distributions follow the legacy
# generator's algorithms draw for draw (inversion / BTPE for binomials,
# multiplication / PTRS for Poisson, Marsaglia-Tsang on the polar normal
# for gammas; the legacy von Mises, zipf, log-series and HYP / HRUA
# hypergeometric), so they consume the stream as NumPy does.

__all__ = []
__random__ = ["seed", "rand", "randn", "random", "random_sample", "ranf", "sample", "standard_normal",
              "normal", "uniform", "randint", "random_integers", "shuffle", "permutation", "choice",
              "standard_exponential", "exponential", "lognormal", "standard_cauchy", "rayleigh", "laplace",
              "logistic", "gumbel", "weibull", "pareto", "power", "binomial", "poisson", "geometric",
              "negative_binomial", "multinomial", "standard_gamma", "gamma", "chisquare", "beta", "standard_t",
              "f", "triangular", "wald", "vonmises", "zipf", "logseries", "hypergeometric", "noncentral_chisquare",
              "noncentral_f", "dirichlet", "bytes", "get_state", "set_state", "multivariate_normal",
              "get_bit_generator", "set_bit_generator", "RandomState"]

import math as _math

_random = np.random


def _shape(size):
    if size is None:
        return None
    return tuple(size) if isinstance(size, (tuple, list)) else (int(size),)


def _count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class RandomState:
    """NumPy's legacy random number generator (MT19937)."""

    def __init__(self, seed=None):
        self._bg = None
        if seed is not None and hasattr(seed, "random_raw") and hasattr(seed, "state"):
            if not hasattr(seed, "_mt"):
                raise NotImplementedError("numpy.random.RandomState over a {} bit generator is not supported by hipy"
                                          .format(type(seed).__name__))
            self._bg = seed
            self._mt = seed._mt
        else:
            self._mt = _random._mt19937(seed)

    @property
    def _bit_generator(self):
        if self._bg is None or self._bg._mt is not self._mt:
            self._bg = _random.MT19937._of_mt(self._mt)
        return self._bg

    def __repr__(self):
        return "RandomState(MT19937) at 0x{:X}".format(id(self))

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8):
        mean, cov, final_shape = _mvn_args(mean, cov, size)
        x = self.standard_normal(final_shape).reshape(-1, mean.shape[0])
        cov = cov.astype(np.double)
        u, s, v = np.linalg.svd(cov)
        if check_valid != "ignore":
            _mvn_check(check_valid, np.allclose(np.dot(v.T * s, v), cov, rtol=tol, atol=tol))
        x = np.dot(x, np.sqrt(s)[:, None] * v)
        x += mean
        return x.reshape(tuple(final_shape))

    def seed(self, seed=None):
        self._mt.seed(seed)

    def random_sample(self, size=None):
        shape = _shape(size)
        if shape is None:
            return float(self._mt.doubles(1)[0])
        return self._mt.doubles(_count(shape)).reshape(shape)

    random = random_sample
    ranf = random_sample
    sample = random_sample

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def standard_normal(self, size=None):
        shape = _shape(size)
        if shape is None:
            return float(self._mt.gauss(1)[0])
        return self._mt.gauss(_count(shape)).reshape(shape)

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def normal(self, loc=0.0, scale=1.0, size=None):
        if np.ndim(loc) or np.ndim(scale):
            shape = _shape(size) or np.broadcast_shapes(np.shape(loc), np.shape(scale))
            return np.asarray(loc) + np.asarray(scale) * self.standard_normal(shape)
        if scale < 0:
            raise ValueError("scale < 0")
        shape = _shape(size)
        if shape is None:
            return loc + scale * float(self._mt.gauss(1)[0])
        return loc + scale * self._mt.gauss(_count(shape)).reshape(shape)

    def uniform(self, low=0.0, high=1.0, size=None):
        shape = _shape(size)
        rng = high - low
        if shape is None:
            return low + rng * float(self._mt.doubles(1)[0])
        return low + rng * self._mt.doubles(_count(shape)).reshape(shape)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        low, high = int(low), int(high)
        if low >= high:
            raise ValueError("low >= high" if low != 0 else "high <= 0")
        d = np.dtype(dtype)
        info = np.iinfo(d)
        if low < info.min:
            raise ValueError("low is out of bounds for %s" % d)
        if high - 1 > info.max:
            raise ValueError("high is out of bounds for %s" % d)
        shape = _shape(size)
        n = 1 if shape is None else _count(shape)
        if d.itemsize <= 2:
            out = self._mt.bounded_narrow(low, high - 1 - low, n, d.itemsize * 8)
        else:
            out = self._mt.bounded(low, high - 1 - low, n)
        if d != np.int64:
            out = out.astype(d)
        if shape is None:
            return out[0]
        return out.reshape(shape)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self.randint(low, high + 1, size)

    def shuffle(self, x):
        n = len(x)
        if isinstance(x, np.ndarray):
            for i in range(n - 1, 0, -1):
                j = self._mt.interval(i)
                if x.ndim == 1:
                    x[i], x[j] = x[j], x[i]
                else:
                    row = x[i].copy()
                    x[i] = x[j]
                    x[j] = row
        else:
            for i in range(n - 1, 0, -1):
                j = self._mt.interval(i)
                x[i], x[j] = x[j], x[i]

    def permutation(self, x):
        if isinstance(x, (int, np.integer)):
            arr = np.arange(int(x))
        else:
            arr = np.array(x)
        self.shuffle(arr)
        return arr

    def choice(self, a, size=None, replace=True, p=None):
        pool = np.arange(int(a)) if isinstance(a, (int, np.integer)) else np.asarray(a)
        n = pool.shape[0]
        if n == 0:
            raise ValueError("'a' cannot be empty unless no samples are taken")
        shape = _shape(size)
        count = 1 if shape is None else _count(shape)
        if p is not None:
            cdf = np.cumsum(np.asarray(p, dtype=np.float64))
            cdf = cdf / cdf[-1]
            if not replace:
                raise NotImplementedError("numpy.random.choice(replace=False, p=...) is not supported by hipy")
            u = self.random_sample(count)
            idx = np.searchsorted(cdf, u, side="right")
        elif replace:
            idx = self.randint(0, n, size=count)
        else:
            if count > n:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            idx = self.permutation(n)[:count]
        out = pool[idx]
        if shape is None:
            return out[0]
        return out.reshape(shape)

    # Distributions from uniform doubles and normals, drawn one value at a
    # time in NumPy's order (so rejections consume the stream as NumPy's do).

    def _each(self, size, one):
        shape = _shape(size)
        if shape is None:
            return one()
        vals = [one() for _ in range(_count(shape))]
        return np.array(vals, dtype=np.float64).reshape(shape)

    def _double(self):
        return float(self._mt.doubles(1)[0])

    def _gauss(self):
        return float(self._mt.gauss(1)[0])

    def standard_exponential(self, size=None):
        return self._each(size, lambda: -_math.log(1.0 - self._double()))

    def exponential(self, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        return self._each(size, lambda: scale * -_math.log(1.0 - self._double()))

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        if sigma < 0:
            raise ValueError("sigma < 0")
        return self._each(size, lambda: _math.exp(mean + sigma * self._gauss()))

    def standard_cauchy(self, size=None):
        return self._each(size, lambda: self._gauss() / self._gauss())

    def rayleigh(self, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        return self._each(size, lambda: scale * _math.sqrt(-2.0 * _math.log(1.0 - self._double())))

    def laplace(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = self._double()
                if u >= 0.5:
                    return loc - scale * _math.log(2.0 - u - u)
                if u > 0.0:
                    return loc + scale * _math.log(u + u)
        return self._each(size, one)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = self._double()
                if u > 0.0:
                    return loc + scale * _math.log(u / (1.0 - u))
        return self._each(size, one)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        def one():
            while True:
                u = 1.0 - self._double()
                if u < 1.0:
                    return loc - scale * _math.log(-_math.log(u))
        return self._each(size, one)

    def weibull(self, a, size=None):
        if a < 0:
            raise ValueError("a < 0")
        return self._each(size, lambda: 0.0 if a == 0 else (-_math.log(1.0 - self._double())) ** (1.0 / a))

    def pareto(self, a, size=None):
        if a <= 0:
            raise ValueError("a <= 0")
        return self._each(size, lambda: _math.expm1(-_math.log(1.0 - self._double()) / a))

    def power(self, a, size=None):
        if a <= 0:
            raise ValueError("a <= 0")
        return self._each(size, lambda: (-_math.expm1(_math.log(1.0 - self._double()))) ** (1.0 / a))

    # Distributions whose parameters may be arrays: parameters broadcast
    # (to `size` when given) and one value drawn per element in C order.

    def _draw(self, size, params, one, dtype, check=None):
        if all(np.ndim(a) == 0 for a in params):
            vals = [float(a) for a in params]
            if check is not None:
                check(*vals)
            shape = _shape(size)
            if shape is None:
                return one(*vals)
            out = [one(*vals) for _ in range(_count(shape))]
            return np.array(out, dtype=dtype).reshape(shape)
        arrs = [np.asarray(a, dtype=np.float64) for a in params]
        shape = _shape(size)
        if shape is None:
            shape = np.broadcast_shapes(*[a.shape for a in arrs])
        cols = [np.broadcast_to(a, shape).ravel().tolist() for a in arrs]
        if check is not None:
            try:
                for vals in zip(*cols):
                    check(*vals)
            except ValueError as e:
                raise ValueError(str(e).replace(" is NaN", " contains NaNs")) from None
        out = [one(*vals) for vals in zip(*cols)]
        return np.array(out, dtype=dtype).reshape(shape)

    def _std_gamma(self, shape):
        if shape == 1.0:
            return -_math.log(1.0 - self._double())
        if shape == 0.0:
            return 0.0
        if shape < 1.0:
            while True:
                u = self._double()
                v = -_math.log(1.0 - self._double())
                if u <= 1.0 - shape:
                    x = u ** (1.0 / shape)
                    if x <= v:
                        return x
                else:
                    y = -_math.log((1.0 - u) / shape)
                    x = (1.0 - shape + shape * y) ** (1.0 / shape)
                    if x <= v + y:
                        return x
        b = shape - 1.0 / 3.0
        c = 1.0 / _math.sqrt(9.0 * b)
        while True:
            while True:
                x = self._gauss()
                v = 1.0 + c * x
                if not v <= 0.0:  # a NaN shape leaves the loop, as in NumPy
                    break
            v = v * v * v
            u = self._double()
            if u < 1.0 - 0.0331 * (x * x) * (x * x):
                return b * v
            if _log0(u) < 0.5 * x * x + b * (1.0 - v + _math.log(v)):
                return b * v

    def standard_gamma(self, shape, size=None):
        def check(k):
            if k < 0 or k != k:
                raise ValueError("shape < 0")
        return self._draw(size, (shape,), self._std_gamma, np.float64, check)

    def gamma(self, shape, scale=1.0, size=None):
        def check(k, s):
            if k < 0 or k != k:
                raise ValueError("shape < 0")
            if s < 0 or s != s:
                raise ValueError("scale < 0")
        return self._draw(size, (shape, scale), lambda k, s: s * self._std_gamma(k), np.float64, check)

    def chisquare(self, df, size=None):
        def check(d):
            if not d > 0:
                raise ValueError("df <= 0")
        return self._draw(size, (df,), lambda d: 2.0 * self._std_gamma(d / 2.0), np.float64, check)

    def standard_t(self, df, size=None):
        def check(d):
            if not d > 0:
                raise ValueError("df <= 0")

        def one(d):
            num = self._gauss()
            den = self._std_gamma(d / 2.0)
            return _math.sqrt(d / 2.0) * num / _math.sqrt(den) if den > 0 else _math.copysign(_math.inf, num)
        return self._draw(size, (df,), one, np.float64, check)

    def f(self, dfnum, dfden, size=None):
        def check(a, b):
            if not a > 0:
                raise ValueError("dfnum <= 0")
            if not b > 0:
                raise ValueError("dfden <= 0")

        def one(a, b):
            num = 2.0 * self._std_gamma(a / 2.0) * b
            den = 2.0 * self._std_gamma(b / 2.0) * a
            return num / den
        return self._draw(size, (dfnum, dfden), one, np.float64, check)

    def beta(self, a, b, size=None):
        def check(x, y):
            if not x > 0:
                raise ValueError("a <= 0")
            if not y > 0:
                raise ValueError("b <= 0")

        def one(a, b):
            if a <= 1.0 and b <= 1.0:
                while True:
                    u = self._double()
                    v = self._double()
                    x = u ** (1.0 / a)
                    y = v ** (1.0 / b)
                    if x + y <= 1.0:
                        if x + y > 0:
                            return x / (x + y)
                        lx = _log0(u) / a
                        ly = _log0(v) / b
                        lm = max(lx, ly)
                        lx -= lm
                        ly -= lm
                        return _math.exp(lx - _math.log(_math.exp(lx) + _math.exp(ly)))
            ga = self._std_gamma(a)
            gb = self._std_gamma(b)
            return ga / (ga + gb)
        return self._draw(size, (a, b), one, np.float64, check)

    def triangular(self, left, mode, right, size=None):
        def check(l, m, r):
            if l > m:
                raise ValueError("left > mode")
            if m > r:
                raise ValueError("mode > right")
            if l == r:
                raise ValueError("left == right")

        def one(l, m, r):
            base = r - l
            lb = m - l
            u = self._double()
            if u <= lb / base:
                return l + _math.sqrt(u * lb * base)
            return r - _math.sqrt((1.0 - u) * (r - m) * base)
        return self._draw(size, (left, mode, right), one, np.float64, check)

    def wald(self, mean, scale, size=None):
        def check(m, s):
            if not m > 0:
                raise ValueError("mean <= 0")
            if not s > 0:
                raise ValueError("scale <= 0")

        def one(m, s):
            mu_2l = m / (2 * s)
            y = self._gauss()
            y = m * y * y
            x = m + mu_2l * (y - _math.sqrt(4 * s * y + y * y))
            u = self._double()
            return x if u <= m / (m + x) else m * m / x
        return self._draw(size, (mean, scale), one, np.float64, check)

    def _poisson(self, lam):
        if lam >= 10:
            slam = _math.sqrt(lam)
            loglam = _math.log(lam)
            b = 0.931 + 2.53 * slam
            a = -0.059 + 0.02483 * b
            invalpha = 1.1239 + 1.1328 / (b - 3.4)
            vr = 0.9277 - 3.6224 / (b - 2)
            while True:
                u = self._double() - 0.5
                v = self._double()
                us = 0.5 - abs(u)
                k = int(_math.floor((2 * a / us + b) * u + lam + 0.43)) if us > 0 else -1
                if us >= 0.07 and v <= vr:
                    return k
                if k < 0 or (us < 0.013 and v > us):
                    continue
                if _log0(v) + _math.log(invalpha) - _math.log(a / (us * us) + b) <= -lam + k * loglam - _loggam(k + 1):
                    return k
        if lam == 0:
            return 0
        enlam = _math.exp(-lam)
        x = 0
        prod = 1.0
        while True:
            prod *= self._double()
            if prod > enlam:
                x += 1
            else:
                return x

    def poisson(self, lam=1.0, size=None):
        def check(l):
            if l < 0 or l != l:
                raise ValueError("lam < 0 or lam is NaN")
            if l > 9.223372006484771e18:
                raise ValueError("lam value too large")
        return self._draw(size, (lam,), self._poisson, np.int64, check)

    def geometric(self, p, size=None):
        def check(q):
            if not (0 < q <= 1):
                raise ValueError("p <= 0, p > 1 or p contains NaNs")

        def one(p):
            if p >= 0.333333333333333333333333:
                x = 1
                total = prod = p
                q = 1.0 - p
                u = self._double()
                while u > total:
                    prod *= q
                    total += prod
                    x += 1
                return x
            return int(_math.ceil(_log0(1.0 - self._double()) / _math.log(1.0 - p)))
        return self._draw(size, (p,), one, np.int64, check)

    def _binomial_inversion(self, n, p):
        q = 1.0 - p
        qn = _math.exp(n * _math.log(q)) if q > 0 else 0.0
        np_ = n * p
        bound = int(min(n, np_ + 10.0 * _math.sqrt(np_ * q + 1)))
        x = 0
        px = qn
        u = self._double()
        while u > px:
            x += 1
            if x > bound:
                x = 0
                px = qn
                u = self._double()
            else:
                u -= px
                px = ((n - x + 1) * p * px) / (x * q)
        return x

    def _binomial_btpe(self, n, p):
        r = min(p, 1.0 - p)
        q = 1.0 - r
        fm = n * r + r
        m = int(_math.floor(fm))
        p1 = _math.floor(2.195 * _math.sqrt(n * r * q) - 4.6 * q) + 0.5
        xm = m + 0.5
        xl = xm - p1
        xr = xm + p1
        c = 0.134 + 20.5 / (15.3 + m)
        a = (fm - xl) / (fm - xl * r)
        laml = a * (1.0 + a / 2.0)
        a = (xr - fm) / (xr * q)
        lamr = a * (1.0 + a / 2.0)
        p2 = p1 * (1.0 + 2.0 * c)
        p3 = p2 + c / laml
        p4 = p3 + c / lamr
        nrq = n * r * q
        while True:
            u = self._double() * p4
            v = self._double()
            if u <= p1:
                return int(_math.floor(xm - p1 * v + u))
            if u <= p2:
                x = xl + (u - p1) / c
                v = v * c + 1.0 - abs(m - x + 0.5) / p1
                if v > 1.0:
                    continue
                y = int(_math.floor(x))
            elif u <= p3:
                if v == 0.0:
                    continue
                y = int(_math.floor(xl + _math.log(v) / laml))
                if y < 0:
                    continue
                v = v * (u - p2) * laml
            else:
                if v == 0.0:
                    continue
                y = int(_math.floor(xr - _math.log(v) / lamr))
                if y > n:
                    continue
                v = v * (u - p3) * lamr
            k = abs(y - m)
            if not (k > 20 and k < nrq / 2.0 - 1):
                s = r / q
                a = s * (n + 1)
                big_f = 1.0
                if m < y:
                    for i in range(m + 1, y + 1):
                        big_f *= a / i - s
                elif m > y:
                    for i in range(y + 1, m + 1):
                        big_f /= a / i - s
                if v > big_f:
                    continue
                return y
            rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5)
            t = -k * k / (2 * nrq)
            big_a = _log0(v)
            if big_a < t - rho:
                return y
            if big_a > t + rho:
                continue
            x1 = y + 1.0
            f1 = m + 1.0
            z = n + 1.0 - m
            w = n - y + 1.0
            x2, f2, z2, w2 = x1 * x1, f1 * f1, z * z, w * w
            bound = (xm * _math.log(f1 / x1) + (n - m + 0.5) * _math.log(z / w)
                     + (y - m) * _math.log(w * r / (x1 * q))
                     + _stirling(f1, f2) + _stirling(z, z2) + _stirling(x1, x2) + _stirling(w, w2))
            if big_a > bound:
                continue
            return y

    def _binomial(self, n, p):
        n = int(n)
        if p <= 0.5:
            if p * n <= 30.0:
                return self._binomial_inversion(n, p)
            return self._binomial_btpe(n, p)
        q = 1.0 - p
        if q * n <= 30.0:
            return n - self._binomial_inversion(n, q)
        return n - self._binomial_btpe(n, q)

    def binomial(self, n, p, size=None):
        def check(n, p):
            if n < 0:
                raise ValueError("n < 0")
            if not (0 <= p <= 1):
                raise ValueError("p < 0, p > 1 or p is NaN")
        return self._draw(size, (n, p), self._binomial, np.int64, check)

    def negative_binomial(self, n, p, size=None):
        def check(n, p):
            if not n > 0:
                raise ValueError("n <= 0")
            if not (0 <= p <= 1):
                raise ValueError("p < 0, p > 1 or p is NaN")
            if p == 0:
                raise NotImplementedError("numpy.random.negative_binomial with p=0 is not supported by hipy")
        return self._draw(size, (n, p), lambda n, p: self._poisson(self._std_gamma(n) * ((1 - p) / p)),
                          np.int64, check)

    def multinomial(self, n, pvals, size=None):
        pv = [float(x) for x in np.asarray(pvals, dtype=np.float64).ravel().tolist()]
        d = len(pv)
        n = int(n)
        if n < 0:
            raise ValueError("n < 0")
        if sum(pv[:-1]) > 1.0 + 1e-12:
            raise ValueError("sum(pvals[:-1]) > 1.0")
        shape = _shape(size)
        count = 1 if shape is None else _count(shape)
        rows = []
        for _ in range(count):
            row = [0] * d
            remaining = 1.0
            dn = n
            for j in range(d - 1):
                pj = pv[j] / remaining if remaining > 0 else 0.0
                row[j] = 0 if (dn == 0 or pj == 0.0) else self._binomial(dn, min(pj, 1.0))
                dn -= row[j]
                if dn <= 0:
                    break
                remaining -= pv[j]
            if dn > 0:
                row[d - 1] = dn
            rows.append(row)
        out = np.array(rows, dtype=np.int64)
        return out.reshape((d,) if shape is None else shape + (d,))


    def vonmises(self, mu, kappa, size=None):
        def check(m, k):
            if k == k and _math.copysign(1.0, k) < 0:
                raise ValueError("kappa < 0")

        def one(mu, kappa):
            if kappa < 1e-8:
                return _math.pi * (2 * self._double() - 1)
            if kappa < 1e-5:
                s = 1.0 / kappa + kappa
            else:
                r = 1 + _math.sqrt(1 + 4 * kappa * kappa)
                rho = (r - _math.sqrt(2 * r)) / (2 * kappa)
                s = (1 + rho * rho) / (2 * rho)
            while True:
                u = self._double()
                z = _math.cos(_math.pi * u)
                w = (1 + s * z) / (s + z)
                y = kappa * (s - w)
                v = self._double()
                if y * (2 - y) - v >= 0 or _log0(y / v) + 1 - y >= 0:
                    break
            u = self._double()
            result = _math.acos(w)
            if u < 0.5:
                result = -result
            result += mu
            neg = result < 0
            m = _math.fmod(abs(result) + _math.pi, 2 * _math.pi) - _math.pi
            return -m if neg else m
        return self._draw(size, (mu, kappa), one, np.float64, check)

    def zipf(self, a, size=None):
        def check(a):
            if not a > 1:
                raise ValueError("a <= 1 or a is NaN")

        def one(a):
            am1 = a - 1.0
            b = 2.0 ** am1
            while True:
                u = 1.0 - self._double()
                v = self._double()
                x = _math.floor(u ** (-1.0 / am1)) if u > 0 else _math.inf
                if x > 9.223372036854775807e18 or x < 1.0:
                    continue
                t = (1.0 + 1.0 / x) ** am1
                if v * x * (t - 1.0) / (b - 1.0) <= t / b:
                    return int(x)
        return self._draw(size, (a,), one, np.int64, check)

    def logseries(self, p, size=None):
        def check(p):
            if not (0 <= p < 1):
                raise ValueError("p < 0, p >= 1 or p is NaN")

        def one(p):
            r = _math.log(1.0 - p)
            while True:
                v = self._double()
                if v >= p:
                    return 1
                u = self._double()
                q = 1.0 - _math.exp(r * u)
                if v <= q * q:
                    result = int(_math.floor(1 + _log0(v) / _math.log(q))) if q > 0 else 0
                    if result < 1 or v == 0.0:
                        continue
                    return result
                if v >= q:
                    return 1
                return 2
        return self._draw(size, (p,), one, np.int64, check)

    def _hypergeometric(self, good, bad, sample):
        good, bad, sample = int(good), int(bad), int(sample)
        if sample > 10:
            d1_, d2_ = 1.7155277699214135, 0.8989161620588988
            mingoodbad = min(good, bad)
            popsize = good + bad
            maxgoodbad = max(good, bad)
            m = min(sample, popsize - sample)
            d4 = mingoodbad / popsize
            d5 = 1.0 - d4
            d6 = m * d4 + 0.5
            d7 = _math.sqrt((popsize - m) * sample * d4 * d5 / (popsize - 1) + 0.5)
            d8 = d1_ * d7 + d2_
            d9 = int(_math.floor((m + 1) * (mingoodbad + 1) / (popsize + 2)))
            d10 = (_loggam(d9 + 1) + _loggam(mingoodbad - d9 + 1) + _loggam(m - d9 + 1)
                   + _loggam(maxgoodbad - m + d9 + 1))
            d11 = min(min(m, mingoodbad) + 1.0, _math.floor(d6 + 16 * d7))
            while True:
                x = self._double()
                y = self._double()
                w = d6 + d8 * (y - 0.5) / x if x > 0 else _math.inf
                if w < 0.0 or w >= d11:
                    continue
                z = int(_math.floor(w))
                t = d10 - (_loggam(z + 1) + _loggam(mingoodbad - z + 1) + _loggam(m - z + 1)
                           + _loggam(maxgoodbad - m + z + 1))
                if x * (4.0 - x) - 3.0 <= t:
                    break
                if x * (x - t) >= 1:
                    continue
                if 2.0 * _log0(x) <= t:
                    break
            if good > bad:
                z = m - z
            if m < sample:
                z = good - z
            return z
        if sample <= 0:
            return 0
        d1 = bad + good - sample
        d2 = float(min(bad, good))
        y = d2
        k = sample
        while y > 0.0:
            u = self._double()
            y -= int(_math.floor(u + y / (d1 + k)))
            k -= 1
            if k == 0:
                break
        z = int(d2 - y)
        if good > bad:
            z = sample - z
        return z

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        def check(g, b, s):
            if g + b < s:
                raise ValueError("ngood + nbad < nsample")
            if g < 0:
                raise ValueError("ngood < 0")
            if b < 0:
                raise ValueError("nbad < 0")
            if s < 1:
                raise ValueError("nsample < 1 or nsample is NaN")
        if any(np.ndim(x) for x in (ngood, nbad, nsample)):
            ngood, nbad, nsample = (np.asarray(x).astype(np.int64) for x in (ngood, nbad, nsample))
        else:
            ngood, nbad, nsample = int(ngood), int(nbad), int(nsample)
        return self._draw(size, (ngood, nbad, nsample), self._hypergeometric, np.int64, check)

    def _noncentral_chisquare(self, df, nonc):
        if nonc == 0:
            return 2.0 * self._std_gamma(df / 2.0)
        if 1 < df:
            chi2 = 2.0 * self._std_gamma((df - 1) / 2.0)
            n = self._gauss() + _math.sqrt(nonc)
            return chi2 + n * n
        i = self._poisson(nonc / 2.0)
        out = 2.0 * self._std_gamma((df + 2 * i) / 2.0)
        return _math.nan if nonc != nonc else out

    def noncentral_chisquare(self, df, nonc, size=None):
        def check(d, n):
            if not d > 0:
                raise ValueError("df <= 0")
            if n == n and _math.copysign(1.0, n) < 0:
                raise ValueError("nonc < 0")
        return self._draw(size, (df, nonc), self._noncentral_chisquare, np.float64, check)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        def check(a, b, n):
            if not a > 0:
                raise ValueError("dfnum <= 0")
            if not b > 0:
                raise ValueError("dfden <= 0")
            if n == n and _math.copysign(1.0, n) < 0:
                raise ValueError("nonc < 0")

        def one(a, b, n):
            t = self._noncentral_chisquare(a, n) * b
            return t / (2.0 * self._std_gamma(b / 2.0) * a)
        return self._draw(size, (dfnum, dfden, nonc), one, np.float64, check)

    def dirichlet(self, alpha, size=None):
        k = len(alpha)
        a = np.asarray(alpha, dtype=np.float64)
        if np.any(np.less_equal(a, 0)):
            raise ValueError("alpha <= 0")
        shape = (k,) if size is None else _shape(size) + (k,)
        al = a.tolist()
        rows = []
        for _ in range(_count(shape) // k if k else 0):
            row = [self._std_gamma(x) for x in al]
            inv = 1 / sum(row) if sum(row) else _math.inf
            rows.append([x * inv for x in row])
        return np.array(rows, dtype=np.float64).reshape(shape)

    def bytes(self, length):
        n = (length - 1) // 4 + 1 if length > 0 else 1
        return self.randint(0, 4294967296, size=n, dtype=np.uint32).astype("<u4").tobytes()[:length]

    def get_state(self, legacy=True):
        key, pos, has_gauss, gauss = self._mt.get_state()
        if legacy:
            return ("MT19937", key, pos, has_gauss, gauss)
        return {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}, "has_gauss": has_gauss,
                "gauss": gauss}

    def set_state(self, state):
        if isinstance(state, dict):
            if "bit_generator" not in state or "state" not in state:
                raise ValueError("state dictionary is not valid.")
            st = state
        else:
            if not isinstance(state, (tuple, list)):
                raise TypeError("state must be a dict or a tuple.")
            if state[0] != "MT19937":
                raise ValueError("set_state can only be used with legacy MT19937 state instances.")
            st = {"bit_generator": state[0], "state": {"key": state[1], "pos": state[2]}}
            if len(state) > 3:
                st["has_gauss"] = state[3]
                st["gauss"] = state[4]
        if st["bit_generator"] != "MT19937":
            raise ValueError("state must be for a MT19937 PRNG")
        key = [int(k) for k in np.asarray(st["state"]["key"]).ravel().tolist()]
        self._mt.set_state(key, int(st["state"]["pos"]), bool(st.get("has_gauss", 0)), float(st.get("gauss", 0.0)))


def _mvn_args(mean, cov, size):
    """`multivariate_normal`'s argument checks (legacy and Generator)."""
    mean = np.array(mean)
    cov = np.array(cov)
    if size is None:
        shape = []
    elif isinstance(size, (int, np.integer)):
        shape = [size]
    else:
        shape = size
    if len(mean.shape) != 1:
        raise ValueError("mean must be 1 dimensional")
    if len(cov.shape) != 2 or cov.shape[0] != cov.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    final_shape = list(shape[:])
    final_shape.append(mean.shape[0])
    return mean, cov, final_shape


def _mvn_check(check_valid, psd):
    if check_valid != "warn" and check_valid != "raise":
        raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
    if not psd:
        if check_valid == "warn":
            import warnings
            warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=3)
        else:
            raise ValueError("covariance is not symmetric positive-semidefinite.")


def _log0(x):
    return _math.log(x) if x > 0 else -_math.inf


def _stirling(a, a2):
    return (13680. - (462. - (132. - (99. - 140. / a2) / a2) / a2) / a2) / a / 166320.


_LOGGAM_A = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04, -5.952380952380952e-04,
             8.417508417508418e-04, -1.917526917526918e-03, 6.410256410256410e-03, -2.955065359477124e-02,
             1.796443723688307e-01, -1.39243221690590e+00)


def _loggam(x):
    """log(Gamma(x)) by the Stirling series used by NumPy's samplers."""
    if x == 1.0 or x == 2.0:
        return 0.0
    x0 = float(x)
    n = 0
    if x <= 7.0:
        n = int(7 - x)
        x0 = x + n
    x2 = 1.0 / (x0 * x0)
    g = _LOGGAM_A[9]
    for k in range(8, -1, -1):
        g = g * x2 + _LOGGAM_A[k]
    gl = g / x0 + 0.5 * _math.log(2 * _math.pi) + (x0 - 0.5) * _math.log(x0) - x0
    if x <= 7.0:
        for _ in range(n):
            gl -= _math.log(x0 - 1.0)
            x0 -= 1.0
    return gl


_global = RandomState()



def get_bit_generator():
    """The bit generator under the legacy functions' global RandomState."""
    return _global._bit_generator


def set_bit_generator(bitgen):
    """Makes `bitgen` (an MT19937) the legacy functions' bit generator."""
    if not hasattr(bitgen, "_mt"):
        if hasattr(bitgen, "random_raw"):
            raise NotImplementedError("numpy.random.set_bit_generator of a {} is not supported by hipy"
                                      .format(type(bitgen).__name__))
        raise AttributeError("'{}' object has no attribute 'capsule'".format(type(bitgen).__name__))
    _global._bg = bitgen
    _global._mt = bitgen._mt


_module_functions = {"get_bit_generator": get_bit_generator, "set_bit_generator": set_bit_generator}
for _name in __random__[:-1]:
    setattr(_random, _name, _module_functions[_name] if _name in _module_functions else getattr(_global, _name))
_random._rand = _global
_random.RandomState = RandomState
