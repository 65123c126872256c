# datetime64/timedelta64: comparisons (NaT != NaT), isnat, masks, where, reductions, sorting.
import numpy as np

d = np.array(['2024-03-05', '2024-03-01', 'NaT', '2024-03-03'], 'M8[D]')
print(repr(d > d[1]), repr(d == d), repr(d != d), repr(d <= np.datetime64('2024-03-03T00:00')))
print(repr(d == '2024-03-01'), repr(np.datetime64('2024-03-02') < d), repr(np.isnat(d)))
t = np.array([30, -5, 12, 0], 'm8[m]')
print(repr(t > np.timedelta64(0, 'm')), repr(t < np.timedelta64(1, 'h')), repr(t == 0), repr(t >= 12))
print(repr(d[~np.isnat(d)]), repr(d[d > d[1]]), repr(t[t > np.timedelta64(0)]))
print(repr(np.where(np.isnat(d), np.datetime64('2000-01-01'), d)), repr(np.where(t > np.timedelta64(0), t, np.timedelta64(0, 'h'))))
print(repr(d.min()), repr(d.max()), repr(d[~np.isnat(d)].min()), repr(np.max(d[[0, 1]])), repr(d.argmin()), repr(d.argmax()))
print(repr(np.argmin(t)), repr(np.argmax(t)), repr(t.min()), repr(t.max()), repr(np.min(t)))
print(repr(t.sum()), repr(np.sum(t)), repr(t.mean()), repr(np.mean(t)), repr(np.array([7, 'NaT'], 'm8[h]').sum()))
print(repr(np.array([1, 2], 'm8[D]').mean()), repr(np.array([[1, 2], [3, 5]], 'm8[s]').sum(axis=0)))
print(repr(np.sort(d)), repr(np.argsort(d)), repr(np.sort(t)), repr(np.argsort(t)))
e = d.copy()
e.sort()
print(repr(e), repr(np.unique(d)), repr(np.unique(np.array(['2024-01-02', '2024-01-01', '2024-01-02'], 'M8[D]'))))
print(repr(np.diff(d)), repr(np.diff(t)), repr(np.diff(np.array(['2024-01-01', '2024-01-03', '2024-01-10'], 'M8[D]'))))
for f in [lambda: d.sum(), lambda: d.mean(), lambda: np.mean(d), lambda: d < t, lambda: d == 5]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(repr(np.isin(d, [np.datetime64('2024-03-01')])), repr(np.searchsorted(np.sort(d[:2]), np.datetime64('2024-03-02'))))
print(repr(np.array_equal(d, d.copy())), repr(np.count_nonzero(t)))
