import numpy as np
a = np.arange(5.0)
a += 1
print(a)
a *= 2
print(a)
a -= np.array([1, 1, 1, 1, 1])
print(a)
a /= 4
print(a)
a **= 2
print(a)
a //= 0.5
print(a)
a %= 3
print(a)
i = np.arange(6)
i += 2
i *= 3
print(i, i.dtype)
try:
    i += 0.5
except Exception as e:
    print(type(e).__name__, e)
b = np.array([True, False])
b |= np.array([False, False])
print(b)
