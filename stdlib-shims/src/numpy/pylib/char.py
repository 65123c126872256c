# numpy.char: elementwise string operations on str and bytes arrays
# (`strings.py`), each a Python str/bytes method applied to every element.
#
# Written from NumPy's documentation; no NumPy code is copied.

_s = np._strings_native.module()


def _arr(a):
    t = _s._text(a)
    if t is None:
        raise TypeError("string operation on non-string array")
    return t


def _same_width(method):
    """A function keeping the input's width (NumPy's upper, lower, ...)."""
    def f(a):
        t = _arr(a)
        return _s._map(lambda x: getattr(x, method)(), t, t._width())
    f.__name__ = method
    return f


upper = _same_width("upper")
lower = _same_width("lower")
capitalize = _same_width("capitalize")
title = _same_width("title")
swapcase = _same_width("swapcase")


def _strip_fn(method):
    def f(a, chars=None):
        t = _arr(a)
        return _s._map(lambda x: getattr(x, method)(chars), t, t._width())
    f.__name__ = method
    return f


strip = _strip_fn("strip")
lstrip = _strip_fn("lstrip")
rstrip = _strip_fn("rstrip")


def add(x1, x2):
    a, b = _arr(x1), _arr(x2)
    if a._dt.kind != b._dt.kind:
        raise _s._ufunc_error("ufunc 'add' cannot use operands with types %r and %r" % (a._dt, b._dt))
    return _s._elementwise2(lambda s, t: s + t, a, b, a._dt.kind, a._dt._n + b._dt._n)


def multiply(a, i):
    t = _arr(a)
    ii = np.asarray(i)
    if ii.ndim == 0:
        n = int(ii)
        return _s._map(lambda x: x * max(n, 0), t)
    _s._unsupported("char.multiply with an array of counts")


def str_len(a):
    return _s._map(len, _arr(a), numeric=np.int64)


def _bool_fn(method):
    def f(a, prefix, start=0, end=None):
        t = _arr(a)
        return _s._map(lambda x: getattr(x, method)(prefix, start, end), t, numeric=bool)
    f.__name__ = method
    return f


startswith = _bool_fn("startswith")
endswith = _bool_fn("endswith")


def _int_fn(method):
    def f(a, sub, start=0, end=None):
        t = _arr(a)
        return _s._map(lambda x: getattr(x, method)(sub, start, end), t, numeric=np.int64)
    f.__name__ = method
    return f


find = _int_fn("find")
rfind = _int_fn("rfind")
count = _int_fn("count")


def join(sep, seq):
    if not isinstance(sep, (str, bytes)):
        _s._unsupported("char.join with an array of separators")
    return _s._map(lambda x: sep.join(x), _arr(seq))


def replace(a, old, new, count=-1):
    t = _arr(a)
    return _s._map(lambda x: x.replace(old, new, count), t)


def _pred(method):
    def f(a):
        return _s._map(lambda x: getattr(x, method)(), _arr(a), numeric=bool)
    f.__name__ = method
    return f


isalpha = _pred("isalpha")
isdigit = _pred("isdigit")
isnumeric = _pred("isnumeric")
isdecimal = _pred("isdecimal")
isspace = _pred("isspace")
isupper = _pred("isupper")
islower = _pred("islower")
isalnum = _pred("isalnum")
istitle = _pred("istitle")


def _cmp(op):
    def f(x1, x2):
        return _s._binary(op, _arr(x1), _arr(x2))
    return f


equal = _cmp("Eq")
not_equal = _cmp("Ne")
less = _cmp("Lt")
less_equal = _cmp("Le")
greater = _cmp("Gt")
greater_equal = _cmp("Ge")


def zfill(a, width):
    return _s._map(lambda x: x.zfill(width), _arr(a))


def center(a, width, fillchar=" "):
    return _s._map(lambda x: x.center(width, fillchar), _arr(a))


def ljust(a, width, fillchar=" "):
    return _s._map(lambda x: x.ljust(width, fillchar), _arr(a))


def rjust(a, width, fillchar=" "):
    return _s._map(lambda x: x.rjust(width, fillchar), _arr(a))


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError("numpy.char.%s is not supported by hipy" % name)
