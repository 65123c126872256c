import numpy as np
rng = np.random.default_rng(3)
u = rng.uniform(-1, 1, size=5)
print(u)
print(rng.uniform())
idx = rng.integers(0, 4, size=6)
names = np.array([10, 20, 30, 40])
print(names[idx])
