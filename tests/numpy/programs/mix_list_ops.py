import numpy as np
a = np.array([1, 2, 3])
print(a + [10, 20, 30], [1, 1, 1] * a, (1, 2, 3) - a)
print(np.add([1, 2], [3, 4]), np.sqrt([4, 9]), np.maximum([1, 5], 3))
print(np.sum([[1, 2], [3, 4]], axis=0), np.mean((1, 2, 3, 4)))
print(np.array([1.5, 2.5]) == [1.5, 0.0])
