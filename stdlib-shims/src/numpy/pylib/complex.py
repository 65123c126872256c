# Complex arrays (complex64 and complex128) and their scalars.
#
# A complex array holds its real and imaginary parts as two float arrays
# (float32 for complex64, float64 for complex128). Both are ordinary hipy
# arrays, so complex arithmetic is float arithmetic on the parts: it builds
# graph nodes and fuses like any other float expression. Each operation
# follows NumPy's definition of it on the parts (including its order of
# operations, so results agree to the last bit where NumPy's loops are plain
# arithmetic); an operation on complex values that is not written here raises
# NotImplementedError naming it.
#
# Printing is native (_complex_native.array_text/scalar_text): NumPy's
# ComplexFloatingFormat over the two parts.

__all__ = ["complex128", "complex64", "cdouble", "csingle", "real", "imag", "conj", "conjugate",
           "angle", "iscomplex", "isreal", "iscomplexobj", "isrealobj", "real_if_close", "sort_complex"]

import math as _math
import sys as _sys

_native = np._complex_native
_NO_VALUE = object()


class _ComplexDType:
    """The dtype object of a complex array (`a.dtype`)."""

    _hipy_complex_dtype = True
    kind = "c"
    byteorder = "="
    ndim = 0
    shape = ()

    def __init__(self, name, part, char):
        self.name = name
        self._part = part
        self.char = char
        self.itemsize = 2 * part.itemsize
        self.str = "<c%d" % self.itemsize

    @property
    def type(self):
        return complex64 if self is _C64 else complex128

    def __repr__(self):
        return "dtype('%s')" % self.name

    def __str__(self):
        return self.name

    def __eq__(self, other):
        return other is self or _complex_dtype(other, None) is self

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)


_C64 = _ComplexDType("complex64", np.dtype(np.float32), "F")
_C128 = _ComplexDType("complex128", np.dtype(np.float64), "D")
_NAMES = {"complex": _C128, "complex128": _C128, "c16": _C128, "D": _C128, "cdouble": _C128,
          "complex64": _C64, "c8": _C64, "F": _C64, "csingle": _C64}


def _complex_dtype(d, default=_NO_VALUE):
    """The complex dtype object `d` names (None, or `default` if it names none)."""
    if isinstance(d, _ComplexDType):
        return d
    if d is complex or d is complex128:
        return _C128
    if d is complex64:
        return _C64
    if isinstance(d, str):
        found = _NAMES.get(d.lstrip("<=|"))
        if found is not None:
            return found
    if default is _NO_VALUE:
        raise NotImplementedError("numpy.dtype %r for complex values is not supported by hipy" % (d,))
    return default


def _dtype_for_part(part_dtype):
    return _C64 if part_dtype == np.float32 else _C128


class _Arithmetic:
    """The arithmetic operators of complex arrays and complex scalars alike:
    NumPy's ufuncs on their parts (first in the scalars' bases, so they
    win over `complex`'s own)."""

    def __add__(self, o): return _binary("add", self, o)
    def __radd__(self, o): return _binary("add", o, self)
    def __sub__(self, o): return _binary("subtract", self, o)
    def __rsub__(self, o): return _binary("subtract", o, self)
    def __mul__(self, o): return _binary("multiply", self, o)
    def __rmul__(self, o): return _binary("multiply", o, self)
    def __truediv__(self, o): return _binary("divide", self, o)
    def __rtruediv__(self, o): return _binary("divide", o, self)
    def __pow__(self, o): return _binary("power", self, o)
    def __rpow__(self, o): return _binary("power", o, self)
    def __neg__(self): return _unary("negative", self)
    def __pos__(self): return _unary("positive", self)
    def __abs__(self): return _unary("absolute", self)


