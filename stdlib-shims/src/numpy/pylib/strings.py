# Fixed-width str (<Un) and bytes (Sn) arrays and their scalars.
#
# A str array stores its elements as NumPy does: n code points per element,
# zero-padded (a bytes array: n bytes). They live in an ordinary hipy array
# (uint32; uint8 for bytes) with one more, last axis of length n (`_c`).
# Indexing, views, reshapes, transposes, `where`, `concatenate` and the
# comparisons are numeric operations on that array (so a comparison's bool
# mask is an ordinary array that lazy numeric code can use). Sorting is a
# native stable sort of the code-point rows; `np.char` (char.py) works on
# the decoded Python strings. Encoding, decoding, sorting and printing are
# native (`_strings_native`); numpy's functions given str arrays are in
# strings_funcs.py.
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["str_", "bytes_"]


_native = np._strings_native
_kinds = np._array_kinds


class str_(str):
    """numpy.str_: a str (element of a str array)."""

    _hipy_str_scalar = True

    def __repr__(self):
        return "np.str_(%s)" % str.__repr__(self)

    @property
    def dtype(self):
        return _StrDType("U", len(self))


class bytes_(bytes):
    """numpy.bytes_: a bytes (element of a bytes array)."""

    _hipy_str_scalar = True

    def __repr__(self):
        return "np.bytes_(%s)" % bytes.__repr__(self)

    def __str__(self):
        return bytes.__repr__(self)

    @property
    def dtype(self):
        return _StrDType("S", len(self))


str_.__module__ = "numpy"
bytes_.__module__ = "numpy"


def _unsupported(what):
    """NotImplementedError for `what` ("ndarray.view", or a phrase that
    names its operands: "where of str and bytes")."""
    if " of " not in what:
        what += " of str arrays"
    raise NotImplementedError("numpy.%s is not supported by hipy" % what)


def _ufunc_error(message):
    return _native.ufunc_error(message)


# ---- dtypes ----

class _StrDType(_kinds.DTypeBase):
    """The dtype of a str (kind 'U') or bytes (kind 'S') array of width n."""

    _hipy_str_dtype = True

    def __init__(self, kind, n):
        self.kind = kind
        self.char = kind
        self._n = n
        self.itemsize = 4 * n if kind == "U" else n
        self.alignment = 4 if kind == "U" else 1
        self.byteorder = "=" if kind == "U" else "|"
        self.str = ("<U%d" if kind == "U" else "|S%d") % n
        self.name = ("str%d" if kind == "U" else "bytes%d") % (8 * self.itemsize)
        if n == 0:
            self.name = "str" if kind == "U" else "bytes"
        self.type = str_ if kind == "U" else bytes_

    def __repr__(self):
        text = ("<U" if self.kind == "U" else "S") + (str(self._n) if self._n else "")
        return "dtype('%s')" % text

    def __str__(self):
        return self.str

    def __eq__(self, other):
        if isinstance(other, _StrDType):
            return other.kind == self.kind and other._n == self._n
        try:
            d = _dtype_or_none(other)
        except Exception:
            return False
        return d is not None and d.kind == self.kind and d._n == self._n

    def __hash__(self):
        return hash((self.kind, self._n))


_KIND_NAMES = {"str": "U", "str_": "U", "unicode": "U", "U": "U", "bytes": "S", "bytes_": "S", "S": "S"}


def _dtype_or_none(spec):
    """The str dtype `spec` names, or None when it names no str/bytes type."""
    if isinstance(spec, _StrDType):
        return spec
    if spec is str or spec is str_:
        return _StrDType("U", 0)
    if spec is bytes or spec is bytes_:
        return _StrDType("S", 0)
    if isinstance(spec, str):
        if spec.startswith(">") and len(spec) > 1 and spec[1] == "U":
            raise NotImplementedError("numpy.dtype %r (big-endian str) is not supported by hipy" % (spec,))
        name = spec.lstrip("<=|>")
        if name in _KIND_NAMES:
            return _StrDType(_KIND_NAMES[name], 0)
        if name[:1] in ("U", "S") and name[1:].isdigit():
            return _StrDType(name[0], int(name[1:]))
    return None


def _dtype(spec):
    d = _dtype_or_none(spec)
    if d is None:
        raise TypeError("data type %r not understood" % (spec,))
    return d


