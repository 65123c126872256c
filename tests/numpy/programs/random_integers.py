import numpy as np
rng = np.random.default_rng(7)
print(rng.integers(10))
print(rng.integers(0, 10, size=8))
print(rng.integers(-5, 5, size=(3, 3)))
print(rng.integers(1, 7, size=10, endpoint=True))
print(rng.integers(0, 2**40, size=3))
print(rng.integers(0, 100, size=5, dtype=np.int32), rng.integers(0, 100, size=5, dtype=np.int32).dtype)
print(repr(rng.integers(5)))
try:
    rng.integers(5, 1)
except ValueError as e:
    print("ValueError:", e)
