# numpy's functions given datetime64/timedelta64 arrays (`datetimes.py`):
# numpy's native functions send their calls here when a data argument is a
# datetime value (`datetimes.rs`'s `forward` calls `_np_<name>`; a name
# missing here raises NotImplementedError naming the function).
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = []

_d = np._datetime_arrays
ndarray = _d.ndarray
_Scalar = _d._Scalar
NAT = _d.NAT
_DTDType = _d._DTDType
_array = _d._array
_wrap = _d._wrap
_cast = _d._cast
_convert = _d._convert
_common_unit = _d._common_unit
_dtype_or_none = _d._dtype_or_none
_unsupported = _d._unsupported
_sorted = _d._sorted


def _as_dt(x):
    """x as a datetime array (scalars and lists of them included)."""
    if isinstance(x, ndarray):
        return x
    if isinstance(x, _Scalar):
        return x._arr()
    return _array(x)


def _common(arrays):
    """The arrays brought to one dtype (NumPy's promotion of units)."""
    ts = [_as_dt(a) for a in arrays]
    kinds = set(t._dt.kind for t in ts)
    if len(kinds) > 1:
        # NumPy promotes to the datetime and refuses the timedelta's cast.
        unit = ts[0]._dt.unit
        for t in ts[1:]:
            unit = _common_unit("M", unit, "M", t._dt.unit)
        src = [t for t in ts if t._dt.kind == "m"][0]._dt
        raise TypeError("Cannot cast array data from %r to dtype('<M8%s') according to the rule 'same_kind'"
                        % (src, "[%s]" % unit if unit else ""))
    kind = kinds.pop()
    unit = ts[0]._dt.unit
    for t in ts[1:]:
        unit = _common_unit(kind, unit, kind, t._dt.unit)
    dt = _DTDType(kind, unit)
    return [_cast(t._v, t._dt, dt) for t in ts], dt


def _np_where(condition, x=None, y=None):
    if x is None and y is None:
        return np.nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    (vx, vy), dt = _common([x, y])
    return _wrap(np.where(condition, vx, vy), dt)


def _np_concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None or dtype is not None:
        _unsupported("concatenate(out=, dtype=) of datetime64/timedelta64 arrays")
    vs, dt = _common(list(arrays))
    return ndarray(np.concatenate(vs, axis=axis), dt)


def _np_stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None or dtype is not None:
        _unsupported("stack(out=, dtype=) of datetime64/timedelta64 arrays")
    vs, dt = _common(list(arrays))
    return ndarray(np.stack(vs, axis=axis), dt)


def _np_hstack(tup, dtype=None, casting="same_kind"):
    vs, dt = _common(list(tup))
    return ndarray(np.hstack(vs), dt)


def _np_vstack(tup, dtype=None, casting="same_kind"):
    vs, dt = _common(list(tup))
    return ndarray(np.vstack(vs), dt)


def _np_reshape(a, newshape=None, order="C", shape=None):
    return _as_dt(a).reshape(shape if shape is not None else newshape, order=order)


def _np_transpose(a, axes=None):
    return _as_dt(a).transpose(axes)


def _np_ravel(a, order="C"):
    return _as_dt(a).ravel(order)


def _np_copy(a, order="K", subok=False):
    return _as_dt(a).copy()


_np_shape, _np_ndim, _np_size = np._array_kinds.shape_functions(_as_dt)


def _np_nonzero(a):
    return _as_dt(a).nonzero()


def _np_sort(a, axis=-1, kind=None, order=None, stable=None):
    return _sorted(_as_dt(a), axis)


def _np_argsort(a, axis=-1, kind=None, order=None, stable=None):
    return _as_dt(a).argsort(axis=axis)


def _np_searchsorted(a, v, side="left", sorter=None):
    return _as_dt(a).searchsorted(v, side=side, sorter=sorter)


def _np_array_equal(a1, a2, equal_nan=False):
    try:
        x, y = _as_dt(a1), _as_dt(a2)
    except Exception:
        return False
    if x.shape != y.shape:
        return False
    eq = x == y
    if equal_nan:
        eq = eq | (np.isnat(x) & np.isnat(y))
    return bool(np.asarray(eq).all())


def _np_unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
               equal_nan=True, sorted=True):
    return _as_dt(ar)._unique(return_index, return_inverse, return_counts, axis, equal_nan)


def _np_diff(a, n=1, axis=-1, prepend=None, append=None):
    if prepend is not None or append is not None:
        _unsupported("diff(prepend=, append=) of datetime64/timedelta64 arrays")
    t = _as_dt(a)
    for _ in range(n):
        nd = t.ndim
        ax = axis + nd if axis < 0 else axis
        hi = tuple(slice(1, None) if k == ax else slice(None) for k in range(nd))
        lo = tuple(slice(None, -1) if k == ax else slice(None) for k in range(nd))
        t = t[hi] - t[lo]
    return t


def _np_arange(start=None, stop=None, step=None, dtype=None, *, like=None):
    if stop is None:
        _unsupported("arange of one datetime argument")
    d = _dtype_or_none(dtype) if dtype is not None else None
    ends = _array([start, stop], d)
    kind, unit = ends._dt.kind, ends._dt.unit
    if isinstance(step, (_Scalar, ndarray)):
        sk = _as_dt(step)
        if sk._dt.kind != "m":
            _unsupported("arange with a datetime step")
        # The step's unit joins the ends' (a finer step refines the result).
        unit = _common_unit(kind, unit, "m", sk._dt.unit)
        step_v = int(_cast(sk._v, sk._dt, _DTDType("m", unit)))
    else:
        step_v = 1 if step is None else int(step)
    if d is not None and d.unit:
        unit = d.unit
    dt = _DTDType(kind, unit)
    lo, hi = [int(x) for x in _cast(ends._v, ends._dt, dt).tolist()]
    if step_v == 0:
        raise ValueError("arange: cannot compute length")
    return ndarray(np.arange(lo, hi, step_v, dtype=np.int64), dt)


def _like(a, fill, dtype, shape):
    t = _as_dt(a)
    d = _dtype_or_none(dtype) if dtype is not None else t._dt
    if d is None:
        return np.full(t.shape if shape is None else shape, fill, dtype=dtype)
    return ndarray(np.full(t.shape if shape is None else shape, fill, dtype=np.int64), d)


def _np_full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    t = _as_dt(a)
    d = _dtype_or_none(dtype) if dtype is not None else t._dt
    v = _d._values_as(fill_value, d)
    return ndarray(np.full(t.shape if shape is None else shape, v, dtype=np.int64), d)


def _np_zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, 0, dtype, shape)


def _np_empty_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, 0, dtype, shape)


def _np_ones_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, 1, dtype, shape)


def _np_count_nonzero(a, axis=None, *, keepdims=False):
    return np.count_nonzero(_as_dt(a)._v, axis=axis, keepdims=keepdims)


def _np_isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    return _as_dt(element)._isin(test_elements, invert)
