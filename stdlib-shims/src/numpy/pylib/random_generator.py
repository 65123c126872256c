# The methods of `numpy.random.Generator` beyond its native ones (random,
# integers, normal, standard_normal, uniform, shuffle, permutation, spawn),
# and `numpy.random.PCG64`. Each function here is bound to the generator it
# is looked up on. They check arguments with NumPy's errors and broadcast
# array parameters; the draws happen in native loops (`self._fill(name,
# params, n)` and friends), which consume the stream exactly as NumPy does,
# so a seed gives NumPy's values. Written from NumPy's documentation.

__generator__ = ["exponential", "standard_exponential", "standard_gamma", "gamma", "beta", "chisquare", "f",
                 "standard_cauchy", "pareto", "weibull", "power", "laplace", "gumbel", "logistic", "lognormal",
                 "rayleigh", "standard_t", "noncentral_chisquare", "noncentral_f", "wald", "vonmises",
                 "triangular", "poisson", "binomial", "negative_binomial", "geometric", "zipf", "logseries",
                 "hypergeometric", "multinomial", "dirichlet", "multivariate_hypergeometric", "choice",
                 "permuted", "bytes", "bit_generator", "multivariate_normal", "_spawn_bitgen", "_normal_broadcast", "_uniform_broadcast"]
__random__ = ["PCG64", "SeedSequence", "BitGenerator"]

import math as _math
import operator as _operator

_INT64_MAX = 9223372036854775807
_POISSON_LAM_MAX = 9.223372006484771e18
_HYPERGEOM_MAX = 1000000000


def _shape(size):
    if size is None:
        return None
    if isinstance(size, (tuple, list)):
        return tuple(_operator.index(d) for d in size)
    return (_operator.index(size),)


def _count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


# Parameter constraints, as NumPy words them: (scalar test, array test,
# scalar message, array message); a test is true for a valid value.
_NONE = None
_NON_NEGATIVE = "non_negative"
_POSITIVE = "positive"
_POSITIVE_NOT_NAN = "positive_not_nan"
_BOUNDED_0_1 = "bounded_0_1"
_BOUNDED_GT_0_1 = "bounded_gt_0_1"
_BOUNDED_LT_0_1 = "bounded_lt_0_1"
_GT_1 = "gt_1"
_POISSON = "poisson"


def _check_scalar(v, name, cons):
    if cons is None:
        return
    if cons == _NON_NEGATIVE:
        if v == v and _math.copysign(1.0, v) < 0:
            raise ValueError(name + " < 0")
    elif cons in (_POSITIVE, _POSITIVE_NOT_NAN):
        if cons == _POSITIVE_NOT_NAN and v != v:
            raise ValueError(name + " must not be NaN")
        if v <= 0:
            raise ValueError(name + " <= 0")
    elif cons == _BOUNDED_0_1:
        if not (v >= 0) or not (v <= 1):
            raise ValueError("{0} < 0, {0} > 1 or {0} is NaN".format(name))
    elif cons == _BOUNDED_GT_0_1:
        if not (v > 0) or not (v <= 1):
            raise ValueError("{0} <= 0, {0} > 1 or {0} contains NaNs".format(name))
    elif cons == _BOUNDED_LT_0_1:
        if not (v >= 0) or not (v < 1):
            raise ValueError("{0} < 0, {0} >= 1 or {0} is NaN".format(name))
    elif cons == _GT_1:
        if not (v > 1):
            raise ValueError("{0} <= 1 or {0} is NaN".format(name))
    elif cons == _POISSON:
        if not (v >= 0):
            raise ValueError("{0} < 0 or {0} is NaN".format(name))
        if not (v <= _POISSON_LAM_MAX):
            raise ValueError("{0} value too large".format(name))


def _check_array(a, name, cons):
    if cons is None:
        return
    if cons == _NON_NEGATIVE:
        if np.any(np.logical_and(np.logical_not(np.isnan(a)), np.signbit(a))):
            raise ValueError(name + " < 0")
    elif cons in (_POSITIVE, _POSITIVE_NOT_NAN):
        if cons == _POSITIVE_NOT_NAN and np.any(np.isnan(a)):
            raise ValueError(name + " must not be NaN")
        if np.any(np.less_equal(a, 0)):
            raise ValueError(name + " <= 0")
    elif cons == _BOUNDED_0_1:
        if not np.all(np.greater_equal(a, 0)) or not np.all(np.less_equal(a, 1)):
            raise ValueError("{0} < 0, {0} > 1 or {0} contains NaNs".format(name))
    elif cons == _BOUNDED_GT_0_1:
        if not np.all(np.greater(a, 0)) or not np.all(np.less_equal(a, 1)):
            raise ValueError("{0} <= 0, {0} > 1 or {0} contains NaNs".format(name))
    elif cons == _BOUNDED_LT_0_1:
        if not np.all(np.greater_equal(a, 0)) or not np.all(np.less(a, 1)):
            raise ValueError("{0} < 0, {0} >= 1 or {0} contains NaNs".format(name))
    elif cons == _GT_1:
        if not np.all(np.greater(a, 1)):
            raise ValueError("{0} <= 1 or {0} contains NaNs".format(name))
    elif cons == _POISSON:
        if not np.all(np.less_equal(a, _POISSON_LAM_MAX)):
            raise ValueError("{0} value too large".format(name))
        if not np.all(np.greater_equal(a, 0.0)):
            raise ValueError("{0} < 0 or {0} contains NaNs".format(name))


