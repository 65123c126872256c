# Object arrays: NumPy's errors (Python's own from the elements' operators,
# broadcasting, reductions without an identity, conversions).
import numpy as np

a = np.array([1, 'a', None], dtype=object)
for f in [lambda: a + 1, lambda: a < 1, lambda: -a, lambda: a * a, lambda: a.sum(), lambda: a.max(),
          lambda: np.array([1, 2, 3], dtype=object) + np.array([1, 2], dtype=object),
          lambda: np.array([], dtype=object).min(), lambda: np.array([], dtype=object).max(),
          lambda: np.array([None], dtype=object).astype(int), lambda: np.array(['x'], dtype=object).astype(float),
          lambda: np.array([1, 2], dtype=object)[5], lambda: np.array([[1]], dtype=object)[0, 0, 0],
          lambda: len(np.array(1, dtype=object)), lambda: bool(np.array([1, 2], dtype=object)),
          lambda: np.array([1, 2], dtype=object).reshape(3), lambda: iter(np.array(1, dtype=object)),
          lambda: np.array([1, 2], dtype=object)[np.array([0, 1], dtype=object)],
          lambda: np.array([1, 2], dtype=object).item(),
          lambda: np.array([1, 'x'], dtype=object) / 2]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(bool(np.array([0], dtype=object)), bool(np.array(['x'], dtype=object)))
