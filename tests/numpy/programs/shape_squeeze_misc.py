import numpy as np
a = np.arange(3).reshape(1, 3, 1)
print(a.squeeze(), a.squeeze().shape)
print(np.shape(a), np.ndim(a), np.size(a), np.shape([1, 2]), np.ndim(5))
print(a.reshape(3).tolist(), a.tolist())