def _mismatch(shapes):
    """NumPy's error for arguments (the output first) that do not broadcast."""
    acc = shapes[0]
    for k in range(1, len(shapes)):
        try:
            acc = np.broadcast_shapes(acc, shapes[k])
        except ValueError:
            for j in range(k):
                try:
                    np.broadcast_shapes(shapes[j], shapes[k])
                except ValueError:
                    break
            raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                             "between arg %d with shape %s and arg %d with shape %s." % (j, shapes[j], k, shapes[k]))
    return acc


def _draw(self, dist, size, params, ints=False, post=None):
    """Draws of native distribution `dist` for `params`, a list of (name,
    value, constraint, is_int): checked, broadcast against each other and
    `size`, one draw per element in C order. `post(out, values)` maps the
    draws (e.g. multiplies by a scale). Scalars give a Python float (int for
    `ints`) when `size` is None."""
    values = [v for _, v, _, _ in params]
    shape = _shape(size)
    if all(np.ndim(v) == 0 for v in values):
        vals = []
        for (name, v, cons, is_int) in params:
            v = int(v) if is_int else float(v)
            _check_scalar(float(v), name, cons)
            vals.append(v)
        out = self._fill(dist, [float(v) for v in vals], 1 if shape is None else _count(shape))
        if post is not None:
            out = post(out, vals)
        if shape is None:
            return int(out[0]) if ints else float(out[0])
        return out.reshape(shape)
    arrs = []
    for (name, v, cons, is_int) in params:
        a = np.asarray(v).astype(np.int64) if is_int else np.asarray(v, dtype=np.float64)
        _check_array(a, name, cons)
        arrs.append(a.astype(np.float64) if is_int else a)
    if shape is None:
        shape = np.broadcast_shapes(*[a.shape for a in arrs])
    else:
        full = _mismatch([shape] + [a.shape for a in arrs])
        if full != shape:
            raise ValueError("size is not compatible with inputs")
    n = _count(shape)
    flat = [np.broadcast_to(a, shape).ravel().copy() if a.ndim else float(a) for a in arrs]
    out = self._fill(dist, flat, n)
    if post is not None:
        out = post(out, flat)
    return out.reshape(shape)


def _scaled(out, vals):
    return out * vals[-1]


def _p(name, value, cons=None):
    return (name, value, cons, False)


def _n(name, value, cons=None):
    return (name, value, cons, True)


def _float64_only(dtype, name):
    if dtype is not None and np.dtype(dtype) != np.float64:
        if np.dtype(dtype) == np.float32:
            raise NotImplementedError("numpy.random.Generator.%s(dtype=float32) is not supported by hipy" % name)
        raise TypeError("Unsupported dtype %r for %s" % (np.dtype(dtype), name))


def _into(out, result, size, name):
    """`out=`: fill the given float64 array with the draws."""
    if size is not None and _shape(size) != out.shape:
        raise ValueError("size must match out.shape when used together")
    out[...] = result
    return out


def _out_size(out, size):
    if out is None:
        return size
    if size is not None and _shape(size) != out.shape:
        raise ValueError("size must match out.shape when used together")
    return out.shape


# Continuous distributions.

def standard_exponential(self, size=None, dtype=np.float64, method="zig", out=None):
    _float64_only(dtype, "standard_exponential")
    shape = _shape(_out_size(out, size))
    if method == "zig":
        r = _draw(self, "standard_exponential", shape, [])
    else:
        u = self.random(shape)
        r = -np.log1p(-u) if shape is not None else -_math.log1p(-u)
    if out is not None:
        out[...] = r
        return out
    return r


def exponential(self, scale=1.0, size=None):
    return _draw_scaled(self, "standard_exponential", size, [], _p("scale", scale, _NON_NEGATIVE))


def _draw_scaled(self, dist, size, params, scale_param):
    """Draws of `dist` times the last parameter (NumPy's `scale * x`), the
    scale checked and broadcast with the others but not passed to `dist`."""
    name, scale, cons, _ = scale_param
    if np.ndim(scale) == 0 and all(np.ndim(v) == 0 for _, v, _, _ in params):
        s = float(scale)
        for (pname, v, pcons, is_int) in params:
            _check_scalar(float(v), pname, pcons)
        _check_scalar(s, name, cons)
        return _draw(self, dist, size, params, post=lambda out, vals: out * s)
    # Broadcast everything, then draw with the scale as a dummy parameter.
    values = [np.asarray(v, dtype=np.float64) for _, v, _, _ in params] + [np.asarray(scale, dtype=np.float64)]
    for (pname, _, pcons, _), a in zip(params + [scale_param], values):
        _check_array(a, pname, pcons)
    shape = _shape(size)
    if shape is None:
        shape = np.broadcast_shapes(*[a.shape for a in values])
    else:
        full = _mismatch([shape] + [a.shape for a in values])
        if full != shape:
            raise ValueError("size is not compatible with inputs")
    flat = [np.broadcast_to(a, shape).ravel().copy() for a in values]
    out = self._fill(dist, flat[:-1], _count(shape))
    return (out * flat[-1]).reshape(shape)


