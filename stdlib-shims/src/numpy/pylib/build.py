# Building and rearranging arrays: shapes and axes, broadcasting, stacking,
# padding, rolling, repeating, diagonals and triangles. Each function is a
# composition of views (reshape, transpose, slicing), concatenation, fancy
# indexing and `where`, so it builds graph nodes like any other call.

__all__ = ["expand_dims", "squeeze", "moveaxis", "swapaxes", "broadcast_shapes", "broadcast_to",
           "broadcast_arrays", "atleast_1d", "atleast_2d", "atleast_3d", "flip", "fliplr", "flipud",
           "roll", "tile", "repeat", "take", "take_along_axis", "put_along_axis", "meshgrid",
           "column_stack", "row_stack", "dstack", "diag", "diagonal", "trace", "tri", "tril",
           "triu", "nan_to_num", "choose", "select", "append", "split", "array_split", "hsplit",
           "vsplit", "outer", "fill_diagonal", "indices", "ix_", "rot90", "delete", "insert",
           "full_like", "copyto", "put", "place", "resize", "asanyarray", "ascontiguousarray",
           "isscalar", "ndindex", "ndenumerate", "kron", "cross", "vander", "convolve", "correlate"]

import builtins as _b


def _axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def asanyarray(a, dtype=None):
    return np.asarray(a, dtype=dtype)


def ascontiguousarray(a, dtype=None):
    # A C-contiguous array of at least one dimension: `a` itself when it is
    # one already, else a copy in C order.
    a = np.asarray(a, dtype=dtype)
    if a.ndim == 0:
        a = a.reshape(1)
    return a if a.flags["C_CONTIGUOUS"] else a.copy()


def isscalar(element):
    return isinstance(element, (int, float, complex, str, bytes, np.generic))


def expand_dims(a, axis):
    a = np.asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    nd = a.ndim + len(axes)
    axes = sorted(_axis(x, nd) for x in axes)
    shape = list(a.shape)
    for x in axes:
        shape.insert(x, 1)
    return a.reshape(tuple(shape))


def squeeze(a, axis=None):
    a = np.asarray(a)
    if axis is None:
        return a.reshape(tuple(d for d in a.shape if d != 1))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = [_axis(x, a.ndim) for x in axes]
    for x in axes:
        if a.shape[x] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return a.reshape(tuple(d for k, d in enumerate(a.shape) if k not in axes))


def moveaxis(a, source, destination):
    a = np.asarray(a)
    src = source if isinstance(source, (tuple, list)) else [source]
    dst = destination if isinstance(destination, (tuple, list)) else [destination]
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    src = [_axis(s, a.ndim) for s in src]
    dst = [_axis(d, a.ndim) for d in dst]
    order = [n for n in range(a.ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return a.transpose(order)


def swapaxes(a, axis1, axis2):
    a = np.asarray(a)
    order = list(range(a.ndim))
    i, j = _axis(axis1, a.ndim), _axis(axis2, a.ndim)
    order[i], order[j] = order[j], order[i]
    return a.transpose(order)


def broadcast_shapes(*args):
    shapes = [tuple(s) if isinstance(s, (tuple, list)) else (s,) for s in args]
    nd = _b.max([len(s) for s in shapes], default=0)
    out = [1] * nd
    for s in shapes:
        for k, d in enumerate(s):
            o = nd - len(s) + k
            if out[o] == 1:
                out[o] = d
            elif d != 1 and d != out[o]:
                raise ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape %s and arg 1 with shape %s." % (shapes[0], s))
    return tuple(out)


def broadcast_to(array, shape):
    a = np.asarray(array)
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    ok = len(shape) >= a.ndim and all(d == 1 or d == t for d, t in zip(a.shape[::-1], shape[::-1]))
    if not ok:
        raise ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape %s" % (_shape_text(a.shape), _shape_text(shape)))
    out = np.empty(shape, dtype=a.dtype)
    out[...] = a
    return out


def _shape_text(s):
    return "(" + ",".join(str(d) for d in s) + ("," if len(s) == 1 else "") + ")"


def broadcast_arrays(*args):
    arrays = [np.asarray(a) for a in args]
    shape = broadcast_shapes(*[a.shape for a in arrays])
    return tuple(broadcast_to(a, shape) for a in arrays)


def atleast_1d(*arys):
    res = [np.asarray(a) if np.ndim(a) >= 1 else np.asarray(a).reshape(1) for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


def atleast_2d(*arys):
    res = []
    for a in arys:
        a = np.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0])
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_3d(*arys):
    res = []
    for a in arys:
        a = np.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0], 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape + (1,))
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def flip(m, axis=None):
    m = np.asarray(m)
    axes = range(m.ndim) if axis is None else [_axis(x, m.ndim) for x in (axis if isinstance(axis, (tuple, list)) else (axis,))]
    idx = [slice(None)] * m.ndim
    for x in axes:
        idx[x] = slice(None, None, -1)
    return m[tuple(idx)]


