import numpy as np
a = np.arange(10000).reshape(100, 100)
b = a * 2 + 1
print(b)
c = np.sqrt(b.astype(float))
print(c[::33, ::33])
print(b.sum(axis=0)[:5], b.mean(axis=1)[-3:])
print(repr(c.sum()), c.argmax(), b.T[0, :4])
