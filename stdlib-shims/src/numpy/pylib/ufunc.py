# numpy.ufunc: the ufunc objects (np.add, np.sqrt, ...) with their methods
# reduce, accumulate, reduceat, outer and at. Calling a ufunc calls the
# native function (a graph node); the methods are compositions of native
# reductions, running ops and indexing, and a plain loop over the axis for
# ufuncs that have no native reduction.

__all__ = ["ufunc"]

_NO_VALUE = object()

# Operands that send a ufunc call to the complex implementation (complex.py
# adds its array and scalar types when it loads).
_COMPLEX_TYPES = {complex}


def _complex_call(name, args, kwargs):
    np.complex128  # loads complex.py, which sets np._complex_ufunc
    return np._complex_ufunc(name, args, kwargs)

# Native reductions and running ops of the ufuncs that have one.
_REDUCE = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
           "logical_and": "all", "logical_or": "any"}
_RUNNING = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min"}


class ufunc:
    """A NumPy universal function (hipy: a native elementwise op)."""

    def __init__(self, name, func, nin, identity=None):
        self.__name__ = name
        self._func = func
        self.nin = nin
        self.nout = 1
        self.nargs = nin + 1
        self.identity = identity

    def __call__(self, *args, **kwargs):
        for a in args:
            if a.__class__ in _COMPLEX_TYPES:
                return _complex_call(self.__name__, args, kwargs)
        if "where" in kwargs:
            return self._call_where(args, kwargs)
        return self._func(*args, **kwargs)

    def _call_where(self, args, kwargs):
        """`f(..., out=out, where=mask)`: out keeps its values where mask is
        False (and no warnings come from those elements)."""
        kwargs = dict(kwargs)
        where = kwargs.pop("where")
        if where is True:
            return self._func(*args, **kwargs)
        out = kwargs.pop("out", None)
        if isinstance(out, tuple):
            out = out[0] if len(out) == 1 else None
        if out is None:
            # NumPy leaves the other elements uninitialized.
            raise NotImplementedError("numpy.%s(where=...) without out= is not supported by hipy" % self.__name__)
        if len(args) > self.nin:
            raise NotImplementedError("numpy.%s(where=...) with a positional out is not supported by hipy" % self.__name__)
        if not out.flags.writeable:
            raise ValueError("output array is read-only")
        with np.errstate(all="ignore"):
            full = self._func(*args, **kwargs)
        out[...] = np.where(where, full, out)
        return out

    def __repr__(self):
        return "<ufunc '%s'>" % self.__name__

    def _binary_only(self, method):
        if self.nin != 2:
            raise ValueError("%s only supported for binary functions" % method)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NO_VALUE, where=True):
        self._binary_only("reduce")
        a = np.asarray(array)
        if where is not True:
            raise NotImplementedError("numpy.ufunc.reduce(where=...) is not supported by hipy")
        native = _REDUCE.get(self.__name__)
        if native is not None and a.ndim > 0:
            kw = {"axis": axis, "keepdims": keepdims}
            if dtype is not None and native in ("sum", "prod"):
                kw["dtype"] = dtype
            r = getattr(np, native)(a, **kw)
        else:
            r = self._loop_reduce(a, axis, dtype, keepdims, initial)
            initial = _NO_VALUE
        if initial is not _NO_VALUE and initial is not None:
            r = self._func(r, initial)
        if out is not None:
            out[...] = r
            return out
        return r

    def _loop_reduce(self, a, axis, dtype, keepdims, initial):
        if dtype is not None:
            a = a.astype(dtype)
        if axis is None:
            a = a.ravel()
            axis = 0
        if isinstance(axis, tuple):
            if len(axis) != 1:
                raise NotImplementedError("numpy.ufunc.reduce over several axes is not supported by hipy")
            axis = axis[0]
        if a.ndim == 0:
            raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension 0" % axis)
        axis = _normalize_axis(axis, a.ndim)
        b = np.moveaxis(a, axis, 0)
        n = b.shape[0]
        if n == 0:
            if initial is not _NO_VALUE and initial is not None:
                r = np.full(b.shape[1:], initial, dtype=a.dtype)
            elif self.identity is None:
                raise ValueError("zero-size array to reduction operation %s which has no identity" % self.__name__)
            else:
                r = np.full(b.shape[1:], self.identity, dtype=a.dtype)
        else:
            r = b[0]
            if initial is not _NO_VALUE and initial is not None:
                r = self._func(initial, r)
            for i in range(1, n):
                r = self._func(r, b[i])
        if keepdims:
            r = np.expand_dims(r, axis)
        return r

    def accumulate(self, array, axis=0, dtype=None, out=None):
        self._binary_only("accumulate")
        a = np.asarray(array)
        if dtype is not None:
            a = a.astype(dtype)
        native = _RUNNING.get(self.__name__)
        if native is not None:
            if a.dtype == np.bool_ and native in ("sum", "prod"):
                # Boolean add and multiply are logical or and and.
                r = np._cumulative(a, "max" if native == "sum" else "min", axis)
            else:
                # Like cumsum and cumprod, small ints accumulate as int64.
                r = np._cumulative(a, native, axis)
        else:
            axis = _normalize_axis(axis, a.ndim)
            b = np.moveaxis(a, axis, 0)
            rows = [b[0]] if b.shape[0] else []
            for i in range(1, b.shape[0]):
                rows.append(self._func(rows[-1], b[i]))
            r = np.moveaxis(np.stack(rows), 0, axis) if rows else a.copy()
        if out is not None:
            out[...] = r
            return out
        return r

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        self._binary_only("reduceat")
        a = np.asarray(array)
        idx = [int(i) for i in np.asarray(indices).ravel()]
        axis = _normalize_axis(axis, a.ndim)
        b = np.moveaxis(a, axis, 0)
        n = b.shape[0]
        rows = []
        for k, i in enumerate(idx):
            if i < 0 or i >= n:
                raise IndexError("index %d out-of-bounds in %s.reduceat [0, %d)" % (i, self.__name__, n))
            j = idx[k + 1] if k + 1 < len(idx) else n
            if j > i:
                rows.append(self.reduce(b[i:j], axis=0, dtype=dtype))
            else:
                rows.append(b[i] if dtype is None else b[i].astype(dtype))
        r = np.moveaxis(np.stack([np.asarray(x) for x in rows]), 0, axis)
        if out is not None:
            out[...] = r
            return out
        return r

    def outer(self, A, B, **kwargs):
        self._binary_only("outer")
        a = np.asarray(A)
        b = np.asarray(B)
        return self._func(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)

    def at(self, a, indices, b=None):
        """Unbuffered in-place operation: repeated indices apply repeatedly."""
        if not isinstance(a, np.ndarray):
            raise TypeError("first operand must be an ndarray")
        if self.__name__ in _AT_NATIVE and b is not None and a.dtype != np.bool_ and a.size:
            native = _at_positions(a, indices)
            if native is not None:
                pos, shape = native
                vals = np.asarray(b)
                probe = self._func(np.zeros(1, dtype=a.dtype), b if vals.ndim == 0 else vals.ravel()[:1])
                if probe.dtype == a.dtype:
                    try:
                        vals = np.broadcast_to(vals, shape)
                    except ValueError:
                        raise ValueError("array is not broadcastable to correct shape") from None
                    np._ufunc_at(a, pos, vals.ravel(), self.__name__)
                    return None
        if isinstance(indices, tuple):
            idx_arrays = [np.asarray(i) for i in indices]
            flat = list(zip(*[list(np.broadcast_to(i, np.broadcast_shapes(*[x.shape for x in idx_arrays])).ravel()) for i in idx_arrays]))
            keys = [tuple(int(v) for v in t) for t in flat]
        elif isinstance(indices, slice):
            keys = list(range(*indices.indices(a.shape[0])))
        else:
            ind = np.asarray(indices)
            if ind.dtype == np.bool_:
                ind = np.flatnonzero(ind)
            keys = [int(v) for v in ind.ravel()]
        if self.nin == 1:
            for k in keys:
                a[k] = self._func(a[k])
            return None
        vals = np.asarray(b)
        if vals.ndim == 0:
            for k in keys:
                a[k] = self._func(a[k], vals)
        elif keys:
            vals = np.broadcast_to(vals, (len(keys),) + np.shape(a[keys[0]]))
            for k, v in zip(keys, vals):
                a[k] = self._func(a[k], v)
        return None