def fliplr(m):
    m = np.asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = np.asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1]


def rot90(m, k=1, axes=(0, 1)):
    m = np.asarray(m)
    k %= 4
    if k == 0:
        return m[...]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    order = list(range(m.ndim))
    order[axes[0]], order[axes[1]] = order[axes[1]], order[axes[0]]
    if k == 1:
        return flip(m, axes[1]).transpose(order)
    return flip(m.transpose(order), axes[1])


def roll(a, shift, axis=None):
    a = np.asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)
    if len(axes) == 1 and len(shifts) > 1:
        axes = axes * len(shifts)
    out = a
    for s, ax in zip(shifts, axes):
        ax = _axis(ax, a.ndim)
        n = out.shape[ax]
        if n == 0:
            continue
        s = int(s) % n
        if s == 0:
            continue
        lead = [slice(None)] * ax
        out = np.concatenate([out[tuple(lead + [slice(n - s, None)])], out[tuple(lead + [slice(None, n - s)])]], axis=ax)
    return out if out is not a else a.copy()


def tile(A, reps):
    A = np.asarray(A)
    reps = tuple(reps) if isinstance(reps, (tuple, list)) else (reps,)
    d = len(reps)
    if A.ndim < d:
        A = A.reshape((1,) * (d - A.ndim) + A.shape)
    reps = (1,) * (A.ndim - d) + reps
    out = A
    for ax, r in enumerate(reps):
        if r != 1:
            out = np.concatenate([out] * r, axis=ax) if r > 0 else take(out, [], axis=ax)
    return out if out is not A else A.copy()


def repeat(a, repeats, axis=None):
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    reps = [int(r) for r in np.asarray(repeats).ravel()]
    if len(reps) == 1:
        reps = reps * n
    if len(reps) != n:
        raise ValueError("operands could not be broadcast together with shape (%d,) (%d,)" % (n, len(reps)))
    idx = [i for i in range(n) for _ in range(reps[i])]
    return take(a, np.array(idx, dtype=np.intp), axis=axis)


def take(a, indices, axis=None, out=None, mode="raise"):
    a = np.asarray(a)
    if mode != "raise":
        n = a.size if axis is None else a.shape[_axis(axis, a.ndim)]
        ind = np.asarray(indices)
        indices = ind % n if mode == "wrap" else np.clip(ind, 0, n - 1)
    if np.ndim(indices):
        indices = np.asarray(indices)
        if indices.size == 0:
            indices = indices.astype(np.intp)
    if axis is None:
        r = a.ravel()[indices] if np.ndim(indices) else a.ravel()[int(indices)]
    else:
        axis = _axis(axis, a.ndim)
        idx = (slice(None),) * axis + (indices if np.ndim(indices) else int(indices),)
        r = a[idx]
    if out is not None:
        out[...] = r
        return out
    return r


def _grid(shape, axis, indices):
    """Index arrays selecting `indices` along `axis` and everything else."""
    idx = []
    nd = len(shape)
    for d in range(nd):
        if d == axis:
            idx.append(indices)
        else:
            s = [1] * nd
            s[d] = shape[d]
            idx.append(np.arange(shape[d]).reshape(tuple(s)))
    return tuple(idx)


