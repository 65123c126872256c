import numpy as np
a = np.array([20, 30, 40, 50])
b = np.arange(4)
c = a - b
print(c, b ** 2, 10 * np.sin(a), a < 35)
A = np.array([[1, 1], [0, 1]])
B = np.array([[2, 0], [3, 4]])
print(A * B, A @ B, A.dot(B))
rg = np.random.default_rng(1)
a = np.ones((2, 3), dtype=int)
b = rg.random((2, 3))
a *= 3
print(a)
b += a
print(b)
a = np.ones(3, dtype=np.int32)
b = np.linspace(0, np.pi, 3)
print(b.dtype.name)
c = a + b
print(c, c.dtype.name)
d = np.exp(c)
print(d)
