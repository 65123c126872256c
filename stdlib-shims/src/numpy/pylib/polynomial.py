# `numpy.polynomial.polynomial`: power series with coefficients lowest
# degree first (polyval, polyfit, polyder, polyint, polyadd, polysub,
# polymul, polydiv, polypow, polyroots, polyvander, polyfromroots,
# polycompanion, polyline) and the `Polynomial` class, with NumPy's domain
# and window mapping, arithmetic, errors and printing. Written from NumPy's
# documentation (numpy.polynomial); `numpy.polynomial` itself is
# polynomial_pkg.py.

import numbers as _numbers
import warnings as _warnings

class RankWarning(RuntimeWarning):
    """Issued by `polyfit` when the least-squares matrix is rank deficient."""


polydomain = np.array([-1., 1.])
polyzero = np.array([0])
polyone = np.array([1])
polyx = np.array([0, 1])


def _array1(a):
    """`np.array(a, ndmin=1)`: a copy, at least 1-d."""
    a = np.array(a)
    return a.reshape((1,)) if a.ndim == 0 else a


def _as_series(alist, trim=True):
    arrays = [_array1(a) for a in alist]
    for a in arrays:
        if a.size == 0:
            raise ValueError("Coefficient array is empty")
    for a in arrays:
        if a.ndim != 1:
            raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [_trimseq(a) for a in arrays]
    if any(a.dtype.kind == "c" for a in arrays):
        dtype = np.complex128
    else:
        dtype = np.float64
    return [np.array(a, dtype=dtype) for a in arrays]


def _trimseq(seq):
    if len(seq) == 0 or seq[-1] != 0:
        return seq
    for i in range(len(seq) - 1, -1, -1):
        if seq[i] != 0:
            break
    return seq[:i + 1]


def _trimcoef(c, tol=0):
    """The coefficients with the trailing ones of magnitude <= tol removed."""
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = _as_series([c])
    [ind] = np.nonzero(np.abs(c) > tol)
    if len(ind) == 0:
        return c[:1] * 0
    return c[:ind[-1] + 1].copy()


def _as_int(x, desc):
    try:
        return x.__index__()
    except (AttributeError, TypeError):
        raise TypeError(f"{desc} must be an integer, received {x}") from None


def _mapparms(old, new):
    oldlen = old[1] - old[0]
    newlen = new[1] - new[0]
    off = (old[1] * new[0] - old[0] * new[1]) / oldlen
    scl = newlen / oldlen
    return off, scl


def _mapdomain(x, old, new):
    if type(x) not in (int, float, complex) and not isinstance(x, np.generic):
        x = np.asanyarray(x)
    off, scl = _mapparms(old, new)
    return off + scl * x


def _getdomain(x):
    [x] = _as_series([x], trim=False)
    if x.dtype.kind == "c":
        rmin, rmax = x.real.min(), x.real.max()
        imin, imax = x.imag.min(), x.imag.max()
        return np.array((complex(rmin, imin), complex(rmax, imax)))
    return np.array((x.min(), x.max()))


def _pow_with(mul, c, pow, maxpower):
    """`c ** pow` by repeated products with `mul` (NumPy's order), with
    NumPy's checks of the power."""
    [c] = _as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        return np.array([1], dtype=c.dtype)
    if power == 1:
        return c
    prd = c
    for _ in range(2, power + 1):
        prd = mul(prd, c)
    return prd


def _der_args(c, m, axis, name):
    """A derivative's series as floats and its order, with NumPy's checks;
    `name` is the function, for the error about arrays hipy does not take."""
    c = _array1(c)
    if c.dtype.kind in "biu":
        c = c + 0.0
    cnt = _as_int(m, "the order of derivation")
    iaxis = _as_int(axis, "the axis")
    if cnt < 0:
        raise ValueError("The order of derivation must be non-negative")
    if iaxis != 0 or c.ndim != 1:
        raise NotImplementedError(f"{name} of a multidimensional array is not supported by hipy")
    return c, cnt


