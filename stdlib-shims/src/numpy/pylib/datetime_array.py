# datetime64 / timedelta64 arrays (`datetimes.py` holds the dtypes, the
# calendar, parsing, rendering and the scalars).
#
# An array keeps NumPy's storage: its int64 values live in an ordinary
# hipy int64 array (`_v`), so indexing, views, reshapes, `where`,
# `concatenate`, unit conversions, the arithmetic and the comparisons are
# numeric operations on it, lazy like any numeric code. Printing uses the
# text arrays' native layout (`_strings_native.text`). numpy's native
# entry points send datetime data here (`datetimes.rs`: `_array`,
# `_creation`, `_from_numeric`, `_binary`, `_unary`).
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["_datetime_arrays"]

import types as _types

_d = np._datetimes_module
NAT = _d.NAT
_CALENDAR = _d._CALENDAR
_DTDType = _d._DTDType
_Scalar = _d._Scalar
_UNITS = _d._UNITS
_civil_from_days = _d._civil_from_days
_common_unit = _d._common_unit
_convert = _d._convert
_dtype = _d._dtype
_dtype_or_none = _d._dtype_or_none
_finer = _d._finer
_iso = _d._iso
_linear = _d._linear
_plain = _d._plain
_py_item = _d._py_item
_pydt = _d._pydt
_scalar = _d._scalar
_str_native = _d._str_native
_texts = _d._texts
_ufunc_error = _d._ufunc_error
_unsupported = _d._unsupported
datetime64 = _d.datetime64
timedelta64 = _d.timedelta64


# ---- the array ----