def take_along_axis(arr, indices, axis=-1):
    arr = np.asarray(arr)
    indices = np.asarray(indices)
    if axis is None:
        return arr.ravel()[indices]
    axis = _axis(axis, arr.ndim)
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    shape = tuple(indices.shape[d] if d == axis else _b.max(arr.shape[d], indices.shape[d]) for d in range(arr.ndim))
    return arr[_grid(shape, axis, indices)]


def put_along_axis(arr, indices, values, axis):
    indices = np.asarray(indices)
    axis = _axis(axis, arr.ndim)
    shape = tuple(indices.shape[d] if d == axis else arr.shape[d] for d in range(arr.ndim))
    arr[_grid(shape, axis, indices)] = values


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    xs = [np.asarray(x).ravel() for x in xi]
    nd = len(xs)
    out = []
    for k, x in enumerate(xs):
        s = [1] * nd
        s[k] = x.shape[0]
        out.append(x.reshape(tuple(s)))
    if indexing == "xy" and nd > 1:
        out[0] = out[0].reshape((1, out[0].shape[0]) + (1,) * (nd - 2))
        out[1] = out[1].reshape((out[1].shape[1], 1) + (1,) * (nd - 2))
    if not sparse:
        out = list(broadcast_arrays(*out))
    return tuple(out)


def column_stack(tup):
    arrays = []
    for v in tup:
        a = np.asarray(v)
        if a.ndim < 2:
            a = a.reshape(a.size, 1) if a.ndim == 1 else a.reshape(1, 1)
        arrays.append(a)
    return np.concatenate(arrays, axis=1)


def row_stack(tup):
    return np.vstack(tup)


def dstack(tup):
    return np.concatenate([atleast_3d(a) for a in tup], axis=2)


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = np.asarray(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    n, m = a.shape[-2], a.shape[-1]
    rows = [i for i in range(n) if 0 <= i + offset < m]
    if a.ndim == 2:
        return a[np.array(rows, dtype=np.intp), np.array([i + offset for i in rows], dtype=np.intp)]
    # Stacked: the diagonal's positions in each matrix, flattened.
    flat = np.array([i * m + i + offset for i in rows], dtype=np.intp)
    return np.take(a.reshape(a.shape[:-2] + (n * m,)), flat, axis=-1)


def diag(v, k=0):
    v = np.asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = np.zeros((n, n), dtype=v.dtype)
        i = np.arange(v.shape[0])
        if k >= 0:
            out[i, i + k] = v
        else:
            out[i - k, i] = v
        return out
    if v.ndim == 2:
        return diagonal(v, k)
    raise ValueError("Input must be 1- or 2-d.")


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return diagonal(a, offset, axis1, axis2).sum(axis=-1, dtype=dtype)


def tri(N, M=None, k=0, dtype=float):
    M = N if M is None else M
    return (np.arange(N).reshape(N, 1) + k >= np.arange(M)).astype(dtype)


def tril(m, k=0):
    m = np.asarray(m)
    mask = tri(m.shape[-2], m.shape[-1], k, dtype=bool)
    return np.where(mask, m, np.zeros(1, dtype=m.dtype))


def triu(m, k=0):
    m = np.asarray(m)
    mask = tri(m.shape[-2], m.shape[-1], k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, dtype=m.dtype), m)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    scalar = not isinstance(x, np.ndarray) and np.ndim(x) == 0
    a = np.asarray(x)
    if scalar:
        return nan_to_num(a.reshape(1), True, nan, posinf, neginf)[0]
    if a.dtype.kind != "f":
        r = a.copy() if copy else a
        return r[()] if scalar else r
    info = np.finfo(a.dtype)
    hi = info.max if posinf is None else posinf
    lo = info.min if neginf is None else neginf
    r = np.where(np.isnan(a), nan, a)
    r = np.where(np.isposinf(r), hi, r)
    r = np.where(np.isneginf(r), lo, r).astype(a.dtype)
    if not copy and isinstance(x, np.ndarray):
        x[...] = r
        return x
    return r[()] if scalar else r


