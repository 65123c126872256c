# numpy.testing: the assertion helpers, with NumPy's failure reports
# (mismatch counts, the first mismatching indices, the largest absolute and
# relative differences, and both arrays).

__all__ = ["assert_allclose", "assert_array_equal", "assert_array_almost_equal", "assert_almost_equal",
           "assert_equal", "assert_array_less", "assert_approx_equal", "assert_raises", "assert_",
           "assert_array_max_ulp", "assert_warns", "assert_string_equal", "assert_no_warnings",
           "assert_raises_regex", "assert_array_compare", "assert_array_almost_equal_nulp"]

import math as _math
import re as _re


def _fmt0(x):
    """A 0-d value as array2string prints it."""
    s = str(np.asarray([x]))
    return s[1:-1].strip()


def _index_text(idx, shape):
    if len(shape) == 0:
        return "()"
    return "[" + ", ".join(str(i) for i in idx) + "]"


def _unravel(flat, shape):
    idx = []
    for d in reversed(shape):
        idx.append(flat % d if d else 0)
        flat //= d if d else 1
    return tuple(reversed(idx))


def _report(header, err_msg, x, y, names, mismatch, show_diff=True):
    lines = ["", header]
    lines.append(err_msg)
    if mismatch is not None:
        n = mismatch.size
        bad = int(mismatch.sum())
        pct = 100.0 * bad / n if n else 0.0
        lines.append("Mismatched elements: %d / %d (%s%%)" % (bad, n, "%.3g" % pct))
        flat = np.flatnonzero(mismatch.ravel())
        xb = np.broadcast_to(x, mismatch.shape)
        yb = np.broadcast_to(y, mismatch.shape)
        lines.append("Mismatch at index:")
        for f in flat[:5].tolist():
            idx = _unravel(f, mismatch.shape)
            lines.append(" %s: %s (%s), %s (%s)" % (_index_text(idx, mismatch.shape), xb.ravel()[f], names[0], yb.ravel()[f], names[1]))
        if show_diff and bad and x.dtype.kind not in "US" and y.dtype.kind not in "US":
            xs = xb.ravel()[flat]
            ys = yb.ravel()[flat]
            with_err = np.abs(xs - ys) if xs.dtype != np.bool_ else (xs != ys)
            abs_err = with_err.max()
            lines.append("Max absolute difference among violations: %s" % _fmt0(abs_err))
            denom = np.abs(ys)
            rel = (with_err / denom).max() if bool((denom != 0).all()) else np.inf
            lines.append("Max relative difference among violations: %s" % _fmt0(rel))
    lines.append(" %s: %s" % (names[0], repr(x).replace("\n", "\n" + " " * 0)))
    lines.append(" %s: %s" % (names[1], repr(y)))
    return "\n".join(lines)


def _compare(x, y, ok_func, header, err_msg, names=("ACTUAL", "DESIRED"), show_diff=True, strict=False, nan_check=False):
    xa = np.asarray(x)
    ya = np.asarray(y)
    if strict and xa.dtype != ya.dtype:
        raise AssertionError("\n%s\n%s\n(dtypes %s, %s mismatch)\n %s: %r\n %s: %r" % (header, err_msg, xa.dtype, ya.dtype, names[0], xa, names[1], ya))
    try:
        shape = np.broadcast_shapes(xa.shape, ya.shape)
    except ValueError:
        shape = None
    if shape is None or (xa.ndim and ya.ndim and xa.shape != ya.shape) or (strict and xa.shape != ya.shape):
        raise AssertionError("\n%s\n%s\n(shapes %s, %s mismatch)\n %s: %r\n %s: %r" % (header, err_msg, xa.shape, ya.shape, names[0], xa, names[1], ya))
    if nan_check and (xa.dtype.kind == "f" or ya.dtype.kind == "f"):
        xn = np.isnan(xa.astype(np.float64))
        yn = np.isnan(ya.astype(np.float64))
        if bool((xn != yn).any()):
            raise AssertionError("\n%s\n%s\nnan location mismatch:\n %s: %r\n %s: %r" % (header, err_msg, names[0], xa, names[1], ya))
    ok = np.asarray(ok_func(xa, ya))
    if bool(ok.all()):
        return
    if xa.ndim == 0 and ya.ndim == 0:
        raise AssertionError("\n%s\n%s\n %s: %r\n %s: %r" % (header, err_msg, names[0], xa, names[1], ya))
    raise AssertionError(_report(header, err_msg, xa, ya, names, ~np.broadcast_to(ok, shape), show_diff))