# Widths of numbers as text (NumPy's casts of each numeric dtype to str).
_NUM_WIDTH = {"bool": 5, "int8": 4, "uint8": 3, "int16": 6, "uint16": 5, "int32": 11, "uint32": 10,
              "int64": 21, "uint64": 20, "float16": 32, "float32": 32, "float64": 32}


def _leaf_width(x):
    """The width NumPy gives a number among str elements of np.array."""
    if isinstance(x, bool):
        return 5
    if isinstance(x, int):
        return 21
    if isinstance(x, float):
        return 32
    d = getattr(x, "dtype", None)
    if d is not None and str(d) in _NUM_WIDTH:
        return _NUM_WIDTH[str(d)]
    _unsupported("array of %s and str" % type(x).__name__)


# ---- the array ----

class ndarray(_kinds.Elements, _kinds.BinaryOperators):
    """A str or bytes ndarray: the code points `_c` (one more, last axis of
    the dtype's width) and the dtype `_dt`."""

    _hipy_str = True
    _kind = "str"

    def __init__(self, codes, dt):
        self._c = codes
        self._dt = dt

    # -- attributes --
    dtype = property(lambda self: self._dt)
    shape = property(lambda self: tuple(self._c.shape[:-1]))
    ndim = property(lambda self: self._c.ndim - 1)
    itemsize = property(lambda self: self._dt.itemsize)

    @property
    def size(self):
        n = 1
        for d in self._c.shape[:-1]:
            n *= d
        return n

    @property
    def nbytes(self):
        return self.size * self._dt.itemsize

    @property
    def T(self):
        return self.transpose()

    def __len__(self):
        if self.ndim == 0:
            raise TypeError("len() of unsized object")
        return self._c.shape[0]

    # -- helpers --
    def _bytes(self):
        return self._dt.kind == "S"

    def _width(self):
        return self._c.shape[-1]

    def _items(self):
        """The elements, C order, as a flat list of str (bytes)."""
        return _native.decode(self._c, self._bytes())

    def _scalar(self, v):
        return bytes_(v) if self._bytes() else str_(v)

    def _new(self, codes):
        return ndarray(codes, self._dt)

    # -- conversion (tolist, item, truth, iteration: _array_kinds.Elements) --
    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        d = _dtype_or_none(dtype)
        if d is not None:
            return _array(self, d)
        if np.dtype(dtype).kind == "O":
            return np._object_arrays._array(self)
        return _to_numeric(self, dtype)

    def copy(self, order="C"):
        return self._new(self._c.copy())

    def tobytes(self, order="C"):
        """NumPy's bytes of the array: each element's code points as
        little-endian uint32 (bytes arrays: its bytes), zero-padded."""
        if order not in ("C", "A", "K"):
            _unsupported("ndarray.tobytes(order=%r) of str arrays" % (order,))
        return bytes(memoryview(np.ascontiguousarray(self._c)))

    def __reduce__(self):
        # Rebuilt by np.array from the elements (NumPy loads it too).
        return (np.array, (self.tolist(), self._dt.str))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __contains__(self, value):
        return bool((self == value).any())

    # -- printing --
    def __repr__(self):
        if self.ndim == 0:
            return "array(%r, dtype='%s')" % (self._items()[0], self._dt.str)
        return _native.text(self._c, self._bytes(), 0, "'%s'" % self._dt.str)

    def __str__(self):
        if self.ndim == 0:
            x = self._items()[0]
            return repr(bytes_(x)) if self._bytes() else x
        return _native.text(self._c, self._bytes(), 1, "")

    # -- indexing --
    def _basic(self, key):
        """The code-array key of a basic index (ints, slices, None, ...),
        None for an advanced one (arrays, lists, masks)."""
        parts = key if isinstance(key, tuple) else (key,)
        for p in parts:
            if p is None or p is Ellipsis or isinstance(p, slice):
                continue
            if isinstance(p, bool) or not hasattr(p, "__index__") or isinstance(p, np.ndarray):
                return None
        used = sum(1 for p in parts if p is not None and p is not Ellipsis)
        if used > self.ndim:
            raise IndexError("too many indices for array: array is %d-dimensional, but %d were indexed"
                             % (self.ndim, used))
        return parts + (slice(None),)

    def _positions(self, key):
        """The flat positions an advanced index selects (NumPy's indexing
        of an array of positions: its shape and its errors)."""
        return np.arange(self.size).reshape(self.shape)[key]

    def __getitem__(self, key):
        if isinstance(key, ndarray):
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                             "integer or boolean arrays are valid indices")
        k = self._basic(key)
        if k is None:
            return self._gather(self._positions(key))
        r = self._c[k]
        if r.ndim == 1:
            return self._scalar(_native.decode(r[None], self._bytes())[0])
        return self._new(r)

    def _gather(self, positions):
        """The elements at these flat positions (an int array: the
        result's shape; a 0-d one: a scalar)."""
        sel = np.asarray(positions)
        w = self._width()
        r = self._c.reshape(-1, w)[sel.ravel()].reshape(sel.shape + (w,))
        if r.ndim == 1:
            return self._scalar(_native.decode(r[None], self._bytes())[0])
        return self._new(r)

    def take(self, indices, axis=None, out=None, mode="raise"):
        if out is not None:
            _unsupported("ndarray.take(out=...) of str arrays")
        return self._gather(np.take(np.arange(self.size).reshape(self.shape), indices, axis=axis, mode=mode))

    def __setitem__(self, key, value):
        w = self._width()
        codes = _codes_for(value, self._dt, w)
        k = self._basic(key)
        if k is not None:
            self._c[k] = codes
            return
        sel = np.asarray(self._positions(key))
        codes = np.broadcast_to(codes, sel.shape + (w,))
        for j in range(w):
            column = self._c[..., j]
            column[key] = codes[..., j]

    # -- shape --
    def reshape(self, *shape, order="C"):
        if order != "C":
            _unsupported("ndarray.reshape(order=%r) of str arrays" % (order,))
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = tuple(int(s) for s in shape)
        known = 1
        for s in shape:
            if s >= 0:
                known *= s
        if (-1 not in shape and known != self.size) or (-1 in shape and (known == 0 or self.size % known)):
            raise ValueError("cannot reshape array of size %d into shape %s"
                             % (self.size, _shape_text(shape)))
        return self._new(self._c.reshape(shape + (self._width(),)))

    def ravel(self, order="C"):
        return self.reshape(-1)

    def flatten(self, order="C"):
        return self._new(self._c.reshape(-1, self._width()).copy())

    def transpose(self, *axes):
        nd = self.ndim
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        if not axes:
            perm = tuple(range(nd - 1, -1, -1))
        else:
            perm = tuple(_axis(a, nd) for a in axes)
        return self._new(self._c.transpose(perm + (nd,)))

    def swapaxes(self, a, b):
        nd = self.ndim
        perm = list(range(nd))
        a, b = _axis(a, nd), _axis(b, nd)
        perm[a], perm[b] = perm[b], perm[a]
        return self.transpose(tuple(perm))

    def squeeze(self, axis=None):
        shape = self.shape
        if axis is None:
            keep = tuple(d for d in shape if d != 1)
        else:
            axes = axis if isinstance(axis, tuple) else (axis,)
            axes = [_axis(a, self.ndim) for a in axes]
            for a in axes:
                if shape[a] != 1:
                    raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
            keep = tuple(d for k, d in enumerate(shape) if k not in axes)
        return self.reshape(keep)

    def fill(self, value):
        self[...] = value

    # -- sorting --
    def argsort(self, axis=-1, kind=None, order=None, stable=None):
        if order is not None:
            _unsupported("ndarray.argsort(order=...)")
        if axis is None:
            return self.ravel().argsort()
        if self.ndim == 0:
            return np.array(0)
        ax = _axis(axis, self.ndim)
        order = _native.argsort(np.moveaxis(self._c, ax, -2))
        return np.moveaxis(order, -1, ax)

    def sort(self, axis=-1, kind=None, order=None, stable=None):
        self[...] = _sorted(self, axis)

    def searchsorted(self, v, side="left", sorter=None):
        return _searchsorted(self, v, side, sorter)

    def nonzero(self):
        return np.nonzero(self != self._scalar(b"" if self._bytes() else ""))

    # -- operators --
    # (the comparisons and arithmetic: _array_kinds.BinaryOperators)
    _binary = staticmethod(lambda op, a, b: _binary(op, a, b))
    def __and__(self, o): return _binary("And", self, o)
    def __matmul__(self, o): return _binary("MatMul", self, o)
    def __rmatmul__(self, o): return _binary("MatMul", o, self)
    def __or__(self, o): return _binary("Or", self, o)

    def __neg__(self): _unary_error("negative")
    def __pos__(self): _unary_error("positive")
    def __abs__(self): _unary_error("absolute")
    def __invert__(self): _unary_error("invert")

    # -- reductions NumPy refuses --
    def sum(self, *args, **kwargs):
        n = self._dt._n
        raise TypeError("the resolved dtypes are not compatible with add.reduce. Resolved (%r, %r, %r)"
                        % (self._dt, self._dt, _StrDType(self._dt.kind, 2 * n)))

    mean = sum

    def max(self, *args, **kwargs):
        raise _ufunc_error("ufunc 'maximum' did not contain a loop with signature matching types (%r, %r) -> None"
                           % (self._dt, self._dt))

    def min(self, *args, **kwargs):
        raise _ufunc_error("ufunc 'minimum' did not contain a loop with signature matching types (%r, %r) -> None"
                           % (self._dt, self._dt))


