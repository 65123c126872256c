import numpy as np
a = np.array([0.1, 0.2, 1.0 / 3], dtype=np.float32)
print(a, repr(a))
print(a * 3, repr(a[2]), str(a[2]))
print(np.float32(16777217.0), np.float32(1e-8), repr(np.float32(3.14159265)))
print(np.arange(5, dtype=np.float32) / 3)