class ndarray(_Arithmetic):
    """A complex ndarray: real and imaginary float parts of one shape."""

    _hipy_complex = True
    __array_priority__ = 100

    def __init__(self, re, im, dtype):
        self._re = re
        self._im = im
        self._dt = dtype

    # -- attributes --
    dtype = property(lambda self: self._dt)
    shape = property(lambda self: self._re.shape)
    ndim = property(lambda self: self._re.ndim)
    size = property(lambda self: self._re.size)
    itemsize = property(lambda self: self._dt.itemsize)
    nbytes = property(lambda self: self._re.size * self._dt.itemsize)
    T = property(lambda self: self.transpose())
    mT = property(lambda self: self._map(lambda p: p.mT))

    @property
    def real(self):
        return self._re

    @real.setter
    def real(self, value):
        self._re[...] = value

    @property
    def imag(self):
        return self._im

    @imag.setter
    def imag(self, value):
        self._im[...] = value

    def _map(self, f):
        return _wrap(f(self._re), f(self._im), self._dt)

    # -- shape and indexing --
    def __len__(self):
        return len(self._re)

    def __getitem__(self, key):
        return _wrap(self._re[key], self._im[key], self._dt)

    def __setitem__(self, key, value):
        re, im, _, _ = _parts(value)
        self._re[key] = re
        self._im[key] = im

    def __iter__(self):
        for k in range(len(self)):
            yield self[k]

    def reshape(self, *shape, **kwargs):
        return self._map(lambda p: p.reshape(*shape, **kwargs))

    def transpose(self, *axes):
        return self._map(lambda p: p.transpose(*axes))

    def swapaxes(self, a, b):
        return self._map(lambda p: p.swapaxes(a, b))

    def squeeze(self, axis=None):
        return self._map(lambda p: p.squeeze(axis))

    def ravel(self, order="C"):
        _c_order(order, "ravel")
        return self._map(lambda p: p.ravel())

    def flatten(self, order="C"):
        _c_order(order, "flatten")
        return self._map(lambda p: p.flatten())

    def copy(self, order="C"):
        return self._map(lambda p: p.copy())

    def conj(self):
        return _wrap(self._re.copy(), -self._im, self._dt)

    conjugate = conj

    def astype(self, dtype, copy=True):
        cd = _complex_dtype(dtype, None)
        if cd is not None:
            return _wrap(self._re.astype(cd._part), self._im.astype(cd._part), cd)
        # NumPy drops the imaginary part (with a ComplexWarning).
        return self._re.astype(dtype)

    def tolist(self):
        re, im = self._re.tolist(), self._im.tolist()
        return _zip_lists(re, im)

    def item(self, *args):
        return complex(self._re.item(*args), self._im.item(*args))

    def __complex__(self):
        if self.ndim != 0:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        return complex(float(self._re.ravel()[0]), float(self._im.ravel()[0]))

    def __bool__(self):
        return bool((self._re != 0) | (self._im != 0))

    def __float__(self):
        raise TypeError("float() argument must be a string or a real number, not 'complex'")

    # -- printing --
    def __repr__(self):
        return _native.array_text(self._re, self._im, self._dt is _C64, 0)

    def __str__(self):
        return _native.array_text(self._re, self._im, self._dt is _C64, 1)

    # -- reductions --
    def sum(self, axis=None, dtype=None, keepdims=False):
        _no_dtype(dtype, "sum")
        return _wrap(self._re.sum(axis=axis, keepdims=keepdims), self._im.sum(axis=axis, keepdims=keepdims), self._dt)

    def mean(self, axis=None, dtype=None, keepdims=False):
        _no_dtype(dtype, "mean")
        total = self.sum(axis=axis, keepdims=keepdims)
        count = self.size // max(total.size, 1) if self.size else 0
        # NumPy divides the complex sum by the count as a complex number.
        return _binary("divide", total, float(count))

    def prod(self, axis=None, dtype=None, keepdims=False):
        _no_dtype(dtype, "prod")
        a = self
        if axis is None:
            a = a.ravel()
            axis = 0
        a = _wrap(np.moveaxis(a._re, axis, 0), np.moveaxis(a._im, axis, 0), a._dt)
        if a.shape[0] == 0:
            r = _wrap(np.ones(a.shape[1:], a._re.dtype), np.zeros(a.shape[1:], a._re.dtype), a._dt)
        else:
            r = a[0]
        for k in range(1, a.shape[0]):
            r = _binary("multiply", r, a[k])
        if keepdims:
            r = _wrap(np.expand_dims(r._re, axis), np.expand_dims(r._im, axis), r._dt)
        return r

    def round(self, decimals=0):
        return self._map(lambda p: np.round(p, decimals))

    def all(self, axis=None):
        return ((self._re != 0) | (self._im != 0)).all(axis=axis)

    def any(self, axis=None):
        return ((self._re != 0) | (self._im != 0)).any(axis=axis)

    # -- operators --
    def __eq__(self, o): return _binary("equal", self, o)
    def __ne__(self, o): return _binary("not_equal", self, o)

    def __matmul__(self, o): return _matmul(self, o)
    def __rmatmul__(self, o): return _matmul(o, self)
    def dot(self, o): return _matmul(self, o)

    def __iadd__(self, o): return self._inplace("add", o)
    def __isub__(self, o): return self._inplace("subtract", o)
    def __imul__(self, o): return self._inplace("multiply", o)
    def __itruediv__(self, o): return self._inplace("divide", o)

    def _inplace(self, op, o):
        r = _binary(op, self, o)
        self._re[...] = r._re
        self._im[...] = r._im
        return self

    def __lt__(self, o): return _binary("less", self, o)
    def __le__(self, o): return _binary("less_equal", self, o)
    def __gt__(self, o): return _binary("greater", self, o)
    def __ge__(self, o): return _binary("greater_equal", self, o)
    def __floordiv__(self, o): return _no_loop("floor_divide")
    __rfloordiv__ = __floordiv__
    def __mod__(self, o): return _no_loop("remainder")
    __rmod__ = __mod__

    __hash__ = None


