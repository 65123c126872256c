import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(np.cumsum(a), a.cumsum(axis=0), a.cumsum(axis=1))
print(np.cumprod(a), a.cumprod(axis=1))
f = np.array([0.1, 0.2, 0.3, 0.4])
print(f.cumsum(), np.cumsum(f)[-1])
print(np.cumsum(np.array([True, True, False])), np.cumsum([1, 2, 3]).dtype)
print(np.cumsum(np.arange(4, dtype=np.int32)).dtype)
