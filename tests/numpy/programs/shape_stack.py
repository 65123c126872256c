import numpy as np
a = np.arange(3)
b = np.arange(3, 6)
print(np.stack([a, b]), np.stack([a, b], axis=1), np.stack((a, b), axis=-1).shape)
print(np.vstack([a, b]), np.hstack([a, b]))
print(np.vstack([np.ones((2, 2)), np.zeros((1, 2))]), np.hstack([np.ones((2, 1)), np.zeros((2, 2))]))
try:
    np.stack([a, np.arange(4)])
except ValueError as e:
    print("ValueError:", e)
