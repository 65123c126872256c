import numpy as np
a = np.array([[1, 2], [3, 4]])
b = np.array([[5, 6]])
print(np.concatenate((a, b)), np.concatenate([a, b.T], axis=1))
print(np.concatenate([np.arange(3), np.arange(2), [9.5]]))
print(np.concatenate([a, a], axis=None))
print(np.concatenate([a, a], axis=-1))
try:
    np.concatenate([a, np.ones(2)])
except ValueError as e:
    print("ValueError:", e)
try:
    np.concatenate([a, np.ones((2, 3))], axis=0)
except ValueError as e:
    print("ValueError:", e)
