import numpy as np
a = np.ones((2, 3))
for ax in (2, -3):
    try:
        a.sum(axis=ax)
    except Exception as e:
        print(type(e).__name__, e, isinstance(e, ValueError), isinstance(e, IndexError))
try:
    a.mean(axis=(0, 0))
except ValueError as e:
    print("ValueError:", e)
print(a.sum(axis=(0, 1)), a.sum(axis=(-1,)))