class ndarray(np._array_kinds.BinaryOperators):
    """A datetime64/timedelta64 ndarray: int64 values `_v` and dtype `_dt`."""

    _hipy_dt = True
    _hipy_dt_array = True
    _kind = "datetime64/timedelta64"

    def __init__(self, values, dt):
        self._v = values if isinstance(values, np.ndarray) else np.asarray(values)
        self._dt = dt

    dtype = property(lambda self: self._dt)
    shape = property(lambda self: tuple(self._v.shape))
    ndim = property(lambda self: self._v.ndim)
    size = property(lambda self: self._v.size)
    itemsize = 8
    nbytes = property(lambda self: 8 * self._v.size)
    T = property(lambda self: self._new(self._v.T))

    def _new(self, v):
        return _wrap(v, self._dt)

    def __len__(self):
        return len(self._v)

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in range(len(self)):
            yield self[i]

    # -- conversion --
    def tolist(self):
        items = [_py_item(x, self._dt.kind, self._dt.unit) for x in self._v.ravel().tolist()]
        return _nest(items, self.shape)

    def item(self, *args):
        if not args and self.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        x = self._v.item(*args)
        return _py_item(x, self._dt.kind, self._dt.unit)

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        d = _dtype_or_none(dtype)
        _check_cast(self._dt, d if d is not None else np.dtype(dtype), casting)
        if d is None:
            target = np.dtype(dtype)
            if getattr(target, "_hipy_str_dtype", False):
                return np.array(_texts(self), dtype=target)
            if target.kind in "iuf":
                return self._v.astype(target)
            if target.kind == "b":
                return self._v != 0
            if target.kind == "O":
                return np._object_arrays._array(self)
            _unsupported("ndarray.astype(%s) of datetime64/timedelta64 arrays" % target)
        return ndarray(_cast(self._v, self._dt, _plain(d)), d if d.unit else self._dt)

    def copy(self, order="C"):
        return ndarray(self._v.copy(), self._dt)

    def view(self, dtype=None, type=None):
        """The same values seen as int64 or as another datetime dtype."""
        if dtype is None:
            return ndarray(self._v[...], self._dt)
        d = _dtype_or_none(dtype)
        if d is not None:
            return ndarray(self._v[...], _plain(d))
        if np.dtype(dtype) == np.int64:
            return self._v[...]
        _unsupported("ndarray.view(%s) of datetime64/timedelta64 arrays" % np.dtype(dtype))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def tobytes(self, order="C"):
        """NumPy's bytes: each element's int64 count, little-endian."""
        if order not in ("C", "A", "K"):
            _unsupported("ndarray.tobytes(order=%r) of datetime64/timedelta64 arrays" % (order,))
        return bytes(memoryview(np.ascontiguousarray(self._v)))

    def __reduce__(self):
        # Rebuilt by np.array from the int64 counts (NumPy loads it too).
        return (np.array, (self._v.tolist(), self._dt.str))

    def __bool__(self):
        return bool(self._v != 0)

    def __contains__(self, value):
        return bool((self == value).any())

    # -- printing --
    def _shown(self):
        """Each element as NumPy shows it in an array (a flat list)."""
        if self._dt.kind == "M":
            return ["'%s'" % t for t in _iso(self._v, self._dt.unit)]
        return ["'NaT'" if x == NAT else str(x) for x in self._v.ravel().tolist()]

    def _text(self, mode):
        shown = self._shown()
        codes = _str_native.encode(shown, None, False)
        codes = codes.reshape(self.shape + (codes.shape[-1],))
        return _str_native.text(codes, False, mode, _dtype_text(self._dt), True)

    def __repr__(self):
        if self.ndim == 0:
            return "array(%s, dtype=%s)" % (self._shown()[0], _dtype_text(self._dt))
        return self._text(0)

    def __str__(self):
        if self.ndim == 0:
            return str(_wrap(self._v, self._dt, True))
        return self._text(1)

    # -- indexing --
    def __getitem__(self, key):
        if isinstance(key, ndarray):
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                             "integer or boolean arrays are valid indices")
        return _wrap(self._v[key], self._dt, True)

    def __setitem__(self, key, value):
        self._v[key] = _values_as(value, self._dt)

    def take(self, indices, axis=None, out=None, mode="raise"):
        if out is not None:
            _unsupported("ndarray.take(out=...) of datetime64/timedelta64 arrays")
        return _wrap(np.take(self._v, indices, axis=axis, mode=mode), self._dt, True)

    def fill(self, value):
        self[...] = value

    # -- shape --
    def reshape(self, *shape, order="C"):
        if order != "C":
            _unsupported("ndarray.reshape(order=...) of datetime64/timedelta64 arrays")
        return self._new(self._v.reshape(*shape))

    def ravel(self, order="C"):
        return self.reshape(-1, order=order)

    def flatten(self, order="C"):
        return self.reshape(-1, order=order).copy()

    def transpose(self, *axes):
        return self._new(self._v.transpose(*axes))

    def swapaxes(self, a, b):
        return self._new(self._v.swapaxes(a, b))

    def squeeze(self, axis=None):
        return self._new(self._v.squeeze(axis))

    # -- sorting and reductions --
    def _key(self):
        """Values ordered as NumPy sorts them: NaT after every value."""
        return np.where(self._v == NAT, np.iinfo(np.int64).max, self._v), self._v == NAT

    def argsort(self, axis=-1, kind=None, order=None, stable=None):
        if order is not None:
            _unsupported("ndarray.argsort(order=...)")
        key, nat = self._key()
        if axis is None:
            key, nat, axis = key.ravel(), nat.ravel(), -1
        # NaT last; among the rest, the stable order of the values.
        return np.lexsort((key, nat), axis=axis)

    def sort(self, axis=-1, kind=None, order=None, stable=None):
        self._v[...] = _sorted(self, axis)._v

    def searchsorted(self, v, side="left", sorter=None):
        key, _ = self._key()
        other, _ = _wrap(_values_as(v, self._dt), self._dt)._key() if not isinstance(v, ndarray) or \
            v._dt == self._dt else ndarray(_cast(v._v, v._dt, self._dt), self._dt)._key()
        return np.searchsorted(key, other, side=side, sorter=sorter)

    def _nat_reduce(self, name, axis, keepdims):
        f = getattr(self._v, name)
        r = f(axis=axis, keepdims=keepdims)
        has = (self._v == NAT).any(axis=axis, keepdims=keepdims)
        return _wrap(np.where(has, NAT, r), self._dt, True)

    def min(self, axis=None, out=None, keepdims=False, **kwargs):
        if out is not None:
            _unsupported("ndarray.min(out=...) of datetime64/timedelta64 arrays")
        return self._nat_reduce("min", axis, keepdims)

    def max(self, axis=None, out=None, keepdims=False, **kwargs):
        if out is not None:
            _unsupported("ndarray.max(out=...) of datetime64/timedelta64 arrays")
        return self._nat_reduce("max", axis, keepdims)

    def _arg(self, name, axis):
        nat = self._v == NAT
        r = getattr(self._v, name)(axis=axis)
        # The first NaT wins, as NumPy's NaN does.
        return np.where(nat.any(axis=axis), nat.argmax(axis=axis), r)

    def argmin(self, axis=None, out=None, **kwargs):
        return self._arg("argmin", axis)

    def argmax(self, axis=None, out=None, **kwargs):
        return self._arg("argmax", axis)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (self._dt, self._dt))
        if dtype is not None or out is not None:
            _unsupported("ndarray.sum(dtype=, out=) of timedelta64 arrays")
        return self._nat_reduce("sum", axis, keepdims)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, **kwargs):
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (self._dt, self._dt))
        if dtype is not None or out is not None:
            _unsupported("ndarray.mean(dtype=, out=) of timedelta64 arrays")
        total = self.sum(axis=axis, keepdims=keepdims)
        n = self.size if axis is None else self.size // max(1, np.asarray(total._v if isinstance(total, ndarray)
                                                                           else total._i).size)
        return total / n

    def _unique(self, return_index=False, return_inverse=False, return_counts=False, axis=None, equal_nan=True):
        """np.unique: the sorted distinct values (NaTs one, as NumPy's
        equal_nan has them), with NumPy's optional outputs."""
        if axis is not None:
            _unsupported("unique(axis=...) of datetime64/timedelta64 arrays")
        t = self.ravel()
        order = t.argsort()
        s = t._v[order]
        n = s.shape[0]
        first = np.zeros(0, dtype=bool)
        if n:
            first = np.concatenate([np.array([True]), s[1:] != s[:-1]])
            if not equal_nan:
                first = first | (s == NAT)
        return np._array_kinds.unique_outputs(ndarray(s[first], self._dt), order, first, self.shape, return_index,
                                              return_inverse, return_counts)

    def _isin(self, test_elements, invert=False):
        """np.isin: elements equal to one of test_elements (NaT to none)."""
        t = test_elements if isinstance(test_elements, ndarray) else _array(test_elements)
        if t._dt.kind != self._dt.kind:
            r = np.zeros(self.shape, dtype=bool)
        else:
            unit = _common_unit(self._dt.kind, self._dt.unit, t._dt.kind, t._dt.unit)
            mine = _convert(self._v, self._dt.kind, self._dt.unit, unit)
            theirs = _convert(t._v, t._dt.kind, t._dt.unit, unit).ravel()
            r = np.isin(mine, theirs[theirs != NAT])
        return ~r if invert else r

    def _median(self, axis=None):
        """np.median of timedeltas: the middle value, or the mean of the
        middle two (a NaT makes it NaT)."""
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (self._dt, self._dt))
        a = self.ravel() if axis is None else self
        ax = -1 if axis is None else axis
        s = _sorted(a, ax)._v
        n = s.shape[ax]
        if n == 0:
            _unsupported("median of an empty timedelta64 array")
        lo = np.take(s, (n - 1) // 2, axis=ax)
        hi = np.take(s, n // 2, axis=ax)
        nat = (np.take(s, n - 1, axis=ax) == NAT)
        # The mean of the two, as NumPy divides a timedelta by 2.
        mid = _trunc_div(lo + hi, 2) if n % 2 == 0 else lo
        return _wrap(np.where(nat, NAT, mid), self._dt, True)

    def prod(self, *args, **kwargs):
        raise _ufunc_error("ufunc 'multiply' cannot use operands with types %r and %r" % (self._dt, self._dt))

    def cumsum(self, axis=None, dtype=None, out=None):
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (self._dt, self._dt))
        if dtype is not None or out is not None:
            _unsupported("ndarray.cumsum(dtype=, out=) of timedelta64 arrays")
        v = self._v if axis is not None else self._v.ravel()
        ax = axis if axis is not None else 0
        nat = v == NAT
        # Once a NaT is added, the running sum stays NaT.
        seen = np.cumsum(nat, axis=ax) > 0
        return ndarray(np.where(seen, NAT, np.cumsum(np.where(nat, 0, v), axis=ax)), self._dt)

    def nonzero(self):
        return np.nonzero(self._v)

    def any(self, *args, **kwargs):
        return (self._v != 0).any(*args, **kwargs)

    def all(self, *args, **kwargs):
        return (self._v != 0).all(*args, **kwargs)

    # -- operators --
    # (the comparisons and arithmetic: _array_kinds.BinaryOperators)
    _binary = staticmethod(lambda op, a, b: _binary(op, a, b))
    def __rmod__(self, o): return _binary("Mod", o, self)

    def __neg__(self):
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'negative' did not contain a loop with signature matching types "
                               "<class 'numpy.dtypes.DateTime64DType'> -> None")
        return _wrap(np.where(self._v == NAT, NAT, -self._v), self._dt, True)

    def __pos__(self):
        return _wrap(self._v.copy(), self._dt, True)

    def __abs__(self):
        if self._dt.kind == "M":
            raise _ufunc_error("ufunc 'absolute' did not contain a loop with signature matching types "
                               "<class 'numpy.dtypes.DateTime64DType'> -> None")
        return _wrap(np.where(self._v == NAT, NAT, abs(self._v)), self._dt, True)


