import numpy as np
a = np.arange(6).reshape(2, 3)
b = np.arange(6).reshape(3, 2)
print(a @ b)
print(b @ a)
v = np.array([1, 2, 3])
print(a @ v, v @ b, v @ v)
f = np.array([[0.5, 1.5], [2.0, -1.0]])
print(f @ f, f @ np.array([1.0, 2.0]))
try:
    a @ a
except ValueError as e:
    print("ValueError:", e)
print(np.matmul(a, b))
