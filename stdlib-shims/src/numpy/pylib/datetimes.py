# datetime64 / timedelta64 arrays, their scalars and dtypes.
#
# A datetime keeps NumPy's storage: an int64 count of units since
# 1970-01-01T00:00 (a timedelta: a count of units), NaT the smallest int64.
# This file holds what one value needs: the dtypes and their units, the
# calendar (days <-> year, month, day: integer arithmetic that works on
# Python ints and on whole int64 arrays alike), unit conversions, reading
# ISO strings, rendering values, and the scalars. The arrays and their
# arithmetic are datetime_array.py; numpy's functions given datetime
# arrays are datetime_funcs.py; business days are busday.py. numpy's
# native entry points send datetime arguments there (`datetimes.rs`).
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["datetime64", "timedelta64", "isnat", "datetime_data", "datetime_as_string", "_datetimes_module"]

import datetime as _pydt
import types as _types

_str_native = np._strings_native

NAT = -(2 ** 63)
# Units from the coarsest to the finest; the linear ones in nanoseconds.
_UNITS = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns")
_NS = {"W": 7 * 86400 * 10 ** 9, "D": 86400 * 10 ** 9, "h": 3600 * 10 ** 9, "m": 60 * 10 ** 9, "s": 10 ** 9,
       "ms": 10 ** 6, "us": 10 ** 3, "ns": 1}
_CALENDAR = ("Y", "M")
# Average lengths NumPy uses to cast timedeltas of years/months, in seconds.
_AVG_S = {"Y": 31556952, "M": 2629746}
# The width of NumPy's text of a datetime of each unit (astype(str)).
_TEXT_WIDTH = {"": 4, "Y": 22, "M": 25, "W": 28, "D": 28, "h": 32, "m": 35, "s": 38, "ms": 42, "us": 45, "ns": 48}
_WORDS = {"Y": "years", "M": "months", "W": "weeks", "D": "days", "h": "hours", "m": "minutes", "s": "seconds",
          "ms": "milliseconds", "us": "microseconds", "ns": "nanoseconds"}


def _unsupported(what):
    raise NotImplementedError("numpy.%s is not supported by hipy" % what)


def _ufunc_error(message):
    return _str_native.ufunc_error(message)


# ---- dtypes ----

class _DTDType(np._array_kinds.DTypeBase):
    """The dtype datetime64[unit] (kind 'M') or timedelta64[unit] (kind 'm');
    unit '' is NumPy's generic unit."""

    _hipy_dt_dtype = True
    itemsize = 8
    alignment = 8
    byteorder = "="

    def __init__(self, kind, unit, count=1):
        self.kind = kind
        self.char = kind
        self.unit = unit
        self.count = count
        meta = "" if not unit else "[%s%s]" % (count if count != 1 else "", unit)
        self.str = "<%s8%s" % (kind, meta)
        self.name = ("datetime64" if kind == "M" else "timedelta64") + meta

    @property
    def type(self):
        return datetime64 if self.kind == "M" else timedelta64

    def __repr__(self):
        return "dtype('%s')" % self.str

    def __str__(self):
        return self.name

    def __eq__(self, other):
        if not isinstance(other, _DTDType):
            try:
                other = _dtype_or_none(other)
            except Exception:
                return False
            if other is None:
                return False
        return (self.kind, self.unit, self.count) == (other.kind, other.unit, other.count)

    def __hash__(self):
        return hash((self.kind, self.unit, self.count))


def _parse_unit(text, spec):
    """'3h' -> ('h', 3); 'generic' or '' -> ('', 1)."""
    if text in ("", "generic"):
        return "", 1
    digits = ""
    while text and text[0].isdigit():
        digits, text = digits + text[0], text[1:]
    if text == "\u03bcs":
        text = "us"
    if text in ("ps", "fs", "as"):
        _unsupported("datetime64 unit %r" % text)
    if text not in _UNITS:
        raise TypeError("Invalid datetime unit in metadata string \"%s\"" % spec) from None
    return text, int(digits) if digits else 1


