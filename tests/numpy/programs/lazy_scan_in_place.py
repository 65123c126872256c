# A running scan of a temporary that dies there (np.cumsum(a * 2.0)) scans
# the temporary's own buffer; arrays the program can still see (sources,
# named intermediates, views) keep their values.
import numpy as np

a = np.arange(1.0, 13.0).reshape(3, 4)
b = np.cumsum(a * 2.0, axis=1)
print(b)
print(a)
c = np.cumsum(a)
print(c, a.sum())
x = a - 0.5
y = np.cumprod(x, axis=0)
print(x)
print(y)
v = a[:, 1:]
w = np.cumsum(v + 0.0, axis=1)
print(w, v)
m = np.maximum.accumulate(np.sin(a), axis=1)
print(m)
n = np.minimum.accumulate(np.cos(a).ravel())
print(n)
i = np.arange(12, dtype=np.int32).reshape(3, 4)
print(np.cumsum(i * 3, axis=1).dtype, np.cumsum(i * 3, axis=1))
print(np.cumsum(i.astype(np.int64) * 3, axis=0), i)
paths = 100.0 * np.exp(np.cumsum(0.01 * np.ones((3, 6)) + 0.001 * a[:, :1], axis=1))
print(paths[:, -1], float(np.cumsum(np.ones(5) * 0.1)[-1]).hex())
z = np.ones((2, 3))
for _ in range(3):
    z = np.cumsum(z * 1.5, axis=1)
print(z)
