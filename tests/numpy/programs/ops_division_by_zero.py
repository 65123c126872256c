import numpy as np
import warnings
warnings.simplefilter("ignore")
a = np.array([1.0, -1.0, 0.0, 2.0])
print(a / 0)
print(a // 0.0)
print(a % 0.0)
i = np.array([5, -5, 0])
print(i // 0, i % 0)
print(np.float64(1.0) / np.float64(0.0))
print(np.array([1, 2]) / np.array([0, 0]))
