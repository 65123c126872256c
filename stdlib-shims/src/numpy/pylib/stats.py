# Order statistics and friends: median, percentile and quantile (NumPy's
# 'linear' method: sort, then interpolate between neighbours with NumPy's
# `_lerp` arithmetic, so results match to the bit; like NumPy, by selecting
# the order statistics needed rather than sorting everything), ptp, average, the
# NaN-ignoring reductions, cov and corrcoef.

__all__ = ["median", "percentile", "quantile", "ptp", "average", "nansum", "nanprod", "nanmean",
           "nanmax", "nanmin", "nanargmax", "nanargmin", "nanstd", "nanvar", "nanmedian",
           "nanpercentile", "nanquantile", "nancumsum", "cov", "corrcoef"]


def _scalar(r):
    """A 0-d array as its numpy scalar, as NumPy's functions return."""
    return r[()] if isinstance(r, np.ndarray) and r.ndim == 0 else r


def _axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def _to_front(a, axis):
    """The data with the reduced axis first (flattened for axis=None)."""
    if axis is None:
        return a.ravel(), None
    axis = _axis(axis, a.ndim)
    return np.moveaxis(a, axis, 0), axis


def _keep(r, a, axis, keepdims):
    if not keepdims:
        return r
    if axis is None:
        return np.asarray(r).reshape((1,) * a.ndim)
    return np.expand_dims(r, axis)


def _select(b, positions, n):
    """`b` (reduced axis first) with the elements at these sorted positions,
    and the last one (where NaNs go), in place, by selection as NumPy's
    partition does; elsewhere the order is arbitrary."""
    kth = set(np.asarray(positions).ravel().tolist())
    kth.add(n - 1)
    return np._partition(b, sorted(kth), 0)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    if getattr(a, "_hipy_dt", False):
        if out is not None or keepdims:
            raise NotImplementedError("numpy.median(out=, keepdims=) of datetime64/timedelta64 arrays is not "
                                      "supported by hipy")
        return a._median(axis)
    a = np.asarray(a)
    b, ax = _to_front(a, axis)
    n = b.shape[0]
    if n == 0:
        r = np.mean(b, axis=0)
    else:
        h = n // 2
        s = _select(b, [h] if n % 2 else [h - 1, h], n)
        r = np.mean(s[h:h + 1] if n % 2 else s[h - 1:h + 1], axis=0)
        if s.dtype.kind == "f":
            r = _scalar(np.where(np.isnan(s[-1]), s[-1], r))
    r = _keep(r, a, ax, keepdims)
    if out is not None:
        out[...] = r
        return out
    return r


def _lerp(a, b, t):
    diff_b_a = b - a
    lerp = a + diff_b_a * t
    return np.where(t >= 0.5, b - diff_b_a * (1 - t), lerp)


# (alpha, beta) of the continuous methods (Hyndman & Fan), as NumPy.
_CONTINUOUS = {"linear": (1.0, 1.0), "weibull": (0.0, 0.0), "hazen": (0.5, 0.5),
               "interpolated_inverted_cdf": (0.0, 1.0), "median_unbiased": (1.0 / 3.0, 1.0 / 3.0),
               "normal_unbiased": (3.0 / 8.0, 3.0 / 8.0)}


_DISCRETE = ("lower", "higher", "nearest", "inverted_cdf", "closest_observation")


