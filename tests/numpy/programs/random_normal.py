import numpy as np
rng = np.random.default_rng(2024)
print(rng.normal())
print(rng.normal(size=4))
print(rng.normal(10.0, 2.0, size=(2, 2)))
print(rng.normal(loc=1.0, scale=0.5, size=3))
x = rng.normal(size=10000)
print(round(float(x.mean()), 6), round(float(x.std()), 6))
