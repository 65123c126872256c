import numpy as np
a = np.arange(10)
print(a[0], a[-1], a[2:5], a[:3], a[7:], a[::2], a[::-1], a[-3:], a[1:-1:3])
print(repr(a[3]), type(a[3]).__name__)
m = np.arange(12).reshape(3, 4)
print(m[1], m[1, 2], m[-1, -1], m[:, 0], m[0, :], m[1:, 1:3], m[::2, ::3])
print(m[::-1, ::-1])
print(m[2][3], m[1:2])