def _quantile(a, q, axis, method, keepdims, name):
    if getattr(a, "_hipy_dt", False):
        raise NotImplementedError("numpy.%s of datetime64/timedelta64 arrays is not supported by hipy" % name)
    if method not in _CONTINUOUS and method not in _DISCRETE and method not in ("averaged_inverted_cdf", "midpoint"):
        raise ValueError("'%s' is not a valid method. Use one of: dict_keys(['inverted_cdf', 'averaged_inverted_cdf', "
                         "'closest_observation', 'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear', "
                         "'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'midpoint', 'nearest'])" % method)
    a = np.asarray(a)
    qa = np.asarray(q)
    if qa.size and (bool((qa < 0).any()) or bool((qa > 1).any())):
        raise ValueError("Quantiles must be in the range [0, 1]" if name == "quantile" else "Percentiles must be in the range [0, 100]")
    b, ax = _to_front(a, axis)
    n = b.shape[0]
    qf = qa.astype(np.float64) if qa.dtype.kind != "f" else qa
    if method in _DISCRETE:
        # No interpolation: the element at a rounded index.
        if method in ("lower", "higher", "nearest"):
            v = (n - 1) * qf
            v = np.floor(v) if method == "lower" else np.ceil(v) if method == "higher" else np.round(v)
        else:
            v = n * qf - 1 if method == "inverted_cdf" else n * qf - 1.5
            prev = np.floor(v)
            at_prev = (v - prev) == 0
            if method == "closest_observation":
                at_prev = at_prev & (prev % 2 == 1)
            v = np.where(at_prev, prev, prev + 1)
        idx = np.clip(v, 0, max(n - 1, 0)).astype(np.intp)
        s = _select(b, idx, n) if n else b
        r = np.take(s, idx, axis=0)
        if s.dtype.kind == "f" and n:
            r = np.where(np.isnan(s[-1]), s[-1], r)
        if qa.ndim == 0:
            return _keep(_scalar(r), a, ax, keepdims)
        if keepdims:
            r = np.stack([_keep(r[i], a, ax, True) for i in range(r.shape[0])])
        return r
    if method == "midpoint":
        virtual = 0.5 * (np.floor((n - 1) * qf) + np.ceil((n - 1) * qf))
    elif method == "linear":
        virtual = (n - 1) * qf
    elif method == "averaged_inverted_cdf":
        virtual = n * qf - 1
    else:
        alpha, beta = _CONTINUOUS[method]
        virtual = n * qf + (alpha + qf * (1 - alpha - beta)) - 1
    prev = np.floor(virtual)
    nxt = prev + 1
    gamma = virtual - prev
    if method == "midpoint":
        gamma = np.where(gamma != 0, 0.5, 0.0)
    elif method == "averaged_inverted_cdf":
        gamma = np.where(gamma == 0, 0.5, 1.0)
    prev_i = np.clip(prev, 0, n - 1).astype(np.intp)
    next_i = np.clip(nxt, 0, n - 1).astype(np.intp)
    above = virtual >= n - 1
    prev_i = np.where(above, n - 1, prev_i)
    next_i = np.where(above, n - 1, next_i)
    s = _select(b, [prev_i, next_i], n) if n else b
    lo = np.take(s, prev_i, axis=0)
    hi = np.take(s, next_i, axis=0)
    gshape = gamma.shape + (1,) * (s.ndim - 1)
    g = gamma.reshape(gshape) if gamma.ndim else gamma
    if s.dtype.kind == "f":
        g = np.asarray(g).astype(s.dtype) if s.dtype != np.float64 else g
    r = _lerp(lo, hi, g)
    if s.dtype.kind == "f" and n:
        r = np.where(np.isnan(s[-1]), s[-1], r)
    if qa.ndim == 0:
        r = _keep(_scalar(r), a, ax, keepdims)
    elif keepdims:
        r = np.stack([_keep(r[i], a, ax, True) for i in range(r.shape[0])])
    return r


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None, interpolation=None):
    if weights is not None:
        raise NotImplementedError("numpy.quantile(weights=...) is not supported by hipy")
    r = _quantile(a, q, axis, method, keepdims, "quantile")
    if out is not None:
        out[...] = r
        return out
    return r


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None, interpolation=None):
    if weights is not None:
        raise NotImplementedError("numpy.percentile(weights=...) is not supported by hipy")
    q = np.true_divide(q, 100)
    r = _quantile(a, q, axis, method, keepdims, "percentile")
    if out is not None:
        out[...] = r
        return out
    return r