ndarray.__module__ = "numpy"


def _dtype_text(dt):
    """The dtype as an array's repr shows it (a generic unit unquoted)."""
    return "'%s'" % dt.name if dt.unit else dt.name


def _wrap(v, dt, scalar=False):
    """An array of values v (`scalar`: a 0-d result as a scalar)."""
    v = np.asarray(v)
    if scalar and v.ndim == 0:
        return _scalar(dt.kind, int(v), dt.unit)
    return ndarray(v, dt)


_nest = np._array_kinds.nest


def _cast(v, src, dst):
    """Values of dtype src as dtype dst (astype, unsafe casting)."""
    if src.kind != dst.kind and not dst.unit:
        return v
    if src.kind == "M" and not src.unit and dst.unit:
        return v
    return _convert(v, dst.kind, src.unit, dst.unit) if src.unit else v


# ---- building arrays ----

def _walk(obj, shape, depth, leaves):
    if isinstance(obj, ndarray):
        obj = list(obj) if obj.ndim else obj[()]
    elif isinstance(obj, np.ndarray) and not isinstance(obj, ndarray):
        obj = obj.tolist()
    if isinstance(obj, (list, tuple)):
        if depth == len(shape):
            shape.append(len(obj))
        elif shape[depth] != len(obj):
            raise ValueError("setting an array element with a sequence. The requested array has an "
                             "inhomogeneous shape after %d dimensions." % depth)
        for x in obj:
            _walk(x, shape, depth + 1, leaves)
        return
    leaves.append(obj)