def standard_gamma(self, shape, size=None, dtype=np.float64, out=None):
    _float64_only(dtype, "standard_gamma")
    r = _draw(self, "standard_gamma", _out_size(out, size), [_p("shape", shape, _NON_NEGATIVE)])
    if out is not None:
        out[...] = r
        return out
    return r


def gamma(self, shape, scale=1.0, size=None):
    return _draw_scaled(self, "standard_gamma", size, [_p("shape", shape, _NON_NEGATIVE)],
                        _p("scale", scale, _NON_NEGATIVE))


def beta(self, a, b, size=None):
    return _draw(self, "beta", size, [_p("a", a, _POSITIVE), _p("b", b, _POSITIVE)])


def chisquare(self, df, size=None):
    return _draw(self, "chisquare", size, [_p("df", df, _POSITIVE)])


def f(self, dfnum, dfden, size=None):
    return _draw(self, "f", size, [_p("dfnum", dfnum, _POSITIVE), _p("dfden", dfden, _POSITIVE)])


def standard_cauchy(self, size=None):
    return _draw(self, "standard_cauchy", size, [])


def pareto(self, a, size=None):
    return _draw(self, "pareto", size, [_p("a", a, _POSITIVE)])


def weibull(self, a, size=None):
    return _draw(self, "weibull", size, [_p("a", a, _NON_NEGATIVE)])


def power(self, a, size=None):
    return _draw(self, "power", size, [_p("a", a, _POSITIVE)])


def laplace(self, loc=0.0, scale=1.0, size=None):
    return _draw(self, "laplace", size, [_p("loc", loc), _p("scale", scale, _NON_NEGATIVE)])


def gumbel(self, loc=0.0, scale=1.0, size=None):
    return _draw(self, "gumbel", size, [_p("loc", loc), _p("scale", scale, _NON_NEGATIVE)])


def logistic(self, loc=0.0, scale=1.0, size=None):
    return _draw(self, "logistic", size, [_p("loc", loc), _p("scale", scale, _NON_NEGATIVE)])


def lognormal(self, mean=0.0, sigma=1.0, size=None):
    return _draw(self, "lognormal", size, [_p("mean", mean), _p("sigma", sigma, _NON_NEGATIVE)])


def rayleigh(self, scale=1.0, size=None):
    return _draw(self, "rayleigh", size, [_p("scale", scale, _NON_NEGATIVE)])


def standard_t(self, df, size=None):
    return _draw(self, "standard_t", size, [_p("df", df, _POSITIVE)])


def noncentral_chisquare(self, df, nonc, size=None):
    return _draw(self, "noncentral_chisquare", size, [_p("df", df, _POSITIVE), _p("nonc", nonc, _NON_NEGATIVE)])


def noncentral_f(self, dfnum, dfden, nonc, size=None):
    return _draw(self, "noncentral_f", size, [_p("dfnum", dfnum, _POSITIVE), _p("dfden", dfden, _POSITIVE),
                                              _p("nonc", nonc, _NON_NEGATIVE)])


def wald(self, mean, scale, size=None):
    return _draw(self, "wald", size, [_p("mean", mean, _POSITIVE), _p("scale", scale, _POSITIVE)])


def vonmises(self, mu, kappa, size=None):
    return _draw(self, "vonmises", size, [_p("mu", mu), _p("kappa", kappa, _NON_NEGATIVE)])


def triangular(self, left, mode, right, size=None):
    if np.ndim(left) == 0 and np.ndim(mode) == 0 and np.ndim(right) == 0:
        l, m, r = float(left), float(mode), float(right)
        if l > m:
            raise ValueError("left > mode")
        if m > r:
            raise ValueError("mode > right")
        if l == r:
            raise ValueError("left == right")
    else:
        l, m, r = (np.asarray(x, dtype=np.float64) for x in (left, mode, right))
        if np.any(np.greater(l, m)):
            raise ValueError("left > mode")
        if np.any(np.greater(m, r)):
            raise ValueError("mode > right")
        if np.any(np.equal(l, r)):
            raise ValueError("left == right")
    return _draw(self, "triangular", size, [_p("left", left), _p("mode", mode), _p("right", right)])


def _normal_broadcast(self, loc, scale, size):
    """`normal` with array `loc` or `scale` (the native method takes scalars)."""
    loc = np.asarray(loc, dtype=np.float64)
    scale = np.asarray(scale, dtype=np.float64)
    _check_array(scale, "scale", _NON_NEGATIVE)
    shape = _shape(size)
    if shape is None:
        shape = np.broadcast_shapes(loc.shape, scale.shape)
    else:
        full = _mismatch([shape, loc.shape, scale.shape])
        if full != shape:
            raise ValueError("size is not compatible with inputs")
    z = self.standard_normal(shape)
    return np.broadcast_to(loc, shape) + np.broadcast_to(scale, shape) * z


