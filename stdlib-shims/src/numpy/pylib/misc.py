# Smaller parts of the numpy namespace: aliases of NumPy 2's array-API
# names, sequences (logspace, geomspace), interpolation, index helpers
# (unravel_index, mgrid, r_, ...), window functions, integer formatting,
# floating-point decomposition, and the error-state controls.

__all__ = ["True_", "False_", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "pow",
           "concat", "permute_dims", "matrix_transpose", "astype",
           "fix", "float_power", "ldexp", "frexp", "modf", "divmod", "logspace", "geomspace", "interp",
           "ediff1d", "diagflat", "diag_indices", "diag_indices_from", "tril_indices", "triu_indices",
           "tril_indices_from", "triu_indices_from", "rollaxis", "unravel_index", "ravel_multi_index",
           "cumulative_sum", "cumulative_prod", "nancumprod", "iterable", "isfortran", "require",
           "sinc", "hanning", "hamming", "bartlett", "blackman", "kaiser", "i0", "trapezoid",
           "apply_along_axis", "apply_over_axes", "piecewise", "fromfunction", "fromiter", "inner",
           "block", "mgrid", "ogrid", "r_", "c_", "s_", "index_exp", "binary_repr", "base_repr",
           "min_scalar_type", "shares_memory", "may_share_memory", "errstate", "seterr", "geterr",
           "euler_gamma", "little_endian", "asfortranarray", "asarray_chkfinite", "vecdot", "matvec",
           "vecmat", "putmask", "polydiv", "packbits", "unpackbits",
           "array_str", "array_repr", "array2string", "get_printoptions", "nextafter", "spacing",
           "bitwise_count", "dsplit", "mask_indices", "setbufsize", "getbufsize"]

import math as _math
from operator import index as _operator_index

True_ = np.bool_(True)
False_ = np.bool_(False)
acos, acosh, asin, asinh = np.arccos, np.arccosh, np.arcsin, np.arcsinh
atan, atan2, atanh, pow = np.arctan, np.arctan2, np.arctanh, np.power
concat = np.concatenate
euler_gamma = 0.5772156649015329
little_endian = True


def permute_dims(a, axes=None):
    return np.transpose(a, axes)


def matrix_transpose(x):
    return np.swapaxes(x, -1, -2)


def astype(x, dtype, /, *, copy=True, device=None):
    return np.asarray(x).astype(dtype)


def fix(x, out=None):
    r = np.trunc(x)
    if out is not None:
        out[...] = r
        return out
    return r


def float_power(x1, x2):
    return np.power(np.asarray(x1).astype(np.float64), np.asarray(x2).astype(np.float64))


def ldexp(x1, x2):
    x = np.asarray(x1)
    x = x if x.dtype.kind == "f" else x.astype(np.float64)
    return x * np.exp2(np.asarray(x2).astype(x.dtype))


def frexp(x):
    x = np.asarray(x)
    flat = [_math.frexp(v) for v in x.astype(np.float64).ravel().tolist()]
    m = np.array([f[0] for f in flat], dtype=np.float64).reshape(x.shape).astype(x.dtype if x.dtype.kind == "f" else np.float64)
    e = np.array([f[1] for f in flat], dtype=np.int32).reshape(x.shape)
    if x.ndim == 0:
        return m[()], e[()]
    return m, e


def modf(x):
    x = np.asarray(x)
    i = np.trunc(x)
    return np.copysign(x - i, x) if x.dtype.kind == "f" else x - i, i