ndarray.__module__ = "numpy"


def _axis(a, nd):
    a = int(a)
    if a < -nd or a >= nd:
        raise np.exceptions.AxisError("axis %d is out of bounds for array of dimension %d" % (a, nd))
    return a + nd if a < 0 else a


def _shape_text(shape):
    if len(shape) == 1:
        return "(%d,)" % shape[0]
    return "(" + ", ".join(str(s) for s in shape) + ")"


# ---- building arrays ----

def _walk(obj, depth, shape, leaves, fixed):
    """Nested lists/tuples/arrays: their shape (checked) and flat leaves
    (`fixed`: [True] once a leaf has ended the shape)."""
    if isinstance(obj, ndarray):
        obj = obj.tolist()
    elif isinstance(obj, np.ndarray):
        obj = list(obj) if obj.ndim else obj[()]
    if isinstance(obj, (list, tuple)):
        if depth == len(shape) and not fixed[0]:
            shape.append(len(obj))
        elif depth >= len(shape) or shape[depth] != len(obj):
            _inhomogeneous(shape, min(depth, len(shape)))
        for x in obj:
            _walk(x, depth + 1, shape, leaves, fixed)
        if not obj:
            fixed[0] = True
        return
    if depth != len(shape):
        _inhomogeneous(shape, depth)
    fixed[0] = True
    leaves.append(obj)


