import numpy as np
a = np.arange(20000.0)
b = a * 3
np.add(a, 1, out=a)
print(a[:3], b[:3])
c = np.arange(20000.0)
d = c[::2]
np.multiply(c, 2, out=c)
print(d[:3], c[:5])
e = np.ones(20000)
f = e + e
np.subtract(f, e, out=e)
print(e[:3], f[:3], e.sum())