def divmod(x1, x2):
    return np.floor_divide(x1, x2), np.remainder(x1, x2)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = np.linspace(start, stop, num, endpoint=endpoint)
    r = np.power(base, y)
    return r if dtype is None else r.astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    sign = -1.0 if (start < 0 and stop < 0) else 1.0
    ls = np.logspace(_math.log10(abs(start)), _math.log10(abs(stop)), num, endpoint=endpoint)
    if num > 0:
        ls[0] = abs(start)
        if endpoint and num > 1:
            ls[-1] = abs(stop)
    r = ls * sign
    return r if dtype is None else r.astype(dtype)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        raise NotImplementedError("numpy.interp(period=...) is not supported by hipy")
    xa = np.asarray(x)
    xs = np.asarray(xp).astype(np.float64).tolist()
    fs = np.asarray(fp).astype(np.float64).tolist()
    if len(xs) != len(fs):
        raise ValueError("fp and xp are not of the same length.")
    if not xs:
        raise ValueError("array of sample points is empty")
    lo = fs[0] if left is None else left
    hi = fs[-1] if right is None else right
    import bisect
    out = []
    for v in xa.astype(np.float64).ravel().tolist():
        if v != v:
            out.append(v)
        elif v < xs[0]:
            out.append(lo)
        elif v > xs[-1]:
            out.append(hi)
        elif v == xs[-1]:
            out.append(fs[-1])
        else:
            j = bisect.bisect_right(xs, v) - 1
            if j >= len(xs) - 1:
                out.append(fs[-1])
                continue
            slope = (fs[j + 1] - fs[j]) / (xs[j + 1] - xs[j])
            r = slope * (v - xs[j]) + fs[j]
            if r != r:
                r = slope * (v - xs[j + 1]) + fs[j + 1]
                if r != r and fs[j] == fs[j + 1]:
                    r = fs[j]
            out.append(r)
    r = np.array(out, dtype=np.float64).reshape(xa.shape)
    return r[()] if xa.ndim == 0 else r


def ediff1d(ary, to_end=None, to_begin=None):
    a = np.asarray(ary).ravel()
    d = a[1:] - a[:-1]
    parts = []
    if to_begin is not None:
        parts.append(np.ravel(to_begin).astype(d.dtype))
    parts.append(d)
    if to_end is not None:
        parts.append(np.ravel(to_end).astype(d.dtype))
    return np.concatenate(parts) if len(parts) > 1 else d


def diagflat(v, k=0):
    return np.diag(np.ravel(v), k)


def diag_indices(n, ndim=2):
    i = np.arange(n)
    return (i,) * ndim


def diag_indices_from(arr):
    return diag_indices(arr.shape[0], arr.ndim)


def tril_indices(n, k=0, m=None):
    return np.nonzero(np.tri(n, m, k, dtype=bool))


def triu_indices(n, k=0, m=None):
    return np.nonzero(~np.tri(n, m, k - 1, dtype=bool))


def tril_indices_from(arr, k=0):
    return tril_indices(arr.shape[-2], k, arr.shape[-1])


def triu_indices_from(arr, k=0):
    return triu_indices(arr.shape[-2], k, arr.shape[-1])


def rollaxis(a, axis, start=0):
    a = np.asarray(a)
    n = a.ndim
    axis = axis + n if axis < 0 else axis
    start = start + n if start < 0 else start
    if start > axis:
        start -= 1
    if axis == start:
        return a[...]
    order = list(range(n))
    order.remove(axis)
    order.insert(start, axis)
    return a.transpose(order)


def unravel_index(indices, shape, order="C"):
    idx = np.asarray(indices)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    size = 1
    for d in shape:
        size *= d
    flat = idx.ravel().tolist()
    for v in flat:
        if v < 0 or v >= size:
            raise ValueError("index %d is out of bounds for array with size %d" % (v, size))
    out = [[] for _ in shape]
    for v in flat:
        for k in range(len(shape) - 1, -1, -1):
            out[k].append(v % shape[k])
            v //= shape[k]
    res = tuple(np.array(o, dtype=np.intp).reshape(idx.shape) for o in out)
    if idx.ndim == 0:
        return tuple(r[()] for r in res)
    return res


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    arrays = [np.asarray(m) for m in multi_index]
    r = np.zeros(arrays[0].shape, dtype=np.intp)
    for a, d in zip(arrays, dims):
        if mode == "raise" and a.size and (int(a.min()) < 0 or int(a.max()) >= d):
            raise ValueError("invalid entry in coordinates array")
        r = r * d + a
    return r


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    x = np.asarray(x)
    if axis is None and x.ndim > 1:
        raise ValueError("axis must be specified for multi-dimensional arrays.")
    r = np.cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        r = np.concatenate([np.zeros(1, dtype=r.dtype), r])
    return r


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    x = np.asarray(x)
    r = np.cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        r = np.concatenate([np.ones(1, dtype=r.dtype), r])
    return r


