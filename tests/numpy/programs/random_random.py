import numpy as np
rng = np.random.default_rng(42)
print(rng.random())
print(rng.random(5))
print(rng.random((2, 3)))
print(np.random.default_rng(0).random(3))
print(np.random.default_rng(12345).random(4).sum())
