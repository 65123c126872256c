# numpy.pad: the padded array is allocated once, the original written into
# its centre, and each axis's pad areas filled in turn by slice assignments
# (later axes see the areas earlier axes filled, so corners come from the
# last axis, as in NumPy). Every mode is a few whole-region array ops; only
# 'reflect'/'symmetric' wider than the data loop, once per mirrored chunk.
# Written from NumPy's documentation.

__all__ = ["pad"]

# The keyword arguments each mode takes.
_MODE_KWARGS = {
    "constant": ("constant_values",),
    "edge": (),
    "wrap": (),
    "reflect": ("reflect_type",),
    "symmetric": ("reflect_type",),
    "linear_ramp": ("end_values",),
    "maximum": ("stat_length",),
    "minimum": ("stat_length",),
    "mean": ("stat_length",),
    "median": ("stat_length",),
    "empty": (),
}

_STATS = {"maximum": "max", "minimum": "min", "mean": "mean", "median": "median"}


def _shape_str(shape):
    return "(" + ",".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _pairs(x, ndim, as_index):
    """A (before, after) pair per axis from a scalar, a pair or per-axis pairs."""
    if x is None:
        return [(None, None)] * ndim
    x = np.asarray(x)
    if as_index:
        x = np.round(x).astype(np.intp)
    if x.ndim < 3:
        if x.size == 1:
            v = x.ravel()[0]
            if as_index and v < 0:
                raise ValueError("index can't contain negative values")
            return [(_plain(v, as_index),) * 2] * ndim
        if x.size == 2 and x.shape != (2, 1):
            v = x.ravel()
            if as_index and (v[0] < 0 or v[1] < 0):
                raise ValueError("index can't contain negative values")
            return [(_plain(v[0], as_index), _plain(v[1], as_index))] * ndim
    if as_index and x.size and x.min() < 0:
        raise ValueError("index can't contain negative values")
    try:
        rows = np.broadcast_to(x, (ndim, 2)).tolist()
    except ValueError:
        raise ValueError("operands could not be broadcast together with remapped shapes "
                         "[original->remapped]: %s  and requested shape %s"
                         % (_shape_str(x.shape), _shape_str((ndim, 2)))) from None
    return [(r[0], r[1]) for r in rows]


def _plain(v, as_index):
    return int(v) if as_index else v


class _Region:
    """Index tuples of the part of the padded array one axis pads: the full
    extent of the axes already padded, the original area of the others."""

    def __init__(self, centre, axis):
        self.centre = centre
        self.axis = axis

    def at(self, sel):
        c = self.centre
        return (slice(None),) * self.axis + (sel,) + c[self.axis + 1:]


def pad(array, pad_width, mode="constant", **kwargs):
    a = np.asarray(array)
    if isinstance(pad_width, (str, bytes)) or np.asarray(pad_width).dtype.kind != "i":
        raise TypeError("`pad_width` must be of integral type.")
    if callable(mode):
        raise NotImplementedError("numpy.pad with a function as mode is not supported by hipy")
    allowed = _MODE_KWARGS.get(mode) if isinstance(mode, str) else None
    if allowed is None:
        raise ValueError("mode '{}' is not supported".format(mode))
    unsupported = set(kwargs) - set(allowed)
    if unsupported:
        raise ValueError("unsupported keyword arguments for mode '{}': {}".format(mode, unsupported))
    widths = _pairs(pad_width, a.ndim, True)
    if mode not in ("constant", "empty"):
        for ax, (before, after) in enumerate(widths):
            if a.shape[ax] == 0 and (before or after):
                raise ValueError("can't extend empty axis {} using modes other than 'constant' or 'empty'".format(ax))
    shape = tuple(n + l + r for n, (l, r) in zip(a.shape, widths))
    padded = np.zeros(shape, dtype=a.dtype)
    centre = tuple(slice(l, l + n) for n, (l, _) in zip(a.shape, widths))
    padded[centre] = a
    if mode == "empty":
        return padded
    if mode == "constant":
        values = _pairs(kwargs.get("constant_values", 0), a.ndim, False)
    elif mode == "linear_ramp":
        values = _pairs(kwargs.get("end_values", 0), a.ndim, False)
    elif mode in _STATS:
        values = _pairs(kwargs.get("stat_length"), a.ndim, True)
    else:
        values = None
    odd = kwargs.get("reflect_type", "even") == "odd"
    for ax, (l, r) in enumerate(widths):
        if not (l or r):
            continue
        n = a.shape[ax]
        reg = _Region(centre, ax)
        left, right = reg.at(slice(0, l)), reg.at(slice(l + n, l + n + r))
        if mode == "constant":
            padded[left] = values[ax][0]
            padded[right] = values[ax][1]
        elif mode == "edge" or (mode in ("reflect", "symmetric") and n == 1):
            padded[left] = padded[reg.at(slice(l, l + 1))]
            padded[right] = padded[reg.at(slice(l + n - 1, l + n))]
        elif mode == "wrap":
            src = np.array([l + (i - l) % n for i in range(l)], dtype=np.intp)
            padded[left] = padded[reg.at(src)]
            src = np.array([l + i % n for i in range(r)], dtype=np.intp)
            padded[right] = padded[reg.at(src)]
        elif mode in ("reflect", "symmetric"):
            _reflect(padded, reg, l, r, n, mode == "symmetric", odd)
        elif mode == "linear_ramp":
            _ramp(padded, reg, l, r, n, values[ax])
        else:
            _stat(padded, reg, l, r, n, values[ax], mode)
    return padded


