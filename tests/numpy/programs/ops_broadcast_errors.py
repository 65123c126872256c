import numpy as np
cases = [(np.ones(3), np.ones(4)), (np.ones((2, 3)), np.ones((3, 2))), (np.ones((2, 3, 4)), np.ones((3, 3)))]
for a, b in cases:
    try:
        a + b
    except ValueError as e:
        print("ValueError:", e)
try:
    np.ones((2, 2)) * np.ones(5)
except ValueError as e:
    print("ValueError:", e)
try:
    np.maximum(np.ones(2), np.ones(3))
except ValueError as e:
    print("ValueError:", e)