def _leaf(x, kind, unit):
    """One element of np.array(..., dtype=kind[unit]): (its int value,
    the unit it carries: a string's or a date's own when unit is generic)."""
    if isinstance(x, _Scalar):
        if x._kind != kind:
            _unsupported("array of datetime64 and timedelta64 values")
        return x._i, x._unit
    if x is None:
        return NAT, ""
    if isinstance(x, str) or (kind == "M" and isinstance(x, _pydt.date)) or \
            (kind == "m" and isinstance(x, _pydt.timedelta)):
        s = (datetime64 if kind == "M" else timedelta64)(x, unit or None)
        return s._i, s._unit
    if isinstance(x, float):
        raise ValueError("Could not convert object to NumPy %s" % ("datetime" if kind == "M" else "timedelta"))
    if (isinstance(x, bool) and kind == "M") or not hasattr(x, "__index__"):
        _unsupported("array of %s as %s" % (type(x).__name__, "datetime64" if kind == "M" else "timedelta64"))
    if kind == "M" and not unit:
        raise ValueError("Converting an integer to a NumPy datetime requires a specified unit")
    return int(x), unit


def _array(obj, dtype=None):
    """np.array(obj, dtype) when the data or the dtype is datetime."""
    d = _dtype_or_none(dtype) if dtype is not None else None
    if dtype is not None and d is None:
        return _array(obj).astype(dtype)
    if isinstance(obj, ndarray):
        return obj.astype(d) if d is not None else obj.copy()
    if isinstance(obj, np.ndarray):
        if d is None:
            _unsupported("array of a numeric array as datetime64")
        return _from_numeric(obj, d)
    shape, leaves = [], []
    _walk(obj, shape, 0, leaves)
    if d is None:
        kinds = set(x._kind for x in leaves if isinstance(x, _Scalar))
        if len(kinds) != 1 or not all(isinstance(x, _Scalar) for x in leaves):
            _unsupported("array of datetime64 values mixed with other objects")
        d = _DTDType(kinds.pop(), "")
    _plain(d)
    got = [_leaf(x, d.kind, d.unit) for x in leaves]
    unit = d.unit
    if not unit:
        # Units inferred from the elements: the finest (timedeltas: NumPy's common unit).
        found = [u for _, u in got if u]
        unit = found[0] if found else ""
        for u in found:
            unit = _common_unit(d.kind, unit, d.kind, u) if d.kind == "m" else _finer(unit, u)
    values = np.array([v for v, _ in got], dtype=np.int64)
    units = [u for _, u in got]
    if any(u and u != unit for u in units):
        out = []
        for v, u in zip(values.tolist(), units):
            out.append(v if not u or u == unit else int(_convert(np.array([v]), d.kind, u, unit)[0]))
        values = np.array(out, dtype=np.int64)
    return ndarray(values.reshape(tuple(shape)), _DTDType(d.kind, unit))