def _uniform_broadcast(self, low, high, size):
    """`uniform` with array `low` or `high`."""
    low = np.asarray(low, dtype=np.float64)
    high = np.asarray(high, dtype=np.float64)
    rng = high - low
    if not np.all(np.isfinite(rng)):
        raise OverflowError("Range exceeds valid bounds")
    shape = _shape(size)
    if shape is None:
        shape = np.broadcast_shapes(low.shape, high.shape)
    else:
        full = _mismatch([shape, low.shape, high.shape])
        if full != shape:
            raise ValueError("size is not compatible with inputs")
    u = self.random(shape)
    return np.broadcast_to(low, shape) + np.broadcast_to(rng, shape) * u


# Discrete distributions.

def poisson(self, lam=1.0, size=None):
    return _draw(self, "poisson", size, [_p("lam", lam, _POISSON)], ints=True)


def binomial(self, n, p, size=None):
    return _draw(self, "binomial", size, [_n("n", n, _NON_NEGATIVE), _p("p", p, _BOUNDED_0_1)], ints=True) \
        if np.ndim(n) or np.ndim(p) else _binomial_scalar(self, n, p, size)


def _binomial_scalar(self, n, p, size):
    # NumPy checks p before n for scalars.
    p = float(p)
    n = int(n)
    _check_scalar(p, "p", _BOUNDED_0_1)
    _check_scalar(float(n), "n", _NON_NEGATIVE)
    return _draw(self, "binomial", size, [_n("n", n), _p("p", p)], ints=True)


def negative_binomial(self, n, p, size=None):
    if np.ndim(n) == 0 and np.ndim(p) == 0:
        dn, dp = float(n), float(p)
        _check_scalar(dn, "n", _POSITIVE_NOT_NAN)
        _check_scalar(dp, "p", _BOUNDED_GT_0_1)
        if (1 - dp) / dp * (dn + 10 * _math.sqrt(dn)) > _POISSON_LAM_MAX:
            raise ValueError("n too large or p too small, see Generator.negative_binomial Notes")
    else:
        an, ap = np.asarray(n, dtype=np.float64), np.asarray(p, dtype=np.float64)
        _check_array(an, "n", _POSITIVE_NOT_NAN)
        _check_array(ap, "p", _BOUNDED_GT_0_1)
        if np.any((1 - ap) / ap * (an + 10 * np.sqrt(an)) > _POISSON_LAM_MAX):
            raise ValueError("n too large or p too small, see Generator.negative_binomial Notes")
    return _draw(self, "negative_binomial", size, [_p("n", n), _p("p", p)], ints=True)


def geometric(self, p, size=None):
    return _draw(self, "geometric", size, [_p("p", p, _BOUNDED_GT_0_1)], ints=True)


def zipf(self, a, size=None):
    return _draw(self, "zipf", size, [_p("a", a, _GT_1)], ints=True)


def logseries(self, p, size=None):
    return _draw(self, "logseries", size, [_p("p", p, _BOUNDED_LT_0_1)], ints=True)


def hypergeometric(self, ngood, nbad, nsample, size=None):
    if np.ndim(ngood) == 0 and np.ndim(nbad) == 0 and np.ndim(nsample) == 0:
        g, b, s = int(ngood), int(nbad), int(nsample)
        if g + b < s:
            raise ValueError("ngood + nbad < nsample")
        if g >= _HYPERGEOM_MAX or b >= _HYPERGEOM_MAX:
            raise ValueError("both ngood and nbad must be less than %d" % _HYPERGEOM_MAX)
        for v, name in ((g, "ngood"), (b, "nbad"), (s, "nsample")):
            if v < 0:
                raise ValueError(name + " < 0")
    else:
        g, b, s = (np.asarray(x).astype(np.int64) for x in (ngood, nbad, nsample))
        if np.any(np.less(np.add(g, b), s)):
            raise ValueError("ngood + nbad < nsample")
        if np.any(np.greater_equal(g, _HYPERGEOM_MAX)) or np.any(np.greater_equal(b, _HYPERGEOM_MAX)):
            raise ValueError("both ngood and nbad must be less than %d" % _HYPERGEOM_MAX)
        for v, name in ((g, "ngood"), (b, "nbad"), (s, "nsample")):
            if np.any(np.less(v, 0)):
                raise ValueError(name + " < 0")
    return _draw(self, "hypergeometric", size, [_n("ngood", ngood), _n("nbad", nbad), _n("nsample", nsample)],
                 ints=True)


def _kahan_sum(values):
    if not values:
        return 0.0
    total = values[0]
    c = 0.0
    for x in values[1:]:
        y = x - c
        t = total + y
        c = (t - total) - y
        total = t
    return total


def _size_shape(size, k):
    if size is None:
        return (k,)
    if isinstance(size, (tuple, list)):
        return tuple(size) + (k,)
    return (_operator.index(size), k)


