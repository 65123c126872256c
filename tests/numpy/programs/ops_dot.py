import numpy as np
print(np.dot(3, 4), np.dot([1, 2, 3], [4, 5, 6]))
a = np.array([[1, 2], [3, 4]])
print(np.dot(a, a), a.dot(np.array([1, 1])), np.dot(np.array([1, 0]), a))
print(np.dot(a, 2.5))
f = np.linspace(0, 1, 5)
print(np.dot(f, f), f.dot(f))
try:
    np.dot(np.ones((2, 3)), np.ones((2, 3)))
except ValueError as e:
    print("ValueError:", e)
