import numpy as np
m = np.arange(6).reshape(2, 3)
print(m.T, m.transpose(), np.transpose(m))
c = np.arange(24).reshape(2, 3, 4)
print(c.T.shape, c.transpose(1, 0, 2).shape, np.transpose(c, (2, 0, 1)).shape)
print(c.transpose(2, 1, 0)[1])
print(np.arange(3).T, np.arange(3).T.shape)
try:
    c.transpose(0, 1)
except ValueError as e:
    print("ValueError:", e)
