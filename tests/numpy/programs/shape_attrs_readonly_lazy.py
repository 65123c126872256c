import numpy as np
a = np.arange(60000.0).reshape(200, 300)
b = np.sqrt(a * 2) + a.T.T
print(b.shape, b.ndim, b.size, b.dtype, len(b))
c = b.sum(axis=0)
print(c.shape, c.dtype, len(c))
d = b > 100
print(d.dtype, d.shape)
print(b[0, :3])