def _nan_equal(x, y):
    eq = x == y
    if x.dtype.kind == "f" or y.dtype.kind == "f":
        eq = eq | (np.isnan(x.astype(np.float64)) & np.isnan(y.astype(np.float64)))
    return eq


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    _compare(actual, desired, _nan_equal, "Arrays are not equal", err_msg, strict=strict, nan_check=True)


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="", verbose=True, *, strict=False):
    def close(x, y):
        xf = x.astype(np.float64)
        yf = y.astype(np.float64)
        ok = np.abs(xf - yf) <= atol + rtol * np.abs(yf)
        ok = ok | (xf == yf)
        if equal_nan:
            ok = ok | (np.isnan(xf) & np.isnan(yf))
        return ok
    header = "Not equal to tolerance rtol=%s, atol=%s" % (_g(rtol), _g(atol))
    _compare(actual, desired, close, header, err_msg, strict=strict, nan_check=equal_nan)


def _g(v):
    return "%g" % v


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    def close(x, y):
        return np.abs(y.astype(np.float64) - x.astype(np.float64)) < 1.5 * 10.0 ** (-decimal)
    _compare(actual, desired, lambda x, y: close(x, y) | _nan_equal(x, y),
             "Arrays are not almost equal to %d decimals" % decimal, err_msg)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    if np.ndim(actual) or np.ndim(desired):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)
    if not abs(float(desired) - float(actual)) < 1.5 * 10.0 ** (-decimal):
        raise AssertionError("\nArrays are not almost equal to %d decimals\n%s\n ACTUAL: %r\n DESIRED: %r" % (decimal, err_msg, actual, desired) if err_msg else
                             "\nArrays are not almost equal to %d decimals\n ACTUAL: %r\n DESIRED: %r" % (decimal, actual, desired))


def assert_approx_equal(actual, desired, significant=7, err_msg="", verbose=True):
    a, d = float(actual), float(desired)
    scale = 0.5 * (abs(a) + abs(d))
    if scale == 0 or abs(a - d) / scale < 10.0 ** -(significant - 1):
        return
    raise AssertionError("\nItems are not equal to %d significant digits:\n ACTUAL: %r\n DESIRED: %r" % (significant, actual, desired))


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    if isinstance(actual, dict) and isinstance(desired, dict):
        assert_equal(len(actual), len(desired), err_msg)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            assert_equal(actual[k], desired[k], "key=%r\n%s" % (k, err_msg))
        return
    if isinstance(actual, (list, tuple)) and isinstance(desired, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], "item=%r\n%s" % (k, err_msg))
        return
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg, strict=strict)
    equal = actual == desired
    if not equal:
        try:
            both_nan = actual != actual and desired != desired
        except Exception:
            both_nan = False
        if both_nan:
            return
        msg = "\nItems are not equal:\n" + (err_msg + "\n" if err_msg else "")
        raise AssertionError(msg + " ACTUAL: %r\n DESIRED: %r" % (actual, desired))


def assert_array_less(x, y, err_msg="", verbose=True, *, strict=False):
    _compare(x, y, lambda a, b: a < b, "Arrays are not strictly ordered `x < y`", err_msg, names=("x", "y"))


def assert_array_compare(comparison, x, y, err_msg="", verbose=True, header="", precision=6,
                         equal_nan=True, equal_inf=True, *, strict=False, names=("ACTUAL", "DESIRED")):
    _compare(x, y, comparison, header, err_msg, names=names, strict=strict)


def _ordered_bits(a, b):
    """a and b broadcast and cast to their common float type, each element as
    the integer its bits spell, ordered like the floats (negative floats
    counted down from the smallest integer), so that the difference of two
    is their distance in units in the last place."""
    import struct
    x, y = np.broadcast_arrays(np.asarray(a), np.asarray(b))
    t = np.result_type(x, y, np.float16)
    if t.kind != "f":
        raise NotImplementedError("numpy.testing ULP comparisons of %s values are not supported by hipy" % t)
    fmt, ifmt, low = {2: ("e", "h", -2 ** 15), 4: ("f", "i", -2 ** 31), 8: ("d", "q", -2 ** 63)}[t.itemsize]

    def bits(arr):
        out = []
        for v in arr.astype(t).ravel().tolist():
            i = struct.unpack("<" + ifmt, struct.pack("<" + fmt, v))[0]
            out.append(i if i >= 0 else low - i)
        return out
    return bits(x), bits(y), x.shape


