# np.vander builds its columns as running products (x, x*x, (x*x)*x, ...)
# as NumPy does, not with pow, so every bit matches; np.polyfit builds its
# design matrix with it. np.ascontiguousarray returns a C-ordered array.
import hashlib

import numpy as np


def digest(a):
    return hashlib.md5(np.ascontiguousarray(a).tobytes()).hexdigest()


x = np.linspace(-2.3, 1.7, 11)
for N in (None, 0, 1, 2, 5):
    for inc in (False, True):
        v = np.vander(x, N, increasing=inc)
        print(N, inc, v.shape, v.dtype, v.flags["C_CONTIGUOUS"], digest(v))
print(np.vander(np.array([1, 2, 3]), 4))
print(np.vander(np.array([1.5, 2.5], dtype=np.float32), 3).dtype)
print(np.vander([True, False], 3))
print(np.vander(np.array([3, -7]), 30)[:, :3])
print(np.vander([], 3).shape, np.vander([2.0, 3.0]).tolist())
try:
    np.vander(np.ones((2, 2)))
except ValueError as e:
    print("ValueError", e)
u = np.sort(np.random.default_rng(3).uniform(-2, 2, 500))
print(digest(np.vander(u, 9)), np.vander(u, 9)[::100, :3])

a = np.ones((3, 3))[:, ::-1]
c = np.ascontiguousarray(a)
print(a.flags["C_CONTIGUOUS"], c.flags["C_CONTIGUOUS"], c.strides)
t = np.ascontiguousarray(np.arange(6.0).reshape(2, 3).T)
print(t.flags["C_CONTIGUOUS"], t.strides, t.tolist())
d = np.ascontiguousarray(5)
print(d, d.shape, np.ascontiguousarray([[1, 2], [3, 4]], dtype=np.float32).dtype)
e = np.arange(12.0).reshape(3, 4)
g = np.ascontiguousarray(e)
g[0, 0] = 99.0
print(e[0, 0], np.ascontiguousarray(e[:, 1:3]).flags["C_CONTIGUOUS"], np.ascontiguousarray(e[:, 1:3]).tolist())