def multinomial(self, n, pvals, size=None):
    pv = np.asarray(pvals, dtype=np.float64)
    if pv.ndim == 0 or pv.shape[-1] == 0:
        raise ValueError("pvals must have at least 1 dimension and the last dimension of pvals must be "
                         "greater than 0.")
    if np.ndim(n) != 0 or pv.ndim != 1:
        raise NotImplementedError("numpy.random.Generator.multinomial with array n or 2-d pvals is not "
                                  "supported by hipy")
    _check_array(pv, "pvals", _BOUNDED_0_1)
    p = pv.tolist()
    d = len(p)
    if _kahan_sum(p[:-1]) > 1.0 + 1e-12:
        raise ValueError("sum(pvals[:-1]) > 1.0")
    shape = _size_shape(size, d)
    n = int(n)
    _check_scalar(float(n), "n", _NON_NEGATIVE)
    rows = _count(shape) // d
    out = [0] * (rows * d)
    for i in range(rows):
        remaining = 1.0
        dn = n
        base = i * d
        for j in range(d - 1):
            out[base + j] = int(self._fill("binomial", [float(dn), p[j] / remaining], 1)[0]) \
                if dn > 0 and p[j] > 0 else 0
            dn -= out[base + j]
            if dn <= 0:
                break
            remaining -= p[j]
        if dn > 0:
            out[base + d - 1] = dn
    return np.array(out, dtype=np.int64).reshape(shape)


def dirichlet(self, alpha, size=None):
    k = len(alpha)
    a = np.asarray(alpha, dtype=np.float64)
    if a.ndim != 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                         "maximum number of dimension of 1.")
    if np.any(np.less(a, 0)):
        raise ValueError("alpha < 0")
    shape = _size_shape(size, k)
    rows = _count(shape) // k if k else 0
    al = a.tolist()
    if k > 0 and a.max() < 0.1:
        # Small alphas: stick-breaking with betas (NumPy's choice there).
        csum = [0.0] * k
        acc = 0.0
        for j in range(k - 1, -1, -1):
            acc += al[j]
            csum[j] = acc
        out = [0.0] * (rows * k)
        # All alphas zero: all zeros, nothing drawn.
        for i in range(rows if acc > 0 else 0):
            acc = 1.0
            for j in range(k - 1):
                v = float(self._fill("beta", [al[j], csum[j + 1]], 1)[0])
                out[i * k + j] = acc * v
                acc *= 1.0 - v
                if csum[j + 1] == 0:
                    break
            out[i * k + k - 1] = acc
        return np.array(out, dtype=np.float64).reshape(shape)
    g = self._fill("standard_gamma", [np.array(al * rows, dtype=np.float64)], rows * k).reshape((rows, k))
    inv = 1.0 / g.sum(axis=1, keepdims=True)
    return (g * inv).reshape(shape)


