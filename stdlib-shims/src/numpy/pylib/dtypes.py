# Machine limits (iinfo, finfo) and the abstract scalar hierarchy used by
# issubdtype.

__all__ = ["iinfo", "finfo", "issubdtype", "number", "integer", "signedinteger", "unsignedinteger",
           "inexact", "floating", "complexfloating", "flexible", "character", "isdtype", "typename", "mintypecode", "common_type"]


class _Abstract(type):
    """The abstract scalar classes: a concrete scalar type (np.float32, ...)
    is a subclass of the ones whose kinds hold its dtype's kind."""

    def __subclasscheck__(cls, sub):
        if isinstance(sub, _Abstract):
            return type.__subclasscheck__(cls, sub)
        if isinstance(sub, type) and (getattr(sub, "_hipy_complex", False) or getattr(sub, "_hipy_str_scalar", False)
                                      or issubclass(sub, np.generic) and sub is not np.generic):
            return _dtype(sub).kind in cls._kinds
        return False

    def __instancecheck__(cls, obj):
        return cls.__subclasscheck__(type(obj))


def _dtype(t):
    """np.dtype(t), also for the complex scalar types (complex.py)."""
    return t._dt if getattr(t, "_hipy_complex", False) and isinstance(t, type) else np.dtype(t)


class number(metaclass=_Abstract):
    _kinds = "iufc"


class integer(number):
    _kinds = "iu"


class signedinteger(integer):
    _kinds = "i"


class unsignedinteger(integer):
    _kinds = "u"


class inexact(number):
    _kinds = "fc"


class floating(inexact):
    _kinds = "f"


class complexfloating(inexact):
    _kinds = "c"


class flexible(metaclass=_Abstract):
    _kinds = "USV"


class character(flexible):
    _kinds = "US"


def issubdtype(arg1, arg2):
    d1 = _dtype(arg1)
    if isinstance(arg2, _Abstract):
        return d1.kind in arg2._kinds
    if arg2 is np.generic:
        return True
    d2 = _dtype(arg2)
    if getattr(d2, "_hipy_str_dtype", False) and d2._n == 0:
        # np.str_ / np.bytes_ / 'U': every width of the kind.
        return d1.kind == d2.kind
    return d1 == d2


_ISDTYPE_KINDS = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu",
                  "real floating": "f", "complex floating": "c", "numeric": "iufc"}


def isdtype(dtype, kind):
    d = _dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            if k not in _ISDTYPE_KINDS:
                raise ValueError("kind argument is a string, but '%s' is not a known kind name." % k)
            if d.kind in _ISDTYPE_KINDS[k]:
                return True
        elif _dtype(k) == d:
            return True
    return False


_TYPENAMES = {"S1": "character", "?": "bool", "b": "signed char", "B": "unsigned char", "h": "short",
              "H": "unsigned short", "i": "integer", "I": "unsigned integer", "l": "long integer",
              "L": "unsigned long integer", "q": "long long integer", "Q": "unsigned long long integer",
              "f": "single precision", "d": "double precision", "g": "long precision",
              "F": "complex single precision", "D": "complex double precision",
              "G": "complex long double precision", "S": "string", "U": "unicode", "V": "void", "O": "object"}


def typename(char):
    return _TYPENAMES[char]


# Type codes from the largest element to the smallest.
_BY_SIZE = "GDFgdfQqLlIiHhBb?"


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    codes = set(t if isinstance(t, str) else np.asarray(t).dtype.char for t in typechars)
    common = [t for t in codes if t in typeset]
    if not common:
        return default
    if "F" in common and "d" in common:
        return "D"
    return min(common, key=_BY_SIZE.index)


class iinfo:
    def __init__(self, int_type):
        d = int_type if isinstance(int_type, np.dtype) else np.dtype(int_type if not isinstance(int_type, np.ndarray) else int_type.dtype)
        if d.kind not in "iu":
            raise ValueError("Invalid integer data type %r." % d.kind)
        self.dtype = d
        self.kind = d.kind
        self.bits = d.itemsize * 8
        if d.kind == "u":
            self.min = 0
            self.max = 2 ** self.bits - 1
        else:
            self.min = -(2 ** (self.bits - 1))
            self.max = 2 ** (self.bits - 1) - 1

    def __repr__(self):
        return "iinfo(min=%d, max=%d, dtype=%s)" % (self.min, self.max, self.dtype)

    def __str__(self):
        line = "-" * 63
        return ("Machine parameters for %s\n%s\nmin = %d\nmax = %d\n%s\n" % (self.dtype, line, self.min, self.max, line))


_FINFO = {
    # bits, precision, resolution, eps, epsneg, max, tiny, smallest_subnormal, machep, negep, minexp, maxexp, nexp, nmant
    "float16": (16, 3, 1e-3, 2.0 ** -10, 2.0 ** -11, 65504.0, 2.0 ** -14, 2.0 ** -24, -10, -11, -14, 16, 5, 10),
    "float32": (32, 6, 1e-6, 2.0 ** -23, 2.0 ** -24, 3.4028234663852886e+38, 2.0 ** -126, 2.0 ** -149, -23, -24, -126, 128, 8, 23),
    "float64": (64, 15, 1e-15, 2.0 ** -52, 2.0 ** -53, 1.7976931348623157e+308, 2.0 ** -1022, 5e-324, -52, -53, -1022, 1024, 11, 52),
}


class finfo:
    def __init__(self, dtype):
        d = np.dtype(dtype.dtype if isinstance(dtype, np.ndarray) else dtype)
        if d.kind != "f":
            if d.kind in "iub":
                raise ValueError("data type %r not inexact" % d.type)
            raise ValueError("data type %r not inexact" % d)
        t = d.type
        (self.bits, self.precision, res, eps, epsneg, mx, tiny, sub, self.machep, self.negep,
         self.minexp, self.maxexp, self.nexp, self.nmant) = _FINFO[d.name]
        self.dtype = d
        self.resolution = t(res)
        self.eps = t(eps)
        self.epsneg = t(epsneg)
        self.max = t(mx)
        self.min = t(-mx)
        self.tiny = t(tiny)
        self.smallest_normal = t(tiny)
        self.smallest_subnormal = t(sub)
        self.iexp = self.nexp

    def __repr__(self):
        fmt = {"float16": "%12.5e", "float32": "%15.7e", "float64": "%24.16e"}[self.dtype.name]
        lo = (fmt % float(self.min)).strip()
        hi = (fmt % float(self.max)).strip()
        return "finfo(resolution=%s, min=%s, max=%s, dtype=%s)" % (self.resolution, lo, hi, self.dtype)


def common_type(*arrays):
    """The float (or complex) scalar type of the largest precision among the
    arrays; integers count as float64, and any complex array makes it complex."""
    bits = 0
    is_complex = False
    for a in arrays:
        d = np.asarray(a).dtype
        if d.kind in "iu":
            b = 64
        elif d.kind == "f":
            b = d.itemsize * 8
        elif d.kind == "c":
            b = d.itemsize * 4
            is_complex = True
        else:
            raise TypeError("can't get common type for non-numeric array")
        bits = max(bits, b)
    if is_complex:
        return np.complex64 if bits <= 32 else np.complex128
    return {16: np.float16, 32: np.float32, 64: np.float64}[bits]
