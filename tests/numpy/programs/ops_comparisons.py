import numpy as np
a = np.array([1, 5, 3, 7])
b = np.array([2, 5, 1, 8])
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(a > 3, 3 < a, a == 5.0)
f = np.array([1.0, np.nan, 3.0])
print(f == f, f != f, f > 1)
print(np.equal(a, b), np.less(a, 4), np.greater_equal(a, b))
print((a > 2) & (a < 7), ((a > 2) | (b > 7)).sum())
