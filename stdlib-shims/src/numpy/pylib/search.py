# Searching, counting, sorting helpers and set operations. Sorting itself
# is native (a stable sort, so every `kind=` gives a valid answer); the
# functions whose result size depends on the data (nonzero, unique, ...)
# are computed when called, as in NumPy. `np.searchsorted` is native and
# calls `searchsorted` here for all but one key, so it is not in __all__.

__all__ = ["flatnonzero", "argwhere", "count_nonzero", "lexsort", "argpartition",
           "partition", "unique", "unique_values", "unique_counts", "unique_inverse", "isin", "in1d",
           "intersect1d", "union1d", "setdiff1d", "setxor1d", "isposinf", "isneginf",
           "extract", "compress", "array_equiv", "bincount", "digitize", "histogram", "histogram_bin_edges", "msort",
           "histogramdd", "histogram2d"]

import collections as _collections
import builtins as _builtins
import math as _math
import operator as _operator

_range = _builtins.range


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


def _search_side(side):
    """True for side='right'; NumPy 2's errors for anything but the two words."""
    if not isinstance(side, str):
        raise TypeError("search side must be str, not %s" % type(side).__name__)
    if side in ("left", "right"):
        return side == "right"
    if side[:1] in ("l", "L", "r", "R"):
        raise ValueError("search side must be one of 'left' or 'right'")
    raise ValueError("search side must be 'left' or 'right' (got %r)" % side)


def searchsorted(a, v, side="left", sorter=None):
    right = _search_side(side)
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if sorter is not None:
        a = a[np.asarray(sorter)]
    vv = np.asarray(v)
    if a.dtype != vv.dtype:
        common = np.result_type(a.dtype, vv.dtype)  # compares in a type holding both
        a, vv = a.astype(common), vv.astype(common)
    r = np._searchsorted(a, vv, right)
    return r[()] if vv.ndim == 0 else r


def lexsort(keys, axis=-1):
    """Stable argsorts from the first key to the last (the primary one)."""
    if not isinstance(keys, (list, tuple)):
        keys = np.asarray(keys)
    if isinstance(keys, np.ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        ks = [keys[i] for i in range(keys.shape[0])]
    else:
        ks = [np.asarray(k) for k in keys]
    if not ks:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if any(k.shape != ks[0].shape for k in ks):
        raise ValueError("all keys need to be the same shape")
    if ks[0].ndim == 0:
        return np.intp(0)  # one element: NumPy's answer for keys of scalars
    order = np.argsort(ks[0], axis=axis, kind="stable")
    for k in ks[1:]:
        step = np.argsort(np.take_along_axis(k, order, axis), axis=axis, kind="stable")
        order = np.take_along_axis(order, step, axis)
    return order


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


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True, sorted=True):
    if np._strings_native.involved(ar):
        return np._strings_native.functions()._np_unique(ar, return_index, return_inverse, return_counts, axis)
    if getattr(ar, "_hipy_dt", False):
        return ar._unique(return_index, return_inverse, return_counts, axis, equal_nan)
    if getattr(ar, "_hipy_obj", False):
        return np._object_functions._np_unique(ar, return_index, return_inverse, return_counts, axis)
    if axis is not None:
        return _unique_axis(np.asarray(ar), axis, return_index, return_inverse, return_counts)
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


def _unique_axis(a, axis, return_index, return_inverse, return_counts):
    """Unique sub-arrays along `axis`, in lexicographic order of their elements."""
    nd = a.ndim
    if axis < -nd or axis >= nd:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (axis, nd))
    axis = axis + nd if axis < 0 else axis
    moved = np.moveaxis(a, axis, 0)
    n = moved.shape[0]
    rows = moved.reshape(n, -1)
    if rows.dtype.kind == "f" and bool(np.isnan(rows).any()):
        raise NotImplementedError("numpy.unique(axis=...) of data with NaN is not supported by hipy")
    keys = [tuple(r) for r in rows.tolist()]
    perm = sorted(_range(n), key=lambda i: keys[i])
    starts = [k for k in _range(n) if k == 0 or keys[perm[k]] != keys[perm[k - 1]]]
    firsts = [perm[k] for k in starts]
    values = np.moveaxis(moved[np.array(firsts, dtype=np.intp)] if n else moved, 0, axis)
    if not (return_index or return_inverse or return_counts):
        return values
    out = [values]
    if return_index:
        out.append(np.array(firsts, dtype=np.intp))
    if return_inverse:
        inv = [0] * n
        g = -1
        for k in _range(n):
            if k == 0 or keys[perm[k]] != keys[perm[k - 1]]:
                g += 1
            inv[perm[k]] = g
        out.append(np.array(inv, dtype=np.intp))
    if return_counts:
        ends = starts[1:] + [n]
        out.append(np.array([e - b for b, e in zip(starts, ends)], dtype=np.intp))
    return tuple(out)


def unique_values(x):
    return unique(x)


_UniqueCounts = _collections.namedtuple("UniqueCountsResult", ["values", "counts"])
_UniqueInverse = _collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def unique_counts(x):
    return _UniqueCounts(*unique(x, return_counts=True))


