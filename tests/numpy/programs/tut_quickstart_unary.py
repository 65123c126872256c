import numpy as np
rg = np.random.default_rng(1)
a = rg.random((2, 3))
print(a)
print(a.sum(), a.min(), a.max())
b = np.arange(12).reshape(3, 4)
print(b.sum(axis=0), b.min(axis=1), b.cumsum(axis=1))
B = np.arange(3)
print(np.exp(B), np.sqrt(B), np.add(B, np.array([2., -1., 4.])))
