import numpy as np
a = np.array([1.0, 2.0, 3.0, 4.0])
b = np.array([0.5, -1.0, 2.0, 8.0])
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, a ** b)
print(-a, +a, abs(b))
print(a + 1, 1 + a, 10 - a, a * 3, 3 * a, a / 2, 2 / a)
print(2 ** a, a ** 2, a ** 0.5, a ** -1, a ** 0, a ** 1, a ** 3)
