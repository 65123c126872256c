# datetime64/timedelta64 arithmetic: units promoted, NaT propagated, NumPy's errors.
import numpy as np

d = np.array(['2024-03-01', '2024-03-05', 'NaT'], 'M8[D]')
t = np.array([3, 5, 7], 'm8[h]')
print(repr(d - d[0]), repr(d[1] - d[0]), repr(d - np.datetime64('2024-02-01T12', 'h')))
print(repr(d + np.timedelta64(2, 'h')), repr(np.timedelta64(1, 'D') + d), repr(d - np.timedelta64(30, 'm')))
print(repr(d + 1), repr(d - 1), repr(d + np.array([1, 2, 3])), repr(np.datetime64('2024-01-31') + 1))
print(repr(np.datetime64('2024-01') + np.timedelta64(1, 'D')), repr(np.datetime64('2024') + np.timedelta64(1, 'M')))
print(repr(np.datetime64('2024-01') + np.timedelta64(13, 'M')), repr(np.datetime64('2024-03-01') - np.datetime64('2024')))
print(repr(t * 2), repr(2 * t), repr(t * 1.5), repr(t * np.array([1, 0, -1])), repr(-t), repr(abs(-t)), repr(+t))
print(repr(t / np.timedelta64(2, 'h')), repr(t / np.timedelta64(30, 'm')), t // np.timedelta64(2, 'h'), (t // np.timedelta64(2, 'h')).dtype)
print(repr(t % np.timedelta64(2, 'h')), repr(t / 2), repr(t // 2), repr(t / 2.0), repr(-t // 2))
print(repr(np.array([5], 'm8[D]') / np.array([2], 'm8[h]')), repr(np.timedelta64(90, 'm') / np.timedelta64(1, 'h')))
print(repr(t + np.timedelta64(1, 'D')), repr(t - np.timedelta64(15, 'm')), repr(t + 1), repr(t - np.timedelta64(5)))
print(repr(t + t), repr(t - t[::-1]), repr(np.timedelta64(3, 'D') * 2), repr(np.timedelta64('NaT', 'h') + t))
n = np.array([1, 'NaT', 3], 'm8[s]')
print(repr(n * 2), repr(n / np.timedelta64(1, 's')), n // np.timedelta64(2, 's'), repr(-n), repr(n / 0))
print(repr(np.array([-7], 'm8[h]') // 2), repr(np.array([-7], 'm8[h]') / 2), repr(np.array([-7], 'm8[h]') % np.timedelta64(2, 'h')))
print(repr(np.subtract(d, d[0])), repr(np.add(t, t)), repr(np.multiply(t, 3)))
for f in [lambda: d + d, lambda: d * 2, lambda: t * t, lambda: np.timedelta64(1, 'h') - d, lambda: -d,
          lambda: np.timedelta64(1, 'Y') + np.timedelta64(1, 'D'), lambda: np.datetime64('2024-01-15') + np.timedelta64(1, 'M'),
          lambda: d / 2, lambda: t % 2]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