def ptp(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    r = np.subtract(a.max(axis=axis, keepdims=keepdims), a.min(axis=axis, keepdims=keepdims))
    if out is not None:
        out[...] = r
        return out
    return r


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = np.asarray(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        scl = np.asarray(a.size / avg.size if np.ndim(avg) else a.size, dtype=avg.dtype)
    else:
        w = np.asarray(weights)
        if w.shape != a.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            shape = [1] * a.ndim
            shape[_axis(axis, a.ndim)] = w.shape[0]
            w = w.reshape(tuple(shape))
        scl = np.sum(w * np.ones(a.shape), axis=axis, keepdims=keepdims)
        if bool((scl == 0).any()):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = np.sum(a * w, axis=axis, keepdims=keepdims) / scl
    if returned:
        return avg, np.broadcast_to(scl, np.shape(avg)) if np.ndim(avg) else scl
    return avg


def _nan_fill(a, value):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return a
    return np.where(np.isnan(a), value, a)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    return np.sum(_nan_fill(a, 0), axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    return np.prod(_nan_fill(a, 1), axis=axis, dtype=dtype, keepdims=keepdims)


def nancumsum(a, axis=None, dtype=None, out=None):
    return np.cumsum(_nan_fill(a, 0), axis=axis, dtype=dtype)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    valid = ~np.isnan(a)
    total = np.sum(np.where(valid, a, 0), axis=axis, dtype=dtype, keepdims=keepdims)
    count = np.sum(valid, axis=axis, keepdims=keepdims)
    return total / count


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.var(a, axis=axis, ddof=ddof, keepdims=keepdims)
    valid = ~np.isnan(a)
    count = np.sum(valid, axis=axis, keepdims=True)
    mean = np.sum(np.where(valid, a, 0), axis=axis, keepdims=True) / count
    d = np.where(valid, a - mean, 0)
    sq = np.sum(d * d, axis=axis, keepdims=keepdims)
    cnt = count if keepdims else np.sum(valid, axis=axis)
    return sq / np.maximum(cnt - ddof, 0)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return np.sqrt(nanvar(a, axis=axis, ddof=ddof, keepdims=keepdims))


def nanmax(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.max(a, axis=axis, keepdims=keepdims)
    r = np.max(_nan_fill(a, -np.inf), axis=axis, keepdims=keepdims)
    allnan = np.all(np.isnan(a), axis=axis, keepdims=keepdims)
    return _scalar(np.where(allnan, np.nan, r))


def nanmin(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.min(a, axis=axis, keepdims=keepdims)
    r = np.min(_nan_fill(a, np.inf), axis=axis, keepdims=keepdims)
    allnan = np.all(np.isnan(a), axis=axis, keepdims=keepdims)
    return _scalar(np.where(allnan, np.nan, r))


def nanargmax(a, axis=None):
    a = np.asarray(a)
    if a.dtype.kind == "f" and bool(np.all(np.isnan(a), axis=axis).any()):
        raise ValueError("All-NaN slice encountered")
    return np.argmax(_nan_fill(a, -np.inf), axis=axis)


def nanargmin(a, axis=None):
    a = np.asarray(a)
    if a.dtype.kind == "f" and bool(np.all(np.isnan(a), axis=axis).any()):
        raise ValueError("All-NaN slice encountered")
    return np.argmin(_nan_fill(a, np.inf), axis=axis)


def _drop_nan_lanes(a, axis, func):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return func(a, axis)
    if axis is None:
        flat = a.ravel()
        return func(flat[~np.isnan(flat)], None)
    b = np.moveaxis(a, _axis(axis, a.ndim), -1)
    lanes = b.reshape(-1, b.shape[-1])
    outs = [func(lane[~np.isnan(lane)], None) for lane in lanes]
    r = np.asarray(outs).reshape(b.shape[:-1] + np.shape(outs[0]) if outs else b.shape[:-1])
    # Axes of a sequence of quantiles come first, as in NumPy.
    qnd = np.ndim(outs[0]) if outs else 0
    for i in range(qnd):
        r = np.moveaxis(r, r.ndim - qnd + i, i)
    return r


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    r = _drop_nan_lanes(a, axis, lambda x, ax: median(x) if x.size else np.float64(np.nan))
    return r


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return _drop_nan_lanes(a, axis, lambda x, ax: quantile(x, q, method=method))


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    return _drop_nan_lanes(a, axis, lambda x, ax: percentile(x, q, method=method))


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    X = np.asarray(m).astype(np.float64) if np.asarray(m).dtype.kind != "f" else np.asarray(m)
    if X.ndim == 1:
        X = X.reshape(1, -1)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = np.asarray(y).astype(X.dtype)
        if Y.ndim == 1:
            Y = Y.reshape(1, -1)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = np.concatenate([X, Y], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = X.shape[1]
    avg = X.mean(axis=1)
    Xc = X - avg.reshape(-1, 1)
    c = np.dot(Xc, Xc.T) / (n - ddof)
    return c.reshape(()) if c.shape == (1, 1) else c


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = np.asarray(cov(x, y, rowvar))
    if c.ndim == 0:
        return c / c
    d = np.sqrt(np.diag(c))
    c = c / d.reshape(-1, 1)
    c = c / d.reshape(1, -1)
    return np.clip(c, -1, 1)
