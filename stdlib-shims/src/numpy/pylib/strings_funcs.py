# numpy's functions given str arrays (`strings.py`): numpy's native
# functions send their calls here when a data argument is text
# (`_strings_native.forward` calls `_np_<name>`).
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = []

_s = np._strings_native.module()
_native = np._strings_native
ndarray = _s.ndarray
_StrDType = _s._StrDType
_text = _s._text
_array = _s._array
_fit = _s._fit
_axis = _s._axis
_encode = _s._encode
_from_numeric = _s._from_numeric
_creation = _s._creation
_unsupported = _s._unsupported
_dtype_class = _s._dtype_class
_sorted = _s._sorted
_searchsorted = _s._searchsorted


# (numpy's native functions send their calls here when an argument is
# text: _strings_native.forward.)

class DTypePromotionError(TypeError):
    """numpy.exceptions.DTypePromotionError"""


DTypePromotionError.__module__ = "numpy.exceptions"
if not hasattr(np.exceptions, "DTypePromotionError"):
    np.exceptions.DTypePromotionError = DTypePromotionError
DTypePromotionError = np.exceptions.DTypePromotionError


def _promotion_error(a, b):
    ca, cb = _dtype_class(a), _dtype_class(b)
    return DTypePromotionError(
        "The DType %s could not be promoted by %s. This means that no common DType exists for the given inputs. "
        "For example they cannot be stored in a single array unless the dtype is `object`. The full list of "
        "DTypes is: (%s, %s)" % (ca, cb, ca, cb))


def _as_text(x):
    """x as a str array: text as is, a numeric array as its text (astype)."""
    t = _text(x)
    if t is None:
        if isinstance(x, (np.ndarray, np.generic)):
            return _from_numeric(np.asarray(x), _StrDType("U", 0))
        if isinstance(x, (list, tuple)):
            return _from_numeric(np.asarray(x), _StrDType("U", 0))
        _unsupported("function of %s and str" % type(x).__name__)
    return t


def _np_where(condition, x=None, y=None):
    if x is None and y is None:
        return np.nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    for p, q in ((x, y), (y, x)):
        if isinstance(p, (bool, int, float)) and _text(q) is not None:
            raise _promotion_error(x, y)
    tx, ty = _as_text(x), _as_text(y)
    if tx._dt.kind != ty._dt.kind:
        _unsupported("where of str and bytes")
    w = max(tx._width(), ty._width())
    cond = np.asarray(condition)
    codes = np.where(cond[..., None], _fit(tx._c, w), _fit(ty._c, w))
    return ndarray(codes, _StrDType(tx._dt.kind, w))


def _common(arrays):
    ts = [_as_text(a) for a in arrays]
    kinds = set(t._dt.kind for t in ts)
    if len(kinds) > 1:
        _unsupported("concatenate of str and bytes")
    w = max(t._width() for t in ts)
    return ts, w, ts[0]._dt.kind


def _np_concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None:
        _unsupported("concatenate(out=...) of str arrays")
    ts, w, kind = _common(list(arrays))
    if axis is None:
        ts = [t.ravel() for t in ts]
        axis = 0
    nd = ts[0].ndim
    if nd == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    ax = _axis(axis, nd)
    r = ndarray(np.concatenate([_fit(t._c, w) for t in ts], axis=ax), _StrDType(kind, w))
    return _array(r, dtype) if dtype is not None else r


def _np_stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None:
        _unsupported("stack(out=...) of str arrays")
    ts, w, kind = _common(list(arrays))
    ax = _axis(axis, ts[0].ndim + 1)
    r = ndarray(np.stack([_fit(t._c, w) for t in ts], axis=ax), _StrDType(kind, w))
    return _array(r, dtype) if dtype is not None else r


def _np_hstack(tup, dtype=None, casting="same_kind"):
    ts = [_as_text(a) for a in tup]
    ts = [t.reshape(1) if t.ndim == 0 else t for t in ts]
    return _np_concatenate(ts, axis=0 if ts[0].ndim == 1 else 1, dtype=dtype)


def _np_vstack(tup, dtype=None, casting="same_kind"):
    ts = [_as_text(a) for a in tup]
    ts = [t.reshape(1, -1) if t.ndim < 2 else t for t in ts]
    return _np_concatenate(ts, axis=0, dtype=dtype)


def _np_reshape(a, newshape=None, order="C", shape=None):
    return _as_text(a).reshape(shape if newshape is None else newshape, order=order)


def _np_transpose(a, axes=None):
    return _as_text(a).transpose(axes)


def _np_ravel(a, order="C"):
    return _as_text(a).ravel()


def _np_copy(a, order="K", subok=False):
    return _as_text(a).copy()


_np_shape, _np_ndim, _np_size = np._array_kinds.shape_functions(_as_text)


def _np_nonzero(a):
    return _as_text(a).nonzero()


def _np_array_equal(a1, a2, equal_nan=False):
    x, y = _text(a1), _text(a2)
    if x is None or y is None:
        return False
    if x.shape != y.shape:
        return False
    if x._dt.kind != y._dt.kind:
        return False
    return bool(np.all(x == y))


def _np_sort(a, axis=-1, kind=None, order=None, stable=None):
    if order is not None:
        _unsupported("sort(order=...) of str arrays")
    return _sorted(_as_text(a), axis)


def _np_argsort(a, axis=-1, kind=None, order=None, stable=None):
    return _as_text(a).argsort(axis, kind, order)


def _np_searchsorted(a, v, side="left", sorter=None):
    t = _text(a)
    if t is None or _text(v) is None:
        _unsupported("searchsorted of numbers and str")
    return _searchsorted(t, v, side, sorter)


def _np_unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
               equal_nan=True, sorted=True):
    if axis is not None:
        _unsupported("unique(axis=...) of str arrays")
    t = _as_text(ar)
    w = t._width()
    codes = t._c.reshape(-1, w)
    n = codes.shape[0]
    order = _native.argsort(codes)
    ordered = codes[order]
    first = np.ones(n, dtype=bool)
    if n > 1:
        first[1:] = (ordered[1:] != ordered[:-1]).any(axis=-1)
    return np._array_kinds.unique_outputs(ndarray(ordered[first], t._dt), order, first, t.shape, return_index,
                                          return_inverse, return_counts)


def _np_isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e = _text(element)
    if e is None:
        r = np.zeros(np.shape(element), dtype=bool)
        return ~r if invert else r
    tt = _text(test_elements)
    if tt is None:
        r = np.zeros(e.shape, dtype=bool)
    else:
        pool = set(tt._items())
        r = np.array([x in pool for x in e._items()], dtype=bool).reshape(e.shape)
    return ~r if invert else r


def _np_count_nonzero(a, axis=None, *, keepdims=False):
    t = _as_text(a)
    return np.count_nonzero(_native.lengths(t._c) > 0, axis=axis, keepdims=keepdims)


def _like(a, fill, dtype, shape):
    t = _text(a)
    if shape is None:
        shape = np.shape(a) if t is None else t.shape
    if dtype is None and t is not None:
        dtype = t._dt
    return _creation("full", shape, fill, dtype)


def _np_full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    return _like(a, fill_value, dtype, shape)


def _np_zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, "", dtype, shape)


def _np_empty_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, "", dtype, shape)


def _np_ones_like(a, dtype=None, order="K", subok=True, shape=None):
    return _like(a, "1", dtype, shape)
