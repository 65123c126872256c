# ufunc where= with out=, sliding_window_view, and nanpercentile /
# nanquantile with several quantiles along an axis.
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

a = np.array([[1.0, 0.0, 4.0], [0.0, 2.0, 8.0]])
b = np.array([2.0, 0.0, 2.0])
out = np.full(a.shape, -1.0)
r = np.divide(a, b, out=out, where=b != 0)
print(r is out, out)
print(np.sqrt(np.array([4.0, -1.0, 9.0]), out=np.zeros(3), where=np.array([True, False, True])))
o = np.zeros(3, dtype=np.int64)
np.add(np.arange(3), 10, out=o, where=[False, True, True])
print(o)
print(np.multiply(a, 2, out=np.ones_like(a), where=True))
ro = np.zeros(3)
ro.flags.writeable = False
try:
    np.add(b, 1, out=ro, where=b > 0)
except ValueError as e:
    print(e)

x = np.arange(10.0)
w = sliding_window_view(x, 4)
print(w.shape, w.flags.writeable)
print(w)
print(w.mean(axis=1), w.std(axis=1, ddof=1))
m = np.arange(20).reshape(4, 5)
print(sliding_window_view(m, (2, 3)).shape)
print(sliding_window_view(m, (2, 3))[1, 2])
print(sliding_window_view(m, 3, axis=1)[2])
print(np.lib.stride_tricks.sliding_window_view(m, 2, axis=0).shape)
try:
    w[0, 0] = 5
except ValueError as e:
    print(e)
for bad in [lambda: sliding_window_view(x, 11), lambda: sliding_window_view(m, 2),
            lambda: sliding_window_view(x, -1)]:
    try:
        bad()
    except ValueError as e:
        print(e)

d = np.array([[1.0, np.nan, 3.0, 4.0], [2.0, 5.0, np.nan, 7.0], [0.5, 1.5, 2.5, np.nan]])
print(np.nanpercentile(d, [25, 50, 75], axis=0))
print(np.nanpercentile(d, [10, 90], axis=1))
print(np.nanquantile(d, [0.5], axis=1), np.nanquantile(d, 0.5, axis=1))
print(np.nanpercentile(d, [25, 75]))
