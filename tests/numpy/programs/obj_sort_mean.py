# Object arrays: sort/argsort (Python's `<`, along an axis or flattened),
# mean (a float64 for Python numbers, the elements' own division else),
# any/all, cumsum/cumprod, and the errors of mixed types.
import numpy as np
from fractions import Fraction

a = np.array([3, 1, 2, 1.5], dtype=object)
print(repr(np.sort(a)), repr(a.argsort()), repr(np.argsort(a)), repr(np.sort(np.array(['b', 'a', 'c'], dtype=object))))
g = np.array([[3, 1], [0, 2]], dtype=object)
print(repr(np.sort(g)), repr(np.sort(g, axis=0)), repr(np.sort(g, axis=None)), repr(g.argsort(axis=0)), repr(g.argsort()))
b = a.copy()
b.sort()
print(repr(b), repr(a))
v = g[0]
v.sort()
print(repr(g))
print(repr(np.array([1, 2, 4], dtype=object).mean()), repr(np.mean(np.array([1.5, 2], dtype=object))))
print(repr(np.array([Fraction(1, 2), Fraction(1, 3)], dtype=object).mean()), repr(g.mean(axis=0)), repr(g.mean(axis=1)))
for x in [np.array([0, 'a'], dtype=object), np.array([0, ''], dtype=object), np.array([1, 2], dtype=object),
          np.array([], dtype=object), np.array([None, 3], dtype=object)]:
    print(repr(x.any()), repr(x.all()), repr(np.any(x)), repr(np.all(x)))
print(repr(np.array([1, 2, 4], dtype=object).cumsum()), repr(np.array(['a', 'b'], dtype=object).cumsum()))
print(repr(g.cumsum(axis=1)), repr(g.cumsum(axis=0)), repr(g.cumprod()), repr(np.cumsum(g)), repr(np.cumprod(g, axis=1)))
print(repr(np.unique(np.array([2, 1.0, 1, 3], dtype=object))))
for f in [lambda: np.sort(np.array([1, 'a'], dtype=object)), lambda: np.array([1, None], dtype=object).argsort(),
          lambda: np.array([1, 'a'], dtype=object).cumsum(), lambda: np.array(['a', 'b'], dtype=object).mean()]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
