import numpy as np
a = np.array([[3, 7, 1], [9, 2, 9]])
print(a.argmax(), a.argmin(), a.argmax(axis=0), a.argmin(axis=1))
print(np.argmax(a), np.argmin(a, axis=0))
f = np.array([1.0, 5.0, 5.0, np.nan, 7.0])
print(f.argmax(), f.argmin(), np.argmax(np.array([1, 3, 3, 2])))
print(type(a.argmax()).__name__, a.argmax(axis=1, keepdims=True))
try:
    np.array([]).argmax()
except ValueError as e:
    print("ValueError:", e)