# The ufuncs whose .at runs natively (the op keeps the array's dtype).
_AT_NATIVE = {"add", "subtract", "multiply", "maximum", "minimum", "fmax", "fmin",
              "bitwise_and", "bitwise_or", "bitwise_xor"}


def _checked_index(ind, axis, n):
    """Integer indices along one axis, bounds-checked, made non-negative."""
    flat = ind.ravel()
    bad = flat[(flat >= n) | (flat < -n)]
    if bad.size:
        raise IndexError("index %d is out of bounds for axis %d with size %d" % (int(bad[0]), axis, n))
    return ind + n * (ind < 0)


def _at_positions(a, indices):
    """The flat C-order positions that ufunc.at(a, indices) updates, in
    order, and the shape the values broadcast to; None for index forms the
    native path does not take (slices, booleans, partial tuples)."""
    if isinstance(indices, tuple):
        if len(indices) != a.ndim:
            return None
        arrays = [np.asarray(i) for i in indices]
        if any(x.dtype.kind not in "iu" for x in arrays):
            return None
        shape = np.broadcast_shapes(*[x.shape for x in arrays])
        pos = np.zeros(shape, dtype=np.int64)
        for axis, (x, n) in enumerate(zip(arrays, a.shape)):
            pos = pos * n + _checked_index(x.astype(np.int64), axis, n)
        return pos.ravel(), shape
    if isinstance(indices, slice):
        return None
    ind = np.asarray(indices)
    if ind.dtype.kind not in "iu":
        return None
    ind = _checked_index(ind.astype(np.int64).ravel(), 0, a.shape[0])
    row = a.size // a.shape[0]
    pos = (ind.reshape(-1, 1) * row + np.arange(row)).ravel()
    return pos, np.asarray(indices).shape + a.shape[1:]


