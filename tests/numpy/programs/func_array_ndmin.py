# np.array(..., ndmin=): length-1 axes in front up to ndmin dimensions,
# for every input kind, and NumPy's errors for bad values.
import numpy as np

cases = [lambda: np.array(5, ndmin=2), lambda: np.array([1, 2], ndmin=3), lambda: np.array([[1, 2]], ndmin=1),
         lambda: np.array([1.5], ndmin=0), lambda: np.array([1], ndmin=-3), lambda: np.array([1], ndmin=6).shape,
         lambda: np.array(np.arange(3), ndmin=2, dtype=np.float32), lambda: np.array([1 + 2j], ndmin=2),
         lambda: np.array([True], ndmin=np.int64(2)), lambda: np.array([1], ndmin=True), lambda: np.array(2.5, ndmin=1),
         lambda: np.array(np.float32(1.5), ndmin=3), lambda: np.array(np.ones((2, 3)), ndmin=4).shape,
         lambda: np.array([], ndmin=2).shape, lambda: np.array([[1], [2]], ndmin=2, dtype=float),
         lambda: np.array([1], ndmin=65), lambda: np.array([1], ndmin=2.0), lambda: np.array([1], ndmin="2"),
         lambda: np.array([1], ndmin=None)]
for call in cases:
    try:
        r = call()
        print(repr(r), getattr(r, "shape", ""))
    except Exception as e:
        print(type(e).__name__, e)

a = np.arange(4.0)
b = np.array(a, ndmin=2)
b[0, 0] = 9.0
print(a, b, b.shape, (np.array(a, ndmin=3) * 2).sum())