def _check_cast(src, dst, casting):
    """NumPy's TypeError when `casting` does not allow src -> dst (dtypes;
    one of them datetime)."""
    if casting == "unsafe":
        return
    if casting not in ("safe", "same_kind", "no", "equiv"):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'")
    s_time = isinstance(src, _DTDType)
    d_time = isinstance(dst, _DTDType)
    if s_time and d_time and src.kind == dst.kind:
        su, du = src.unit, dst.unit
        finer = casting == "same_kind" or _UNITS.index(du) >= _UNITS.index(su) if su and du else True
        if casting in ("no", "equiv"):
            ok = su == du and src.count == dst.count
        elif not su or not du:
            ok = True
        elif src.kind == "M":
            # Datetimes of years/months convert to days exactly.
            ok = finer
        else:
            # Timedeltas of years/months and of linear units do not mix.
            ok = _linear(su) == _linear(du) and finer
    else:
        # Integers and bools become timedeltas; nothing else crosses kinds.
        ok = d_time and dst.kind == "m" and not s_time and src.kind in "biu" and casting in ("safe", "same_kind")
    if not ok:
        raise TypeError("Cannot cast array data from %r to %r according to the rule '%s'" % (src, dst, casting))


def _from_numeric(a, dtype, casting="unsafe"):
    """Numbers as datetime/timedelta values (`astype`): ints as counts of the unit."""
    d = _plain(_dtype(dtype))
    a = np.asarray(a)
    _check_cast(a.dtype, d, casting)
    if a.dtype.kind == "f":
        v = np.where(np.isnan(a), NAT, np.where(np.isnan(a), 0, a).astype(np.int64))
    elif a.dtype.kind in "iub":
        v = a.astype(np.int64)
    else:
        _unsupported("ndarray.astype(%s) of %s" % (d, a.dtype))
    if d.kind == "M" and not d.unit:
        raise ValueError("Cannot convert a NumPy datetime value other than NaT with generic units")
    return ndarray(v, d)