def unique_inverse(x):
    return _UniqueInverse(*unique(x, return_inverse=True))


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    if getattr(element, "_hipy_dt", False) or getattr(test_elements, "_hipy_dt", False):
        if not getattr(element, "_hipy_dt", False):
            raise NotImplementedError("numpy.isin of numbers in datetime64/timedelta64 values is not supported by hipy")
        return element._isin(test_elements, invert)
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
    if x.size and int(x.min()) < 0:
        raise ValueError("'list' argument must have no negative elements")
    try:
        minlength = _operator.index(minlength)
    except TypeError:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(minlength).__name__) from None
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    n = max(int(x.max()) + 1 if x.size else 0, minlength)
    if x.dtype != np.int64:
        x = x.astype(np.int64)
    if weights is not None:
        weights = np.asarray(weights)
        if weights.shape != x.shape:
            raise ValueError("The weights and list don't have the same length.")
        if weights.dtype != np.float64:
            weights = weights.astype(np.float64)
    return np._bincount(x, weights, n)


def digitize(x, bins, right=False):
    b = np.asarray(bins)
    increasing = b.size < 2 or bool(b[-1] >= b[0])
    if increasing:
        return searchsorted(b, x, side="left" if right else "right")
    rb = b[::-1]
    return b.size - searchsorted(rb, x, side="right" if right else "left")


def _outer_edges(a, range):
    if range is not None:
        first, last = range
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (_math.isfinite(first) and _math.isfinite(last)):
            raise ValueError("supplied range of [%s, %s] is not finite" % (first, last))
    elif a.size == 0:
        first, last = 0, 1
    else:
        first, last = a.min(), a.max()
        if not (_math.isfinite(first) and _math.isfinite(last)):
            raise ValueError("autodetected range of [%s, %s] is not finite" % (first, last))
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return first, last


def _ptp(x):
    return float(x.max()) - float(x.min())


def _bw_sqrt(x):
    return _ptp(x) / _math.sqrt(x.size)


def _bw_sturges(x):
    return _ptp(x) / (_math.log2(x.size) + 1.0)


def _bw_rice(x):
    return _ptp(x) / (2.0 * x.size ** (1.0 / 3))


def _bw_scott(x):
    return (24.0 * _math.pi ** 0.5 / x.size) ** (1.0 / 3.0) * float(np.std(x))


def _bw_fd(x):
    hi, lo = np.percentile(x, [75, 25])
    return 2.0 * float(hi - lo) * x.size ** (-1.0 / 3.0)


def _bw_doane(x):
    if x.size > 2:
        sg1 = _math.sqrt(6.0 * (x.size - 2) / ((x.size + 1.0) * (x.size + 3)))
        sigma = float(np.std(x))
        if sigma > 0.0:
            g1 = float(np.mean(((x - np.mean(x)) / sigma) ** 3))
            return _ptp(x) / (1.0 + _math.log2(x.size) + _math.log2(1.0 + abs(g1) / sg1))
    return 0.0


def _bw_auto(x):
    fd = _bw_fd(x)
    st = _bw_sturges(x)
    return min(fd, st) if fd else st


_BIN_WIDTHS = {"auto": _bw_auto, "fd": _bw_fd, "doane": _bw_doane, "rice": _bw_rice, "scott": _bw_scott,
               "sqrt": _bw_sqrt, "sturges": _bw_sturges}


