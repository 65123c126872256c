import numpy as np
rg = np.random.default_rng(1)
a = np.floor(10 * rg.random((3, 4)))
print(a, a.shape)
print(a.ravel(), a.reshape(6, 2), a.T, a.T.shape, a.shape)
print(a.reshape(3, -1))
a1 = np.floor(10 * rg.random((2, 2)))
a2 = np.floor(10 * rg.random((2, 2)))
print(np.vstack((a1, a2)), np.hstack((a1, a2)))
