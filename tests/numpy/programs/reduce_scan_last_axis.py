# Running sums, products, maxima and minima along the last axis (each row
# a run of memory) and along the other axes, in every dtype family: the
# same operations in the same order as NumPy's, so the same bits.
import numpy as np

rng = np.random.default_rng(21)
f = rng.standard_normal((5, 7))
f[1, 3] = np.nan
f[3, 0] = np.nan
for axis in (1, -1, 0):
    print("cumsum", axis, np.cumsum(f, axis=axis).tobytes().hex()[:96])
    print("cumprod", axis, np.cumprod(f, axis=axis)[:, -1])
    print("max.acc", axis, np.maximum.accumulate(f, axis=axis)[-1])
    print("min.acc", axis, np.minimum.accumulate(f, axis=axis)[2])
z = rng.standard_normal((4, 3, 6)) * 1e3
print(np.cumsum(z, axis=2)[..., -1])
print(np.cumsum(z, axis=-1).sum(), np.cumsum(z, axis=1).sum())
i = rng.integers(-9, 9, (4, 5))
print(np.cumsum(i, axis=1), np.cumprod(i, axis=-1)[:, -1])
big = np.array([[2**62, 2**62, 3], [5, -7, 11]])
print(np.cumsum(big, axis=1), np.cumprod(big, axis=1))
b = np.array([[True, False, True], [False, False, True]])
print(np.cumsum(b, axis=1), np.logical_or.accumulate(b, axis=1))
s = np.arange(1.0, 13.0).reshape(3, 4)[:, ::-1]
print(np.cumsum(s, axis=1), np.cumprod(s.T, axis=1))
print(np.cumsum(np.ones((3, 1)), axis=1), np.cumsum(np.ones((2, 0)), axis=1).shape)
paths = 100.0 * np.exp(np.cumsum(rng.standard_normal((6, 12)) * 0.05, axis=1))
dd = 1.0 - (paths / np.maximum.accumulate(paths, axis=1)).min(axis=1)
print(dd.tobytes().hex())
print(np.float32(1.1) * np.cumsum(np.ones((2, 5), dtype=np.float32), axis=1))
