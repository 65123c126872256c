import numpy as np
m = np.arange(6).reshape(3, 2)
for row in m:
    print(row, row.sum())
for x in np.array([1.5, 2.5]):
    print(repr(x))
print(list(np.arange(3)), [int(v) for v in np.array([4, 5])])
total = 0
for v in np.linspace(0, 1, 5):
    total += v
print(repr(total))
print(3 in np.arange(5), 7 in np.arange(5))
a, b = np.array([1, 2])
print(a, b)
