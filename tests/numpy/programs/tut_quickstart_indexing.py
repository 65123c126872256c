import numpy as np
a = np.arange(10) ** 3
print(a, a[2], a[2:5])
a[:6:2] = 1000
print(a, a[::-1])
for i in a[:3]:
    print(i ** (1 / 3.))
def f(x, y):
    return 10 * x + y
b = np.array([[f(i, j) for j in range(4)] for i in range(5)])
print(b, b[2, 3], b[0:5, 1], b[:, 1], b[1:3, :], b[-1])
c = np.array([[[0, 1, 2], [10, 12, 13]], [[100, 101, 102], [110, 112, 113]]])
print(c.shape, c[1, ...], c[..., 2])
for row in b[:2]:
    print(row)
