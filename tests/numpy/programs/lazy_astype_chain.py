import numpy as np
a = np.arange(30000)
f = (a * 3).astype(np.float32) / 7
print(f.dtype, f[:4], repr(f.sum()))
i = (np.linspace(0, 100, 30000) * 3).astype(int)
print(i.dtype, i[-3:], i.sum())
b = (a % 3 == 0).astype(np.int32).sum()
print(b, repr(b))
