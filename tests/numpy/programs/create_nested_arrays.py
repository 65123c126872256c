import numpy as np
a = np.array([1, 2, 3])
b = np.array([4, 5, 6])
m = np.array([a, b])
print(m, m.shape)
n = np.array([a * 2, b + 0.5])
print(n, n.dtype)
try:
    np.array([[1, 2], [3]])
except ValueError as e:
    print("ValueError:", e)