ndarray.__module__ = "numpy"


def _c_order(order, name):
    if order != "C":
        raise NotImplementedError("numpy.ndarray.%s(order=%r) of complex values is not supported by hipy" % (name, order))


def _no_dtype(dtype, name):
    if dtype is not None and _complex_dtype(dtype, None) is None:
        raise NotImplementedError("numpy.%s of complex values with dtype=%s is not supported by hipy" % (name, dtype))


def _unsupported(name):
    raise NotImplementedError("numpy.%s on complex values is not supported by hipy" % name)


def _no_loop(name):
    raise TypeError("ufunc '%s' not supported for the input types, and the inputs could not be safely "
                    "coerced to any supported types according to the casting rule ''safe''" % name)


def _zip_lists(re, im):
    if isinstance(re, list):
        return [_zip_lists(r, i) for r, i in zip(re, im)]
    return complex(re, im)


# ---- scalars ----

class _ComplexScalar(_Arithmetic, complex):
    """Base of np.complex64 / np.complex128 (Python complex subclasses)."""

    _hipy_complex = True
    _dt = None

    def __new__(cls, real=0, imag=None):
        if imag is not None:
            z = complex(real, imag)
        elif isinstance(real, (str, complex, int, float)):
            z = complex(real)
        elif isinstance(real, ndarray):
            z = complex(real)
        else:
            z = complex(np.asarray(real).item())
        if cls._dt is _C64:
            z = complex(float(np.float32(z.real)), float(np.float32(z.imag)))
        return complex.__new__(cls, z)

    dtype = property(lambda self: self._dt)
    shape = ()
    ndim = 0
    size = 1
    itemsize = property(lambda self: self._dt.itemsize)

    @property
    def real(self):
        return self._dt._part.type(complex.real.__get__(self))

    @property
    def imag(self):
        return self._dt._part.type(complex.imag.__get__(self))

    def __repr__(self):
        return _native.scalar_text(complex.real.__get__(self), complex.imag.__get__(self), self._dt is _C64, 0)

    def __str__(self):
        return _native.scalar_text(complex.real.__get__(self), complex.imag.__get__(self), self._dt is _C64, 1)

    def conj(self):
        return _unary("conjugate", self)

    conjugate = conj

    def item(self):
        return complex(self)

    def astype(self, dtype):
        return _wrap(*_parts(self)[:2], self._dt).astype(dtype)

    def __hash__(self): return complex.__hash__(self)


class complex128(_ComplexScalar):
    _dt = _C128


class complex64(_ComplexScalar):
    _dt = _C64


complex128.__module__ = complex64.__module__ = "numpy"
cdouble = complex128
csingle = complex64


