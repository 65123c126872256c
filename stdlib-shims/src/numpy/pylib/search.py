# Searching, counting, sorting helpers and set operations. Sorting itself
# is native (a stable sort, so every `kind=` gives a valid answer); the
# functions whose result size depends on the data (nonzero, unique, ...)
# are computed when called, as in NumPy.

__all__ = ["flatnonzero", "argwhere", "count_nonzero", "searchsorted", "lexsort", "argpartition",
           "partition", "unique", "unique_values", "unique_counts", "unique_inverse", "isin", "in1d",
           "intersect1d", "union1d", "setdiff1d", "setxor1d", "isposinf", "isneginf", "isreal",
           "iscomplex", "isrealobj", "iscomplexobj", "extract", "compress", "sort_complex",
           "array_equiv", "bincount", "digitize", "histogram", "histogram_bin_edges", "msort"]

import bisect as _bisect


def flatnonzero(a):
    return np.nonzero(np.ravel(a))[0]


def argwhere(a):
    a = np.asarray(a)
    if a.ndim == 0:
        return np.zeros((1 if bool(a) else 0, 0), dtype=np.intp)
    return np.stack(np.nonzero(a), axis=1) if a.size else np.zeros((0, a.ndim), dtype=np.intp)


def count_nonzero(a, axis=None, *, keepdims=False):
    a = np.asarray(a)
    nz = a.astype(bool)
    if axis is None and not keepdims:
        return nz.sum()
    return nz.sum(axis=axis, keepdims=keepdims)


def isposinf(x):
    x = np.asarray(x)
    return np.isinf(x) & (x > 0)


def isneginf(x):
    x = np.asarray(x)
    return np.isinf(x) & (x < 0)


def isreal(x):
    return np.ones(np.shape(x), dtype=bool) if np.ndim(x) else np.True_


def iscomplex(x):
    return np.zeros(np.shape(x), dtype=bool) if np.ndim(x) else np.False_


def isrealobj(x):
    return True


def iscomplexobj(x):
    return False


def searchsorted(a, v, side="left", sorter=None):
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if sorter is not None:
        a = a[np.asarray(sorter)]
    keys = a.tolist()
    find = _bisect.bisect_left if side in ("left", "l", "L") else _bisect.bisect_right
    vv = np.asarray(v)
    # NaN sorts last in NumPy's order.
    nan = float("nan")
    def key_list():
        return [(1, 0.0) if k != k else (0, k) for k in keys]
    has_nan = any(k != k for k in keys if isinstance(k, float)) or any(
        x != x for x in vv.ravel().tolist() if isinstance(x, float))
    if has_nan:
        keys = key_list()
        conv = lambda x: (1, 0.0) if x != x else (0, x)
    else:
        conv = lambda x: x
    if vv.ndim == 0:
        return np.intp(find(keys, conv(vv.item())))
    out = [find(keys, conv(x)) for x in vv.ravel().tolist()]
    return np.array(out, dtype=np.intp).reshape(vv.shape)


def lexsort(keys, axis=-1):
    ks = [np.asarray(k) for k in keys]
    if isinstance(keys, np.ndarray) and keys.ndim >= 2:
        ks = [keys[i] for i in range(keys.shape[0])]
    if not ks:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if ks[0].ndim != 1:
        raise NotImplementedError("numpy.lexsort of keys with more than 1 dimension is not supported by hipy")
    cols = [k.tolist() for k in ks]
    n = len(cols[0])
    order = sorted(range(n), key=lambda i: tuple(_nan_last(c[i]) for c in reversed(cols)))
    return np.array(order, dtype=np.intp)


def _nan_last(x):
    return (1, 0) if x != x else (0, x)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    # Any order with the kth elements in place and smaller ones before is a
    # valid partition; hipy's is the stable full sort's.
    a = np.asarray(a)
    _check_kth(a, kth, axis)
    return np.argsort(a, axis=axis)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    a = np.asarray(a)
    _check_kth(a, kth, axis)
    return np.sort(a, axis=axis)


def _check_kth(a, kth, axis):
    if axis is None:
        n = a.size
    else:
        if a.ndim == 0:
            raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension 0" % axis)
        n = a.shape[axis]
    for k in np.asarray(kth).ravel().tolist():
        if k >= n or k < -n:
            raise ValueError("kth(=%d) out of bounds (%d)" % (k, n))


def msort(a):
    return np.sort(a, axis=0)


