import numpy as np
a = np.zeros(6)
a[0] = 5
a[-1] = 7.5
a[1:3] = [1, 2]
a[3:5] = 9
print(a)
m = np.zeros((3, 4), dtype=int)
m[1] = 1
m[:, 2] = [5, 6, 7]
m[0, 0] = 2.9
m[2, 1:3] = np.array([8, 9])
print(m)
m[...] = 3
print(m)
try:
    m[0] = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