def _dtype_or_none(spec):
    """The datetime dtype `spec` names, or None."""
    if isinstance(spec, _DTDType):
        return spec
    if spec is datetime64 or spec is timedelta64:
        return _DTDType("M" if spec is datetime64 else "m", "")
    if not isinstance(spec, str):
        return None
    if spec.startswith(">"):
        _unsupported("dtype %r (big-endian datetime)" % (spec,))
    name = spec.lstrip("<=|")
    for prefix, kind in (("datetime64", "M"), ("timedelta64", "m"), ("M8", "M"), ("m8", "m"), ("M", "M"),
                         ("m", "m")):
        if name == prefix:
            return _DTDType(kind, "")
        if name.startswith(prefix + "[") and name.endswith("]"):
            unit, count = _parse_unit(name[len(prefix) + 1:-1], name[len(prefix):])
            return _DTDType(kind, unit, count)
    return None


def _dtype(spec):
    d = _dtype_or_none(spec)
    if d is None:
        raise TypeError("data type %r not understood" % (spec,))
    return d


def _plain(dt):
    """dt, refused when its unit has a multiplier ([3h])."""
    if dt.count != 1:
        _unsupported("datetime64/timedelta64 with a unit multiplier (%s)" % dt.str)
    return dt


def datetime_data(dtype):
    d = _dtype(dtype)
    return (d.unit or "generic", d.count)


# ---- the calendar (Python ints or int64 arrays alike) ----