def _bin_edges(a, bins, range, weights):
    """(edges, number of equal bins or None), as NumPy's _get_bin_edges."""
    n_equal = None
    if isinstance(bins, str):
        if bins == "stone":
            raise NotImplementedError("numpy.histogram(bins='stone') is not supported by hipy")
        if bins not in _BIN_WIDTHS:
            raise ValueError("%r is not a valid estimator for `bins`" % bins)
        if weights is not None:
            raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
        first, last = _outer_edges(a, range)
        if range is not None:
            keep = (a >= first) & (a <= last)
            if not bool(keep.all()):
                a = a[keep]
        if a.size == 0:
            n_equal = 1
        else:
            width = _BIN_WIDTHS[bins](a)
            if width:
                if a.dtype.kind in "biu" and width < 1:
                    width = 1
                n_equal = int(_math.ceil((float(last) - float(first)) / width))
            else:
                n_equal = 1
    elif np.ndim(bins) == 0:
        try:
            n_equal = _operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an array") from None
        if n_equal < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(a, range)
    elif np.ndim(bins) == 1:
        edges = np.asarray(bins)
        if edges.size > 1 and bool((edges[:-1] > edges[1:]).any()):
            raise ValueError("`bins` must increase monotonically, when an array")
        return edges, None
    else:
        raise ValueError("`bins` must be 1d, when an array")
    bin_type = np.result_type(first, last, a)
    if bin_type.kind in "biu":
        bin_type = np.result_type(bin_type, float)
    edges = np.linspace(first, last, n_equal + 1, endpoint=True, dtype=bin_type)
    return edges, (n_equal, first, last)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a = np.asarray(a).ravel()
    return _bin_edges(a, bins, range, weights)[0]


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = np.asarray(a).ravel()
    if weights is not None:
        weights = np.asarray(weights)
        if weights.shape != a.shape and weights.size != a.size:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.ravel()
    edges, equal = _bin_edges(a, bins, range, weights)
    ntype = np.intp if weights is None else weights.dtype
    if equal is not None:
        # NumPy's uniform-bin path: blocks of 65536, bin index by scaling
        # and a correction against the edges, then bincount per block.
        nb, first, last = equal
        norm_num, norm_den = nb, float(last) - float(first)
        if edges.dtype == np.float64 and (weights is None or weights.dtype == np.float64):
            data = a if a.dtype == np.float64 else a.astype(np.float64)
            n = np._hist_uniform(data, weights, float(first), float(last), nb, edges)
            if density:
                db = np.diff(edges).astype(np.float64)
                return n / db / n.sum(), edges
            return n, edges
        n = np.zeros(nb, dtype=ntype)
        block = 65536
        for i in _range(0, a.size, block):
            tmp_a = a[i:i + block]
            tmp_w = None if weights is None else weights[i:i + block]
            keep = (tmp_a >= first) & (tmp_a <= last)
            if not bool(keep.all()):
                tmp_a = tmp_a[keep]
                if tmp_w is not None:
                    tmp_w = tmp_w[keep]
            if tmp_a.dtype != edges.dtype:
                tmp_a = tmp_a.astype(edges.dtype)
            f_idx = ((tmp_a - first) / norm_den) * norm_num
            idx = f_idx.astype(np.intp)
            idx[idx == nb] -= 1
            dec = tmp_a < edges[idx]
            idx[dec] -= 1
            inc = (tmp_a >= edges[idx + 1]) & (idx != nb - 1)
            idx[inc] += 1
            if tmp_w is None:
                n += bincount(idx, minlength=nb).astype(ntype)
            else:
                n += bincount(idx, weights=tmp_w, minlength=nb).astype(ntype)
    else:
        # Arbitrary edges: cumulative counts (or weights) at the edges.
        order = np.argsort(a, kind="stable")
        sa = a[order]
        cum = np.concatenate([np.searchsorted(sa, edges[:-1], side="left"),
                              np.searchsorted(sa, edges[-1:], side="right")])
        if weights is None:
            n = np.diff(cum).astype(ntype)
        else:
            cw = np.concatenate([np.zeros(1, dtype=ntype), weights[order].cumsum()])
            n = np.diff(cw[cum])
    if density:
        db = np.diff(edges).astype(np.float64)
        return n / db / n.sum(), edges
    return n, edges


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    if isinstance(sample, np.ndarray):
        sample = sample.reshape(-1, 1) if sample.ndim == 1 else sample
        if sample.ndim != 2:
            raise NotImplementedError("numpy.histogramdd of a sample with more than 2 dimensions is not supported by hipy")
    else:
        sample = np.atleast_2d(np.asarray(sample)).T
    n, d = sample.shape
    if isinstance(bins, str):
        raise NotImplementedError("numpy.histogramdd with string bins is not supported by hipy")
    if np.ndim(bins) == 0:
        bins = [bins] * d
    elif len(bins) != d:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    if range is None:
        range = [None] * d
    edges = []
    nbin = []
    for i in _range(d):
        col = sample[:, i]
        if isinstance(bins[i], str):
            raise NotImplementedError("numpy.histogramdd with string bins is not supported by hipy")
        if np.ndim(bins[i]) == 0:
            if bins[i] < 1:
                raise ValueError("`bins[%d]` must be positive, when an integer" % i)
            lo, hi = _outer_edges(col, range[i])
            try:
                k = _operator.index(bins[i])
            except TypeError:
                raise TypeError("`bins[%d]` must be an integer, when a scalar" % i) from None
            e = np.linspace(lo, hi, k + 1)
        elif np.ndim(bins[i]) == 1:
            e = np.asarray(bins[i])
            if e.size > 1 and bool((e[:-1] > e[1:]).any()):
                raise ValueError("`bins[%d]` must be monotonically increasing, when an array" % i)
        else:
            raise ValueError("`bins[%d]` must be a scalar or 1d array" % i)
        edges.append(e)
        nbin.append(e.shape[0] + 1)
    flat = np.zeros(n, dtype=np.int64)
    for i in _range(d):
        col = sample[:, i]
        idx = np.searchsorted(edges[i], col, side="right")
        idx = np.where(col == edges[i][-1], idx - 1, idx)
        flat = flat * nbin[i] + idx
    total = 1
    for k in nbin:
        total *= k
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)
    hist = bincount(flat, weights, minlength=total).reshape(tuple(nbin)).astype(np.float64)
    hist = hist[tuple(slice(1, -1) for _ in _range(d))]
    if density:
        s = hist.sum()
        for i in _range(d):
            shape = [1] * d
            shape[i] = nbin[i] - 2
            hist = hist / np.diff(edges[i]).reshape(tuple(shape))
        hist = hist / s
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    try:
        nb = len(bins)
    except TypeError:
        nb = 1
    if nb != 1 and nb != 2:
        xedges = yedges = np.asarray(bins)
        bins = [xedges, yedges]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