def choose(a, choices, out=None, mode="raise"):
    a = np.asarray(a)
    cs = [np.asarray(c) for c in choices]
    n = len(cs)
    if mode == "raise":
        if a.size and (int(a.min()) < 0 or int(a.max()) >= n):
            raise ValueError("invalid entry in choice array")
    elif mode == "wrap":
        a = a % n
    else:
        a = np.clip(a, 0, n - 1)
    shape = broadcast_shapes(a.shape, *[c.shape for c in cs])
    dtype = np.result_type(*cs)
    r = np.zeros(shape, dtype=dtype)
    for i, c in enumerate(cs):
        r = np.where(a == i, c, r)
    if out is not None:
        out[...] = r
        return out
    return r


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [np.asarray(c) for c in choicelist]
    dtype = np.result_type(*choices, default)
    r = np.asarray(default).astype(dtype)
    for cond, choice in zip(condlist[::-1], choices[::-1]):
        r = np.where(cond, choice, r)
    return np.asarray(r).astype(dtype)


def append(arr, values, axis=None):
    arr = np.asarray(arr)
    values = np.asarray(values)
    if axis is None:
        return np.concatenate([arr.ravel(), values.ravel()])
    return np.concatenate([arr, values], axis=axis)


def delete(arr, obj, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]
    if isinstance(obj, slice):
        drop = set(range(*obj.indices(n)))
    else:
        drop = set((int(i) + n if int(i) < 0 else int(i)) for i in np.asarray(obj).ravel())
    keep = [i for i in range(n) if i not in drop]
    return take(arr, np.array(keep, dtype=np.intp), axis=axis)


def insert(arr, obj, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    axis = _axis(axis, arr.ndim)
    n = arr.shape[axis]
    if np.ndim(obj) != 0:
        raise NotImplementedError("numpy.insert with several indices is not supported by hipy")
    i = int(obj)
    i = i + n if i < 0 else i
    shape = arr.shape[:axis] + (1,) + arr.shape[axis + 1:]
    v = broadcast_to(np.asarray(values).astype(arr.dtype), shape)
    lead = (slice(None),) * axis
    return np.concatenate([arr[lead + (slice(None, i),)], v, arr[lead + (slice(i, None),)]], axis=axis)


def array_split(ary, indices_or_sections, axis=0):
    a = np.asarray(ary)
    n = a.shape[axis]
    if np.ndim(indices_or_sections) == 0:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        each, extra = divmod(n, sections)
        bounds = [0]
        for k in range(sections):
            bounds.append(bounds[-1] + each + (1 if k < extra else 0))
    else:
        bounds = [0] + [int(i) for i in indices_or_sections] + [n]
    lead = (slice(None),) * _axis(axis, a.ndim)
    return [a[lead + (slice(bounds[k], bounds[k + 1]),)] for k in range(len(bounds) - 1)]


def split(ary, indices_or_sections, axis=0):
    if np.ndim(indices_or_sections) == 0:
        n = np.asarray(ary).shape[axis]
        if n % int(indices_or_sections):
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    a = np.asarray(ary)
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 0)


def outer(a, b, out=None):
    a = np.asarray(a).ravel()
    b = np.asarray(b).ravel()
    r = a.reshape(a.shape[0], 1) * b
    if out is not None:
        out[...] = r
        return out
    return r


def kron(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    if a.ndim != 2 or b.ndim != 2:
        raise NotImplementedError("numpy.kron of arrays that are not 2-D is not supported by hipy")
    r = a.reshape(a.shape[0], 1, a.shape[1], 1) * b.reshape(1, b.shape[0], 1, b.shape[1])
    return r.reshape(a.shape[0] * b.shape[0], a.shape[1] * b.shape[1])


def cross(a, b):
    a = np.asarray(a)
    b = np.asarray(b)
    if a.shape[-1] != 3 or b.shape[-1] != 3:
        raise NotImplementedError("numpy.cross of vectors that are not 3-D is not supported by hipy")
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def vander(x, N=None, increasing=False):
    # As NumPy builds it: the columns of powers 1..N-1 are running products
    # of x (x, x*x, (x*x)*x, ...), not calls to pow, so the bits match.
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0]
    N = n if N is None else N
    dtype = np.promote_types(x.dtype, int)
    columns = [np.ones((n, min(N, 1)), dtype=dtype)]
    if N > 1:
        x = x.astype(dtype)
        columns.append(np.cumprod(np.broadcast_to(x.reshape(n, 1), (n, N - 1)), axis=1))
    v = np.concatenate(columns, axis=1)
    return v if increasing else np.ascontiguousarray(v[:, ::-1])


