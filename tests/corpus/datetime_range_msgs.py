# datetime / calendar range errors and values as CPython 3.11 reports them.
import calendar
import datetime
for args in [(0, 1, 1), (10000, 1, 1), (2023, 13, 1), (2023, 2, 29), (2024, 2, 30), (2023, 4, 31)]:
    try:
        datetime.date(*args)
    except ValueError as e:
        print(args, e)
for kw in [dict(hour=24), dict(minute=60), dict(second=-1), dict(microsecond=10 ** 6), dict(fold=2)]:
    try:
        datetime.time(**kw)
    except ValueError as e:
        print(kw, e)
for f in [lambda: datetime.datetime(2023, 2, 30, 1), lambda: datetime.date(2023, 1, 1).replace(month=0),
          lambda: datetime.date.fromisocalendar(2023, 5, 9), lambda: datetime.date.fromisocalendar(0, 5, 1),
          lambda: datetime.date.fromisocalendar(2023, 54, 1),
          lambda: datetime.timezone(datetime.timedelta(hours=25))]:
    try:
        f()
    except ValueError as e:
        print(e)
print(calendar.monthrange(2024, 2), calendar.weekday(2024, 1, 1), [calendar.MONDAY, calendar.SUNDAY])
print(calendar.monthcalendar(2024, 2)[0], calendar.firstweekday())
