# str arrays with the rest of numpy: isinstance, views, numpy.testing, the
# Python-level shape/set functions, and Python's own str handling.
import numpy as np

a = np.array(['b', 'a', 'c'])
print(isinstance(a, np.ndarray), isinstance(a.dtype, np.dtype), type(a).__name__, a.__class__.__name__)
print(np.issubdtype(a.dtype, np.str_), np.issubdtype(a.dtype, np.number), np.issubdtype(np.array([b'x']).dtype, np.bytes_))
print(np.issubdtype(a.dtype, np.character), np.issubdtype(a.dtype, np.flexible), a.dtype.kind in 'US')
np.testing.assert_array_equal(a, np.array(['b', 'a', 'c']))
try:
    np.testing.assert_array_equal(a, np.array(['b', 'x', 'c']))
except AssertionError as e:
    print(str(e))
print(np.atleast_1d(a), np.ravel(a), np.squeeze(a), np.size(a), np.shape(a))
print(np.asarray(a) is a, np.array(a, copy=True) is a)
print(repr(np.take(a, [2, 0])), repr(np.flip(a)), repr(np.append(a, ['dd'])), repr(np.insert(a, 1, 'z')))
print(repr(np.delete(a, 0)), repr(np.roll(a, 1)), repr(np.tile(a, (2, 1))), repr(np.repeat(a, 2)))
print(repr(np.broadcast_to(a, (2, 3))), repr(np.expand_dims(a, 1)), repr(np.moveaxis(np.array([['a', 'b']]), 0, 1)))
print(repr(np.column_stack([a, a])))
print(repr(np.split(a, 3)), repr(np.array_split(a, 2)))
print(repr(np.lexsort([a])), repr(np.unique(a, return_index=True)))
print(repr(np.intersect1d(a, ['a', 'c', 'q'])), repr(np.union1d(a, ['q'])), repr(np.setdiff1d(a, ['a'])))
s = np.array(['x', 'yy', 'zzz', 'w'])
v = s[1:3]
v[0] = 'Q'
print(s, v)
s.fill('k')
print(s)
print(sorted(np.array(['b', 'a'])), max(np.array(['b', 'a'])), {k: i for i, k in enumerate(np.array(['p', 'q']))})
print("%s|%r" % (np.str_('x'), np.str_('x')), f"{np.array(['a'])[0]:>3}", np.array(['a', 'b'])[np.int64(1)])
c = np.array(['a', 'b', 'c'])
c[[0, 2]] = ['X', 'Z']
print(c)
c[np.array([False, True, False])] = 'long'
print(c)
print(str(np.bytes_(b'a')), str(np.array(b'a')), np.array([b'a'])[0])