def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    try:
        _operator.index(nsample)
    except TypeError:
        raise ValueError("nsample must be an integer") from None
    if nsample < 0:
        raise ValueError("nsample must be nonnegative.")
    if nsample > _INT64_MAX:
        raise ValueError("nsample must not exceed %d" % _INT64_MAX)
    c = np.asarray(colors)
    if c.ndim != 1 or (c.size > 0 and not np.issubdtype(c.dtype, np.integer)) or np.any(c < 0):
        raise ValueError("colors must be a one-dimensional sequence of nonnegative integers not exceeding %d."
                         % _INT64_MAX)
    cols = [int(x) for x in c.tolist()]
    total = sum(cols)
    if total > _INT64_MAX:
        raise ValueError("sum(colors) must not exceed the maximum value of a 64 bit signed integer (%d)"
                         % _INT64_MAX)
    if method == "marginals" and total >= 1000000000:
        raise ValueError('When method is "marginals", sum(colors) must be less than 1000000000.')
    if method == "count" and total > _INT64_MAX // 8:
        raise ValueError("When method is 'count', sum(colors) must not exceed %d" % (_INT64_MAX // 8))
    if nsample > total:
        raise ValueError("nsample > sum(colors)")
    k = len(cols)
    shape = _size_shape(size, k)
    out = [0] * _count(shape)
    if k == 0 or total == 0 or nsample == 0 or not out:
        return np.array(out, dtype=np.int64).reshape(shape)
    more_than_half = nsample > total // 2
    ns = total - nsample if more_than_half else nsample
    if method == "count":
        choices = []
        for i, cnt in enumerate(cols):
            choices.extend([i] * cnt)
    for base in range(0, len(out), k):
        if method == "count":
            for j in range(ns):
                m = j + self._interval(total - j - 1)
                choices[m], choices[j] = choices[j], choices[m]
            for j in range(ns):
                out[base + choices[j]] += 1
        else:
            left = ns
            remaining = total
            j = 0
            while left > 0 and j + 1 < k:
                remaining -= cols[j]
                r = int(self._fill("hypergeometric", [float(cols[j]), float(remaining), float(left)], 1)[0])
                out[base + j] = r
                left -= r
                j += 1
            if left > 0:
                out[base + k - 1] = left
        if more_than_half:
            for j in range(k):
                out[base + j] = cols[j] - out[base + j]
    return np.array(out, dtype=np.int64).reshape(shape)


# Sampling and permutations.

def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
    a_original = a
    a = np.asarray(a)
    if a.ndim == 0:
        try:
            pop_size = _operator.index(a.item())
        except TypeError:
            raise ValueError("a must be a sequence or an integer, not %s" % type(a_original)) from None
        if pop_size <= 0 and (size is None or _count(_shape(size)) != 0):
            raise ValueError("a must be a positive integer unless no samples are taken")
    else:
        if a.dtype.kind in "US":
            pass
        pop_size = a.shape[axis]
        if pop_size == 0 and (size is None or _count(_shape(size)) != 0):
            raise ValueError("a cannot be empty unless no samples are taken")
    if p is not None:
        p = np.asarray(p, dtype=np.float64)
        if p.ndim != 1:
            raise ValueError("p must be 1-dimensional")
        if p.size != pop_size:
            raise ValueError("a and p must have same size")
        p_sum = _kahan_sum(p.tolist())
        if p_sum != p_sum:
            raise ValueError("Probabilities contain NaN")
        if np.any(p < 0):
            raise ValueError("Probabilities are not non-negative")
        if abs(p_sum - 1.0) > 1.4901161193847656e-08:
            raise ValueError("Probabilities do not sum to 1. See Notes section of docstring for more information.")
    is_scalar = size is None
    shape = () if is_scalar else _shape(size)
    n = 1 if is_scalar else _count(shape)
    if replace:
        if p is not None:
            cdf = np.cumsum(p)
            cdf = cdf / cdf[-1]
            u = self.random() if is_scalar else self.random(shape)
            idx = np.asarray(np.searchsorted(cdf, u, side="right"), dtype=np.int64)
        else:
            idx = self.integers(0, pop_size) if is_scalar else self.integers(0, pop_size, size=shape)
    else:
        if n > pop_size:
            raise ValueError("Cannot take a larger sample than population when replace is False")
        if n < 0:
            raise ValueError("negative dimensions are not allowed")
        if p is not None:
            if np.count_nonzero(p > 0) < n:
                raise ValueError("Fewer non-zero entries in p than size")
            n_uniq = 0
            p = p.copy()
            found = np.zeros(n, dtype=np.int64)
            while n_uniq < n:
                x = self.random((n - n_uniq,))
                if n_uniq > 0:
                    p[found[0:n_uniq]] = 0
                cdf = np.cumsum(p)
                cdf = cdf / cdf[-1]
                new = np.searchsorted(cdf, x, side="right")
                _, unique_indices = np.unique(new, return_index=True)
                unique_indices = np.sort(unique_indices)
                new = new.take(unique_indices)
                found[n_uniq:n_uniq + new.size] = new
                n_uniq += new.size
            idx = found.reshape(shape)
        else:
            idx = self._choice_indices(pop_size, n, bool(shuffle)).reshape(shape)
    if is_scalar:
        # NumPy draws a 0-d array and takes its item: a Python int.
        idx = idx.item(0) if isinstance(idx, np.ndarray) else int(idx)
    if a.ndim == 0:
        return idx
    if not is_scalar and np.ndim(idx) == 0 and a.ndim == 1:
        return np.asarray(a[idx])
    return a.take(idx, axis=axis)


def permuted(self, x, *, axis=None, out=None):
    x = np.asarray(x)
    if out is None:
        out = x.copy()
    else:
        if not isinstance(out, np.ndarray):
            raise TypeError("out must be a numpy array")
        if out.shape != x.shape:
            raise ValueError("out must have the same shape as x")
        out[...] = x
    if axis is None:
        n = out.size
        perm = self._permutations(n, 1)[0]
        out[...] = out.ravel()[perm].reshape(out.shape)
        return out
    ax = _operator.index(axis)
    if ax < -out.ndim or ax >= out.ndim:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (ax, out.ndim))
    ax %= out.ndim
    moved = np.moveaxis(out, ax, -1)
    axlen = moved.shape[-1]
    rows = moved.reshape((-1, axlen)) if axlen else moved.reshape((0, 0))
    count = rows.shape[0]
    perms = self._permutations(axlen, count)
    shuffled = np.take_along_axis(rows, perms, axis=1).reshape(moved.shape)
    out[...] = np.moveaxis(shuffled, -1, ax)
    return out


def bytes(self, length):
    # NumPy's C division: bytes(0) still draws one word.
    n = (length - 1) // 4 + 1 if length > 0 else 1
    return self._raw32(n).tobytes()[:length]


def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
    if method not in {"svd", "eigh", "cholesky"}:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    np.random.RandomState  # loads random_legacy.py, which has the shared checks
    import sys
    legacy = sys.modules["numpy._hipy_random_legacy"]
    mean, cov, final_shape = legacy._mvn_args(mean, cov, size)
    x = self.standard_normal(final_shape).reshape(-1, mean.shape[0])
    cov = cov.astype(np.double)
    if method == "svd":
        u, s, vh = np.linalg.svd(cov)
    elif method == "eigh":
        s, u = np.linalg.eigh(cov)
    else:
        factor = np.linalg.cholesky(cov)
    if check_valid != "ignore" and method != "cholesky":
        if method == "svd":
            psd = np.allclose(np.dot(vh.T * s, vh), cov, rtol=tol, atol=tol)
        else:
            psd = not np.any(s < -tol)
        legacy._mvn_check(check_valid, psd)
    if method == "eigh":
        factor = u * np.sqrt(abs(s))
    elif method == "svd":
        factor = u * np.sqrt(s)
    x = mean + x @ factor.T
    return x.reshape(tuple(final_shape))


# The bit generator.

class BitGenerator:
    """The base of NumPy's bit generators: seeding through a SeedSequence,
    `seed_seq`, `spawn`, `random_raw`. A subclass's `_rng` is a native
    Generator over its stream (shared with `Generator(bit_generator)`)."""

    _name = "BitGenerator"

    def __init__(self, seed=None):
        if type(self) is BitGenerator:
            raise NotImplementedError("BitGenerator is a base class and cannot be instantized")
        if isinstance(seed, SeedSequence) or (hasattr(seed, "generate_state") and hasattr(seed, "spawn")):
            self._seed_seq = seed
        else:
            self._seed_seq = SeedSequence(seed)

    def _own(self, rng):
        self._rng = rng
        _owners[rng._key()] = self
        if self._seed_seq is not None:
            rng._set_seed_seq(self._seed_seq)
        return self

    @classmethod
    def _of(cls, rng):
        bg = cls.__new__(cls)
        bg._seed_seq = _seed_seq_of(rng)
        return bg._own(rng)

    @property
    def seed_seq(self):
        if self._seed_seq is None and self._rng._kind() == "PCG64":
            raise NotImplementedError("numpy.random.BitGenerator.seed_seq of a default_rng(seed)'s bit generator "
                                      "is not supported by hipy")
        return self._seed_seq

    def spawn(self, n_children):
        if self._seed_seq is None and self._rng._kind() == "PCG64":
            # default_rng(seed)'s stream: the native generator knows its seed.
            return [type(self)._of(g) for g in self._rng.spawn(n_children)]
        if not isinstance(self._seed_seq, SeedSequence):
            raise TypeError("The underlying SeedSequence does not implement spawning.")
        return [type(self)(seed=s) for s in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True):
        shape = _shape(size)
        raw = self._rng._raw(1 if shape is None else _count(shape))
        if not output:
            return None
        if shape is None:
            return int(raw[0])
        return raw.reshape(shape)

    @property
    def state(self):
        raise NotImplementedError("Not implemented in base BitGenerator")

    @property
    def lock(self):
        """A lock for callers that share the bit generator between threads."""
        lock = self.__dict__.get("_lock")
        if lock is None:
            import threading
            lock = self.__dict__["_lock"] = threading.Lock()
        return lock

    def _check_state(self, value, rng_word="RNG"):
        if not isinstance(value, dict):
            raise TypeError("state must be a dict")
        if value.get("bit_generator", "") != type(self)._name:
            raise ValueError("state must be for a {} {}".format(type(self)._name, rng_word))

    def _unsupported(name):
        def get(self):
            raise NotImplementedError("numpy.random.BitGenerator.{} is not supported by hipy".format(name))
        return property(get)

    ctypes = _unsupported("ctypes")
    cffi = _unsupported("cffi")
    capsule = _unsupported("capsule")
    del _unsupported


def _seed_seq_of(rng):
    """The SeedSequence of a native generator's stream: the one of the bit
    generator it was made from, or made from `default_rng`'s int or list
    seed (kept as ("entropy", seed)); None if unknown."""
    ss = rng._get_seed_seq()
    if isinstance(ss, tuple):
        ss = SeedSequence(ss[1])
        rng._set_seed_seq(ss)
    return ss


_M64 = (1 << 64) - 1
# NumPy's jump for PCG64 and PCG64DXSM: the golden ratio times 2**128.
_PCG_JUMP = 0x9e3779b97f4a7c15f39cc0605cedc835

try:
    import weakref as _weakref
    _owners = _weakref.WeakValueDictionary()
except ImportError:
    _owners = {}


class PCG64(BitGenerator):
    """NumPy's PCG64 bit generator (the stream behind `default_rng`)."""

    _name = "PCG64"

    def __init__(self, seed=None):
        BitGenerator.__init__(self, seed)
        self._make()

    def _make(self):
        if not hasattr(self._seed_seq, "_hipy_seed_parts"):
            raise NotImplementedError("numpy.random.PCG64 of a {} is not supported by hipy"
                                      .format(type(self._seed_seq).__name__))
        self._own(np.random.default_rng(self._seed_seq))

    @property
    def state(self):
        (sh, sl), (ih, il), has, u = self._rng._get_state()
        return {"bit_generator": type(self)._name, "state": {"state": sh << 64 | sl, "inc": ih << 64 | il},
                "has_uint32": int(has), "uinteger": u}

    @state.setter
    def state(self, value):
        self._check_state(value)
        s, inc = int(value["state"]["state"]), int(value["state"]["inc"])
        self._rng._set_state(s >> 64 & _M64, s & _M64, inc >> 64 & _M64, inc & _M64, bool(value["has_uint32"]),
                             int(value["uinteger"]))

    def advance(self, delta):
        d = int(delta) % (1 << 128)
        self._rng._advance(d >> 64, d & _M64, [])
        return self

    def jumped(self, jumps=1):
        bg = type(self)()
        bg.state = self.state
        return bg.advance(_PCG_JUMP * int(jumps))

    def __repr__(self):
        return "<numpy.random._{}.{} object at {:#x}>".format(type(self)._name.lower(), type(self)._name, id(self))


def _spawn_bitgen(self, n_children):
    """`spawn` of a Generator over a bit generator other than PCG64."""
    return [type(self)(bg) for bg in self.bit_generator.spawn(n_children)]


def _bit_generator(self):
    bg = _owners.get(self._key())
    if bg is None:
        bg = getattr(np.random, self._kind())._of(self)
    return bg


bit_generator = property(_bit_generator)


# SeedSequence: NumPy's entropy pool hashing (O'Neill's seed_seq design),
# for `default_rng(SeedSequence(...))` and `SeedSequence.spawn`.

_INIT_A = 0x43b0d7e5
_MULT_A = 0x931e8875
_INIT_B = 0x8b51f9dd
_MULT_B = 0x58f38ded
_MIX_MULT_L = 0xca01f9dd
_MIX_MULT_R = 0x4973f715
_M32 = 0xffffffff


def _uint32_words(x):
    """NumPy's `_coerce_to_uint32_array` as a list of ints."""
    if isinstance(x, np.ndarray) and x.dtype == np.uint32:
        return [int(v) for v in x.ravel().tolist()]
    if isinstance(x, str):
        x = int(x, 0)
    if isinstance(x, (int, np.integer)):
        n = int(x)
        if n < 0:
            raise ValueError("expected non-negative integer")
        if n == 0:
            return [0]
        words = []
        while n > 0:
            words.append(n & _M32)
            n >>= 32
        return words
    if isinstance(x, (float, np.floating)):
        raise TypeError("seed must be integer")
    out = []
    for v in x:
        out.extend(_uint32_words(v))
    return out


class SeedSequence:
    """NumPy's SeedSequence: mixes entropy (and a spawn key) into a pool."""

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError("The size of the entropy pool should be at least 4")
        if entropy is None:
            import secrets
            entropy = secrets.randbits(pool_size * 32)
        elif not isinstance(entropy, (int, np.integer, list, tuple, range, np.ndarray)):
            raise TypeError("SeedSequence expects int or sequence of ints for entropy not {}".format(entropy))
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = n_children_spawned
        self._pool = self._mix(self._assembled())

    def _assembled(self):
        run = _uint32_words(self.entropy)
        spawn = _uint32_words(self.spawn_key)
        if spawn and len(run) < self.pool_size:
            run = run + [0] * (self.pool_size - len(run))
        return run + spawn

    def _mix(self, entropy):
        hash_const = [_INIT_A]

        def hashmix(value):
            value = (value ^ hash_const[0]) & _M32
            hash_const[0] = (hash_const[0] * _MULT_A) & _M32
            value = (value * hash_const[0]) & _M32
            return value ^ (value >> 16)

        def mix(x, y):
            r = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
            return r ^ (r >> 16)

        n = self.pool_size
        pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(n)]
        for src in range(n):
            for dst in range(n):
                if src != dst:
                    pool[dst] = mix(pool[dst], hashmix(pool[src]))
        for src in range(n, len(entropy)):
            for dst in range(n):
                pool[dst] = mix(pool[dst], hashmix(entropy[src]))
        return pool

    @property
    def pool(self):
        return np.array(self._pool, dtype=np.uint32)

    @property
    def state(self):
        return {"entropy": self.entropy, "spawn_key": self.spawn_key, "pool_size": self.pool_size,
                "n_children_spawned": self.n_children_spawned}

    def generate_state(self, n_words, dtype=np.uint32):
        dt = np.dtype(dtype)
        if dt == np.uint64:
            n = 2 * n_words
        elif dt == np.uint32:
            n = n_words
        else:
            raise ValueError("only support uint32 or uint64")
        hash_const = _INIT_B
        words = []
        for i in range(n):
            v = (self._pool[i % self.pool_size] ^ hash_const) & _M32
            hash_const = (hash_const * _MULT_B) & _M32
            v = (v * hash_const) & _M32
            words.append(v ^ (v >> 16))
        if dt == np.uint64:
            return np.array([words[2 * i] | words[2 * i + 1] << 32 for i in range(n_words)], dtype=np.uint64)
        return np.array(words, dtype=np.uint32)

    def spawn(self, n_children):
        first = self.n_children_spawned
        if first + n_children < 0:
            # NumPy counts children in a uint32_t.
            raise OverflowError("can't convert negative value to uint32_t")
        seqs = [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,), pool_size=self.pool_size)
                for i in range(first, first + n_children)]
        self.n_children_spawned += n_children
        return seqs

    def _hipy_seed_parts(self):
        if self.pool_size != 4:
            raise NotImplementedError("numpy.random.default_rng of a SeedSequence with pool_size != 4 is not "
                                      "supported by hipy")
        return _uint32_words(self.entropy), [int(k) for k in self.spawn_key], self.n_children_spawned

    def __repr__(self):
        lines = ["SeedSequence(", f"    entropy={self.entropy!r},"]
        if self.spawn_key:
            lines.append(f"    spawn_key={self.spawn_key!r},")
        if self.pool_size != 4:
            lines.append(f"    pool_size={self.pool_size!r},")
        if self.n_children_spawned != 0:
            lines.append(f"    n_children_spawned={self.n_children_spawned!r},")
        lines.append(")")
        return "\n".join(lines)


np.random.PCG64 = PCG64
np.random.BitGenerator = BitGenerator
np.random.SeedSequence = SeedSequence
