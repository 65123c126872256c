import numpy as np
a = np.arange(10000.0)
b = np.sqrt(a)
c = b * 2
a[5] = 1e6
d = c + a
print(d[:8])
a += 1
print(c[4:7], d[4:7], a[4:7])
e = a.sum()
a[:] = 0
print(e, a.sum())