def _inhomogeneous(shape, depth):
    prefix = tuple(shape[:depth])
    raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                     "shape after %d dimensions. The detected shape was %s + inhomogeneous part."
                     % (depth, _shape_text(prefix) if prefix else "()"))


def _to_text(x, kind):
    """A leaf as the element NumPy stores: str() of numbers; bytes for 'S'."""
    if kind == "U":
        if isinstance(x, str):
            return str(x)
        if isinstance(x, bytes):
            return x.decode("ascii")
        return str(x)
    if isinstance(x, bytes):
        return bytes(x)
    if isinstance(x, str):
        return x.encode("ascii")
    return str(x).encode("ascii")


def _encode(items, shape, kind, width):
    """A str array of `shape` from flat elements (width None: inferred)."""
    codes = _native.encode(items, width, kind == "S")
    w = codes.shape[-1]
    return ndarray(codes.reshape(tuple(shape) + (w,)), _StrDType(kind, w))


def _array(obj, dtype=None):
    """np.array(obj, dtype) when the data or the dtype is str/bytes."""
    dt = _dtype_or_none(dtype) if dtype is not None else None
    if dtype is not None and dt is None:
        if isinstance(obj, ndarray):
            return _to_numeric(obj, dtype)
        return np.array(_array(obj), dtype=dtype)
    if isinstance(obj, ndarray):
        if dt is None or (dt.kind == obj._dt.kind and dt._n in (0, obj._dt._n)):
            return obj.copy()
        if dt.kind == obj._dt.kind:
            return ndarray(_fit(obj._c, dt._n).copy(), dt)
        items = [_to_text(x if isinstance(x, str) else x.decode("ascii"), dt.kind) for x in obj._items()]
        return _encode(items, obj.shape, dt.kind, dt._n or None)
    if isinstance(obj, np.ndarray) and not isinstance(obj, ndarray):
        return _from_numeric(obj, dt or _StrDType("U", 0))
    if isinstance(obj, (list, tuple)):
        # Nested lists of str (or of bytes) only: read natively.
        codes = _native.encode_nested(obj, dt._n or None if dt is not None else None,
                                      dt.kind if dt is not None else None)
        if codes is not None:
            kind = "S" if str(codes.dtype) == "uint8" else "U"
            return ndarray(codes, _StrDType(kind, codes.shape[-1]))
    shape, leaves = [], []
    _walk(obj, 0, shape, leaves, [False])
    if dt is None:
        if not all(isinstance(x, (str, bytes, int, float)) or hasattr(x, "dtype") for x in leaves):
            # None, a dict, ... among str: an object array, as NumPy makes.
            return np._object_arrays._array(obj)
        has_str = any(isinstance(x, str) for x in leaves)
        has_bytes = any(isinstance(x, bytes) for x in leaves)
        if has_str and has_bytes:
            _unsupported("array of str and bytes")
        kind = "S" if has_bytes else "U"
        width = max([len(x) for x in leaves if isinstance(x, (str, bytes))] +
                    [_leaf_width(x) for x in leaves if not isinstance(x, (str, bytes))] + [1])
        items = [_to_text(x, kind) for x in leaves]
        return _encode(items, shape, kind, width)
    items = [_to_text(x, dt.kind) for x in leaves]
    return _encode(items, shape, dt.kind, dt._n or None)


