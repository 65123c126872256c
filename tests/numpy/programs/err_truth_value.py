import numpy as np
a = np.array([1, 2, 3])
try:
    if a > 1:
        pass
except ValueError as e:
    print("ValueError:", e)
print(bool(np.array([5])), bool(np.array([0.0])), bool(np.array(1)))
try:
    float(a)
except TypeError as e:
    print("TypeError:", e)
try:
    len(np.array(3))
except TypeError as e:
    print("TypeError:", e)
print(float(np.array(2.5)), int(np.array(7)))
