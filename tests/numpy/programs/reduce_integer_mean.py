import numpy as np
a = np.array([1, 2, 3, 4], dtype=np.int32)
print(a.mean(), repr(a.mean()), a.sum(), repr(a.sum()), a.max(), repr(a.max()))
print(np.array([True, False, True]).mean(), np.array([1, 2]).prod().dtype)
m = np.arange(6, dtype=np.int32).reshape(2, 3)
print(m.mean(axis=0), m.sum(axis=1).dtype, m.max(axis=0).dtype)