def _from_bytes(data, dt, count=-1):
    """np.frombuffer of a str/bytes dtype: NumPy's element bytes."""
    if dt._n == 0:
        raise ValueError("itemsize cannot be zero in type")
    if len(data) % dt.itemsize:
        raise ValueError("buffer size must be a multiple of element size")
    n = len(data) // dt.itemsize if count < 0 else count
    data = data[:n * dt.itemsize]
    codes = np.frombuffer(data, dtype=np.uint8 if dt.kind == "S" else np.uint32).reshape(n, dt._n)
    return ndarray(codes.copy(), dt)


def _shape_arg(shape):
    if isinstance(shape, (list, tuple)):
        return tuple(int(s) for s in shape)
    return (int(shape),)


def _creation(kind, shape, fill, dtype):
    """np.zeros/ones/empty/full of a str dtype (or with a str fill value)."""
    dt = _dtype_or_none(dtype) if dtype is not None else None
    if dt is None and dtype is not None:
        # A str fill into a numeric dtype: NumPy converts the text.
        return np.full(shape, _to_numeric(_array([fill]), dtype)[0], dtype=dtype)
    if kind == "full":
        value = fill
    elif kind == "ones":
        value = 1
    else:
        value = ""
    if dt is None:
        dt = _array([value])._dt
    item = _to_text(value, dt.kind) if not isinstance(value, ndarray) else None
    if item is not None:
        row = _native.encode([item], dt._n or None, dt.kind == "S")
    else:
        row = _fit(value._c, dt._n or value._width())
    w = row.shape[-1]
    shape = _shape_arg(shape)
    codes = np.zeros(shape + (w,), dtype=np.uint8 if dt.kind == "S" else np.uint32)
    codes[...] = row.reshape(-1, w)[0] if item is not None else row
    return ndarray(codes, _StrDType(dt.kind, w))


def _from_numeric(a, dtype):
    """A numeric array as text (`a.astype(str)`): NumPy's str() of each element."""
    dt = _dtype_or_none(dtype)
    a = np.asarray(a)
    name = str(a.dtype)
    if name not in _NUM_WIDTH:
        _unsupported("ndarray.astype(str) of %s" % name)
    if name == "bool":
        items = ["True" if x else "False" for x in a.ravel().tolist()]
    elif name.startswith("float"):
        items = [str(x) for x in a.ravel()]
    else:
        items = [str(x) for x in a.ravel().tolist()]
    if dt.kind == "S":
        items = [x.encode("ascii") for x in items]
    return _encode(items, a.shape, dt.kind, dt._n or _NUM_WIDTH[name])


def _to_numeric(a, dtype):
    """`a.astype(dtype)` of a str array to a numeric dtype (NumPy's
    int()/float() of each element, with their ValueErrors)."""
    target = np.dtype(dtype)
    kind = target.kind
    if kind in "Mm":
        # ISO dates and times: datetimes.py reads them.
        return np.array(a.tolist(), dtype=target)
    out = []
    for x in a._items():
        s = x.decode("ascii") if isinstance(x, bytes) else x
        if kind == "b":
            out.append(len(x) > 0)
        elif kind in "iu":
            try:
                out.append(int(s))
            except ValueError:
                raise ValueError("invalid literal for int() with base 10: %r" % (a._scalar(x),)) from None
        elif kind == "f":
            try:
                out.append(float(s))
            except ValueError:
                raise ValueError("could not convert string to float: %r" % (a._scalar(x),)) from None
        else:
            _unsupported("ndarray.astype(%s) of str arrays" % target)
    return np.array(out, dtype=target).reshape(a.shape)


