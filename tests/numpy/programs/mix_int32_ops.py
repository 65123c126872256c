import numpy as np
a = np.arange(6, dtype=np.int32).reshape(2, 3)
print(a * 2, (a * 2).dtype, a / 2, (a // 2).dtype)
print(a.sum(), repr(a.sum()), a.sum(axis=0).dtype, a.max(), repr(a.max()))
print(np.sqrt(a).dtype, (a + np.arange(3)).dtype, (a + 2).dtype)
print(a.cumsum(), a.astype(np.float32) / 2)
