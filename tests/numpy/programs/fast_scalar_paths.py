# Scalar-sized calls that take native fast paths: one-element stores
# a[i] = x and a[i, j] = x (through views, into arrays a pending result
# still reads, with values of another dtype, out of bounds), one-key
# searchsorted (sides, NaN, views, int arrays, keys of another type), and
# order statistics by selection (median/percentile/quantile with NaN,
# ties, ints, axes and every method).
import numpy as np

a = np.zeros(6)
a[2] = 1.5
a[-1] = 7
a[0] = np.float64(2.25)
print(a)
m = np.arange(12.0).reshape(3, 4)
m[1, 2] = -1.0
m[-1, -1] = 100
v = m[:, ::2]
v[2, 1] = 55.5
print(m)
print(v)
t = m.T
t[3, 0] = 9.0
print(m[0])
b = a * 2
a[1] = 1000.0
print(b, a[1])
ints = np.arange(5)
ints[0] = 7
ints[1] = np.int64(-3)
ints[2] = 2.9
ints[3] = True
print(ints, ints.dtype)
small = np.zeros(3, dtype=np.int8)
small[0] = 100
small[1] = np.int64(5)
print(small, small.dtype)
try:
    small[2] = 300
except OverflowError as e:
    print("OverflowError:", e)
f32 = np.zeros(3, dtype=np.float32)
f32[0] = 0.1
print(f32[0] == np.float32(0.1), f32.dtype)
for bad in (6, -7):
    try:
        a[bad] = 1.0
    except IndexError as e:
        print("IndexError:", e)
try:
    m[1] = 2.0
    print(m[1])
    m[1, 2, 0] = 2.0
except IndexError as e:
    print("IndexError:", e)
z = np.zeros(())
z[()] = 4.0
print(z, z.shape)
big = np.zeros(4)
big[np.int64(2)] = 3.0
print(big)

s = np.array([0.0, 1.0, 1.0, 2.5, 4.0, np.nan])
for key in (1.0, 0, -3, 2.5, 9, np.nan, np.float64(1.0), np.int64(2), np.float32(1.0)):
    print(repr(key), np.searchsorted(s, key), np.searchsorted(s, key, side="right"), np.searchsorted(s, key, "right"))
r = np.searchsorted(s, 1.0)
print(type(r).__name__, r.dtype)
print(np.searchsorted(s[::2], 1.0), np.searchsorted(s[::-1][1:][::-1], 2.0, side="right"))
k = np.array([1, 3, 3, 8])
print(np.searchsorted(k, 3), np.searchsorted(k, 3, side="right"), np.searchsorted(k, 2.5), np.searchsorted(k, np.int64(8)))
print(np.searchsorted(s, [1.0, 3.0]), np.searchsorted(s, np.array(2.0)), s.searchsorted(2.0))
for side in ("middle", "l", 3):
    try:
        np.searchsorted(s, 1.0, side=side)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

rng = np.random.default_rng(7)
x = rng.normal(size=1001)
x[::97] = 0.5
print(np.median(x), np.median(x[:-1]), np.percentile(x, [0, 1, 25, 50, 75, 99, 100]))
print(np.quantile(x, 0.3), np.quantile(x[:10], [0.05, 0.95]))
for method in ("linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf", "averaged_inverted_cdf",
               "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased",
               "normal_unbiased"):
    print(method, np.percentile(x[:37], [3, 50, 97], method=method))
y = x.copy()
y[5] = np.nan
print(np.median(y), np.percentile(y, 40), np.nanmedian(y), np.nanpercentile(y, [10, 90]))
M = rng.integers(0, 50, size=(7, 9))
print(np.median(M), np.median(M, axis=0), np.median(M, axis=1), np.percentile(M, 30, axis=1))
print(np.percentile(M, [20, 80], axis=0, keepdims=True).shape, np.median(M, axis=1, keepdims=True).ravel())
print(np.median(np.array([3.0])), np.percentile(np.array([2, 1]), 50), np.median(np.array([1, 1, 1, 1])))
print(np.quantile(np.array([0.0, -0.0, 0.0]), 0.5), np.median(np.array([np.inf, -np.inf, 1.0])))
