# CPython 3.11 behaviour for pure-Python stdlib modules that RustPython
# takes from CPython 3.14. Each function patches one module after it is
# imported (compat/stdlib.rs calls it); replacements keep the original's
# name and module so introspection sees the same function.

def _adopt(new, old):
    new.__name__ = old.__name__
    new.__qualname__ = old.__qualname__
    new.__module__ = old.__module__
    new.__doc__ = old.__doc__
    return new


def patch_calendar(m):
    # 3.12 made weekdays `calendar.Day` members; 3.11 returns plain ints.
    datetime = m.datetime

    def weekday(year, month, day):
        if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
            year = 2000 + year % 400
        return datetime.date(year, month, day).weekday()

    m.weekday = _adopt(weekday, m.weekday)
    for i, name in enumerate(("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY")):
        setattr(m, name, i)
