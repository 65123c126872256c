# numpy's functions given object arrays (`objects.rs` calls `_np_<name>`
# when a data argument is an object array) and np.frompyfunc, over the
# arrays of objects.py.
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["frompyfunc", "_object_functions"]

import builtins as _builtins
import types as _types

_o = np._object_arrays
_NO_IDENTITY = _o._NO_IDENTITY
_apply = _o._apply
_as_object = _o._as_object
_creation = _o._creation
_fold = _o._fold
_is_spec = _o._is_spec
_kinds = _o._kinds
_lanes = _o._lanes
_new = _o._new
_unsupported = _o._unsupported
ndarray = _o.ndarray


# ---- np.frompyfunc ----

class _PyFuncUfunc:
    """What np.frompyfunc returns: a ufunc calling a Python function on
    the elements of its broadcast arguments, giving object arrays."""

    def __init__(self, func, nin, nout, identity):
        self._func = func
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self.identity = identity
        self.ntypes = 1
        self.types = ["O" * nin + "->" + "O" * nout]
        self.__name__ = "%s (vectorized)" % getattr(func, "__name__", repr(func))
        self.signature = None

    def __repr__(self):
        return "<ufunc '%s'>" % self.__name__

    def __call__(self, *args, **kwargs):
        if kwargs:
            _unsupported("frompyfunc ufunc call with %s=" % sorted(kwargs)[0])
        if not self.nin <= len(args) <= self.nargs:
            raise TypeError("%s() takes from %d to %d positional arguments but %d %s given"
                            % (self.__name__, self.nin, self.nargs, len(args), "was" if len(args) == 1 else "were"))
        if any(x is not None for x in args[self.nin:]):
            _unsupported("frompyfunc ufunc call with output arrays")
        arrays = [_as_object(x) for x in args[:self.nin]]
        if self.nout == 1:
            return _apply(self._func, arrays)
        results = _apply(lambda *xs: _Results(self._func(*xs)), arrays)
        if not isinstance(results, ndarray):
            return tuple(results.values)
        items = results._items()
        return tuple(_new([r.values[k] for r in items], results.shape) for k in range(self.nout))

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True):
        if self.nin != 2 or self.nout != 1:
            raise ValueError("reduce only supported for binary functions")
        if dtype is not None or out is not None or keepdims or where is not True:
            _unsupported("frompyfunc ufunc reduce(dtype=/out=/keepdims=/where=)")
        a = _as_object(array)
        if axis is None:
            return _fold(self.__name__, self._func, self._start(), initial, a._items())
        rows, shape = _lanes(a._p, axis)
        items = [_fold(self.__name__, self._func, self._start(), initial, [a._d[i] for i in row]) for row in rows]
        return items[0] if not shape else _new(items, shape)

    def _start(self):
        return _NO_IDENTITY if self.identity is None else self.identity

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        _unsupported("ufunc.%s of a frompyfunc ufunc" % name)


class _Results:
    """A function's several results, kept as one element."""

    def __init__(self, values):
        values = tuple(values)
        self.values = values


def frompyfunc(func, /, nin, nout, *, identity=None):
    if not callable(func):
        raise TypeError("function must be callable")
    return _PyFuncUfunc(func, nin, nout, identity)


def _np_sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    return _as_object(a).sum(axis, dtype, out, keepdims, initial, where)


def _np_prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    return _as_object(a).prod(axis, dtype, out, keepdims, initial, where)


def _np_max(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _as_object(a).max(axis, out, keepdims, initial, where)


def _np_min(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return _as_object(a).min(axis, out, keepdims, initial, where)


_np_amax = _np_max
_np_amin = _np_min


_np_shape, _np_ndim, _np_size = _kinds.shape_functions(_as_object)


def _np_sort(a, axis=-1, kind=None, order=None, *, stable=None):
    a = _as_object(a)
    if axis is None:
        a, axis = a.ravel(), -1
    a = a.copy()
    a.sort(axis, kind, order)
    return a


def _np_argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    return _as_object(a).argsort(axis, kind, order)


def _np_cumsum(a, axis=None, dtype=None, out=None):
    return _as_object(a).cumsum(axis, dtype, out)


def _np_cumprod(a, axis=None, dtype=None, out=None):
    return _as_object(a).cumprod(axis, dtype, out)


def _np_copy(a, order="K", subok=False):
    return _as_object(a).copy()


def _np_concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None or dtype is not None:
        _unsupported("concatenate(out=/dtype=) of object arrays")
    parts = [_as_object(a) for a in arrays]
    items, positions = [], []
    for a in parts:
        positions.append(np.arange(len(items), len(items) + a.size, dtype=np.int64).reshape(a.shape))
        items.extend(a._items())
    return ndarray(items, np.concatenate(positions, axis=axis))


def _np_where(condition, x=_NO_IDENTITY, y=_NO_IDENTITY):
    if x is _NO_IDENTITY and y is _NO_IDENTITY:
        return np.nonzero(_as_object(condition).astype(bool))
    if x is _NO_IDENTITY or y is _NO_IDENTITY:
        raise ValueError("either both or neither of x and y should be given")
    return _apply(lambda c, p, q: p if c else q, [_as_object(condition), _as_object(x), _as_object(y)])


def _np_nonzero(a):
    return _as_object(a).nonzero()


def _np_transpose(a, axes=None):
    return _as_object(a).transpose(axes)


def _np_ravel(a, order="C"):
    return _as_object(a).ravel(order)


def _np_reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    return _as_object(a).reshape(shape if shape is not None else newshape, order=order)


def _like(a, kind, fill, dtype, shape):
    if dtype is not None and not _is_spec(dtype):
        _unsupported("%s_like(dtype=...) of object arrays" % kind)
    return _creation(kind, _as_object(a).shape if shape is None else shape, fill)


def _np_zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(a, "zeros", None, dtype, shape)


def _np_ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(a, "ones", None, dtype, shape)


def _np_empty_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(a, "empty", None, dtype, shape)


def _np_full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    return _like(a, "full", fill_value, dtype, shape)


def _np_unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True,
               sorted=True):
    """np.unique: the elements sorted (a stable sort with Python's `<`)
    and the first of each run of equal ones."""
    if axis is not None:
        _unsupported("unique(axis=...) of object arrays")
    a = _as_object(ar)
    items = a._items()
    idx = _builtins.sorted(range(len(items)), key=items.__getitem__)
    ordered = [items[i] for i in idx]
    first = [k == 0 or ordered[k] != ordered[k - 1] for k in range(len(ordered))]
    u = _new([x for x, f in zip(ordered, first) if f], (sum(first),))
    return _kinds.unique_outputs(u, np.array(idx, dtype=np.int64), np.array(first, dtype=bool), a.shape, return_index,
                                 return_inverse, return_counts)


# This module's names, for objects.rs and search.py (np._object_functions).
_object_functions = _types.SimpleNamespace(**frompyfunc.__globals__)
