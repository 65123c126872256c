import numpy as np
a = np.arange(50000.0)
x = a * 2
v = a[10:20]
v[:] = -5
print(x[8:12], a[8:12])
y = a + 1
w = a.reshape(100, 500)
w[0, 0] = 123.0
print(y[0], a[0], w[0, :3])
t = a.reshape(500, 100).T
z = t * 1
t[0, 0] = 7.0
print(z[0, 0], a[0])