def _wrap(re, im, dt):
    """A complex array of these parts; a scalar when they are 0-d (NumPy's
    ufuncs and indexing return scalars for 0-d results)."""
    if np.ndim(re) == 0 and np.ndim(im) == 0:
        return dt.type(complex(float(re), float(im)))
    re, im = np.asarray(re), np.asarray(im)
    if re.shape != im.shape:
        # A part that is the same everywhere (a real operand's zero
        # imaginary part): both parts get the full shape.
        shape = np.broadcast_shapes(re.shape, im.shape)
        re = re if re.shape == shape else np.broadcast_to(re, shape).copy()
        im = im if im.shape == shape else np.broadcast_to(im, shape).copy()
    return ndarray(re, im, dt)


# ---- conversion ----

def _parts(x):
    """(re, im, complex dtype or None, weak) of an operand: a complex array
    or scalar, a real array, or a Python number (weak, NEP 50)."""
    if isinstance(x, ndarray):
        return x._re, x._im, x._dt, False
    if isinstance(x, _ComplexScalar):
        p = x._dt._part.type
        return np.asarray(p(complex.real.__get__(x))), np.asarray(p(complex.imag.__get__(x))), x._dt, False
    if isinstance(x, complex):
        return x.real, x.imag, _C128, True
    if isinstance(x, (bool, int, float)):
        return x, 0.0, None, True
    a = np.asarray(x)
    if isinstance(a, ndarray):
        return a._re, a._im, a._dt, False
    return a, 0.0, None, False


def _result_part(a, b):
    """The float dtype of the parts of a complex result of operands a, b
    (NumPy's promotion: a complex operand counts as its part's float type,
    a Python number is weak, and float16 parts widen to complex64's)."""
    strong = [c._part if c is not None else np.asarray(p).dtype for p, _, c, weak in (a, b) if not weak]
    if not strong:
        return np.dtype(np.float64)
    d = strong[0]
    for e in strong[1:]:
        d = np.promote_types(d, e)
    if d.kind != "f":
        return np.dtype(np.float64)
    return np.dtype(np.float32) if d.itemsize <= 4 else np.dtype(np.float64)


def _cast(p, dtype):
    if isinstance(p, np.ndarray) or isinstance(p, np.generic):
        return np.asarray(p).astype(dtype)
    return np.asarray(p, dtype=dtype)


def _array(obj, dtype=None):
    """np.array / np.asarray of complex data or to a complex dtype."""
    cd = _complex_dtype(dtype) if dtype is not None else None
    if isinstance(obj, ndarray):
        if cd is None or cd is obj._dt:
            return obj.copy()
        return obj.astype(cd)
    if isinstance(obj, (complex, bool, int, float)) or isinstance(obj, np.generic):
        z = complex(obj)
        re, im = np.array(z.real), np.array(z.imag)
    elif isinstance(obj, np.ndarray):
        re, im = obj, np.zeros(obj.shape)
    else:
        re = np.array(_leaves(obj, True), dtype=np.float64)
        im = np.array(_leaves(obj, False), dtype=np.float64)
    cd = cd or _C128
    return ndarray(_cast(re, cd._part), _cast(im, cd._part), cd)


def _creation(kind, shape, fill, dtype):
    """np.zeros / ones / empty / full with a complex dtype or fill value."""
    cd = _complex_dtype(dtype) if dtype is not None else _C128
    p = cd._part
    if kind == "full":
        z = complex(fill)
        return ndarray(np.full(shape, z.real, p), np.full(shape, z.imag, p), cd)
    re = np.ones(shape, p) if kind == "ones" else np.zeros(shape, p)
    return ndarray(re, np.zeros(shape, p), cd)


def _leaves(obj, real_part):
    if isinstance(obj, (list, tuple)):
        return [_leaves(x, real_part) for x in obj]
    if isinstance(obj, ndarray):
        return (obj._re if real_part else obj._im).tolist()
    if isinstance(obj, np.ndarray):
        return obj.tolist() if real_part else np.zeros(obj.shape).tolist()
    z = complex(obj)
    return z.real if real_part else z.imag


# ---- arithmetic ----

