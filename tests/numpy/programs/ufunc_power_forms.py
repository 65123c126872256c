import numpy as np
a = np.array([0.5, 1.0, 2.0, 4.0])
print(np.power(a, 2), np.power(2, a), np.power(a, a))
print(np.power(np.arange(5), 3), np.power(np.arange(1, 4), np.arange(3)))
print(a ** 2 == a * a, a ** 0.5)
print(np.float64(2.0) ** 10, np.int64(3) ** 4)
