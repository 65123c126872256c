import numpy as np
n = 100003
x = np.arange(n) * 0.1 + 1e-3
print(repr(x.sum()))
print(repr(x.mean()))
print(repr((x * x).sum()))
y = np.linspace(-1, 1, 50001)
print(repr(np.sin(y).sum()), repr(y.std()))
print(repr(np.arange(1000000, dtype=np.float64).sum()))
z = np.ones(12345) / 3
print(repr(z.sum()), repr(z.mean()))