def _days_from_civil(y, m, d):
    y = y - (m <= 2)
    era = y // 400
    yoe = y - era * 400
    mp = (m + 9) % 12
    doy = (153 * mp + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _civil_from_days(z):
    z = z + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 - 12 * (mp >= 10)
    y = yoe + era * 400 + (m <= 2)
    return y, m, d


def _linear(unit):
    return unit not in _CALENDAR


def _finer(a, b):
    return a if _UNITS.index(a) > _UNITS.index(b) else b


def _common_unit(ka, ua, kb, ub):
    """The unit both operands are brought to (kinds 'M'/'m'), with
    NumPy's error for timedeltas of years/months against linear units."""
    if not ua:
        return ub
    if not ub:
        return ua
    if _linear(ua) == _linear(ub):
        return _finer(ua, ub)
    # A datetime of years/months converts to days exactly; a timedelta does not.
    cal_kind = ka if not _linear(ua) else kb
    if cal_kind == "M":
        return _finer(_finer(ua, ub), "D")
    raise TypeError("Cannot get a common metadata divisor for Numpy datetime metadata [%s] and [%s] because they "
                    "have incompatible nonlinear base time units." % (ua, ub))


def _convert(v, kind, src, dst):
    """Values (an int64 array) of unit src as unit dst; NaT stays NaT."""
    if src == dst or not src or not dst:
        return v
    nat = v == NAT
    if _linear(src) and _linear(dst):
        if _NS[src] >= _NS[dst]:
            out = v * (_NS[src] // _NS[dst])
        else:
            out = v // (_NS[dst] // _NS[src])
    elif not _linear(src) and not _linear(dst):
        out = v * 12 if src == "Y" else v // 12
    elif kind == "M":
        if not _linear(src):
            if src == "Y":
                days = _days_from_civil(v + 1970, 1, 1)
            else:
                days = _days_from_civil(v // 12 + 1970, v % 12 + 1, 1)
            out = _convert(days, kind, "D", dst)
        else:
            y, m, _ = _civil_from_days(_convert(v, kind, src, "D"))
            out = y - 1970 if dst == "Y" else (y - 1970) * 12 + m - 1
    elif not _linear(src):
        out = _convert(v * _AVG_S[src], kind, "s", dst)
    else:
        out = _convert(v, kind, src, "s") // _AVG_S[dst]
    return np.where(nat, NAT, out)


# ---- parsing and rendering elements ----

class _Reader:
    """Reads an ISO 8601 string left to right, for NumPy's errors (the
    position where parsing stopped, or the field out of range)."""

    def __init__(self, text):
        self.text = text
        self.s = text.strip()
        self.pos = len(text) - len(text.lstrip())

    def fail(self, what=None):
        if what:
            raise ValueError("%s out of range in datetime string \"%s\"" % (what, self.text))
        raise ValueError("Error parsing datetime string \"%s\" at position %d" % (self.text, self.pos))

    def at_end(self):
        return self.pos >= len(self.text.rstrip())

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def digits(self, n=None):
        """n digits (None: a run of at least one) as an int."""
        start = self.pos
        while self.peek().isdigit() and (n is None or self.pos - start < n):
            self.pos += 1
        if self.pos == start or (n is not None and self.pos - start != n):
            self.pos = start
            self.fail()
        return int(self.text[start:self.pos]), self.pos - start

    def expect(self, chars):
        if self.peek() not in chars or not self.peek():
            self.fail()
        self.pos += 1


def _parse(text):
    """An ISO 8601 date/time (or 'NaT'): (components, inferred unit);
    components None for NaT."""
    s = text.strip()
    if s.upper() == "NAT" or s == "":
        return None, ""
    if s in ("today", "now"):
        _unsupported("datetime64(%r)" % s)
    r = _Reader(text)
    sign = -1 if r.peek() == "-" else 1
    if r.peek() in "+-":
        r.pos += 1
    y = sign * r.digits()[0]
    m = d = 1
    hh = mi = ss = frac_ns = 0
    unit = "Y"
    if not r.at_end():
        r.expect("-")
        m, unit = r.digits(2)[0], "M"
        if not 1 <= m <= 12:
            r.fail("Month")
    if not r.at_end():
        r.expect("-")
        d, unit = r.digits(2)[0], "D"
        leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
        if not 1 <= d <= (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[m - 1]:
            r.fail("Day")
    if not r.at_end() and unit == "D":
        r.expect("T ")
        hh, unit = r.digits(2)[0], "h"
        if hh > 23:
            r.fail("Hours")
        if not r.at_end():
            if r.peek() in "Z+-":
                _unsupported("datetime64 of a string with a time zone (%r)" % text)
            r.expect(":")
            mi, unit = r.digits(2)[0], "m"
            if mi > 59:
                r.fail("Minutes")
        if not r.at_end() and r.peek() not in "Z+-":
            r.expect(":")
            ss, unit = r.digits(2)[0], "s"
            if ss > 59:
                r.fail("Seconds")
            if not r.at_end() and r.peek() == ".":
                r.pos += 1
                start = r.pos
                frac, n = r.digits()
                if n > 9:
                    _unsupported("datetime64 of a string finer than nanoseconds (%r)" % text)
                unit = "ms" if n <= 3 else "us" if n <= 6 else "ns"
                frac_ns = int(text[start:r.pos].ljust(9, "0"))
        if not r.at_end() and r.peek() in "Z+-":
            _unsupported("datetime64 of a string with a time zone (%r)" % text)
    if not r.at_end():
        r.fail()
    return (y, m, d, hh, mi, ss, frac_ns), unit


def _value(parts, unit):
    """Components as a count of `unit` (a Python int)."""
    y, m, d, hh, mi, ss, frac_ns = parts
    if unit == "Y":
        return y - 1970
    if unit == "M":
        return (y - 1970) * 12 + m - 1
    days = _days_from_civil(y, m, d)
    total = (((days * 24 + hh) * 60 + mi) * 60 + ss) * 10 ** 9 + frac_ns
    return total // _NS[unit]


def _iso(v, unit):
    """NumPy's text of datetimes (an int64 array of `unit`): a flat list."""
    flat = v.ravel()
    nat = (flat == NAT).tolist()
    if not unit:
        return ["NaT"] * len(nat)
    if unit in _CALENDAR:
        months = flat * 12 if unit == "Y" else flat
        ys = (months // 12 + 1970).tolist()
        ms = (months % 12 + 1).tolist()
        if unit == "Y":
            return ["NaT" if n else "%04d" % y for n, y in zip(nat, ys)]
        return ["NaT" if n else "%04d-%02d" % (y, m) for n, y, m in zip(nat, ys, ms)]
    per_day = _NS["D"] // _NS[unit]
    days = flat // per_day if unit != "W" else flat * 7
    rest = (flat - days * per_day if unit != "W" else flat * 0) * _NS[unit] if unit not in ("W", "D") else flat * 0
    y, m, d = _civil_from_days(days)
    cols = [y.tolist(), m.tolist(), d.tolist(), rest.tolist()]
    out = []
    digits = {"ms": 3, "us": 6, "ns": 9}.get(unit, 0)
    for k in range(len(nat)):
        if nat[k]:
            out.append("NaT")
            continue
        text = "%04d-%02d-%02d" % (cols[0][k], cols[1][k], cols[2][k])
        if unit not in ("W", "D"):
            ns = cols[3][k]
            secs, frac = divmod(ns, 10 ** 9)
            hh, rem = divmod(secs, 3600)
            mi, ss = divmod(rem, 60)
            text += "T%02d" % hh
            if unit != "h":
                text += ":%02d" % mi
            if unit not in ("h", "m"):
                text += ":%02d" % ss
            if digits:
                text += "." + ("%09d" % frac)[:digits]
        out.append(text)
    return out


def _py_item(x, kind, unit):
    """NumPy's Python object for one element (int value): a date,
    datetime, timedelta, int or None."""
    if x == NAT:
        return None
    if kind == "M":
        if unit in ("Y", "M", "W", "D"):
            days = int(_convert(np.array([x]), "M", unit, "D")[0])
            y, m, d = _civil_from_days(days)
            if 1 <= y <= 9999:
                return _pydt.date(y, m, d)
            return days
        if unit in ("h", "m", "s", "ms", "us"):
            us = x * (_NS[unit] // 1000)
            try:
                return _pydt.datetime(1970, 1, 1) + _pydt.timedelta(microseconds=us)
            except OverflowError:
                return us
        return x
    if unit in ("W", "D", "h", "m", "s", "ms", "us"):
        return _pydt.timedelta(microseconds=x * (_NS[unit] // 1000))
    return x


# ---- scalars ----

def _arrays():
    """datetime_array.py's names (the array type and the arithmetic)."""
    return np._datetime_arrays


class _Scalar:
    """A datetime64/timedelta64 value: `_i` (an int, NaT the smallest int64)
    of `_unit`."""

    _hipy_dt = True
    __array_priority__ = 100

    def _arr(self):
        return _arrays().ndarray(np.array(self._i, dtype=np.int64), _DTDType(self._kind, self._unit))

    dtype = property(lambda self: _DTDType(self._kind, self._unit))
    shape = ()
    ndim = 0
    size = 1
    itemsize = 8
    nbytes = 8

    def item(self):
        return _py_item(self._i, self._kind, self._unit)

    def tolist(self):
        return self.item()

    def astype(self, dtype, **kwargs):
        return self._arr().astype(dtype)[()]

    def __hash__(self):
        return hash((self._kind, self._i, self._unit))

    def __bool__(self):
        return self._i != 0 and self._i != NAT

    def __int__(self):
        # As NumPy: through the Python object (a timedelta or date refuses).
        return int(self.item())

    def __float__(self):
        return float(self.item())

    def __eq__(self, o): return _arrays()._binary("Eq", self, o)
    def __ne__(self, o): return _arrays()._binary("Ne", self, o)
    def __lt__(self, o): return _arrays()._binary("Lt", self, o)
    def __le__(self, o): return _arrays()._binary("Le", self, o)
    def __gt__(self, o): return _arrays()._binary("Gt", self, o)
    def __ge__(self, o): return _arrays()._binary("Ge", self, o)
    def __add__(self, o): return _arrays()._binary("Add", self, o)
    def __radd__(self, o): return _arrays()._binary("Add", o, self)
    def __sub__(self, o): return _arrays()._binary("Sub", self, o)
    def __rsub__(self, o): return _arrays()._binary("Sub", o, self)
    def __mul__(self, o): return _arrays()._binary("Mul", self, o)
    def __rmul__(self, o): return _arrays()._binary("Mul", o, self)
    def __truediv__(self, o): return _arrays()._binary("Div", self, o)
    def __rtruediv__(self, o): return _arrays()._binary("Div", o, self)
    def __floordiv__(self, o): return _arrays()._binary("FloorDiv", self, o)
    def __rfloordiv__(self, o): return _arrays()._binary("FloorDiv", o, self)
    def __mod__(self, o): return _arrays()._binary("Mod", self, o)
    def __rmod__(self, o): return _arrays()._binary("Mod", o, self)
    def __neg__(self): return -self._arr()
    def __pos__(self): return +self._arr()
    def __abs__(self): return abs(self._arr())


def _scalar_args(cls, value, unit):
    """(int value, unit) of datetime64(value, unit) / timedelta64(value, unit)."""
    kind = cls._kind
    u = _parse_unit(unit, unit)[0] if unit is not None else None
    if isinstance(value, _Scalar):
        if value._kind != kind:
            _unsupported("%s of a %s" % (cls.__name__, type(value).__name__))
        if u is None or u == value._unit:
            return value._i, value._unit
        return int(_convert(np.array([value._i]), kind, value._unit, u)[0]), u
    if value is None:
        return NAT, u or ""
    if isinstance(value, str):
        if kind == "m":
            if value.strip().upper() in ("NAT", ""):
                return NAT, u or ""
            _unsupported("timedelta64 of a string")
        parts, inferred = _parse(value)
        if parts is None:
            return NAT, u or ""
        u = u or inferred
        return _value(parts, u), u
    if kind == "M" and isinstance(value, _pydt.datetime):
        if value.tzinfo is not None:
            _unsupported("datetime64 of a timezone-aware datetime")
        u = u or "us"
        return _value((value.year, value.month, value.day, value.hour, value.minute, value.second,
                       value.microsecond * 1000), u), u
    if kind == "M" and isinstance(value, _pydt.date):
        u = u or "D"
        return _value((value.year, value.month, value.day, 0, 0, 0, 0), u), u
    if kind == "m" and isinstance(value, _pydt.timedelta):
        us = (value.days * 86400 + value.seconds) * 10 ** 6 + value.microseconds
        u = u or "us"
        if u in _CALENDAR:
            _unsupported("timedelta64 of a datetime.timedelta in years or months")
        return us * 1000 // _NS[u], u
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        _unsupported("%s of %s" % (cls.__name__, type(value).__name__))
    if kind == "M" and u is None:
        raise ValueError("Converting an integer to a NumPy datetime requires a specified unit")
    return int(value), u or ""


class datetime64(_Scalar):
    """numpy.datetime64: a moment, a count of units since 1970-01-01."""

    _kind = "M"

    def __init__(self, value=None, unit=None):
        self._i, self._unit = _scalar_args(datetime64, value, unit)
        if self._i != NAT and not self._unit:
            raise ValueError("Cannot create a NumPy datetime other than NaT with generic units")

    def __repr__(self):
        text = _iso(np.array([self._i], dtype=np.int64), self._unit)[0]
        if self._i == NAT or self._unit == "h":
            return "np.datetime64('%s','%s')" % (text, self._unit or "generic")
        return "np.datetime64('%s')" % text

    def __str__(self):
        return _iso(np.array([self._i], dtype=np.int64), self._unit)[0]


class timedelta64(_Scalar):
    """numpy.timedelta64: a count of units."""

    _kind = "m"

    def __init__(self, value=0, unit=None):
        self._i, self._unit = _scalar_args(timedelta64, value, unit)

    def __repr__(self):
        v = "'NaT'" if self._i == NAT else str(self._i)
        if not self._unit:
            return "np.timedelta64(%s)" % v
        return "np.timedelta64(%s,'%s')" % (v, self._unit)

    def __str__(self):
        if self._i == NAT:
            return "NaT"
        if not self._unit:
            return "%d generic time units" % self._i
        return "%d %s" % (self._i, _WORDS[self._unit])


datetime64.__module__ = "numpy"
timedelta64.__module__ = "numpy"


def _scalar(kind, i, unit):
    s = object.__new__(datetime64 if kind == "M" else timedelta64)
    s._i, s._unit = int(i), unit
    return s


def _texts(a):
    """The elements as NumPy's text (astype(str)): a str array."""
    if a._dt.kind == "M":
        return np.array(_iso(a._v, a._dt.unit), dtype="<U%d" % _TEXT_WIDTH[a._dt.unit]).reshape(a.shape)
    items = [str(_scalar("m", x, a._dt.unit)) for x in a._v.ravel().tolist()]
    return np.array(items, dtype="<U21").reshape(a.shape)


# ---- numpy's functions of one datetime value or array ----

def isnat(x):
    if isinstance(x, _Scalar):
        return np.bool_(x._i == NAT)
    if getattr(x, "_hipy_dt_array", False):
        return x._v == NAT
    raise TypeError("ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.")


def datetime_as_string(arr, unit=None, timezone="naive", casting="same_kind"):
    a = arr._arr() if isinstance(arr, _Scalar) else arr
    if not getattr(a, "_hipy_dt_array", False) or a._dt.kind != "M":
        raise TypeError("input must have type NumPy datetime")
    if timezone != "naive":
        _unsupported("datetime_as_string(timezone=%r)" % (timezone,))
    if unit is not None and unit != "auto":
        a = a.astype("M8[%s]" % unit)
    elif unit == "auto":
        _unsupported("datetime_as_string(unit='auto')")
    out = _texts(a)
    return out[()] if isinstance(arr, _Scalar) else out


# This module's names, for datetime_array.py (np._datetimes_module);
# read from a function's globals (a pylib file's top-level names are there).
_datetimes_module = _types.SimpleNamespace(**isnat.__globals__)
