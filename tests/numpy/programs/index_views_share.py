import numpy as np
a = np.arange(10)
v = a[2:6]
v[0] = 100
print(a)
a[3] = -1
print(v)
m = np.arange(6).reshape(2, 3)
t = m.T
t[0, 1] = 50
print(m)
r = m.reshape(3, 2)
r[0, 0] = 77
print(m)
col = m[:, 1]
col += 1000
print(m)