def _reflect(padded, reg, l, r, n, symmetric, odd):
    """Mirrors the filled part of the axis outwards, chunk by chunk, until
    both pad areas are full (a chunk is at most the filled length, counted
    in whole periods of the original data)."""
    lo, hi = l, l + n
    while l > 0 or r > 0:
        filled = hi - lo
        if symmetric:
            usable = filled // n * n
        else:
            usable = (filled - 1) // (n - 1) * (n - 1)
        shift = 1 if symmetric else 0
        if l > 0:
            k = min(usable, l)
            src = np.array([lo + k - j - shift for j in range(k)], dtype=np.intp)
            chunk = padded[reg.at(src)]
            if odd:
                chunk = 2 * padded[reg.at(slice(lo, lo + 1))] - chunk
            padded[reg.at(slice(lo - k, lo))] = chunk
            lo -= k
            l -= k
        if r > 0:
            k = min(usable, r)
            src = np.array([hi - 2 - j + shift for j in range(k)], dtype=np.intp)
            chunk = padded[reg.at(src)]
            if odd:
                chunk = 2 * padded[reg.at(slice(hi - 1, hi))] - chunk
            padded[reg.at(slice(hi, hi + k))] = chunk
            hi += k
            r -= k


def _ramp_values(end, edge, num, ax, dtype):
    """np.linspace(end, edge, num, endpoint=False) laid along axis `ax`."""
    work = np.result_type(end, edge, float(num))
    shape = [1] * edge.ndim
    shape[ax] = num
    steps = np.arange(num, dtype=work).reshape(shape)
    delta = edge.astype(work) - end
    step = delta / num
    if np.any(step == 0):
        y = steps / num * delta
    else:
        y = steps * step
    y = y + end
    if dtype.kind in "iu":
        y = np.floor(y)
    return y.astype(dtype)


def _ramp(padded, reg, l, r, n, ends):
    edge_l = padded[reg.at(slice(l, l + 1))]
    edge_r = padded[reg.at(slice(l + n - 1, l + n))]
    ax = reg.axis
    if l:
        padded[reg.at(slice(0, l))] = _ramp_values(ends[0], edge_l, l, ax, padded.dtype)
    if r:
        ramp = _ramp_values(ends[1], edge_r, r, ax, padded.dtype)
        padded[reg.at(slice(l + n, l + n + r))] = np.flip(ramp, axis=ax)


def _stat(padded, reg, l, r, n, lengths, mode):
    ax = reg.axis
    func = getattr(np, _STATS[mode])
    stats = []
    for side, length in enumerate(lengths):
        k = n if length is None else min(length, n)
        if k == 0 and (l if side == 0 else r) and mode in ("maximum", "minimum"):
            raise ValueError("stat_length of 0 yields no value for padding")
        area = reg.at(slice(l, l + k) if side == 0 else slice(l + n - k, l + n))
        s = func(padded[area], axis=ax, keepdims=True)
        if padded.dtype.kind in "iu":
            s = np.round(s)
        stats.append(s)
    padded[reg.at(slice(0, l))] = stats[0]
    padded[reg.at(slice(l + n, l + n + r))] = stats[1]