def _ulps(a, b):
    x, y, _ = _ordered_bits(a, b)
    return [float(abs(u - v)) for u, v in zip(x, y)]


def assert_array_almost_equal_nulp(x, y, nulp=1):
    d = _ulps(x, y)
    if d and max(d) > nulp:
        raise AssertionError("Arrays are not equal to %d ULP (max is %g)" % (nulp, max(d)))


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    x, y, shape = _ordered_bits(a, b)
    d = [float(abs(u - v)) for u, v in zip(x, y)]
    if d and max(d) > maxulp:
        raise AssertionError("Arrays are not almost equal up to %g ULP (max difference is %g ULP)" % (maxulp, max(d)))
    # NumPy's result has a leading axis of length 1.
    return np.array(d, dtype=np.float64).reshape((1,) + shape)


def assert_string_equal(actual, desired):
    import difflib
    for s in (actual, desired):
        if not isinstance(s, str):
            raise AssertionError(repr(type(s)))
    if actual == desired:
        return
    # The changed lines of a line diff ("- ", "+ " and "? " hint lines).
    changed = [d for d in difflib.ndiff(actual.splitlines(True), desired.splitlines(True)) if not d.startswith("  ")]
    raise AssertionError("Differences in strings:\n" + "".join(changed).rstrip())


def assert_(val, msg=""):
    if not val:
        raise AssertionError(msg)


class _Raises:
    def __init__(self, exc):
        self.exc = exc

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("%s not raised" % self.exc.__name__)
        return issubclass(kind, self.exc)


def assert_raises(exception_class, *args, **kwargs):
    if not args:
        return _Raises(exception_class)
    func, rest = args[0], args[1:]
    try:
        func(*rest, **kwargs)
    except exception_class:
        return
    raise AssertionError("%s not raised by %s" % (exception_class.__name__, getattr(func, "__name__", func)))


class _RaisesRegex(_Raises):
    def __init__(self, exc, pattern):
        _Raises.__init__(self, exc)
        self.pattern = pattern

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError("%s not raised" % self.exc.__name__)
        if not issubclass(kind, self.exc):
            return False
        if not _re.search(self.pattern, str(value)):
            raise AssertionError('"%s" does not match "%s"' % (self.pattern, value))
        return True


def assert_raises_regex(exception_class, expected_regexp, *args, **kwargs):
    ctx = _RaisesRegex(exception_class, expected_regexp)
    if not args:
        return ctx
    with ctx:
        args[0](*args[1:], **kwargs)


class _Warnings:
    """Records the warnings raised inside it; on exit, checks there were
    some of `expected` (assert_warns) or none at all (expected None,
    assert_no_warnings)."""

    def __init__(self, expected, name=None):
        self.expected = expected
        self.name = name

    def __enter__(self):
        import warnings
        self._catcher = warnings.catch_warnings(record=True)
        self.log = self._catcher.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, kind, value, tb):
        self._catcher.__exit__(kind, value, tb)
        if kind is not None:
            return False
        when = " when calling %s" % self.name if self.name is not None else ""
        if self.expected is None:
            if self.log:
                raise AssertionError("Got warnings%s: %s" % (when, self.log))
        elif not any(issubclass(w.category, self.expected) for w in self.log):
            raise AssertionError("No warning raised" + when)
        return False


def _check_warnings(expected, args, kwargs):
    if not args:
        return _Warnings(expected)
    func = args[0]
    with _Warnings(expected, getattr(func, "__name__", None)):
        return func(*args[1:], **kwargs)


def assert_warns(warning_class, *args, **kwargs):
    return _check_warnings(warning_class, args, kwargs)


def assert_no_warnings(*args, **kwargs):
    return _check_warnings(None, args, kwargs)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError("module 'numpy.testing' has no attribute '%s'" % name)
    raise NotImplementedError("numpy.testing.%s is not supported by hipy" % name)