def _int_args(c, m, k, lbnd, scl, axis, name):
    """An integral's series as floats, its order and one constant per
    integration, with NumPy's checks (as `_der_args`)."""
    c = _array1(c)
    if c.dtype.kind in "biu":
        c = c + 0.0
    if not np.iterable(k):
        k = [k]
    cnt = _as_int(m, "the order of integration")
    iaxis = _as_int(axis, "the axis")
    if cnt < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(k) > cnt:
        raise ValueError("Too many integration constants")
    if np.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if np.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    if iaxis != 0 or c.ndim != 1:
        raise NotImplementedError(f"{name} of a multidimensional array is not supported by hipy")
    return c, cnt, list(k) + [0] * (cnt - len(k))


def _fromroots_with(line, mul, roots):
    """The monic series with these roots: the lines `x - r` multiplied in
    pairs (NumPy's order), in the basis of `line` and `mul`."""
    if len(roots) == 0:
        return np.ones(1)
    [roots] = _as_series([roots], trim=False)
    roots = np.sort(roots)
    p = [line(-r, 1) for r in roots]
    n = len(p)
    while n > 1:
        m, r = divmod(n, 2)
        tmp = [mul(p[i], p[i + m]) for i in range(m)]
        if r:
            tmp[0] = mul(tmp[0], p[-1])
        p = tmp
        n = m
    return p[0]


def polyline(off, scl):
    if scl != 0:
        return np.array([off, scl])
    return np.array([off])


