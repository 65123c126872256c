import numpy as np
a = np.array([7, -7, 10, 0, 3])
b = np.array([2, 2, -3, 5, 3])
print(a + b, a - b, a * b)
print(a / b)
print(a // b, a % b)
print(a ** 2, 2 ** np.arange(6))
print(-a, abs(a))
print(a & 6, a | 1, a ^ 5, ~a)
try:
    np.arange(3) ** -1
except ValueError as e:
    print("ValueError:", e)
