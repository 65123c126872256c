import numpy as np
m = np.zeros((3, 4))
m[:] = np.arange(4)
print(m)
m[:, :2] = np.array([[1], [2], [3]])
print(m)
m[1:, 1:] = 7.5
print(m)
m[0] = np.float64(4.25)
print(m)
b = np.zeros(5, dtype=bool)
b[1:3] = True
print(b)
i = np.zeros(3, dtype=np.int32)
i[:] = [1.9, -1.9, 2.5]
print(i)
