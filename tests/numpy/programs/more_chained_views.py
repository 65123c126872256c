import numpy as np
a = np.arange(20).reshape(4, 5)
b = a[1:, ::2]
c = b[::-1, 1:]
c[0, 0] = -99
print(a)
d = a.T[::2]
print(d)
e = a.ravel()[::3]
print(e)
f = a[:, 2]
f[:] = 0
print(a)