def sort_complex(a):
    return np.sort(a)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True, sorted=True):
    if axis is not None:
        raise NotImplementedError("numpy.unique(axis=...) is not supported by hipy")
    a = np.asarray(ar)
    flat = a.ravel()
    perm = np.argsort(flat, kind="stable")
    s = flat[perm]
    n = s.shape[0]
    if n == 0:
        first = np.zeros(0, dtype=bool)
    else:
        neq = s[1:] != s[:-1]
        if s.dtype.kind == "f" and equal_nan:
            neq = neq & ~(np.isnan(s[1:]) & np.isnan(s[:-1]))
        first = np.concatenate([np.ones(1, dtype=bool), neq])
    values = s[first]
    if not (return_index or return_inverse or return_counts):
        return values
    out = [values]
    starts = np.flatnonzero(first)
    if return_index:
        out.append(perm[starts])
    if return_inverse:
        group = np.cumsum(first) - 1
        inv = np.zeros(n, dtype=np.intp)
        inv[perm] = group
        out.append(inv.reshape(a.shape) if a.ndim > 0 else inv)
    if return_counts:
        ends = np.concatenate([starts[1:], np.array([n], dtype=np.intp)])
        out.append(ends - starts)
    return tuple(out)


def unique_values(x):
    return unique(x)


def unique_counts(x):
    r = unique(x, return_counts=True)
    return r


def unique_inverse(x):
    return unique(x, return_inverse=True)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e = np.asarray(element)
    t = set(np.asarray(test_elements).ravel().tolist())
    r = np.array([x in t for x in e.ravel().tolist()], dtype=bool).reshape(e.shape)
    return ~r if invert else r


def in1d(ar1, ar2, assume_unique=False, invert=False):
    return isin(np.ravel(ar1), ar2, invert=invert)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if return_indices:
        raise NotImplementedError("numpy.intersect1d(return_indices=True) is not supported by hipy")
    a = unique(ar1)
    return a[isin(a, ar2)]


def union1d(ar1, ar2):
    return unique(np.concatenate([np.ravel(ar1), np.ravel(ar2)]))


def setdiff1d(ar1, ar2, assume_unique=False):
    a = unique(ar1)
    return a[~isin(a, ar2)]


def setxor1d(ar1, ar2, assume_unique=False):
    a = unique(ar1)
    b = unique(ar2)
    return np.sort(np.concatenate([a[~isin(a, b)], b[~isin(b, a)]]))


def extract(condition, arr):
    return np.ravel(arr)[np.flatnonzero(condition)]


def compress(condition, a, axis=None):
    a = np.asarray(a)
    idx = np.flatnonzero(condition)
    if axis is None:
        return a.ravel()[idx]
    return np.take(a, idx, axis=axis)


def array_equiv(a1, a2):
    try:
        x, y = np.broadcast_arrays(a1, a2)
    except ValueError:
        return False
    return bool((x == y).all())


def bincount(x, weights=None, minlength=0):
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1 else "object of too small depth for desired array")
    if x.dtype.kind not in "biu":
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'" % x.dtype)
    vals = x.tolist()
    if vals and min(vals) < 0:
        raise ValueError("'list' argument must have no negative elements")
    n = max(max(vals) + 1 if vals else 0, minlength)
    if weights is None:
        counts = [0] * n
        for v in vals:
            counts[v] += 1
        return np.array(counts, dtype=np.intp)
    w = np.asarray(weights).astype(np.float64).tolist()
    sums = [0.0] * n
    for v, wv in zip(vals, w):
        sums[v] += wv
    return np.array(sums, dtype=np.float64)


def digitize(x, bins, right=False):
    b = np.asarray(bins)
    increasing = b.size < 2 or bool(b[-1] >= b[0])
    if increasing:
        return searchsorted(b, x, side="left" if right else "right")
    rb = b[::-1]
    return b.size - searchsorted(rb, x, side="right" if right else "left")


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a = np.asarray(a).ravel()
    if np.ndim(bins) == 1:
        return np.asarray(bins)
    if range is None:
        lo, hi = (float(a.min()), float(a.max())) if a.size else (0.0, 1.0)
    else:
        lo, hi = float(range[0]), float(range[1])
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return np.linspace(lo, hi, int(bins) + 1)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = np.asarray(a).ravel()
    edges = histogram_bin_edges(a, bins, range)
    nb = edges.shape[0] - 1
    e = edges.tolist()
    lo, hi = e[0], e[-1]
    vals = a.tolist()
    w = None if weights is None else np.asarray(weights).ravel().tolist()
    counts = [0] * nb if w is None else [0.0] * nb
    uniform = np.ndim(bins) == 0
    for k, v in enumerate(vals):
        if v != v or v < lo or v > hi:
            continue
        if uniform:
            i = int((v - lo) / (hi - lo) * nb) if hi > lo else 0
            i = min(i, nb - 1)
            # Correct for rounding at the edges, as NumPy does.
            if v < e[i]:
                i -= 1
            elif i + 1 < nb and v >= e[i + 1]:
                i += 1
        else:
            i = _bisect.bisect_right(e, v) - 1
            if i == nb:
                i = nb - 1
        counts[i] += 1 if w is None else w[k]
    hist = np.array(counts, dtype=np.intp if w is None else np.float64)
    if density:
        widths = np.diff(edges)
        return hist / widths / hist.sum(), edges
    return hist, edges
