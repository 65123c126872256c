import numpy as np
a = np.array([[3, 7, 1], [9, 2, 8]])
print(a.min(), a.max(), a.min(axis=0), a.max(axis=1))
print(np.min(a), np.max(a, axis=0), np.amin(a), np.amax(a, axis=1))
f = np.array([2.5, np.nan, 1.0])
print(f.max(), f.min(), np.max(np.array([-0.0, 0.0])))
print(a.max(keepdims=True), a.min(axis=1, keepdims=True))
try:
    np.array([]).max()
except ValueError as e:
    print("ValueError:", e)
