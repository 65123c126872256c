import numpy as np
a = np.zeros(6, dtype=int)
a[[0, 2, 4]] = 1
a[[1, 3]] = [7, 8]
print(a)
m = np.zeros((3, 3))
m[[0, 1, 2], [2, 1, 0]] = 5
print(m)
m[[0, 2]] = -1
print(m)
a[[0, 0]] = [3, 4]
print(a)
