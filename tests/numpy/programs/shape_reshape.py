import numpy as np
a = np.arange(12)
print(a.reshape(3, 4), a.reshape((2, 6)), a.reshape(-1, 3), a.reshape(2, -1, 2).shape)
print(np.reshape(a, (4, 3)), a.reshape(12, 1).shape, a.reshape(1, -1).shape)
for bad in [(5,), (5, -1), (-1, -1), (4, 4)]:
    try:
        a.reshape(bad)
    except ValueError as e:
        print("ValueError:", e)
print(a.reshape(3, 4).T.reshape(-1))
print(a.shape, len(a), a.size, a.ndim)
