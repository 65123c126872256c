# A small time series, as ordinary programs write it: log timestamps, gaps, daily counts.
import numpy as np

stamps = np.array(['2024-05-01T08:15:00', '2024-05-01T09:40:30', '2024-05-01T17:05:00', '2024-05-02T07:59:59',
                   '2024-05-02T12:00:00', '2024-05-04T23:30:00', 'NaT'], dtype='datetime64[s]')
values = np.array([3.5, 4.0, 2.5, 5.0, 1.5, 6.0, 9.9])
ok = ~np.isnat(stamps)
stamps, values = stamps[ok], values[ok]
gaps = np.diff(stamps)
print(gaps)
print(repr(gaps.astype('m8[m]')), gaps.max(), gaps.min(), gaps.mean())
print('longest gap (hours):', gaps.max() / np.timedelta64(1, 'h'))
days = stamps.astype('datetime64[D]')
uniq, idx, counts = np.unique(days, return_inverse=True, return_counts=True)
print(uniq, idx, counts)
for day, c in zip(uniq, counts):
    print(day, c, values[days == day].sum())
start = np.datetime64('2024-05-01')
calendar = np.arange(start, start + np.timedelta64(5, 'D'))
present = np.isin(calendar, days)
print(calendar[~present])
elapsed = (stamps - stamps[0]) / np.timedelta64(1, 'h')
print(np.round(elapsed, 3))
print((stamps - start).astype('timedelta64[h]'))
weekday = (days.astype('datetime64[D]').view('int64') + 3) % 7 if False else ((days - np.datetime64('1970-01-05')) // np.timedelta64(1, 'D')) % 7
print(weekday)
late = stamps[stamps > np.datetime64('2024-05-02')]
print(late, late.dtype, len(late))
print(np.datetime_as_string(stamps[:2], unit='m'))
print(stamps.max() - stamps.min(), (stamps.max() - stamps.min()).item())