def _creation(kind, shape, fill, dtype):
    """np.zeros/ones/empty/full of a datetime dtype or fill value."""
    d = _dtype_or_none(dtype) if dtype is not None else None
    if kind == "full":
        item = _array([fill], d)
        d = item._dt
        return ndarray(np.full(shape, item._v[0], dtype=np.int64), d)
    if d is None:
        _unsupported("%s with a datetime fill" % kind)
    return ndarray(np.full(shape, 1 if kind == "ones" else 0, dtype=np.int64), _plain(d))


def _values_as(value, dt):
    """The int64 values of `value` as elements of a `dt` array."""
    if isinstance(value, ndarray):
        src = value
    elif isinstance(value, _Scalar):
        src = value._arr()
    else:
        src = _array(value if isinstance(value, (list, tuple)) else [value], _DTDType(dt.kind, dt.unit))
        if not isinstance(value, (list, tuple)):
            return src._v[0]
    if src._dt.kind != dt.kind:
        raise TypeError("Cannot cast %s to %s" % (src._dt.name, dt.name))
    return _cast(src._v, src._dt, dt)


def _sorted(a, axis):
    if axis is None:
        a, axis = a.ravel(), -1
    order = a.argsort(axis=axis)
    return ndarray(np.take_along_axis(a._v, order, axis=axis), a._dt)


# ---- arithmetic and comparisons ----

_UFUNC_NAMES = {"Add": "add", "Sub": "subtract", "Mul": "multiply", "Div": "divide", "FloorDiv": "floor_divide",
                "Mod": "remainder", "Pow": "power", "MatMul": "matmul", "And": "bitwise_and", "Or": "bitwise_or",
                "Eq": "equal", "Ne": "not_equal", "Lt": "less", "Le": "less_equal", "Gt": "greater",
                "Ge": "greater_equal"}
_COMPARE = {"Eq": lambda x, y: x == y, "Ne": lambda x, y: x != y, "Lt": lambda x, y: x < y,
            "Le": lambda x, y: x <= y, "Gt": lambda x, y: x > y, "Ge": lambda x, y: x >= y}


def _operand(x):
    """(kind, unit, values, dtype text, DType class) of an operand: kinds
    'M', 'm', or NumPy's kind of the data ('b', 'i', 'u', 'f', 'U', ...);
    None when numpy has no loop for it."""
    if isinstance(x, ndarray):
        return x._dt.kind, x._dt.unit, x._v, repr(x._dt), _DT_CLASSES[x._dt.kind]
    if isinstance(x, _Scalar):
        return x._kind, x._unit, np.array(x._i, dtype=np.int64), repr(x.dtype), _DT_CLASSES[x._kind]
    if isinstance(x, str):
        return "U", None, None, "dtype('<U%d')" % len(x), "StrDType"
    if x is None or isinstance(x, (_pydt.date, _pydt.timedelta)):
        # NumPy works on these as Python objects (an object array).
        _unsupported("operators of datetime64/timedelta64 values and %s objects" % type(x).__name__)
    if isinstance(x, (list, tuple)):
        try:
            x = np.asarray(x)
        except Exception:
            return _operand(_array(x))
    if isinstance(x, (bool, int, float)):
        a = np.asarray(x)
        return a.dtype.kind, None, a, repr(a.dtype), _PY_CLASSES[type(x)]
    if isinstance(x, (np.ndarray, np.generic)):
        a = np.asarray(x)
        if a.dtype.kind not in "biuf":
            return None
        return a.dtype.kind, None, a, repr(a.dtype), _CLASS_NAMES.get(str(a.dtype), "ObjectDType")
    return None


