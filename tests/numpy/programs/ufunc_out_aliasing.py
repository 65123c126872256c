import numpy as np
a = np.arange(6.0)
np.add(a, a, out=a)
print(a)
b = np.arange(5.0)
np.subtract(b[::-1], b, out=b)
print(b)
c = np.arange(8.0)
np.multiply(c[:4], 10, out=c[4:])
print(c)
d = np.arange(4.0)
view = d[1:]
np.add(d[:-1], 100, out=view)
print(d)
