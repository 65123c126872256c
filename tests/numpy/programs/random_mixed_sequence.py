import numpy as np
rng = np.random.default_rng(99)
a = rng.random(3)
b = rng.integers(0, 50, size=3)
c = rng.normal(size=2)
d = rng.integers(0, 3, size=5)
e = rng.random()
print(a, b, c, d, e)
rng2 = np.random.default_rng([1, 2, 3])
print(rng2.random(2))
from numpy.random import default_rng
print(default_rng(5).integers(100, size=4))