def _binary(op, a, b):
    x, y = _operand(a), _operand(b)
    if x is None or y is None:
        other = b if x is not None else a
        _unsupported("operators of datetime64/timedelta64 values and %s objects" % type(other).__name__)
    (kx, ux, vx, tx, cx_), (ky, uy, vy, ty, cy_) = x, y
    scalar = np.ndim(vx) == 0 and np.ndim(vy) == 0

    def fail(no_loop=False):
        if no_loop or op in ("MatMul", "And", "Or", "Pow"):
            raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types (<class "
                               "'numpy.dtypes.%s'>, <class 'numpy.dtypes.%s'>) -> None"
                               % (_UFUNC_NAMES.get(op, op.lower()), cx_, cy_))
        raise _ufunc_error("ufunc '%s' cannot use operands with types %s and %s"
                           % (_UFUNC_NAMES.get(op, op.lower()), tx, ty))

    def nat_of(v, k):
        return (v == NAT) if k in ("M", "m") else np.zeros(np.shape(v), dtype=bool)

    def common():
        for pos, (kt, ut, ko, uo) in enumerate(((kx, ux, ky, uy), (ky, uy, kx, ux))):
            # A timedelta of years/months does not cast to a datetime's linear unit.
            if kt == "m" and ko == "M" and ut in _CALENDAR and uo and _linear(uo):
                raise _ufunc_error("Cannot cast ufunc '%s' input %d from dtype('<m8[%s]') to dtype('<m8[%s]') "
                                   "with casting rule 'same_kind'" % (_UFUNC_NAMES[op], pos, ut, uo))
        unit = _common_unit(kx, ux, ky, uy)
        return unit, _convert(vx, kx, ux, unit), _convert(vy, ky, uy, unit)

    both_time = kx in "Mm" and ky in "Mm"
    if op == "Pow" and isinstance(b, (int, float)) and b == 2:
        # NumPy computes a ** 2 as square(a).
        raise TypeError("ufunc 'square' not supported for the input types, and the inputs could not be safely "
                        "coerced to any supported types according to the casting rule ''safe''")
    if op in _COMPARE:
        if not (both_time and kx == ky):
            if (kx == "m" and ky in "iub") or (ky == "m" and kx in "iub"):
                # timedelta against integers: the integers as counts of its unit.
                ux = uy = ux or uy
            elif op in ("Eq", "Ne"):
                shape = np.broadcast_shapes(np.shape(vx) if vx is not None else (),
                                            np.shape(vy) if vy is not None else ())
                return _result(np.full(shape, op == "Ne"), scalar)
            else:
                fail(no_loop=not both_time)
        unit, cx, cy = common()
        nat = (cx == NAT) | (cy == NAT)
        r = _COMPARE[op](cx, cy)
        r = (r | nat) if op == "Ne" else (r & ~nat)
        return _result(r, scalar)
    if op in ("Add", "Sub"):
        if kx in "iu" and ky in "Mm":
            kx, ux = "m", uy
        if ky in "iu" and kx in "Mm":
            ky, uy = "m", ux
        if not both_time and not (kx in "Mm" and ky in "Mm"):
            fail()
        if op == "Add":
            if kx == "M" and ky == "M":
                fail()
            kind = "M" if "M" in (kx, ky) else "m"
        else:
            if kx == "m" and ky == "M":
                fail()
            kind = "m" if kx == ky else "M"
        unit, cx, cy = common()
        nat = (cx == NAT) | (cy == NAT)
        r = cx + cy if op == "Add" else cx - cy
        return _wrap(np.where(nat, NAT, r), _DTDType(kind, unit), scalar)
    if op == "Mul":
        if kx in "iufb" and ky == "m":
            kx, ux, vx, ky, uy, vy = ky, uy, vy, kx, ux, vx
        if kx != "m" or ky not in "iufb":
            fail()
        nat = vx == NAT
        if ky == "f":
            prod = vx * vy
            nat = nat | np.isnan(prod)
            r = np.where(nat, 0, prod).astype(np.int64)
        else:
            r = vx * vy
        return _wrap(np.where(nat, NAT, r), _DTDType("m", ux), scalar)
    if op in ("Div", "FloorDiv", "Mod"):
        if kx != "m":
            fail()
        if ky == "m":
            unit, cx, cy = common()
            nat = (cx == NAT) | (cy == NAT)
            safe = np.where(nat | (cy == 0), 1, cy)
            if op == "Div":
                return _result(np.where(nat, np.nan, cx / np.where(nat, 1, cy)), scalar)
            if op == "FloorDiv":
                return _result(np.where(nat | (cy == 0), 0, cx // safe), scalar)
            r = np.where(nat | (cy == 0), NAT, cx % safe)
            return _wrap(r, _DTDType("m", unit), scalar)
        if ky not in "iuf" or op == "Mod":
            fail()
        nat = vx == NAT
        if ky != "f":
            # C's integer division (truncation), as NumPy's loop divides.
            zero = vy == 0
            nat = nat | zero
            r = _trunc_div(vx, np.where(zero, 1, vy))
        else:
            q = vx / vy
            nat = nat | ~np.isfinite(q)
            r = np.where(nat, 0, np.floor(q) if op == "FloorDiv" else q).astype(np.int64)
        return _wrap(np.where(nat, NAT, r), _DTDType("m", ux), scalar)
    if op in ("Maximum", "Minimum", "Fmax", "Fmin"):
        if not (both_time and kx == ky):
            if not ((kx == "m" and ky in "iub") or (ky == "m" and kx in "iub")):
                fail()
            kx = ky = "m"
            ux = uy = ux or uy
        unit, cx, cy = common()
        nat = (cx == NAT) | (cy == NAT)
        if op in ("Fmax", "Fmin"):
            # fmax/fmin ignore a NaT when the other is a value.
            cx, cy = np.where(cx == NAT, cy, cx), np.where(cy == NAT, cx, cy)
            nat = (cx == NAT) & (cy == NAT)
        r = np.maximum(cx, cy) if op in ("Maximum", "Fmax") else np.minimum(cx, cy)
        return _wrap(np.where(nat, NAT, r), _DTDType(kx, unit), scalar)
    fail()


def _unary(name, a):
    """The unary ufunc `name` of a datetime array or scalar."""
    kind, unit = (a._dt.kind, a._dt.unit) if isinstance(a, ndarray) else (a._kind, a._unit)
    v = a._v if isinstance(a, ndarray) else np.array(a._i, dtype=np.int64)
    scalar = not isinstance(a, ndarray) or v.ndim == 0
    nat = v == NAT
    if name == "isnat":
        return _result(nat, scalar)
    if name in ("isfinite", "isnan", "isinf"):
        r = ~nat if name == "isfinite" else nat if name == "isnan" else np.zeros(np.shape(v), dtype=bool)
        return _result(r, scalar)
    if kind == "m" and name in ("absolute", "negative", "positive", "sign"):
        r = {"absolute": abs, "negative": lambda x: -x, "positive": lambda x: x, "sign": np.sign}[name](v)
        return _wrap(np.where(nat, NAT, r), _DTDType("m", unit), scalar)
    if name in ("negative", "absolute", "positive", "sign"):
        raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types "
                           "<class 'numpy.dtypes.DateTime64DType'> -> None" % name)
    raise TypeError("ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to "
                    "any supported types according to the casting rule ''safe''" % name)


def _trunc_div(x, d):
    """x / d rounded toward zero (C's integer division), for int64 arrays."""
    q = x // d
    return q + ((q * d != x) & ((x < 0) != (d < 0)))


def _result(r, scalar):
    """A numeric result: a NumPy scalar when both operands were scalars."""
    return np.asarray(r)[()] if scalar else r


_DT_CLASSES = {"M": "DateTime64DType", "m": "TimeDelta64DType"}
_PY_CLASSES = {bool: "BoolDType", int: "_PyLongDType", float: "_PyFloatDType"}
_CLASS_NAMES = {"bool": "BoolDType", "int8": "Int8DType", "uint8": "UInt8DType", "int16": "Int16DType",
                "uint16": "UInt16DType", "int32": "Int32DType", "uint32": "UInt32DType", "int64": "Int64DType",
                "uint64": "UInt64DType", "float16": "Float16DType", "float32": "Float32DType",
                "float64": "Float64DType"}


# This module's names and the ones it takes from datetimes.py, for
# datetime_funcs.py and busday.py (np._datetime_arrays).
_datetime_arrays = _types.SimpleNamespace(**_wrap.__globals__)
