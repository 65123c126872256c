import numpy as np
x = np.linspace(0, 1, 101)
y = 3 * x ** 2 - 2 * x + 1
print(repr(y.sum()), repr(y.mean()), y[::25])
area = ((y[1:] + y[:-1]) / 2 * np.diff(x)).sum()
print(repr(area))
