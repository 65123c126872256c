import numpy as np
# Boolean-mask and integer-array reads of pending arrays are graph nodes
# (gathers); the data they read is the data as it was when they were made.
a = np.arange(10000.0)
p = np.sin(a) * 100.0
m = p > 50.0
sel = p[m]
print(sel.shape, sel[:3], sel.sum())
idx = np.array([5, 0, 9999, 17, 5])
g = p[idx]
print(g)
g2 = (p + 1.0)[[1, 2, 3]]
print(g2)
q = p.reshape(100, 100)
print(q[[0, 99], :2], q[:, [3, 1]][:2], q[q[:, 0] > 0][:2, :3])
print(q[2:4, np.array([1, 1, 0])], q[[1, 2], [3, 4]])
b = np.arange(20.0)
s = b[b > 15]
t = b[[0, 1]]
b[:] = -1.0
print(s, t, b[:3])
c = np.arange(12.0).reshape(3, 4) * 2.0
print(c[c > 10.0], c[np.array([True, False, True])], c[1, [0, 3]])
