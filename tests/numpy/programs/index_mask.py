import numpy as np
a = np.arange(10)
print(a[a > 5], a[a % 2 == 0], a[(a > 2) & (a < 7)])
m = np.arange(12).reshape(3, 4)
print(m[m > 4], m[m % 3 == 0])
print(m[np.array([True, False, True])])
print(m[:, np.array([True, False, False, True])], m[np.array([False, True, True])])
mask = np.array([True, False, True, False, True, False, True, False, True, False])
print(a[mask], a[~mask])
print(a[a > 100], a[a > 100].shape)
try:
    a[np.array([True, False])]
except IndexError as e:
    print("IndexError:", e)