def convolve(a, v, mode="full"):
    a = np.asarray(a).ravel()
    v = np.asarray(v).ravel()
    if a.size == 0 or v.size == 0:
        raise ValueError("a cannot be empty" if a.size == 0 else "v cannot be empty")
    if v.size > a.size:
        a, v = v, a
    n, m = a.size, v.size
    out_len = n + m - 1
    dtype = np.result_type(a, v)
    if dtype == np.float64 and mode in ("full", "same", "valid"):
        # The same sums in the same order, in one native pass.
        lo, hi = {"full": (0, out_len), "same": ((m - 1) // 2, (m - 1) // 2 + n), "valid": (m - 1, n)}[mode]
        return np._convolve_f64(a.astype(dtype), v.astype(dtype), lo, hi)
    acc = np.zeros(out_len, dtype=dtype)
    for j in range(m):
        acc = acc + np.concatenate([np.zeros(j, dtype=dtype), a * v[j], np.zeros(m - 1 - j, dtype=dtype)])
    if mode == "full":
        return acc
    if mode == "same":
        start = (m - 1) // 2
        return acc[start:start + n]
    if mode == "valid":
        return acc[m - 1:n]
    raise ValueError("mode must be one of 'valid', 'same', or 'full'")


def correlate(a, v, mode="valid"):
    return convolve(a, np.asarray(v)[::-1], mode)


def fill_diagonal(a, val, wrap=False):
    n = _b.min(a.shape)
    i = np.arange(n)
    a[(i,) * a.ndim] = val


def indices(dimensions, dtype=int):
    dims = tuple(dimensions)
    return np.stack([broadcast_to(np.arange(d, dtype=dtype).reshape(tuple(d if j == k else 1 for j in range(len(dims)))), dims) for k, d in enumerate(dims)])


def ix_(*args):
    out = []
    nd = len(args)
    for k, x in enumerate(args):
        x = np.asarray(x)
        if x.dtype == np.bool_:
            x = np.flatnonzero(x)
        out.append(x.reshape(tuple(x.size if j == k else 1 for j in range(nd))))
    return tuple(out)


def full_like(a, fill_value, dtype=None):
    a = np.asarray(a)
    return np.full(a.shape, fill_value, dtype=a.dtype if dtype is None else dtype)


def copyto(dst, src, casting="same_kind", where=True):
    if where is True:
        dst[...] = src
    else:
        dst[...] = np.where(where, src, dst)


def put(a, ind, v, mode="raise"):
    if not a.flags.writeable:
        raise ValueError("put: output array is read-only")
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got %r)" % (mode,))
    flat = a.reshape(-1)
    ind = np.asarray(ind).ravel()
    vals = np.asarray(v).ravel()
    n = flat.size
    for k, i in enumerate(ind.tolist()):
        if mode == "clip":
            i = min(max(i, 0), n - 1)
        elif mode == "wrap":
            i %= n
        flat[i] = vals[k % vals.size]


def place(arr, mask, vals):
    flat = arr.reshape(-1)
    vals = np.asarray(vals).ravel()
    for k, i in enumerate(np.flatnonzero(mask).tolist()):
        flat[i] = vals[k % vals.size]


def resize(a, new_shape):
    a = np.asarray(a).ravel()
    shape = tuple(new_shape) if isinstance(new_shape, (tuple, list)) else (new_shape,)
    n = 1
    for d in shape:
        n *= d
    if a.size == 0 or n == 0:
        return np.zeros(shape, dtype=a.dtype)
    reps = -(-n // a.size)
    return np.concatenate([a] * reps)[:n].reshape(shape)


class ndindex:
    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        self.shape = shape

    def __iter__(self):
        import itertools
        return iter(itertools.product(*[range(d) for d in self.shape]))


class ndenumerate:
    def __init__(self, arr):
        self.arr = np.asarray(arr)

    def __iter__(self):
        for idx in ndindex(self.arr.shape):
            yield idx, self.arr[idx]