_NATIVE_OPS = {"Add": "add", "Sub": "subtract", "Mul": "multiply", "Div": "divide", "Pow": "power",
               "Eq": "equal", "Ne": "not_equal", "Lt": "less", "Le": "less_equal", "Gt": "greater",
               "Ge": "greater_equal", "FloorDiv": "floor_divide", "Mod": "remainder"}
_ORDER = ("less", "less_equal", "greater", "greater_equal")


def _native_binary(op, a, b):
    """`a op b` from numpy's native operators when an operand is complex."""
    name = _NATIVE_OPS.get(op)
    if name is None:
        raise NotImplementedError("numpy operator %s on complex values is not supported by hipy" % op)
    return _binary(name, a, b)


def _mul(ar, ai, br, bi):
    return ar * br - ai * bi, ar * bi + ai * br


def _div(ar, ai, br, bi):
    # Smith's method, as NumPy's complex division loop does it.
    abs_br, abs_bi = np.abs(br), np.abs(bi)
    big_r = abs_br >= abs_bi
    both_zero = (abs_br == 0) & (abs_bi == 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        rat1 = bi / br
        scl1 = 1.0 / (br + bi * rat1)
        re1 = (ar + ai * rat1) * scl1
        im1 = (ai - ar * rat1) * scl1
        re0 = ar / abs_br
        im0 = ai / abs_br
        rat2 = br / bi
        scl2 = 1.0 / (bi + br * rat2)
        re2 = (ar * rat2 + ai) * scl2
        im2 = (ai * rat2 - ar) * scl2
    re = np.where(big_r, np.where(both_zero, re0, re1), re2)
    im = np.where(big_r, np.where(both_zero, im0, im1), im2)
    return re, im


def _pow(ar, ai, br, bi, dtype):
    # Integer exponents multiply (as NumPy does for |n| < 100); others need
    # the complex logarithm's branch handling, which hipy does not have.
    try:
        n = float(br) if not isinstance(br, np.ndarray) or br.ndim == 0 else None
        bi_zero = not isinstance(bi, np.ndarray) or bi.ndim == 0
        bi_zero = bi_zero and float(bi) == 0.0
    except TypeError:
        n = None
    if n is None or not bi_zero or n != int(n) or abs(n) >= 100:
        raise NotImplementedError("numpy.power of complex values with a non-integer or array exponent is not supported by hipy")
    n = int(n)
    ar, ai = _cast(ar, dtype), _cast(ai, dtype)
    if n == 0:
        return np.ones_like(ar), np.zeros_like(ai)
    if n == 1:
        return ar, ai
    if n == 2:
        return _mul(ar, ai, ar, ai)
    if n == 3:
        r, i = _mul(ar, ai, ar, ai)
        return _mul(r, i, ar, ai)
    m = abs(n)
    rr, ri = np.ones_like(ar), np.zeros_like(ai)
    pr, pi = ar, ai
    mask = 1
    while True:
        if m & mask:
            rr, ri = _mul(rr, ri, pr, pi)
        mask <<= 1
        if m < mask:
            break
        pr, pi = _mul(pr, pi, pr, pi)
    if n < 0:
        rr, ri = _div(np.ones_like(rr), np.zeros_like(ri), rr, ri)
    return rr, ri


def _matmul(a, b):
    pa, pb = _parts(a), _parts(b)
    if pa[3] or pb[3]:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    part = _result_part(pa, pb)
    ar, ai, br, bi = (_cast(x, part) for x in (pa[0], pa[1], pb[0], pb[1]))
    ai = ai if ai.shape == ar.shape else np.zeros(ar.shape, part)
    bi = bi if bi.shape == br.shape else np.zeros(br.shape, part)
    return _wrap(ar @ br - ai @ bi, ar @ bi + ai @ br, _dtype_for_part(part))


def _binary(name, a, b):
    pa, pb = _parts(a), _parts(b)
    part = _result_part(pa, pb)
    dt = _dtype_for_part(part)
    ar, ai, br, bi = (_cast(x, part) for x in (pa[0], pa[1], pb[0], pb[1]))
    if name == "add":
        re, im = ar + br, ai + bi
    elif name == "subtract":
        re, im = ar - br, ai - bi
    elif name == "multiply":
        re, im = _mul(ar, ai, br, bi)
    elif name in ("divide", "true_divide"):
        re, im = _div(ar, ai, br, bi)
    elif name == "power":
        re, im = _pow(ar, ai, pb[0], pb[1], part)
    elif name == "equal":
        return (ar == br) & (ai == bi)
    elif name == "not_equal":
        return (ar != br) | (ai != bi)
    elif name in _ORDER:
        # Lexicographic, as NumPy orders complex values.
        if name in ("greater", "greater_equal"):
            ar, ai, br, bi = br, bi, ar, ai
        tie = (ai < bi) if name in ("less", "greater") else (ai <= bi)
        return ((ar < br) & ~np.isnan(ai) & ~np.isnan(bi)) | ((ar == br) & tie)
    elif name in ("floor_divide", "remainder", "mod", "fmod", "divmod"):
        _no_loop(name)
    else:
        _unsupported(name)
    return _wrap(re, im, dt)


def _unary(name, x, **kwargs):
    re, im, dt, weak = _parts(x)
    if weak or dt is None:
        dt = _C128 if dt is None else dt
        re, im = np.asarray(re, dtype=np.float64), np.asarray(im, dtype=np.float64)
    if name == "negative":
        return _wrap(-re, -im, dt)
    if name == "positive":
        return _wrap(+re, +im, dt)
    if name in ("conjugate", "conj"):
        return _wrap(+re, -im, dt)
    if name in ("absolute", "abs"):
        return _libm(np.hypot, re, im)
    if name == "square":
        return _wrap(*_mul(re, im, re, im), dt)
    if name == "reciprocal":
        return _wrap(*_div(np.ones_like(re), np.zeros_like(im), re, im), dt)
    if name == "exp":
        e = _libm(np.exp, re)
        return _wrap(e * _libm(np.cos, im), e * _libm(np.sin, im), dt)
    if name == "log":
        return _wrap(_libm(np.log, _libm(np.hypot, re, im)), _libm(np.arctan2, im, re), dt)
    if name == "sqrt":
        return _wrap(*_sqrt(re, im), dt)
    if name == "sin":
        return _wrap(_libm(np.sin, re) * _libm(np.cosh, im), _libm(np.cos, re) * _libm(np.sinh, im), dt)
    if name == "cos":
        return _wrap(_libm(np.cos, re) * _libm(np.cosh, im), -(_libm(np.sin, re) * _libm(np.sinh, im)), dt)
    if name == "isnan":
        return np.isnan(re) | np.isnan(im)
    if name == "isinf":
        return np.isinf(re) | np.isinf(im)
    if name == "isfinite":
        return np.isfinite(re) & np.isfinite(im)
    _unsupported(name)


def _libm(f, *parts):
    """f on float parts; complex64's parts go through float64 and round back,
    as the C library's single-precision functions (correctly rounded, or
    nearly) that NumPy's complex64 loops call."""
    if all(np.asarray(p).dtype == np.float32 for p in parts):
        return f(*[np.asarray(p).astype(np.float64) for p in parts]).astype(np.float32)
    return f(*parts)


def _sqrt(re, im):
    with np.errstate(invalid="ignore", divide="ignore"):
        h = np.hypot(re, im)
        t_pos = np.sqrt((re + h) * 0.5)
        t_neg = np.sqrt((h - re) * 0.5)
        pos_re, pos_im = t_pos, im / (2 * t_pos)
        neg_re, neg_im = np.abs(im) / (2 * t_neg), np.copysign(t_neg, im)
    zero = (re == 0) & (im == 0)
    out_re = np.where(zero, 0.0 * re, np.where(re >= 0, pos_re, neg_re))
    out_im = np.where(zero, im, np.where(re >= 0, pos_im, neg_im))
    return out_re.astype(re.dtype), out_im.astype(re.dtype)


def _ufunc(name, args, kwargs):
    """A ufunc call with a complex operand (from np.ufunc.__call__)."""
    if kwargs:
        raise NotImplementedError("numpy.%s(%s=...) on complex values is not supported by hipy"
                                  % (name, ", ".join(kwargs)))
    if len(args) == 1:
        return _unary(name, args[0])
    if len(args) == 2:
        return _binary(name, args[0], args[1])
    _unsupported(name)


np._complex_ufunc = _ufunc
_sys.modules["numpy._hipy_ufunc"]._COMPLEX_TYPES.update((ndarray, complex128, complex64))


# ---- numpy functions that call a complex array's method ----
# (NumPy's own functions call the method of an argument that is not an
# ndarray; hipy's native ones do not know complex arrays, so once complex
# arrays exist these names forward them.)

def _forward(name, method):
    native = getattr(np, name)

    def f(a, *args, **kwargs):
        if isinstance(a, _ComplexScalar):
            a = ndarray(*_parts(a)[:2], a._dt)
        if isinstance(a, ndarray):
            return getattr(a, method)(*args, **kwargs)
        return native(a, *args, **kwargs)

    f.__name__ = name
    f.__qualname__ = name
    setattr(np, name, f)


for _name, _method in (("round", "round"), ("around", "round"), ("sum", "sum"), ("mean", "mean"),
                       ("prod", "prod"), ("transpose", "transpose"), ("reshape", "reshape"),
                       ("ravel", "ravel"), ("copy", "copy"), ("squeeze", "squeeze"),
                       ("swapaxes", "swapaxes"), ("any", "any"), ("all", "all")):
    _forward(_name, _method)


def _isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x, y = _array(a), _array(b)
    with np.errstate(invalid="ignore"):
        r = (abs(x - y) <= atol + rtol * abs(y)) & _unary("isfinite", y) | (x == y)
    if equal_nan:
        r = r | (_unary("isnan", x) & _unary("isnan", y))
    return r


def _close_forward(name):
    native = getattr(np, name)

    def f(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        if _is_complex(a) or _is_complex(b):
            r = _isclose(a, b, rtol, atol, equal_nan)
            return bool(r.all()) if name == "allclose" else r
        return native(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)

    f.__name__ = name
    setattr(np, name, f)


_close_forward("isclose")
_close_forward("allclose")


# ---- the numpy functions about complex values ----

def _is_complex(x):
    return isinstance(x, (ndarray, complex))


def real(val):
    if _is_complex(val):
        return _parts(val)[0] if not isinstance(val, complex) or isinstance(val, _ComplexScalar) else val.real
    return np.asarray(val)


def imag(val):
    if _is_complex(val):
        return _parts(val)[1] if not isinstance(val, complex) or isinstance(val, _ComplexScalar) else val.imag
    return np.zeros_like(np.asarray(val))


def conj(x):
    if _is_complex(x):
        return _unary("conjugate", x)
    return np.positive(x)


conjugate = conj


def angle(z, deg=False):
    if _is_complex(z):
        re, im = _parts(z)[:2]
        r = np.arctan2(im, re)
    else:
        z = np.asarray(z)
        r = np.arctan2(np.zeros(z.shape), z) if z.dtype != np.float32 else np.arctan2(np.zeros(z.shape, np.float32), z)
    return np.degrees(r) if deg else r


def iscomplex(x):
    if _is_complex(x):
        return np.asarray(_parts(x)[1]) != 0
    return np.zeros(np.shape(x), dtype=bool) if np.ndim(x) else np.False_


def isreal(x):
    if _is_complex(x):
        return np.asarray(_parts(x)[1]) == 0
    return np.ones(np.shape(x), dtype=bool) if np.ndim(x) else np.True_


def iscomplexobj(x):
    if _is_complex(x):
        return True
    return isinstance(getattr(x, "dtype", None), _ComplexDType)


def isrealobj(x):
    return not iscomplexobj(x)


def real_if_close(a, tol=100):
    if not _is_complex(a):
        return np.asarray(a)
    a = _array(a)
    eps = np.finfo(a._dt._part).eps
    if tol > 1:
        tol = tol * eps
    if bool(np.all(np.abs(a._im) < tol)):
        return a._re.copy()
    return a


def sort_complex(a):
    """Sorted by real part, then imaginary part; always complex."""
    a = _array(a)
    if a.ndim == 0:
        return a
    order = np.lexsort((a._im, a._re), axis=-1)
    dt = a._dt
    return ndarray(np.take_along_axis(a._re, order, axis=-1), np.take_along_axis(a._im, order, axis=-1), dt)
