# Generator.shuffle / permutation: NumPy's streams for the same seed.
import numpy as np

rng = np.random.default_rng(12345)
print(rng.permutation(10))
print(rng.permutation(0), rng.permutation(1))
a = np.arange(7) * 10
rng.shuffle(a)
print(a)
lst = ["a", "b", "c", "d", "e"]
rng.shuffle(lst)
print(lst)
print(rng.permutation([1.5, 2.5, 3.5, 4.5]))
print(rng.permutation(np.arange(12).reshape(4, 3)))
print(rng.integers(0, 100, size=5))
print(rng.permutation(70000)[:5])
