import numpy as np
n = 200000
a = np.arange(n, dtype=float)
b = a * 2
del a
c = np.sqrt(b) + 1
print(c[:3], c[-1])
x = np.ones(n)
x = x * 3
x = x + np.arange(n)
x = x / 2
print(x[:3], x.sum())
