# Elementwise comparisons of str arrays, masks, np.where, assignment.
import numpy as np

names = np.array(['bob', 'alice', 'carol', 'dave', 'alice', 'al'])
print(names == 'alice')
print(names != 'alice')
print(names < 'bob', names <= 'bob', names > 'bob', names >= 'bob')
print('alice' == names, 'c' < names)
other = np.array(['bob', 'alicia', 'carl', 'dave', 'b', 'ali'])
print(names == other, names < other, names >= other)
grid = np.array([['a', 'b'], ['c', 'a']])
print(grid == np.array(['a', 'x']), grid == grid.T)
print(np.array([b'ab', b'b']) == b'ab', np.array([b'ab', b'b']) < b'b')
print(np.array(['a', 'b']) == np.array([b'a', b'b']))
print(np.array(['1', '2']) == 1, np.array([1, 2]) == 'a', np.array(['a']) != None)
print(names[names == 'alice'], names[names > 'b'])
print(np.count_nonzero(names == 'alice'), (names == 'alice').sum(), np.sum(names == 'al'))
scores = np.array([3.0, 5.0, 2.0, 8.0, 1.0, 4.0])
print(scores[names == 'alice'].mean(), scores[(names > 'b') & (scores > 2)])
print(np.where(names == 'alice', scores, 0.0))
print(repr(np.where(scores > 3, 'high', 'low')))
print(repr(np.where(scores > 3, names, 'x')))
print(repr(np.where([True, False], np.array(['a', 'b']), 'xyz')))
print(repr(np.where(grid == 'a', grid, np.array(['zz', 'yy']))))
for other in (0, 1.5):
    try:
        np.where(scores > 4, 'big', other)
    except TypeError as e:
        print(type(e).__name__, e)
print(repr(np.where(scores > 4, 'big', np.arange(6))), repr(np.where(scores > 4, np.array([True] * 6), 'no')))
print(repr(np.concatenate([np.array(['a']), np.array([1, 2])])))
labels = np.array(['cat', 'dog', 'bird'])
labels[1] = 'elephant'
print(repr(labels))
labels[labels == 'cat'] = 'kitten'
print(repr(labels))
labels[:] = 'z'
print(repr(labels))
m = np.array([['a', 'b', 'c'], ['d', 'e', 'f']])
m[0] = ['x', 'y', 'zzz']
m[:, 2] = 'q'
print(repr(m))
v = m[1]
v[0] = 'w'
print(repr(m), repr(v))
m[m == 'q'] = np.array(['1', '2'])
print(repr(m))
print(np.array_equal(names, names.copy()), np.array_equal(names, other), np.array_equal(np.array(['a']), np.array([1])))
print(np.nonzero(np.array(['', 'a', '', 'b'])), np.count_nonzero(np.array(['', 'a', 'b'])))
