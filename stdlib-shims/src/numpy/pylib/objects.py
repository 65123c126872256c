# Object arrays (dtype=object, np.object_): arrays whose elements are any
# Python objects.
#
# An array holds a Python list of elements (`_d`, shared by the views of
# one array) and an ordinary int64 array of positions into it (`_p`, the
# array's shape). Indexing, slicing, reshapes and transposes are numeric
# operations on the positions (so a basic index is a view that shares the
# elements, as NumPy's is); an advanced index (masks, integer arrays)
# copies the elements it selects. Operators and reductions apply Python's
# operators element by element, eagerly. numpy's native entry points send
# object dtypes and arrays here (`objects.rs`: `_array`, `_inferred`,
# `_creation`, `_dtype`, `_binary`, `_unary`); numpy's functions given
# object arrays and `np.frompyfunc` are object_funcs.py.
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["object_", "_object_arrays"]

import builtins as _builtins
import functools as _functools
import itertools as _itertools
import operator as _operator
import types as _types

_kinds = np._array_kinds
_native = np._strings_native
_s = _native.module()
_axis = _s._axis
_shape_text = _s._shape_text


def _unsupported(what):
    if " of " not in what:
        what += " of object arrays"
    raise NotImplementedError("numpy.%s is not supported by hipy" % what)


class object_:
    """numpy.object_: the type of object arrays' elements; calling it
    returns its argument (None without one), a sequence as an object
    array."""

    _hipy_obj_scalar = True

    def __new__(cls, value=None):
        if _sequence(value):
            return _array(value)
        return value


object_.__module__ = "numpy"


class _ObjDType(_kinds.DTypeBase):
    """The dtype object ('O'): one instance, as NumPy has."""

    _hipy_obj_dtype = True
    kind = "O"
    char = "O"
    str = "|O"
    name = "object"
    num = 17
    itemsize = 8
    alignment = 8
    byteorder = "|"
    isbuiltin = 1
    hasobject = True
    type = object_

    def __repr__(self):
        return "dtype('O')"

    def __str__(self):
        return "object"

    def __eq__(self, other):
        try:
            return _is_spec(other)
        except Exception:
            return False

    def __hash__(self):
        return hash("O")


_DTYPE = _ObjDType()
_NAMES = ("O", "|O", "=O", "<O", ">O", "object", "object_", "O8", "|O8", "<O8", "=O8")


def _is_spec(spec):
    """Whether a dtype= argument names object."""
    if spec is object or spec is object_ or spec is _DTYPE:
        return True
    return isinstance(spec, str) and spec in _NAMES


def _dtype(spec):
    return _DTYPE


# ---- the array ----

