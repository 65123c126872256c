import numpy as np
a = np.arange(10) * 10
print(a[[1, 3, 5]], a[np.array([0, -1, 2])], a[[]])
m = np.arange(12).reshape(3, 4)
print(m[[0, 2]])
print(m[[0, 1, 2], [3, 2, 1]])
print(m[:, [0, 3]])
print(m[1, [0, 2]])
print(m[np.array([[0, 1], [2, 0]])].shape)
try:
    a[[10]]
except IndexError as e:
    print("IndexError:", e)
