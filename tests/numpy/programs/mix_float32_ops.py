import numpy as np
a = np.linspace(0, 1, 5).astype(np.float32)
print(a, a.dtype)
b = a * 2 + 1
print(b, b.dtype)
print(np.sqrt(a), np.exp(a).dtype, (a / 3).dtype, a.sum().dtype, a.mean())
print(a + np.float64(1), (a + np.float64(1)).dtype, a + 1.0, (a + 1.0).dtype)
print(np.sin(a), np.round(a, 2))