class ndarray(_kinds.Elements, _kinds.BinaryOperators):
    """An object ndarray: the elements `_d` (a list) at the positions `_p`
    (an int64 array of the array's shape)."""

    _hipy_obj = True
    _hipy_obj_array = True
    _kind = "object"
    _binary = staticmethod(lambda op, a, b: _binary(op, a, b))

    def __init__(self, data, positions):
        self._d = data
        self._p = positions

    # -- attributes --
    dtype = property(lambda self: _DTYPE)
    shape = property(lambda self: tuple(self._p.shape))
    ndim = property(lambda self: self._p.ndim)
    size = property(lambda self: int(self._p.size))
    itemsize = 8
    nbytes = property(lambda self: 8 * self.size)
    T = property(lambda self: self.transpose())

    def __len__(self):
        if self.ndim == 0:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def _items(self):
        """The elements, C order, as a flat list."""
        d = self._d
        return [d[i] for i in self._p.ravel().tolist()]

    def _view(self, positions):
        return ndarray(self._d, positions)

    # -- conversion (tolist, item, truth, iteration: _array_kinds.Elements) --
    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        if _is_spec(dtype):
            return self.copy()
        return _to_typed(self, dtype)

    def copy(self, order="C"):
        return _new(self._items(), self.shape)

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        import copy
        return _new([copy.deepcopy(x, memo) for x in self._items()], self.shape)

    def __reduce_ex__(self, protocol):
        _unsupported("pickle of object arrays")

    def nonzero(self):
        return np.nonzero(self.astype(bool))

    def __contains__(self, value):
        return any(x == value for x in self._items())

    # -- printing --
    def __repr__(self):
        if self.ndim == 0:
            return "array(%s, dtype=object)" % _element_text(self._items()[0])
        return _native.layout([_element_text(x) for x in self._items()], self.shape, 0, "object")

    def __str__(self):
        if self.ndim == 0:
            return str(self._items()[0])
        return _native.layout([_element_text(x) for x in self._items()], self.shape, 1, "")

    # -- indexing --
    def __getitem__(self, key):
        key = _index_key(key)
        r = self._p[key]
        if not isinstance(r, np.ndarray):
            return self._d[int(r)]
        if _is_basic(key):
            return self._view(r)
        return _new([self._d[i] for i in r.ravel().tolist()], r.shape)

    def __setitem__(self, key, value):
        key = _index_key(key)
        r = self._p[key]
        if not isinstance(r, np.ndarray):
            self._d[int(r)] = value
            return
        targets = r.ravel().tolist()
        values = _as_object(value, r.ndim)
        try:
            source = np.broadcast_to(values._p, r.shape)
        except ValueError:
            raise ValueError("could not broadcast input array from shape %s into shape %s"
                             % (_shape_text(values.shape), _shape_text(r.shape))) from None
        items = [values._d[i] for i in source.ravel().tolist()]
        for t, x in zip(targets, items):
            self._d[t] = x

    def take(self, indices, axis=None, out=None, mode="raise"):
        if out is not None:
            _unsupported("ndarray.take(out=...)")
        r = np.take(self._p, indices, axis=axis, mode=mode)
        if not isinstance(r, np.ndarray):
            return self._d[int(r)]
        return _new([self._d[i] for i in r.ravel().tolist()], r.shape)

    # -- shape --
    def reshape(self, *shape, order="C"):
        if order != "C":
            _unsupported("ndarray.reshape(order=%r)" % (order,))
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return self._view(self._p.reshape(shape))

    def ravel(self, order="C"):
        return self.reshape(-1)

    def flatten(self, order="C"):
        return _new(self._items(), (self.size,))

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return self._view(self._p.transpose(axes) if axes else self._p.transpose())

    def swapaxes(self, a, b):
        return self._view(self._p.swapaxes(a, b))

    def squeeze(self, axis=None):
        return self._view(self._p.squeeze() if axis is None else self._p.squeeze(axis=axis))

    def fill(self, value):
        for i in self._p.ravel().tolist():
            self._d[i] = value

    # -- operators --
    # (the comparisons and arithmetic: _array_kinds.BinaryOperators)
    def __rmod__(self, o): return _binary("Mod", o, self)
    def __matmul__(self, o): return _binary("MatMul", self, o)
    def __rmatmul__(self, o): return _binary("MatMul", o, self)
    def __rpow__(self, o): return _binary("Pow", o, self)
    def __and__(self, o): return _binary("And", self, o)
    def __rand__(self, o): return _binary("And", o, self)
    def __or__(self, o): return _binary("Or", self, o)
    def __ror__(self, o): return _binary("Or", o, self)
    def __xor__(self, o): return _binary("Xor", self, o)
    def __rxor__(self, o): return _binary("Xor", o, self)

    def __neg__(self): return _unary("negative", self)
    def __pos__(self): return _unary("positive", self)
    def __abs__(self): return _unary("absolute", self)
    def __invert__(self): return _unary("invert", self)

    # -- reductions --
    def sum(self, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
        return self._reduce("add", axis, dtype, out, keepdims, initial, where)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
        return self._reduce("multiply", axis, dtype, out, keepdims, initial, where)

    def max(self, axis=None, out=None, keepdims=False, initial=None, where=True):
        return self._reduce("maximum", axis, None, out, keepdims, initial, where)

    def min(self, axis=None, out=None, keepdims=False, initial=None, where=True):
        return self._reduce("minimum", axis, None, out, keepdims, initial, where)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
        """The sum divided by the count (a Python number's quotient as a
        float64, as NumPy's true_divide gives it)."""
        if dtype is not None or out is not None or keepdims or where is not True:
            _unsupported("ndarray.mean(dtype=/out=/keepdims=/where=)")
        count = self.size if axis is None else self.shape[_axis(axis, self.ndim)]
        if count == 0:
            _unsupported("ndarray.mean of an empty object array")
        total = self.sum(axis)
        if isinstance(total, ndarray):
            return _apply(lambda x: x / count, [total])
        if type(total) in (bool, int, float):
            return np.float64(total / count)
        if isinstance(total, (str, bytes)):
            raise TypeError("ufunc 'divide' not supported for the input types, and the inputs could not be safely "
                            "coerced to any supported types according to the casting rule ''safe''")
        return total / count

    def any(self, axis=None, out=None, keepdims=False, *, where=True):
        if axis is not None or out is not None or keepdims or where is not True:
            _unsupported("ndarray.any(axis=/out=/keepdims=/where=)")
        return np.bool_(any(self._items()))

    def all(self, axis=None, out=None, keepdims=False, *, where=True):
        if axis is not None or out is not None or keepdims or where is not True:
            _unsupported("ndarray.all(axis=/out=/keepdims=/where=)")
        return np.bool_(all(self._items()))

    def cumsum(self, axis=None, dtype=None, out=None):
        return self._running(_operator.add, "cumsum", axis, dtype, out)

    def cumprod(self, axis=None, dtype=None, out=None):
        return self._running(_operator.mul, "cumprod", axis, dtype, out)

    def _running(self, step, name, axis, dtype, out):
        if dtype is not None or out is not None:
            _unsupported("ndarray.%s(dtype=/out=)" % name)
        if axis is None:
            return _new(list(_itertools.accumulate(self._items(), step)), (self.size,))
        return self._per_lane(axis, lambda items: list(_itertools.accumulate(items, step)))

    def _per_lane(self, axis, f):
        """f (a list of the elements along `axis` -> as many new ones)
        applied along every lane: a new array of this shape."""
        rows, _ = _lanes(self._p, axis)
        ax = _axis(axis, self.ndim)
        items = [x for row in rows for x in f([self._d[i] for i in row])]
        moved = _new(items, tuple(np.moveaxis(self._p, ax, -1).shape))
        return moved._view(np.moveaxis(moved._p, -1, ax))

    def argsort(self, axis=-1, kind=None, order=None, stable=None):
        """Python's stable sort of each lane (its `<`)."""
        if order is not None:
            _unsupported("ndarray.argsort(order=...)")
        if axis is None:
            return self.ravel().argsort()
        ax = _axis(axis, self.ndim)
        rows, _ = _lanes(self._p, ax)
        d = self._d
        order = [k for row in rows for k in _builtins.sorted(range(len(row)), key=lambda j, row=row: d[row[j]])]
        moved = np.array(order, dtype=np.int64).reshape(np.moveaxis(self._p, ax, -1).shape)
        return np.moveaxis(moved, -1, ax)

    def sort(self, axis=-1, kind=None, order=None, stable=None):
        if order is not None:
            _unsupported("ndarray.sort(order=...)")
        self[...] = self._per_lane(axis, lambda items: _builtins.sorted(items))

    def _reduce(self, name, axis, dtype, out, keepdims, initial, where):
        if dtype is not None or out is not None or keepdims or where is not True:
            _unsupported("ndarray.%s(dtype=/out=/keepdims=/where=)" % _REDUCTION_METHODS[name])
        step, identity = _REDUCTIONS[name]
        if axis is None:
            return _fold(name, step, identity, initial, self._items())
        d = self._d
        rows, shape = _lanes(self._p, axis)
        items = [_fold(name, step, identity, initial, [d[i] for i in row]) for row in rows]
        return items[0] if not shape else _new(items, shape)


ndarray.__module__ = "numpy"

_REDUCTION_METHODS = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min"}
_NO_IDENTITY = object()  # (also: an argument not given)


def _maximum(a, b):
    return a if a >= b else b


def _minimum(a, b):
    return a if a <= b else b


_REDUCTIONS = {"add": (_operator.add, 0), "multiply": (_operator.mul, 1), "maximum": (_maximum, _NO_IDENTITY),
               "minimum": (_minimum, _NO_IDENTITY)}


def _lanes(positions, axis):
    """The positions along `axis`, one list per position of the other axes
    (C order), and the shape of those other axes."""
    ax = _axis(axis, positions.ndim)
    p = np.moveaxis(positions, ax, -1)
    shape = tuple(p.shape[:-1])
    count = 1
    for s in shape:
        count *= s
    return p.reshape((count, p.shape[-1])).tolist(), shape


def _fold(name, step, identity, initial, items):
    """One reduction: from `initial` when given, else from the first item
    (an empty one: the ufunc's identity, or NumPy's error)."""
    if initial is not None:
        return _functools.reduce(step, items, initial)
    if not items:
        if identity is _NO_IDENTITY:
            raise ValueError("zero-size array to reduction operation %s which has no identity" % name)
        return identity
    return _functools.reduce(step, items)


def _element_text(x):
    """How NumPy shows one element: its repr, a list's as `list([...])`."""
    if type(x) is list:
        return "list(%r)" % (x,)
    return repr(x)


def _index_key(key):
    """An index into the positions: an object array used as one is refused
    as NumPy refuses it."""
    parts = key if isinstance(key, tuple) else (key,)
    for p in parts:
        if isinstance(p, ndarray):
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
    return key


def _is_basic(key):
    """Whether an index is basic (ints, slices, None, ...): its result is a
    view."""
    for p in key if isinstance(key, tuple) else (key,):
        if p is None or p is Ellipsis or isinstance(p, slice):
            continue
        if isinstance(p, (bool, list)) or isinstance(p, np.ndarray) or not hasattr(p, "__index__"):
            return False
    return True


# ---- building arrays ----

def _new(items, shape):
    """A new array of these elements (a list, C order) in `shape`."""
    return ndarray(items, np.arange(len(items), dtype=np.int64).reshape(shape))


def _sequence(x):
    return isinstance(x, (list, tuple)) or isinstance(x, np.ndarray)


def _shape_of(obj, depth):
    """The shape NumPy finds for nested sequences with dtype=object: the
    dimensions every branch shares, at most `depth` of them."""
    if depth == 0 or not _sequence(obj):
        return ()
    if isinstance(obj, np.ndarray):
        return tuple(obj.shape)[:depth]
    n = len(obj)
    if n == 0:
        return (0,)
    inner = None
    for x in obj:
        s = _shape_of(x, depth - 1)
        if inner is None:
            inner = s
        else:
            k = 0
            while k < len(inner) and k < len(s) and inner[k] == s[k]:
                k += 1
            inner = inner[:k]
        if not inner:
            break
    return (n,) + inner


def _leaves(obj, ndim, out):
    """The elements of nested sequences `ndim` deep, C order, into `out`
    (a numeric array's as Python numbers)."""
    if ndim == 0:
        out.append(obj)
        return
    if isinstance(obj, np.ndarray) and not isinstance(obj, ndarray):
        obj = obj.tolist()
    for x in obj:
        _leaves(x, ndim - 1, out)


# Leaves np.array keeps in a numeric or text array; another kind of leaf
# (None, a dict, a Fraction, ...) makes an object array.
_PLAIN = (bool, int, float, complex, str, bytes)


def _inferred(obj):
    """np.array(obj) without a dtype when numpy's readers refused it: an
    object array when `obj` is a regular nesting of sequences holding an
    element numbers and text cannot hold; else None."""
    shape = _shape_of(obj, 64)
    items = []
    _leaves(obj, len(shape), items)
    if any(_sequence(x) for x in items):
        return None
    if all(isinstance(x, _PLAIN) or hasattr(x, "dtype") for x in items):
        return None
    return _new(items, shape)


def _as_object(obj, depth=64):
    """`obj` as an object array (itself when it is one), sequences read
    to at most `depth` dimensions."""
    if isinstance(obj, ndarray):
        return obj
    if isinstance(obj, np.ndarray):
        return _new(obj.ravel().tolist(), tuple(obj.shape))
    shape = _shape_of(obj, depth)
    items = []
    _leaves(obj, len(shape), items)
    return _new(items, shape)


def _array(obj, dtype=None):
    """np.array(obj, dtype=object), or np.array(obj, dtype) of an object
    array: a new array."""
    if dtype is not None and not _is_spec(dtype):
        return _as_object(obj).astype(dtype)
    a = _as_object(obj)
    return a.copy() if a is obj else a


def _creation(kind, shape, fill, dtype=None):
    """np.empty/zeros/ones/full of dtype object."""
    if shape is None:
        shape = ()
    if not isinstance(shape, (tuple, list)):
        shape = (shape,)
    shape = tuple(int(s) for s in shape)
    value = {"empty": None, "zeros": 0, "ones": 1}.get(kind, fill)
    n = 1
    for s in shape:
        n *= s
    return _new([value] * n, shape)


def _to_typed(a, dtype):
    """a.astype(dtype) of an object array to numbers or text: each element
    converted as NumPy converts it (None to nan for floats)."""
    d = np.dtype(dtype)
    items = a._items()
    if d.kind == "f":
        items = [float("nan") if x is None else float(x) for x in items]
    elif d.kind in "iu":
        items = [int(x) for x in items]
    elif d.kind == "b":
        items = [bool(x) for x in items]
    elif d.kind == "c":
        items = [complex(x) for x in items]
    elif d.kind == "U":
        items = [str(x) for x in items]
    elif d.kind == "S":
        items = [x if isinstance(x, bytes) else str(x).encode("ascii") for x in items]
    else:
        _unsupported("ndarray.astype(%s) of object arrays" % (d,))
    if not items:
        return np.zeros(a.shape, dtype=d)
    return np.array(items, dtype=d).reshape(a.shape)


# ---- elementwise operations ----

_OPERATORS = {"Add": _operator.add, "Sub": _operator.sub, "Mul": _operator.mul, "Div": _operator.truediv,
              "FloorDiv": _operator.floordiv, "Mod": _operator.mod, "Pow": _operator.pow,
              "And": _operator.and_, "Or": _operator.or_, "Xor": _operator.xor,
              "Maximum": _maximum, "Minimum": _minimum, "MatMul": None,
              "Eq": _operator.eq, "Ne": _operator.ne, "Lt": _operator.lt, "Le": _operator.le,
              "Gt": _operator.gt, "Ge": _operator.ge}
_COMPARISONS = ("Eq", "Ne", "Lt", "Le", "Gt", "Ge")


def _apply(f, arrays, boolean=False):
    """f applied element by element to broadcast object arrays: an object
    array (a bool array for comparisons); a 0-d result is the element."""
    shapes = [x.shape for x in arrays]
    try:
        shape = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError("operands could not be broadcast together with shapes %s "
                         % " ".join(_shape_text(s) if s else "()" for s in shapes)) from None
    columns = []
    for x in arrays:
        d = x._d
        columns.append([d[i] for i in np.broadcast_to(x._p, shape).ravel().tolist()])
    results = [f(*args) for args in zip(*columns)]
    if boolean:
        results = [bool(r) for r in results]
        if not shape:
            return np.bool_(results[0])
        return np.array(results, dtype=bool).reshape(shape) if results else np.zeros(shape, dtype=bool)
    if not shape:
        return results[0]
    return _new(results, shape)


def _binary(op, a, b):
    """a op b where an operand is an object array."""
    f = _OPERATORS.get(op)
    if f is None:
        _unsupported("%s of object arrays" % ("matmul" if op == "MatMul" else op))
    return _apply(f, [_as_object(a), _as_object(b)], op in _COMPARISONS)


_UNARY = {"negative": _operator.neg, "positive": _operator.pos, "absolute": abs, "invert": _operator.invert}


def _unary(name, a):
    f = _UNARY.get(name)
    if f is None:
        _unsupported("%s of object arrays" % name)
    return _apply(f, [_as_object(a)])


# This module's names, for objects.rs and the other kinds (np._object_arrays).
_object_arrays = _types.SimpleNamespace(**_new.__globals__)
