import numpy as np
a = np.arange(24, dtype=float).reshape(2, 3, 4)
print(a.sum(axis=(0, 2)), a.mean(axis=(1, 2), keepdims=True).shape)
print(a.max(axis=-1), a.min(axis=(0, 1)))
print(a - a.mean(axis=2, keepdims=True))
print(a.std(axis=1), a.var(axis=(0, 2)))
