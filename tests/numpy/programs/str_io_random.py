# str arrays in random choice/permutation, np.char extras, savetxt/loadtxt/genfromtxt with str.
import numpy as np
rng = np.random.default_rng(0)
for f in [lambda: rng.choice(['a', 'b', 'c'], size=5), lambda: np.random.RandomState(0).choice(['x', 'y'], 4),
          lambda: rng.permutation(np.array(['a', 'b', 'c'])), lambda: rng.choice(np.array(['a', 'b', 'c']), 2, replace=False),
          lambda: np.char.join('-', np.array(['ab', 'cd'])),
          lambda: np.char.multiply(np.array(['ab']), 3), lambda: np.strings.multiply(np.array(['ab']), 2),
          lambda: np.array(['a', 'b']).max(), lambda: np.where(np.array([1, 0]), ['yes', 'y'], ['no', 'n']),
          lambda: np.full((2,), 'abc', dtype='U2'), lambda: np.array(['x'])[0].upper(),
          lambda: np.char.center(np.array(['a']), 3, '*'), lambda: np.char.zfill(np.array(['7']), 3)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
import io
buf = io.StringIO()
np.savetxt(buf, np.array([['a', 'b'], ['c', 'd']]), fmt='%s')
print(repr(buf.getvalue()))
print(repr(np.loadtxt(io.StringIO("a b\nc d\n"), dtype=str)))
print(repr(np.genfromtxt(io.StringIO("a,1\nb,2\n"), delimiter=',', dtype=str)))
