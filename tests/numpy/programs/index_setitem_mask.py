import numpy as np
a = np.arange(10.0)
a[a > 6] = 0
print(a)
a[a == 0] = np.array([-1, -2, -3, -4])
print(a)
m = np.arange(12).reshape(3, 4)
m[m % 2 == 1] *= 10
print(m)
b = np.arange(5)
b[np.array([True, False, True, False, False])] = [100, 200]
print(b)
try:
    b[b > 0] = [1, 2]
except ValueError as e:
    print("ValueError:", e)
x = np.array([1.0, np.nan, 3.0])
x[np.isnan(x)] = 0.0
print(x)
