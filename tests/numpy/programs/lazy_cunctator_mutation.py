import numpy as np
# Cunctator's example: x = a + b; a[0] = 0; print(x) prints pre-mutation values.
a = np.arange(1.0, 6.0)
b = np.full(5, 10.0)
x = a + b
a[0] = 0
print(x)
print(a)
big = np.arange(100000.0)
y = big * 2 + 1
big[:] = -1
print(y[:3], y[-3:], y.sum())
print(big[:3])
