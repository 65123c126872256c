import numpy as np
print(repr(np.array(5, ndmin=2)))
print(repr(np.array([1, 2], ndmin=3)), np.array([1, 2], ndmin=3).shape)
print(np.array([[1]], ndmin=1).shape, np.array([1, 2], ndmin=0).shape, np.array([1, 2], ndmin=-1).shape)
print(repr(np.array([1.5, 2], ndmin=2, dtype=np.float32)))
print(repr(np.array([True], ndmin=2)))
print(repr(np.array([1 + 2j, 3], ndmin=2)))
a = np.arange(6).reshape(2, 3)
b = np.array(a, ndmin=4)
print(b.shape, b.ndim, b.sum(), (b[0, 0] * 2).tolist())
c = np.array(np.linspace(0, 1, 3) * 2, ndmin=2)
print(c, c.shape)
for bad in (65, "2", 2.0):
    try:
        np.array([1], ndmin=bad)
    except Exception as e:
        print(type(e).__name__, e)