def nancumprod(a, axis=None, dtype=None, out=None):
    a = np.asarray(a)
    if a.dtype.kind == "f":
        a = np.where(np.isnan(a), 1, a)
    return np.cumprod(a, axis=axis, dtype=dtype)


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def isfortran(a):
    f = np.asarray(a).flags
    return f.f_contiguous and not f.c_contiguous


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
                 "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
                 "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    reqs = set(_REQUIREMENTS[r.upper()] for r in (requirements or ()))
    if "C" in reqs and "F" in reqs:
        raise ValueError("Cannot specify both 'C' and 'F' order")
    a = np.asarray(a, dtype=dtype)
    if ("O" in reqs and not a.flags.owndata) or ("W" in reqs and not a.flags.writeable):
        a = a.copy()
    if "F" in reqs:
        return asfortranarray(a)
    if "C" in reqs:
        return np.ascontiguousarray(a)
    return a


def asfortranarray(a, dtype=None, *, like=None):
    a = np.asarray(a, dtype=dtype)
    if a.ndim == 0:
        return a.reshape(1)
    if a.flags.f_contiguous:
        return a
    # Reversing the axes of a C-ordered copy of the reversed array gives
    # Fortran order.
    return np.ascontiguousarray(a.T).T


def asarray_chkfinite(a, dtype=None, order=None):
    a = np.asarray(a, dtype=dtype)
    if a.dtype.kind == "f" and not bool(np.isfinite(a).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def sinc(x):
    x = np.asarray(x)
    y = np.pi * np.where(x == 0, 1.0e-20, x)
    return np.sin(y) / y


def hanning(M):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    return 0.5 + 0.5 * np.cos(np.pi * n / (M - 1))


def hamming(M):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    return 0.54 + 0.46 * np.cos(np.pi * n / (M - 1))


def bartlett(M):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    return np.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))


def blackman(M):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    return 0.42 + 0.5 * np.cos(np.pi * n / (M - 1)) + 0.08 * np.cos(2.0 * np.pi * n / (M - 1))


def _i0(x):
    """The modified Bessel function of the first kind, order 0: the sum of
    (x/2)**(2k) / (k!)**2, whose terms are all positive."""
    q = x * x / 4.0
    term = total = 1.0
    k = 0
    while term > total * 1e-17:
        k += 1
        term *= q / (k * k)
        total += term
    return total


def i0(x):
    x = np.asarray(x)
    if x.dtype.kind == "c":
        raise NotImplementedError("numpy.i0 of complex values is not supported by hipy")
    if x.dtype.kind not in "biuf":
        raise TypeError("ufunc 'i0' not supported for the input types")
    out = np.array([_i0(v) for v in x.astype(np.float64).ravel().tolist()], dtype=np.float64)
    return out.reshape(x.shape)


def kaiser(M, beta):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    alpha = (M - 1) / 2.0
    n = np.arange(M)
    return i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / i0(float(beta))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = np.asarray(y)
    nd = y.ndim
    axis = axis + nd if axis < 0 else axis
    lead = (slice(None),) * axis
    if x is None:
        d = dx
    else:
        x = np.asarray(x)
        d = np.diff(x) if x.ndim == 1 else np.diff(x, axis=axis)
        if x.ndim == 1 and nd > 1:
            shape = [1] * nd
            shape[axis] = d.shape[0]
            d = d.reshape(tuple(shape))
    return (d * (y[lead + (slice(1, None),)] + y[lead + (slice(None, -1),)]) / 2.0).sum(axis=axis)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = np.asarray(arr)
    nd = arr.ndim
    axis = axis + nd if axis < 0 else axis
    moved = np.moveaxis(arr, axis, -1)
    outer = moved.shape[:-1]
    lanes = moved.reshape(-1, moved.shape[-1])
    res = [np.asarray(func1d(lane, *args, **kwargs)) for lane in lanes]
    out = np.stack(res) if res else np.zeros(0)
    out = out.reshape(outer + res[0].shape) if res else out
    if res and res[0].ndim:
        out = np.moveaxis(out, -1, axis)
    return out


def apply_over_axes(func, a, axes):
    val = np.asarray(a)
    for ax in (axes if isinstance(axes, (tuple, list)) else [axes]):
        res = func(val, ax)
        val = res if np.ndim(res) == val.ndim else np.expand_dims(res, ax)
    return val