def _fit(codes, w):
    """Codes cut or zero-padded to width w."""
    have = codes.shape[-1]
    if have == w:
        return codes
    if have > w:
        return codes[..., :w]
    pad = np.zeros(tuple(codes.shape[:-1]) + (w - have,), dtype=codes.dtype)
    return np.concatenate([codes, pad], axis=-1)


def _codes_for(value, dt, w):
    """The codes of `value` as elements of a `dt` array of width w."""
    if not isinstance(value, ndarray):
        value = _array(value, _StrDType(dt.kind, 0))
    elif value._dt.kind != dt.kind:
        value = _array(value, _StrDType(dt.kind, 0))
    return _fit(value._c, w)


def _text(x):
    """x as a str array when it is text (array, str, bytes, list of them); else None."""
    if isinstance(x, ndarray):
        return x
    if isinstance(x, (str, bytes)):
        return _array(x)
    if isinstance(x, (list, tuple)) and _native.involved(x):
        return _array(x)
    return None


# ---- operators ----

_UFUNC_NAMES = {"Add": "add", "Sub": "subtract", "Mul": "multiply", "Div": "divide", "FloorDiv": "floor_divide",
                "Mod": "remainder", "Pow": "power", "MatMul": "matmul", "And": "bitwise_and", "Or": "bitwise_or",
                "Eq": "equal", "Ne": "not_equal", "Lt": "less", "Le": "less_equal", "Gt": "greater",
                "Ge": "greater_equal"}

_DTYPE_CLASSES = {"bool": "BoolDType", "int8": "Int8DType", "uint8": "UInt8DType", "int16": "Int16DType",
                  "uint16": "UInt16DType", "int32": "Int32DType", "uint32": "UInt32DType", "int64": "Int64DType",
                  "uint64": "UInt64DType", "float16": "Float16DType", "float32": "Float32DType",
                  "float64": "Float64DType"}


def _dtype_repr(x):
    if isinstance(x, ndarray):
        return repr(x._dt)
    if isinstance(x, bool):
        return "dtype('bool')"
    if isinstance(x, int):
        return "dtype('int64')"
    if isinstance(x, float):
        return "dtype('float64')"
    if isinstance(x, (str, bytes)):
        return repr(_array(x)._dt)
    d = getattr(x, "dtype", None)
    return repr(d) if d is not None else "dtype('O')"


def _dtype_class(x):
    """NumPy's DType class name of an operand (in comparison errors)."""
    if isinstance(x, ndarray) or isinstance(x, str):
        return "<class 'numpy.dtypes.StrDType'>"
    if isinstance(x, bytes):
        return "<class 'numpy.dtypes.BytesDType'>"
    if isinstance(x, bool):
        return "<class 'numpy.dtypes.BoolDType'>"
    if isinstance(x, int):
        return "<class 'numpy.dtypes._PyLongDType'>"
    if isinstance(x, float):
        return "<class 'numpy.dtypes._PyFloatDType'>"
    d = getattr(x, "dtype", None)
    if d is not None and str(d) in _DTYPE_CLASSES:
        return "<class 'numpy.dtypes.%s'>" % _DTYPE_CLASSES[str(d)]
    return "<class 'numpy.dtypes.ObjectDType'>"


def _unary_error(name):
    raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types "
                       "<class 'numpy.dtypes.StrDType'> -> None" % name)


def _native_binary(op, a, b):
    """`a op b` sent here by numpy's native operators (an operand is text)."""
    return _binary(op, a, b)


