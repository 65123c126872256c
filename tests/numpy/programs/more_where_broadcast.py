import numpy as np
a = np.arange(12).reshape(3, 4)
print(np.where(a % 2 == 0, a, -1))
print(np.where(a > 5, 1.5, a))
print(np.where(np.array([True, False, True])[:, None], a, 0))
print(np.where(a > 100, a, a * 0.5))
