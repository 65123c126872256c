# Fixed-width str/bytes arrays: creation, inferred widths, dtypes.
import numpy as np

a = np.array(['a', 'bcd', 'ef'])
print(a.dtype, repr(a.dtype), a.dtype.kind, a.dtype.char, a.dtype.itemsize, a.dtype.str, a.dtype.name)
print(a.shape, a.ndim, a.size, a.itemsize, a.nbytes, len(a), type(a).__name__)
b = np.array([[b'x', b'yz'], [b'', b'q']])
print(b.dtype, repr(b.dtype), b.dtype.kind, b.dtype.char, b.dtype.itemsize, b.dtype.str, b.dtype.name, b.shape)
for spec in ['<U5', 'U', 'U12', 'S3', 'S', '|S7', str, bytes, np.str_, np.bytes_]:
    d = np.dtype(spec)
    print(repr(d), str(d), d.kind, d.char, d.itemsize, d.str, d.name)
print(np.dtype('U3') == 'U3', np.dtype('U3') == np.dtype('<U3'), np.dtype('U3') == 'U4', np.dtype('S2') == 'S2')
print(a.dtype == 'U3', a.dtype == np.str_, a.dtype.type, b.dtype.type)
print(repr(np.array(['abcdef', 'xy'], dtype='U3')))
print(repr(np.array(['ab', 'c'], dtype='S')), repr(np.array(['ab', 'c'], dtype=bytes)), repr(np.array(['ab', 'c'], dtype=str)))
print(repr(np.array([1.5, 2], dtype='U')), repr(np.array([1, 2], dtype='U2')))
print(repr(np.array([1, 'a'])), repr(np.array([True, 1, 'x'])), repr(np.array([1.5, 'ab'])))
print(repr(np.array(['', ''])), repr(np.array('abc')), str(np.array('abc')))
print(repr(np.array(['é', 'ab'])), repr(np.array([['aa', 'b'], ['c', 'dddd']])))
print(repr(np.zeros(3, dtype='U4')), repr(np.empty(2, dtype='S2')), repr(np.zeros(2, 'U')))
print(repr(np.full(3, 'ab')), repr(np.full((2, 2), 'x', dtype='U3')), repr(np.full(2, '')))
print(repr(np.ones(2, dtype='U3')))
print(repr(np.asarray(['p', 'qq'])), repr(np.asarray(a)))
c = np.array(a)
c[0] = 'zzz'
print(repr(a), repr(c))
print(repr(np.full_like(np.array(['abc']), 'z')), repr(np.zeros_like(np.array(['abc']))),
      repr(np.ones_like(np.array(['abc']))), repr(np.empty_like(np.array(['abc']))))
print(repr(a.copy()), repr(np.copy(a)))
print(a.tolist(), b.tolist(), a.item(1), type(a.item(1)).__name__, np.array(['q']).item())
print(repr(a[0]), type(a[0]).__name__, str(a[0]), repr(b[0, 1]), a[0] == 'a', a[0] + 'c')
print(repr(np.str_('a')), repr(np.bytes_(b'a')), isinstance(a[0], str), isinstance(b[0, 0], bytes))
print(list(a), [str(x) for x in a], 'bcd' in a, 'q' in a)
print(repr(np.array([a, a])), repr(np.array(['x', 'y'], ndmin=2)))