def _binary(op, a, b):
    x, y = _text(a), _text(b)
    if op in ("Eq", "Ne", "Lt", "Le", "Gt", "Ge"):
        if x is None or y is None:
            other = b if x is not None else a
            if op in ("Eq", "Ne"):
                oshape = other.shape if isinstance(other, np.ndarray) else ()
                shape = np.broadcast_shapes((x if x is not None else y).shape, oshape)
                return np.full(shape, op == "Ne", dtype=bool)
            raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> None"
                               % (_UFUNC_NAMES[op], _dtype_class(a), _dtype_class(b)))
        if x._dt.kind != y._dt.kind:
            if op in ("Eq", "Ne"):
                shape = np.broadcast_shapes(x.shape, y.shape)
                return np.full(shape, op == "Ne", dtype=bool)
            raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types (%r, %r) -> None"
                               % (_UFUNC_NAMES[op], x._dt, y._dt))
        return _compare(op, x._c, y._c)
    if op == "Add" and x is not None and y is not None:
        if x._dt.kind != y._dt.kind:
            raise _ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (x._dt, y._dt))
        return _elementwise2(lambda s, t: s + t, x, y, x._dt.kind, x._dt._n + y._dt._n)
    if op == "Mul" and (x is None or y is None):
        other = b if x is not None else a
        if isinstance(other, int) or str(getattr(other, "dtype", "")).startswith(("int", "uint")):
            raise TypeError("The 'out' kwarg is necessary when using the string multiply ufunc directly. "
                            "Use numpy.strings.multiply to multiply strings without specifying 'out'.")
    if op == "Div":
        raise TypeError("ufunc 'divide' not supported for the input types, and the inputs could not be "
                        "safely coerced to any supported types according to the casting rule ''safe''")
    raise _ufunc_error("ufunc '%s' did not contain a loop with signature matching types (%s, %s) -> None"
                       % (_UFUNC_NAMES.get(op, op.lower()), _dtype_repr(a), _dtype_repr(b)))


def _compare(op, x, y):
    """Elementwise comparison of two code arrays (broadcasting): NumPy's
    order of str/bytes (code point by code point, shorter first)."""
    w = max(x.shape[-1], y.shape[-1])
    x, y = _fit(x, w), _fit(y, w)
    if op in ("Eq", "Ne"):
        eq = (x == y).all(axis=-1)
        return eq if op == "Eq" else ~eq
    x, y = np.broadcast_arrays(x, y)
    differ = x != y
    first = differ.argmax(axis=-1)[..., None]
    xv = np.take_along_axis(x, first, axis=-1)[..., 0]
    yv = np.take_along_axis(y, first, axis=-1)[..., 0]
    has = differ.any(axis=-1)
    if op == "Lt":
        return has & (xv < yv)
    if op == "Le":
        return ~has | (xv < yv)
    if op == "Gt":
        return has & (xv > yv)
    return ~has | (xv > yv)


def _elementwise2(f, x, y, kind, width=None):
    """f(s, t) of the broadcast elements of str arrays x and y, as a str
    array (width None: the longest result)."""
    xi = np.arange(x.size).reshape(x.shape)
    yi = np.arange(y.size).reshape(y.shape)
    bx, by = np.broadcast_arrays(xi, yi)
    xs, ys = x._items(), y._items()
    out = [f(xs[i], ys[j]) for i, j in zip(bx.ravel().tolist(), by.ravel().tolist())]
    return _encode(out, bx.shape, kind, width or None)


def _map(f, a, width=None, numeric=None):
    """f of each element of str array a: a str array (width None: the
    longest result) or, `numeric` a dtype, a numeric array."""
    out = [f(s) for s in a._items()]
    if numeric is not None:
        return np.array(out, dtype=numeric).reshape(a.shape)
    return _encode(out, a.shape, a._dt.kind, width)


# ---- sorting (the array's methods) ----

def _sorted(t, axis):
    if axis is None:
        t = t.ravel()
        axis = -1
    if t.ndim == 0:
        raise np.exceptions.AxisError("axis -1 is out of bounds for array of dimension 0")
    order = t.argsort(axis)
    ax = _axis(axis, t.ndim)
    ids = np.take_along_axis(np.arange(t.size).reshape(t.shape), order, axis=ax)
    w = t._width()
    return t._new(t._c.reshape(-1, w)[ids.ravel()].reshape(t.shape + (w,)))


def _searchsorted(t, v, side="left", sorter=None):
    import bisect
    items = t._items()
    if sorter is not None:
        items = [items[i] for i in np.asarray(sorter).tolist()]
    find = bisect.bisect_left if side == "left" else bisect.bisect_right
    vt = _text(v)
    if vt is None:
        _unsupported("searchsorted of numbers and str")
    if vt._dt.kind != t._dt.kind:
        _unsupported("searchsorted of str and bytes")
    out = [find(items, x) for x in vt._items()]
    if vt.ndim == 0:
        return np.int64(out[0])
    return np.array(out, dtype=np.int64).reshape(vt.shape)
