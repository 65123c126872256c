from datetime import date, datetime, timedelta, time, timezone
d = date(2024, 2, 28)
print(d + timedelta(days=1), d + timedelta(days=2), d.isoformat(), d.weekday(), d.isoweekday(), d.strftime('%A %d %B %Y'))
print(date(2023, 12, 31) - date(2023, 1, 1), (date(2025, 1, 1) - date(2024, 1, 1)).days, date.fromisoformat('2021-07-04').toordinal())
dt = datetime(2024, 3, 10, 14, 30, 15, 123456)
print(dt, repr(dt), dt.isoformat(timespec='seconds'), dt.replace(hour=0), dt.date(), dt.time(), dt.timestamp() if False else 'ts-skip')
print(dt + timedelta(hours=10, minutes=45), dt - datetime(2024, 1, 1), (dt - datetime(2024, 1, 1)).total_seconds())
td = timedelta(days=-1, seconds=5)
print(td, repr(td), td.days, td.seconds, timedelta(weeks=1, hours=-1), timedelta(microseconds=1500), abs(td))
utc = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)
plus2 = utc.astimezone(timezone(timedelta(hours=2)))
print(utc, plus2, plus2.tzname(), utc == plus2, utc.utcoffset())
print(datetime.strptime('2024-05-06 07:08', '%Y-%m-%d %H:%M'), time(9, 5).strftime('%I:%M %p'), datetime.fromisoformat('2024-01-02T03:04:05'))
def add_months(d, n):
    m = d.month - 1 + n
    y = d.year + m // 12
    m = m % 12 + 1
    import calendar
    day = min(d.day, calendar.monthrange(y, m)[1])
    return date(y, m, day)
print([str(add_months(date(2024, 1, 31), k)) for k in range(5)])
import calendar
print(calendar.isleap(2000), calendar.isleap(1900), calendar.monthrange(2024, 2), calendar.weekday(2024, 1, 1))
print(calendar.month(2024, 2))
try:
    date(2023, 2, 29)
except ValueError as e:
    print('ValueError:', e)
