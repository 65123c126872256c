# Edge cases of str/bytes arrays: empty arrays, ragged lists, tuples, bytes <-> str dtypes, NULs.
import numpy as np
print(repr(np.unique(np.array([], dtype='U2'))), np.unique(np.array([], dtype='U2'), return_counts=True, return_index=True, return_inverse=True))
print(repr(np.array([[], []], dtype='U3')), repr(np.array([])), repr(np.array([], dtype='S')))
print(repr(np.sort(np.array([b'b', b'a', b'ab']))), repr(np.argsort(np.array([['b','a'],['a','c']]), axis=0)))
for bad in ([['a'], 'b'], ['a', ['b', 'c']], [['a', 'b'], ['c']]):
    try: print(repr(np.array(bad)))
    except Exception as e: print(type(e).__name__, e)
print(repr(np.array(('x', 'yy'))), repr(np.array([('a', 'b'), ('c', 'd')])))
print(repr(np.array(['a', 'b'], dtype='S1')), repr(np.array([b'abc'], dtype='S2')), repr(np.array([b'x', b'y'], dtype='U')))
print(repr(np.unique(np.array(['b', 'a', 'b', 'a', 'c']), return_index=True, return_inverse=True)))
print(repr(np.array(['a', 'a\x00'])), np.array(['ab\x00']) == 'ab')
