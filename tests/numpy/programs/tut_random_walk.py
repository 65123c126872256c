import numpy as np
rng = np.random.default_rng(42)
steps = rng.integers(0, 2, size=1000) * 2 - 1
walk = np.cumsum(steps)
print(walk[:10], walk.min(), walk.max(), walk[-1])
print((np.abs(walk) >= 10).argmax())
walks = np.cumsum(rng.integers(0, 2, size=(5, 100)) * 2 - 1, axis=1)
print(walks.max(axis=1), walks.min(axis=1), walks[:, -1])
