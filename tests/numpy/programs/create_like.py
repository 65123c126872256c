import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.zeros_like(a))
print(np.ones_like(a, dtype=float))
print(np.full_like(a, 5))
print(np.full_like(a, 2.7))
f = np.linspace(0, 1, 4)
print(np.zeros_like(f), np.ones_like(f).dtype)
print(np.empty_like(a).shape, np.empty_like(a).dtype)