def polyadd(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if len(c1) > len(c2):
        c1[:c2.size] += c2
        ret = c1
    else:
        c2[:c1.size] += c1
        ret = c2
    return _trimseq(ret)


def polysub(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if len(c1) > len(c2):
        c1[:c2.size] -= c2
        ret = c1
    else:
        c2 = -c2
        c2[:c1.size] += c1
        ret = c2
    return _trimseq(ret)


def polymulx(c):
    [c] = _as_series([c])
    if len(c) == 1 and c[0] == 0:
        return c
    prd = np.empty(len(c) + 1, dtype=c.dtype)
    prd[0] = c[0] * 0
    prd[1:] = c
    return prd


def polymul(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    ret = np.convolve(c1, c2)
    return _trimseq(ret)


def polydiv(c1, c2):
    [c1, c2] = _as_series([c1, c2])
    if c2[-1] == 0:
        raise ZeroDivisionError
    lc1 = len(c1)
    lc2 = len(c2)
    if lc1 < lc2:
        return c1[:1] * 0, c1
    if lc2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    dlen = lc1 - lc2
    scl = c2[-1]
    c2 = c2[:-1] / scl
    i = dlen
    j = lc1 - 1
    while i >= 0:
        c1[i:j] -= c2 * c1[j]
        i -= 1
        j -= 1
    return c1[j + 1:] / scl, _trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None):
    return _pow_with(np.convolve, c, pow, maxpower)


def polyval(x, c, tensor=True):
    c = _array1(c)
    if c.dtype.kind in "biu":
        c = c + 0.0
    if isinstance(x, (tuple, list)):
        x = np.asarray(x)
    if isinstance(x, np.ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    if isinstance(x, _SeriesBase):
        # Composition: Python scalars, so `scalar + series` is the series'
        # __radd__ (NumPy's scalars defer to it too).
        c = c.tolist()
    c0 = c[-1] + x * 0
    for i in range(2, len(c) + 1):
        c0 = c[-i] + c0 * x
    return c0


def polyder(c, m=1, scl=1, axis=0):
    c, cnt = _der_args(c, m, axis, "numpy.polynomial.polynomial.polyder")
    cdt = c.dtype
    if cnt == 0:
        return c
    n = len(c)
    if cnt >= n:
        return c[:1] * 0
    for _ in range(cnt):
        n = n - 1
        c = c * scl
        der = np.empty(n, dtype=cdt)
        for j in range(n, 0, -1):
            der[j - 1] = j * c[j]
        c = der
    return c


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):
    c, cnt, k = _int_args(c, m, k, lbnd, scl, axis, "numpy.polynomial.polynomial.polyint")
    cdt = c.dtype
    if cnt == 0:
        return c
    for i in range(cnt):
        n = len(c)
        c = c * scl
        if n == 1 and np.all(c[0] == 0):
            c[0] += k[i]
        else:
            tmp = np.empty(n + 1, dtype=cdt)
            tmp[0] = c[0] * 0
            tmp[1] = c[0]
            for j in range(1, n):
                tmp[j + 1] = c[j] / (j + 1)
            tmp[0] += k[i] - polyval(lbnd, tmp)
            c = tmp
    return c


def polyvander(x, deg):
    ideg = _as_int(deg, "deg")
    if ideg < 0:
        raise ValueError("deg must be non-negative")
    x = _array1(x) + 0.0
    v = np.empty((ideg + 1,) + x.shape, dtype=x.dtype)
    v[0] = x * 0 + 1
    if ideg > 0:
        v[1] = x
        for i in range(2, ideg + 1):
            v[i] = v[i - 1] * x
    return np.moveaxis(v, 0, -1)


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    return _fit_with(polyvander, x, y, deg, rcond, full, w)


def _fit_with(vander, x, y, deg, rcond, full, w):
    """A least-squares fit in the basis whose Vandermonde matrix `vander` gives."""
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    deg = np.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in "iu" or deg.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if deg.min() < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if len(x) != len(y):
        raise TypeError("expected x and y to have same length")
    if deg.ndim == 0:
        lmax = int(deg)
        order = lmax + 1
        van = vander(x, lmax)
    else:
        deg = np.sort(deg)
        lmax = int(deg[-1])
        order = len(deg)
        van = vander(x, lmax)[:, deg]
    lhs = van.T
    rhs = y.T
    if w is not None:
        w = np.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if len(x) != len(w):
            raise TypeError("expected x and w to have same length")
        lhs = lhs * w
        rhs = rhs * w
    if rcond is None:
        rcond = len(x) * np.finfo(x.dtype).eps
    scl = np.sqrt(np.square(lhs).sum(1))
    scl[scl == 0] = 1
    c, resids, rank, s = np.linalg.lstsq(lhs.T / scl, rhs.T, rcond)
    c = (c.T / scl).T
    if deg.ndim > 0:
        if c.ndim == 2:
            cc = np.zeros((lmax + 1, c.shape[1]), dtype=c.dtype)
        else:
            cc = np.zeros(lmax + 1, dtype=c.dtype)
        cc[deg] = c
        c = cc
    if rank != order and not full:
        _warnings.warn("The fit may be poorly conditioned", RankWarning, stacklevel=3)
    if full:
        return c, [resids, rank, s, rcond]
    return c


def polycompanion(c):
    [c] = _as_series([c])
    if len(c) < 2:
        raise ValueError("Series must have maximum degree of at least 1.")
    if len(c) == 2:
        return np.array([[-c[0] / c[1]]])
    n = len(c) - 1
    mat = np.zeros((n, n), dtype=c.dtype)
    for i in range(1, n):
        mat[i, i - 1] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyroots(c):
    [c] = _as_series([c])
    if len(c) < 2:
        return np.array([], dtype=c.dtype)
    if len(c) == 2:
        return np.array([-c[0] / c[1]])
    m = polycompanion(c)[::-1, ::-1]
    r = np.linalg.eigvals(m)
    return np.sort(r)


def polyfromroots(roots):
    return _fromroots_with(polyline, polymul, roots)


# Printing, as numpy.polynomial's default 'unicode' style.

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _format_float(x, parens=False):
    if not isinstance(x, np.floating):
        return str(x)
    opts = np.get_printoptions()
    if np.isnan(x):
        return opts["nanstr"]
    if np.isinf(x):
        return opts["infstr"]
    exp_format = False
    if x != 0:
        a = np.abs(x)
        if a >= 1.e8 or a < 10 ** min(0, -(opts["precision"] - 1) // 2):
            exp_format = True
    trim, unique = "0", True
    if opts["floatmode"] == "fixed":
        trim, unique = "k", False
    if not unique:
        raise NotImplementedError("numpy.polynomial printing with floatmode='fixed' is not supported by hipy")
    if exp_format:
        s = _scientific(float(x), opts["precision"], opts["sign"] == "+")
        if parens:
            s = "(" + s + ")"
    else:
        s = _positional(float(x), opts["precision"], opts["sign"] == "+")
    return s


def _positional(x, precision, sign):
    """NumPy's unique positional format with at most `precision` fraction
    digits (rounded from the exact value beyond that), trailing zeros
    trimmed to one ("1.0")."""
    short = repr(x)
    if "e" in short or "E" in short:
        short = "%.17f" % x
        short = short.rstrip("0")
    frac = short.split(".")[1] if "." in short else ""
    if len(frac) > precision:
        short = "%.*f" % (precision, x)
    if "." not in short:
        short += "."
    short = short.rstrip("0")
    if short.endswith("."):
        short += "0"
    if sign and not short.startswith("-"):
        short = "+" + short
    return short


def _scientific(x, precision, sign):
    """NumPy's unique scientific format with at most `precision` mantissa
    fraction digits, at least two exponent digits ("1.0e-05")."""
    import decimal
    t = decimal.Decimal(repr(abs(x))).as_tuple()
    digits = "".join(str(d) for d in t.digits)
    exp10 = len(digits) - 1 + t.exponent
    digits = digits.rstrip("0") or "0"
    if len(digits) - 1 > precision:
        text = "%.*e" % (precision, x)
    else:
        text = "%s%s.%se%d" % ("-" if x < 0 else "", digits[0], digits[1:] or "0", exp10)
    mant, exp = text.split("e")
    mant = mant.rstrip("0")
    if mant.endswith("."):
        mant += "0"
    e = int(exp)
    out = "%se%s%02d" % (mant, "-" if e < 0 else "+", abs(e))
    if sign and not out.startswith("-"):
        out = "+" + out
    return out


def _coef_array(coef):
    [c] = _as_series([coef], trim=False)
    return c


class _SeriesBase:
    """What every series kind shares (NumPy's `ABCPolyBase`): a kind is a
    subclass naming its module functions (`_add`, `_sub`, `_mul`, `_div`,
    `_pow`, `_val`, `_int`, `_der`, `_fit`, `_line`, `_roots`,
    `_fromroots`), its default domain and window and its `basis_name`."""

    __hash__ = None
    __array_ufunc__ = None
    maxpower = 100
    basis_name = None
    domain = np.array(polydomain)
    window = np.array(polydomain)

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        self.coef = _coef_array(coef)
        if domain is not None:
            [domain] = _as_series([domain], trim=False)
            if len(domain) != 2:
                raise ValueError("Domain has wrong number of elements.")
            self.domain = domain
        else:
            self.domain = np.array(self.__class__.domain)
        if window is not None:
            [window] = _as_series([window], trim=False)
            if len(window) != 2:
                raise ValueError("Window has wrong number of elements.")
            self.window = window
        else:
            self.window = np.array(self.__class__.window)
        try:
            if not symbol.isidentifier():
                raise ValueError("Symbol string must be a valid Python identifier")
        except AttributeError:
            raise TypeError("Symbol must be a non-empty string") from None
        self._symbol = symbol

    @property
    def symbol(self):
        return self._symbol

    def has_samecoef(self, other):
        return len(self.coef) == len(other.coef) and bool(np.all(self.coef == other.coef))

    def has_samedomain(self, other):
        return bool(np.all(self.domain == other.domain))

    def has_samewindow(self, other):
        return bool(np.all(self.window == other.window))

    def has_sametype(self, other):
        return isinstance(other, self.__class__)

    def _get_coefficients(self, other):
        if isinstance(other, _SeriesBase):
            if not isinstance(other, self.__class__):
                raise TypeError("Polynomial types differ")
            if not np.all(self.domain == other.domain):
                raise TypeError("Domains differ")
            if not np.all(self.window == other.window):
                raise TypeError("Windows differ")
            if self.symbol != other.symbol:
                raise ValueError("Polynomial symbols differ")
            return other.coef
        return other

    def _new(self, coef):
        return self.__class__(coef, self.domain, self.window, self.symbol)

    # Printing.

    def __repr__(self):
        coef = repr(self.coef)[6:-1]
        domain = repr(self.domain)[6:-1]
        window = repr(self.window)[6:-1]
        name = self.__class__.__name__
        return f"{name}({coef}, domain={domain}, window={window}, symbol='{self.symbol}')"

    def __str__(self):
        linewidth = np.get_printoptions().get("linewidth", 75)
        if linewidth < 1:
            linewidth = 1
        out = _format_float(self.coef[0])
        off, scale = self.mapparms()
        if off == 0 and scale == 1:
            scaled_symbol, needs_parens = self.symbol, False
        elif scale == 1:
            scaled_symbol, needs_parens = f"{_format_float(off)} + {self.symbol}", True
        elif off == 0:
            scaled_symbol, needs_parens = f"{_format_float(scale)}{self.symbol}", True
        else:
            scaled_symbol, needs_parens = f"{_format_float(off)} + {_format_float(scale)}{self.symbol}", True
        if needs_parens:
            scaled_symbol = "(" + scaled_symbol + ")"
        rest = self.coef[1:]
        for i, coef in enumerate(rest):
            out += " "
            power = str(i + 1)
            try:
                if coef >= 0:
                    next_term = "+ " + _format_float(coef, parens=True)
                else:
                    next_term = "- " + _format_float(-coef, parens=True)
            except TypeError:
                next_term = f"+ {coef}"
            next_term += "·" + self._str_term(power, scaled_symbol)
            line_len = len(out.split("\n")[-1]) + len(next_term)
            if i < len(rest) - 1:
                line_len += 2
            if line_len >= linewidth:
                next_term = next_term.replace(" ", "\n", 1)
            out += next_term
        return out

    def _str_term(self, power, scaled_symbol):
        """The basis function of degree `power` (a string) in `str`."""
        return f"{self.basis_name}{power.translate(_SUBSCRIPTS)}({scaled_symbol})"

    # Container and comparison.

    def __len__(self):
        return len(self.coef)

    def __iter__(self):
        return iter(self.coef)

    def __getstate__(self):
        return dict(self.__dict__)

    def __eq__(self, other):
        return (isinstance(other, self.__class__) and bool(np.all(self.domain == other.domain))
                and bool(np.all(self.window == other.window)) and self.coef.shape == other.coef.shape
                and bool(np.all(self.coef == other.coef)) and self.symbol == other.symbol)

    def __ne__(self, other):
        return not self.__eq__(other)

    # Evaluation and arithmetic.

    def __call__(self, arg):
        if isinstance(arg, (list, tuple)):
            arg = np.asarray(arg)
        off, scl = self.mapparms()
        if isinstance(arg, _SeriesBase):
            off, scl = off.item(), scl.item()
        arg = off + scl * arg
        return self._val(arg, self.coef)

    def __neg__(self):
        return self._new(-self.coef)

    def __pos__(self):
        return self

    def __add__(self, other):
        othercoef = self._get_coefficients(other)
        try:
            coef = self._add(self.coef, othercoef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __sub__(self, other):
        othercoef = self._get_coefficients(other)
        try:
            coef = self._sub(self.coef, othercoef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __mul__(self, other):
        othercoef = self._get_coefficients(other)
        try:
            coef = self._mul(self.coef, othercoef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __truediv__(self, other):
        if not isinstance(other, _numbers.Number) or isinstance(other, bool):
            raise TypeError(f"unsupported types for true division: '{type(self)}', '{type(other)}'")
        return self.__floordiv__(other)

    def __floordiv__(self, other):
        res = self.__divmod__(other)
        if res is NotImplemented:
            return res
        return res[0]

    def __mod__(self, other):
        res = self.__divmod__(other)
        if res is NotImplemented:
            return res
        return res[1]

    def __divmod__(self, other):
        othercoef = self._get_coefficients(other)
        try:
            quo, rem = self._div(self.coef, othercoef)
        except ZeroDivisionError:
            raise
        except Exception:
            return NotImplemented
        return self._new(quo), self._new(rem)

    def __pow__(self, other):
        coef = self._pow(self.coef, other, maxpower=self.maxpower)
        return self._new(coef)

    def __radd__(self, other):
        try:
            coef = self._add(other, self.coef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __rsub__(self, other):
        try:
            coef = self._sub(other, self.coef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __rmul__(self, other):
        try:
            coef = self._mul(other, self.coef)
        except Exception:
            return NotImplemented
        return self._new(coef)

    def __rtruediv__(self, other):
        return NotImplemented

    def __rfloordiv__(self, other):
        res = self.__rdivmod__(other)
        if res is NotImplemented:
            return res
        return res[0]

    def __rmod__(self, other):
        res = self.__rdivmod__(other)
        if res is NotImplemented:
            return res
        return res[1]

    def __rdivmod__(self, other):
        try:
            quo, rem = self._div(other, self.coef)
        except ZeroDivisionError:
            raise
        except Exception:
            return NotImplemented
        return self._new(quo), self._new(rem)

    # Methods.

    def copy(self):
        return self.__class__(self.coef, self.domain, self.window, self.symbol)

    def degree(self):
        return len(self) - 1

    def cutdeg(self, deg):
        return self.truncate(deg + 1)

    def trim(self, tol=0):
        if tol < 0:
            raise ValueError("tol must be non-negative")
        c = self.coef
        [ind] = np.nonzero(np.abs(c) > tol)
        if len(ind) == 0:
            coef = c[:1] * 0
        else:
            coef = c[:ind[-1] + 1].copy()
        return self._new(coef)

    def truncate(self, size):
        isize = int(size)
        if isize != size or isize < 1:
            raise ValueError("size must be a positive integer")
        if isize >= len(self.coef):
            coef = self.coef
        else:
            coef = self.coef[:isize]
        return self._new(coef)

    def convert(self, domain=None, kind=None, window=None):
        if kind is None:
            kind = self.__class__
        if domain is None:
            domain = kind.domain
        if window is None:
            window = kind.window
        return self(kind.identity(domain, window=window, symbol=self.symbol))

    def mapparms(self):
        return _mapparms(self.domain, self.window)

    def integ(self, m=1, k=[], lbnd=None):
        off, scl = self.mapparms()
        if lbnd is None:
            lbnd = 0
        else:
            lbnd = off + scl * lbnd
        coef = self._int(self.coef, m, k, lbnd, 1. / scl)
        return self._new(coef)

    def deriv(self, m=1):
        off, scl = self.mapparms()
        coef = self._der(self.coef, m, scl)
        return self._new(coef)

    def roots(self):
        roots = self._roots(self.coef)
        return _mapdomain(roots, self.window, self.domain)

    def linspace(self, n=100, domain=None):
        if domain is None:
            domain = self.domain
        x = np.linspace(domain[0], domain[1], n)
        y = self(x)
        return x, y

    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None, symbol="x"):
        if domain is None:
            domain = _getdomain(x)
            if domain[0] == domain[1]:
                domain[0] -= 1
                domain[1] += 1
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        xnew = _mapdomain(x, domain, window)
        res = cls._fit(xnew, y, deg, w=w, rcond=rcond, full=full)
        if full:
            [coef, status] = res
            return (cls(coef, domain=domain, window=window, symbol=symbol), status)
        return cls(res, domain=domain, window=window, symbol=symbol)

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol="x"):
        [roots] = _as_series([roots], trim=False)
        if domain is None:
            domain = _getdomain(roots)
        elif type(domain) is list and len(domain) == 0:
            domain = cls.domain
        if window is None:
            window = cls.window
        deg = len(roots)
        off, scl = _mapparms(domain, window)
        rnew = off + scl * roots
        coef = cls._fromroots(rnew) / scl ** deg
        return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain=None, window=None, symbol="x"):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        off, scl = _mapparms(window, domain)
        coef = cls._line(off, scl)
        return cls(coef, domain, window, symbol)

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol="x"):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        ideg = int(deg)
        if ideg != deg or ideg < 0:
            raise ValueError("deg must be non-negative integer")
        return cls([0] * ideg + [1], domain, window, symbol)

    @classmethod
    def cast(cls, series, domain=None, window=None):
        if domain is None:
            domain = cls.domain
        if window is None:
            window = cls.window
        return series.convert(domain, cls, window)


class Polynomial(_SeriesBase):
    """A power series: `Polynomial(coef, domain=None, window=None, symbol='x')`."""

    _add = staticmethod(polyadd)
    _sub = staticmethod(polysub)
    _mul = staticmethod(polymul)
    _div = staticmethod(polydiv)
    _pow = staticmethod(polypow)
    _val = staticmethod(polyval)
    _int = staticmethod(polyint)
    _der = staticmethod(polyder)
    _fit = staticmethod(polyfit)
    _line = staticmethod(polyline)
    _roots = staticmethod(polyroots)
    _fromroots = staticmethod(polyfromroots)

    def _str_term(self, power, scaled_symbol):
        if power == "1":
            return scaled_symbol
        return f"{scaled_symbol}{power.translate(_SUPERSCRIPTS)}"
