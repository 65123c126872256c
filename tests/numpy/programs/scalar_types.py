import numpy as np
a = np.array([1.5, 2.5])
s = a[0]
print(type(s).__name__, isinstance(s, np.float64), isinstance(s, np.generic))
print(type(np.arange(3)[1]).__name__, type(np.array([True])[0]).__name__)
print(type(a.sum()).__name__, type(np.arange(3).sum()).__name__, type((a > 1).all()).__name__)
print(s.dtype, s.shape, s.ndim)
print(np.float64(1.0) == 1.0, np.int64(2) < 3, 1.5 < np.float64(2.0))
print(sorted([np.float64(2.0), np.float64(1.0), 0.5]))
print(max(np.arange(5)), min(np.array([3.0, -1.0])), sum(np.array([1, 2, 3])))
