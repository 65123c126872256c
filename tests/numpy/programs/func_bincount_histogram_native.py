# bincount and equal-bin histograms on the native kernels: counts, weights
# (float sums in NumPy's order), minlength, the errors, big inputs.
import numpy as np
x = (np.arange(300000) * 7919) % 1013
print(np.bincount(x)[:6], np.bincount(x).sum(), np.bincount(x, minlength=2000).shape)
w = np.sin(np.arange(300000) * 0.001)
print(np.bincount(x, weights=w)[:4])
print(np.bincount(np.array([True, False, True])), np.bincount(np.array([3, 1], dtype=np.uint8), minlength=5))
print(np.bincount(np.array([2, 0], dtype=np.int32), weights=[1, 2]))
for args, kw in [(([0, 1],), {"minlength": -1}), (([0, 1],), {"weights": [1.0]}), (([-1, 2],), {}),
                 (([0.5, 1.0],), {}), (([[1]],), {})]:
    try:
        np.bincount(np.array(args[0]), **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
y = np.cos(np.arange(500000) * 0.0137) * 4 + (np.arange(500000) % 11) * 0.01
h, e = np.histogram(y, bins=37)
print(h[:8], h.sum(), e[:3])
h, e = np.histogram(y, bins=20, range=(-2, 3), weights=y * 0.5)
print(h[:5], e[-2:])
h, e = np.histogram(y, bins=10, density=True)
print(h[:4])
h, e = np.histogram(np.arange(1000) % 17, bins=5)
print(h, e)
h, e = np.histogram(np.array([1.0, np.nan, 2.0]), bins=2, range=(0, 3))
print(h, e)
