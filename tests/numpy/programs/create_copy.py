import numpy as np
a = np.arange(5)
b = a.copy()
c = np.copy(a)
a[0] = 10
print(a, b, c)
m = np.arange(6).reshape(2, 3)
t = m.T.copy()
m[0, 0] = -1
print(t)
