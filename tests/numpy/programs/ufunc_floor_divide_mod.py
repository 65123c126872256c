import numpy as np
a = np.array([7.5, -7.5, 3.0, -3.0, 0.25])
b = np.array([2.0, 2.0, -2.0, -2.0, 0.1])
print(np.floor_divide(a, b), np.mod(a, b), np.remainder(a, b))
print(a // 1.5, a % 1.5)
print(np.divide(a, b), np.true_divide(1, np.array([2, 4])))
i = np.arange(-5, 6)
print(i // 3, i % 3, i % -3)
print(divmod(np.array([7, -7]), 3))
