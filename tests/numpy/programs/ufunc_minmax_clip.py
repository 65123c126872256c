import numpy as np
a = np.array([1.0, 5.0, np.nan, -2.0])
b = np.array([3.0, 2.0, 1.0, np.nan])
print(np.maximum(a, b), np.minimum(a, b))
print(np.maximum(np.arange(5), 2), np.minimum(3, np.arange(5)))
x = np.arange(10)
print(np.clip(x, 2, 7), np.clip(x, 2.5, None), np.clip(x, None, 4))
print(x.clip(3, 5), np.clip(np.array([-1.5, 0.5, 1.5]), -1, 1))
try:
    np.clip(x, None, None)
except ValueError as e:
    print("ValueError:", e)
