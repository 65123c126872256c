# NumPy's errors for str arrays mixed with numbers and other unsupported ops.
import numpy as np

a = np.array(['a', 'b'])
cases = [
    lambda: a + 1, lambda: 1 + a, lambda: a - 'b', lambda: a * 1.5, lambda: 2 * a, lambda: a * np.array([2]),
    lambda: -a, lambda: a / 'x', lambda: a < 1, lambda: np.array([1, 2]) < 'a', lambda: np.array([1.0]) + a,
    lambda: a.sum(), lambda: a.mean(), lambda: np.sum(a), lambda: a.max(), lambda: np.maximum(a, a),
    lambda: a + b'x', lambda: np.array(['1', 'x']).astype(int), lambda: np.array(['1.5', 'x']).astype(float),
    lambda: np.array([['a', 'b'], ['c', 'd']])[0, 0, 0], lambda: len(np.array('a')), lambda: bool(a),
    lambda: np.array(['a', ['b']]), lambda: a.reshape(3),
]
for f in cases:
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)
print(repr(a + 'x'), repr('x' + a), repr(a + np.array(['c', 'dd'])), repr(np.add(a, a)))
print(np.equal(a, 'a'), np.less(a, np.array(['b', 'a'])))