def piecewise(x, condlist, funclist, *args, **kw):
    x = np.asarray(x)
    if isinstance(condlist, np.ndarray) and condlist.ndim == x.ndim and condlist.dtype == np.bool_:
        condlist = [condlist]
    condlist = [np.asarray(c, dtype=bool) for c in condlist]
    if len(funclist) == len(condlist) + 1:
        otherwise = ~np.any(np.stack(condlist), axis=0)
        condlist.append(otherwise)
    y = np.zeros(x.shape, dtype=x.dtype)
    for cond, f in zip(condlist, funclist):
        vals = f(x, *args, **kw) if callable(f) else f
        y = np.where(cond, vals, y)
    return y


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    idx = np.indices(shape, dtype=dtype)
    return function(*idx, **kwargs)


def fromiter(iter, dtype, count=-1, *, like=None):
    vals = []
    for v in iter:
        if count >= 0 and len(vals) >= count:
            break
        vals.append(v)
    if count >= 0 and len(vals) < count:
        raise ValueError("iterator too short: Expected %d but iterator had only %d items." % (count, len(vals)))
    return np.array(vals, dtype=dtype) if vals else np.zeros(0, dtype=dtype)


def inner(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    return np.dot(a, np.swapaxes(b, -1, -2) if b.ndim > 1 else b)


def block(arrays):
    if isinstance(arrays, list):
        if arrays and isinstance(arrays[0], list):
            rows = [block(r) for r in arrays]
            return np.concatenate([np.atleast_2d(r) for r in rows], axis=0)
        parts = [np.atleast_1d(np.asarray(a)) for a in arrays]
        return np.concatenate(parts, axis=-1)
    return np.asarray(arrays)


class _Grid:
    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        axes = []
        for k in keys:
            step = k.step
            if isinstance(step, complex):
                axes.append(np.linspace(k.start or 0, k.stop, int(abs(step))))
            else:
                axes.append(np.arange(k.start or 0, k.stop, step or 1))
        if len(axes) == 1:
            return axes[0]
        grids = np.meshgrid(*axes, indexing="ij", sparse=self.sparse)
        return tuple(grids) if self.sparse else np.stack(grids)


mgrid = _Grid(False)
ogrid = _Grid(True)


class _Concat:
    def __init__(self, axis):
        self.axis = axis

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        parts = []
        for k in keys:
            if isinstance(k, slice):
                step = k.step
                if isinstance(step, complex):
                    parts.append(np.linspace(k.start or 0, k.stop, int(abs(step))))
                else:
                    parts.append(np.arange(k.start or 0, k.stop, step or 1))
            else:
                parts.append(np.atleast_1d(np.asarray(k)))
        if self.axis == -1:
            parts = [p.reshape(-1, 1) if p.ndim == 1 else p for p in parts]
            return np.concatenate(parts, axis=1)
        return np.concatenate(parts)


r_ = _Concat(0)
c_ = _Concat(-1)


class _IndexExp:
    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


s_ = _IndexExp(False)
index_exp = _IndexExp(True)


def binary_repr(num, width=None):
    num = int(num)
    if num >= 0:
        s = bin(num)[2:]
        return s.zfill(width) if width else s
    if width is None:
        return "-" + bin(-num)[2:]
    return bin((1 << width) + num)[2:].zfill(width)


def base_repr(number, base=2, padding=0):
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if base > len(digits):
        raise ValueError("Bases greater than 36 not handled in base_repr.")
    if base < 2:
        raise ValueError("Bases less than 2 not handled in base_repr.")
    num = abs(int(number))
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append("0" * padding)
    if int(number) < 0:
        res.append("-")
    return "".join(reversed(res or "0"))


def min_scalar_type(a):
    v = np.asarray(a)
    if v.dtype.kind in "iu" and v.ndim == 0:
        x = int(v)
        for t in (["uint8", "uint16", "uint32", "uint64"] if x >= 0 else ["int8", "int16", "int32", "int64"]):
            info = np.iinfo(t)
            if info.min <= x <= info.max:
                return np.dtype(t)
    return v.dtype


def _offsets(a):
    """The storage id of a's memory and the offsets of its elements there."""
    ident, offset, strides = np._memory_of(a)
    offsets = np.array([offset])
    for n, stride in zip(a.shape, strides):
        offsets = (offsets.reshape(-1, 1) + np.arange(n) * stride).ravel()
    return ident, offsets


def _extent(a):
    """The storage id of a's memory and the lowest and highest offsets of its
    elements there (highest < lowest when a is empty)."""
    ident, offset, strides = np._memory_of(a)
    lo = hi = offset
    for n, stride in zip(a.shape, strides):
        if n == 0:
            return ident, offset, offset - 1
        if stride > 0:
            hi += (n - 1) * stride
        else:
            lo += (n - 1) * stride
    return ident, lo, hi


def may_share_memory(a, b, max_work=None):
    # Anything else array_like becomes a new array, sharing nothing.
    if not isinstance(a, np.ndarray) or not isinstance(b, np.ndarray):
        return False
    ia, lo_a, hi_a = _extent(a)
    ib, lo_b, hi_b = _extent(b)
    return ia == ib and lo_a <= hi_b and lo_b <= hi_a and lo_a <= hi_a and lo_b <= hi_b


def shares_memory(a, b, max_work=None):
    if not may_share_memory(a, b):
        return False
    return np.intersect1d(_offsets(a)[1], _offsets(b)[1]).shape[0] > 0


_ERR = {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}


def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    old = dict(_ERR)
    for k, v in (("divide", divide), ("over", over), ("under", under), ("invalid", invalid)):
        v = all if v is None else v
        if v is not None:
            _ERR[k] = v
    return old


def geterr():
    return dict(_ERR)


class errstate:
    """Floating-point error handling (hipy records the settings; its
    kernels do not warn, so they have no effect on results)."""

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def __enter__(self):
        self.old = seterr(**self.kwargs)
        return self

    def __exit__(self, *exc):
        _ERR.clear()
        _ERR.update(self.old)
        return False

    def __call__(self, func):
        def wrapper(*a, **k):
            with errstate(**self.kwargs):
                return func(*a, **k)
        return wrapper


# The ufunc buffer size NumPy reports and lets one set (hipy's kernels do
# not buffer by it).
_BUFSIZE = [8192]


def setbufsize(size):
    size = _operator_index(size)
    if size < 0:
        raise ValueError("buffer size must be non-negative")
    if size > 10000000:
        raise ValueError("Buffer size, %d, is too big" % size)
    if size % 16:
        raise ValueError("Buffer size, %d, is not a multiple of 16" % size)
    if size < 16:
        raise ValueError("Buffer size, %d, is too small" % size)
    old = _BUFSIZE[0]
    _BUFSIZE[0] = size
    return old


def getbufsize():
    return _BUFSIZE[0]


def vecdot(x1, x2, /, *, axis=-1):
    return (np.asarray(x1) * np.asarray(x2)).sum(axis=axis)


def matvec(x1, x2, /):
    return np.matmul(x1, x2)


def vecmat(x1, x2, /):
    return np.matmul(x1, x2)


def putmask(a, mask, values):
    vals = np.asarray(values).ravel()
    flat = a.reshape(-1)
    for k, i in enumerate(np.flatnonzero(mask).tolist()):
        flat[i] = vals[i % vals.size]


def polydiv(u, v):
    u = np.atleast_1d(np.asarray(u)) + 0.0
    v = np.atleast_1d(np.asarray(v)) + 0.0
    m = u.shape[0] - 1
    n = v.shape[0] - 1
    scale = 1.0 / v[0]
    q = np.zeros(max(m - n + 1, 1))
    r = u.copy()
    for k in range(0, m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] = r[k:k + n + 1] - d * v
    while r.shape[0] > 1 and abs(float(r[0])) <= 1e-8:
        r = r[1:]
    return q, r


def packbits(a, axis=None, bitorder="big"):
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    bits = (a != 0).astype(np.uint8)
    bits = np.moveaxis(bits, axis, -1)
    n = bits.shape[-1]
    pad = (-n) % 8
    if pad:
        bits = np.concatenate([bits, np.zeros(bits.shape[:-1] + (pad,), dtype=np.uint8)], axis=-1)
    grouped = bits.reshape(bits.shape[:-1] + (bits.shape[-1] // 8, 8))
    weights = np.array([128, 64, 32, 16, 8, 4, 2, 1] if bitorder == "big" else [1, 2, 4, 8, 16, 32, 64, 128], dtype=np.uint8)
    out = (grouped * weights).sum(axis=-1).astype(np.uint8)
    return np.moveaxis(out, -1, axis)


def unpackbits(a, axis=None, count=None, bitorder="big"):
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    a = np.moveaxis(a, axis, -1)
    shifts = np.array([7, 6, 5, 4, 3, 2, 1, 0] if bitorder == "big" else [0, 1, 2, 3, 4, 5, 6, 7], dtype=np.uint8)
    bits = (a.reshape(a.shape + (1,)) >> shifts) & np.uint8(1)
    bits = bits.reshape(a.shape[:-1] + (a.shape[-1] * 8,))
    if count is not None:
        bits = bits[..., :count]
    return np.moveaxis(bits, -1, axis)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    if max_line_width is not None or precision is not None or suppress_small is not None:
        raise NotImplementedError("numpy.array_str with print options is not supported by hipy")
    return str(np.asarray(a))


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    if max_line_width is not None or precision is not None or suppress_small is not None:
        raise NotImplementedError("numpy.array_repr with print options is not supported by hipy")
    return repr(np.asarray(arr))


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ", prefix="", **kw):
    if max_line_width is not None or precision is not None or suppress_small is not None or prefix or kw:
        raise NotImplementedError("numpy.array2string with print options is not supported by hipy")
    a = np.asarray(a)
    if separator == " ":
        return str(a) if a.ndim else str(np.asarray([a]))[1:-1].strip()
    if separator == ", " and a.ndim:
        r = repr(a)
        return r[r.index("[") if "[" in r else 6: r.rindex("]") + 1].replace("\n      ", "\n")
    raise NotImplementedError("numpy.array2string(separator=%r) is not supported by hipy" % separator)


def get_printoptions():
    p, s, t, e, w = np._print_options()
    return {"edgeitems": e, "threshold": t, "floatmode": "maxprec", "precision": p,
            "suppress": s, "linewidth": w, "nanstr": "nan", "infstr": "inf", "sign": "-",
            "formatter": None, "legacy": False, "override_repr": None}


def _float64_loop(name, f, *args):
    """f over the elements of the broadcast arguments, as float64 (the loop
    NumPy picks for float64 and for int32/int64/uint32/uint64 input)."""
    arrays = [np.asarray(a) for a in args]
    for a in arrays:
        if a.dtype != np.float64 and a.dtype.name not in ("int32", "int64", "uint32", "uint64"):
            raise NotImplementedError("numpy.%s of %s values is not supported by hipy" % (name, a.dtype))
    arrays = np.broadcast_arrays(*arrays)
    values = [a.astype(np.float64).ravel().tolist() for a in arrays]
    out = np.array([f(*v) for v in zip(*values)], dtype=np.float64).reshape(arrays[0].shape)
    return out[()] if out.ndim == 0 else out


def _byteswap(a, inplace=False):
    """ndarray.byteswap: each element's bytes in reverse order."""
    if a.dtype.kind not in "biuf":
        raise NotImplementedError("numpy.ndarray.byteswap of %s arrays is not supported by hipy" % a.dtype)
    n = a.dtype.itemsize
    data = bytes(a)
    swapped = b"".join(data[i:i + n][::-1] for i in range(0, len(data), n))
    out = np.frombuffer(swapped, dtype=a.dtype).reshape(a.shape).copy()
    if inplace:
        a[...] = out
        return a
    return out


def nextafter(x1, x2):
    return _float64_loop("nextafter", _math.nextafter, x1, x2)


def _spacing(v):
    if _math.isinf(v) or _math.isnan(v):
        return _math.nan
    return _math.copysign(_math.ulp(v), v)


def spacing(x):
    return _float64_loop("spacing", _spacing, x)


def bitwise_count(x):
    x = np.asarray(x)
    vals = [bin(abs(int(v))).count("1") for v in x.ravel().tolist()]
    r = np.array(vals, dtype=np.uint8).reshape(x.shape)
    return r[()] if x.ndim == 0 else r




def dsplit(ary, indices_or_sections):
    return np.split(ary, indices_or_sections, 2)


def mask_indices(n, mask_func, k=0):
    m = np.ones((n, n), dtype=int)
    return np.nonzero(mask_func(m, k) != 0)


def _ndarray_resize(a, *shape, refcheck=True):
    """`ndarray.resize`: the data in C order, cut or padded with zeros."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    n = 1
    for s in shape:
        n *= s
    flat = np.asarray(a).ravel()
    out = np.zeros(n, dtype=a.dtype)
    k = min(n, flat.shape[0])
    out[:k] = flat[:k]
    return out.reshape(shape)


_FLAG_KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
              "F": "f_contiguous", "OWNDATA": "owndata", "O": "owndata", "WRITEABLE": "writeable",
              "W": "writeable", "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy",
              "X": "writebackifcopy"}
_SETTABLE = {"writeable": "write", "aligned": "align", "writebackifcopy": "uic"}


class _Flags:
    """`ndarray.flags`; setting WRITEABLE, ALIGNED or WRITEBACKIFCOPY goes
    through `ndarray.setflags` (hipy's arrays are always aligned)."""

    def __init__(self, array, c_contiguous, f_contiguous, owndata, writeable, aligned):
        d = self.__dict__
        d["_array"] = array
        d["c_contiguous"] = d["contiguous"] = c_contiguous
        d["f_contiguous"] = d["fortran"] = f_contiguous
        d["owndata"] = owndata
        d["writeable"] = writeable
        d["aligned"] = aligned
        d["writebackifcopy"] = False

    def __setattr__(self, name, value):
        if name not in _SETTABLE:
            raise AttributeError("attribute '%s' of 'numpy.flagsobj' objects is not writable" % name)
        self._array.setflags(**{_SETTABLE[name]: value})
        self.__dict__[name] = bool(value)

    def __getitem__(self, key):
        if key not in _FLAG_KEYS:
            raise KeyError("Unknown flag")
        return getattr(self, _FLAG_KEYS[key])

    def __setitem__(self, key, value):
        if _FLAG_KEYS.get(key) not in _SETTABLE:
            raise KeyError("Unknown flag")
        setattr(self, _FLAG_KEYS[key], value)

    def __repr__(self):
        return "\n".join("  %s : %s" % (k, getattr(self, v)) for k, v in [
            ("C_CONTIGUOUS", "c_contiguous"), ("F_CONTIGUOUS", "f_contiguous"), ("OWNDATA", "owndata"),
            ("WRITEABLE", "writeable"), ("ALIGNED", "aligned"), ("WRITEBACKIFCOPY", "writebackifcopy")]) + "\n"


def _field_dtype(a, dtype, offset):
    """The dtype of field (dtype, offset) of `a`'s items, with NumPy's errors."""
    d = np.dtype(dtype)
    if offset < 0:
        raise ValueError("offset is negative")
    if d.itemsize > a.itemsize:
        raise ValueError("new type is larger than original type")
    if offset + d.itemsize > a.itemsize:
        raise ValueError("new type plus offset is larger than original type")
    return d


def _getfield(a, dtype, offset=0):
    """`a.getfield(dtype, offset)`: the same dtype at offset 0 is a view;
    another dtype is a read-only copy of the field's bytes (hipy has no
    views that reinterpret memory, so writes to it are refused)."""
    d = _field_dtype(a, dtype, offset)
    if d == a.dtype:
        return a.view()
    rows = np.frombuffer(a.tobytes(), np.uint8).reshape(a.size, a.itemsize)
    out = np.frombuffer(rows[:, offset:offset + d.itemsize].tobytes(), d).reshape(a.shape)
    out.flags.writeable = False
    return out


def _setfield(a, val, dtype, offset=0):
    """`a.setfield(val, dtype, offset)`: `val` cast to `dtype` written into
    that field of each of `a`'s items."""
    d = _field_dtype(a, dtype, offset)
    v = np.broadcast_to(np.asarray(val).astype(d), a.shape)
    if d == a.dtype:
        a[...] = v
        return
    rows = np.frombuffer(a.tobytes(), np.uint8).reshape(a.size, a.itemsize).copy()
    rows[:, offset:offset + d.itemsize] = np.frombuffer(np.ascontiguousarray(v).tobytes(), np.uint8).reshape(a.size, d.itemsize)
    a[...] = np.frombuffer(rows.tobytes(), a.dtype).reshape(a.shape)
