import numpy as np
a = np.empty(4)
a.fill(3.5)
print(a)
b = np.array([5, 2, 8, 1])
c = b
b.sort()
print(b, c, b is c)
m = np.array([[3, 1], [2, 4]])
m.sort(axis=1)
print(m)
