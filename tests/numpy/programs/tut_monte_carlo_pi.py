import numpy as np
rng = np.random.default_rng(0)
n = 100000
pts = rng.random((n, 2))
inside = (pts ** 2).sum(axis=1) <= 1.0
est = 4 * inside.mean()
print(est, inside.sum())
print(abs(est - np.pi) < 0.05)
xs = rng.random(n)
ys = rng.random(n)
print(4 * np.mean(xs * xs + ys * ys <= 1))