def _normalize_axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (axis, ndim))
    return axis + ndim if axis < 0 else axis


_UNARY = ["sqrt", "square", "exp", "log", "log10", "log2", "sin", "cos", "tan", "arcsin", "arccos",
          "arctan", "radians", "deg2rad", "degrees", "rad2deg", "sign", "floor", "ceil", "trunc", "rint",
          "absolute", "negative", "positive", "isnan", "isfinite", "isinf", "logical_not", "sinh", "cosh",
          "tanh", "arcsinh", "arccosh", "arctanh", "expm1", "log1p", "exp2", "cbrt", "fabs", "signbit",
          "reciprocal", "invert", "bitwise_not", "bitwise_invert"]
_BINARY = {"add": 0, "subtract": None, "multiply": 1, "divide": None, "true_divide": None,
           "floor_divide": None, "remainder": None, "mod": None, "power": None, "maximum": None,
           "minimum": None, "arctan2": None, "hypot": 0, "equal": None, "not_equal": None, "less": None,
           "less_equal": None, "greater": None, "greater_equal": None, "logical_and": True,
           "logical_or": False, "logical_xor": False, "bitwise_and": -1, "bitwise_or": 0,
           "bitwise_xor": 0, "left_shift": None, "right_shift": None, "bitwise_left_shift": None,
           "bitwise_right_shift": None, "fmod": None, "copysign": None, "fmax": None, "fmin": None,
           "logaddexp": float("-inf"), "logaddexp2": float("-inf"), "gcd": 0, "lcm": None,
           "heaviside": None}
_ALIASES = {"abs": "absolute", "conjugate": "positive", "conj": "positive"}

for _name in _UNARY:
    setattr(np, _name, ufunc(_name, getattr(np, _name), 1))
for _name, _identity in _BINARY.items():
    setattr(np, _name, ufunc(_name, getattr(np, _name), 2, _identity))
np.abs = np.absolute
