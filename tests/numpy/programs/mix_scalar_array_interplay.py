import numpy as np
a = np.arange(5.0)
m = a.mean()
print(a - m, (a - m).sum(), m * a)
s = np.float64(2.0)
print(s * a, a / s, s - a, a ** s)
i = np.int32(3)
print((a * i).dtype, (np.arange(3, dtype=np.int32) * i).dtype, (np.arange(3) + i).dtype)
print(np.array(2.0) * a, (np.array(2) + np.arange(3)).dtype)
