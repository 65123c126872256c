# NumPy's business-day functions over datetime64[D] values (`datetimes.py`):
# a weekmask (Monday first) and sorted holidays; counts are whole-array
# integer arithmetic (weeks times the business days of a week, plus a
# prefix of the week, minus the holidays before a day), offsets step
# day by day per element.
#
# Written from NumPy's documentation; no NumPy code is copied.

__all__ = ["busday_count", "is_busday", "busday_offset", "busdaycalendar"]

_d = np._datetime_arrays
NAT = _d.NAT
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_ROLLS = ("raise", "nat", "forward", "following", "backward", "preceding", "modifiedfollowing",
          "modifiedpreceding")


def _weekmask(weekmask):
    """Seven bools, Monday first, from '1111100', 'Mon Tue ...' or a sequence."""
    if isinstance(weekmask, str):
        text = weekmask
        if len(text) == 7 and set(text) <= set("01"):
            mask = [c == "1" for c in text]
        else:
            names = text.split()
            if not names or any(n not in _DAYS for n in names):
                raise ValueError("Invalid business day weekmask string \"%s\"" % text)
            mask = [day in names for day in _DAYS]
    else:
        mask = [bool(x) for x in np.asarray(weekmask).tolist()]
        if len(mask) != 7:
            raise ValueError("A business day weekmask array must have length 7")
    if not any(mask):
        raise ValueError("the business day weekmask must have at least one valid business day")
    return mask


def _weekday(days):
    """Monday 0 .. Sunday 6 of day counts since 1970-01-01 (a Thursday)."""
    return (days + 3) % 7


class busdaycalendar:
    """numpy.busdaycalendar: a weekmask and the holidays that fall on its
    business days, sorted, each once."""

    def __init__(self, weekmask="1111100", holidays=None):
        mask = _weekmask(weekmask)
        self.weekmask = np.array(mask, dtype=bool)
        days = [] if holidays is None else _days(holidays, 0).ravel().tolist()
        days = sorted(set(x for x in days if x != NAT and mask[_weekday(x)]))
        self.holidays = _d.ndarray(np.array(days, dtype=np.int64), _d._DTDType("M", "D"))
        self._mask = mask
        self._hol = days


busdaycalendar.__module__ = "numpy"


def _calendar(weekmask, holidays, busdaycal):
    if busdaycal is not None:
        if weekmask != "1111100" or holidays is not None:
            raise ValueError("Cannot supply both the weekmask/holidays and the busdaycal parameters to "
                             "busday_offset()")
        return busdaycal
    return busdaycalendar(weekmask, holidays)


def _days(dates, operand):
    """Day counts (int64 array) of dates: datetimes of unit D or coarser,
    or ISO strings; NumPy's casting error for a finer unit."""
    if isinstance(dates, (_d.ndarray, _d._Scalar)):
        a = dates if isinstance(dates, _d.ndarray) else dates._arr()
    else:
        a = _d._array(dates if isinstance(dates, (list, tuple)) else [dates], "M8")
        if not isinstance(dates, (list, tuple)):
            a = a.reshape(())
    if a._dt.kind != "M" or (a._dt.unit and a._dt.unit not in ("Y", "M", "W", "D")):
        raise TypeError("Iterator operand %d dtype could not be cast from %r to dtype('<M8[D]') according to "
                        "the rule 'safe'" % (operand, a._dt))
    return np.asarray(_d._convert(a._v, "M", a._dt.unit, "D") if a._dt.unit else a._v)


def _is_bus(days, cal):
    mask = np.array(cal._mask, dtype=bool)
    wd = np.where(days == NAT, 0, _weekday(days))
    ok = mask[wd] & ~np.isin(days, np.array(cal._hol, dtype=np.int64))
    return ok & (days != NAT)


def _before(days, cal):
    """Business days from the Monday 1969-12-29 up to (not including) each day."""
    mask = cal._mask
    prefix = np.array([sum(mask[:k]) for k in range(7)], dtype=np.int64)
    shift = days + 3
    count = (shift // 7) * sum(mask) + prefix[shift % 7]
    return count - np.searchsorted(np.array(cal._hol, dtype=np.int64), days, side="left")


def _out(r, scalar):
    return np.asarray(r)[()] if scalar else r


def is_busday(dates, weekmask="1111100", holidays=None, busdaycal=None, out=None):
    if out is not None:
        raise NotImplementedError("numpy.is_busday(out=...) is not supported by hipy")
    cal = _calendar(weekmask, holidays, busdaycal)
    days = _days(dates, 0)
    return _out(_is_bus(days, cal), days.ndim == 0)


def busday_count(begindates, enddates, weekmask="1111100", holidays=None, busdaycal=None, out=None):
    if out is not None:
        raise NotImplementedError("numpy.busday_count(out=...) is not supported by hipy")
    cal = _calendar(weekmask, holidays, busdaycal)
    b, e = _days(begindates, 0), _days(enddates, 1)
    if bool(np.any(b == NAT)) or bool(np.any(e == NAT)):
        raise ValueError("Cannot compute a business day count with a NaT (not-a-time) date")
    r = _before(e, cal) - _before(b, cal)
    return _out(r, b.ndim == 0 and e.ndim == 0)


def _roll(day, roll, cal, is_bus):
    """The business day `roll` makes of `day` (Python int), or NAT."""
    if is_bus(day):
        return day
    if roll == "raise":
        raise ValueError("Non-business day date in busday_offset")
    if roll == "nat":
        return NAT
    step = 1 if roll in ("forward", "following", "modifiedfollowing") else -1
    r = day
    while not is_bus(r):
        r += step
    if roll.startswith("modified"):
        month = lambda z: _d._civil_from_days(z)[:2]
        if month(r) != month(day):
            r = day
            while not is_bus(r):
                r -= step
    return r


def busday_offset(dates, offsets, roll="raise", weekmask="1111100", holidays=None, busdaycal=None, out=None):
    if out is not None:
        raise NotImplementedError("numpy.busday_offset(out=...) is not supported by hipy")
    if roll not in _ROLLS:
        raise ValueError("Invalid business day roll parameter \"%s\"" % roll)
    cal = _calendar(weekmask, holidays, busdaycal)
    days = _days(dates, 0)
    offs = np.asarray(offsets)
    if offs.dtype.kind not in "iub":
        raise TypeError("Cannot cast array data from %r to dtype('int64') according to the rule 'safe'" % offs.dtype)
    d, o = np.broadcast_arrays(days, offs.astype(np.int64))
    mask, hol = cal._mask, set(cal._hol)

    def is_bus(z):
        return mask[(z + 3) % 7] and z not in hol

    result = []
    for day, k in zip(d.ravel().tolist(), o.ravel().tolist()):
        if day == NAT:
            result.append(NAT)
            continue
        z = _roll(day, roll, cal, is_bus)
        if z == NAT:
            result.append(NAT)
            continue
        step = 1 if k > 0 else -1
        for _ in range(abs(k)):
            z += step
            while not is_bus(z):
                z += step
        result.append(z)
    v = np.array(result, dtype=np.int64).reshape(d.shape)
    return _d._wrap(v, _d._DTDType("M", "D"), scalar=True)
