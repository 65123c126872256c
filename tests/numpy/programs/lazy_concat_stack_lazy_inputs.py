import numpy as np
a = np.arange(10000.0)
b = np.sqrt(a)
c = np.concatenate([a * 2, b])
print(c.shape, c[9998:10002], c.sum())
s = np.stack([a, b, a + b])
print(s.shape, s[:, 4], s.mean(axis=1))
