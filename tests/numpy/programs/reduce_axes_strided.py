import numpy as np
# Reductions and scans over axes of strided data (views of stored and of
# pending arrays), read in place.
a = np.arange(60000.0).reshape(200, 300) % 97.0 - 40.0
for v in (a, a[::2, 1::3], a.T, a[::-1, ::-2], (a * 1.5)[10:, :50].T):
    print(v.shape, v.sum(axis=0)[:3], v.sum(axis=1)[-3:], v.mean(axis=0)[:2], v.mean(axis=-1)[:2])
    print(v.max(axis=0)[:3], v.min(axis=1)[:3], v.argmax(axis=0)[:3], v.argmin(axis=1)[:3])
    print(v.prod(axis=0)[:2], (v > 0).any(axis=1)[:3], (v > -39).all(axis=0)[:3])
    print(v.cumsum(axis=0)[-1, :3], v.cumsum(axis=1)[2, -3:], v.cumprod(axis=1)[0, :3])
    print(v.std(axis=0)[:2], v.var(axis=1)[:2])
b = np.arange(24.0).reshape(2, 3, 4)
for v in (b, b.transpose(2, 0, 1), b[:, ::-1, 1:]):
    print(v.sum(axis=(0, 2)), v.sum(axis=(1, 2)), v.sum(axis=(0, 1)), v.max(axis=(0, 1)))
    print(v.cumsum(axis=0), v.cumsum(axis=2)[1], np.maximum.accumulate(v, axis=1)[0])
    print(v.mean(axis=1, keepdims=True).shape, v.sum(axis=0, keepdims=True)[0, 0])
i = (np.arange(5000) % 13).reshape(50, 100)[::3]
print(i.sum(axis=0)[:5], i.cumsum(axis=0)[-1, :4], i.prod(axis=1)[:3], i.cumprod(axis=1)[1, :6])
f = np.arange(4000, dtype=np.float32).reshape(40, 100)[:, ::7] * 0.1
print(f.sum(axis=0)[:3], f.sum(axis=1)[:3], f.cumsum(axis=0)[-1, :3])
print(np.zeros((0, 3)).sum(axis=0), np.ones((3, 0)).sum(axis=1))
