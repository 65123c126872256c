import numpy as np
a = np.array([True, False, True, False])
b = np.array([True, True, False, False])
print(a & b, a | b, a ^ b, ~a)
print(a + b, a * b)
print(np.logical_and(a, b), np.logical_or(a, b), np.logical_not(a))
print(a.sum(), a.mean(), a.astype(int).sum())
try:
    a - b
except TypeError as e:
    print("TypeError:", e)
try:
    -a
except TypeError as e:
    print("TypeError:", e)
