# Object arrays: indexing, slicing (views sharing the elements), assignment of
# elements and slices (1-d and 2-d), boolean masks, integer arrays, iteration.
import numpy as np

a = np.array([10, 'a', None, 2.5, [1]], dtype=object)
print(a[0], a[-1], repr(a[1:3]), repr(a[::-1]), repr(a[[0, 2]]), repr(a[np.array([4, 0])]))
a[2] = 'new'
a[0] = [1, 2]
print(repr(a))
a[1:3] = 7
print(repr(a))
a[3:5] = ['p', 'q']
print(repr(a))
v = a[1:4]
v[0] = 'via view'
print(repr(a), repr(v))
c = a[[1, 2]]
c[0] = 'copy'
print(repr(a[1]), repr(c))
m = np.array([1, 'x', 3, None, 5], dtype=object)
mask = np.array([True, False, True, False, True])
print(repr(m[mask]))
m[mask] = 0
print(repr(m))
m[np.array([False, True, False, True, False])] = ['s', 't']
print(repr(m))
g = np.array([[1, 'a', None], [2.5, 'b', 3]], dtype=object)
print(g[0, 1], g[1, -1], repr(g[0]), repr(g[:, 1]), repr(g[1, 1:]), repr(g[..., 0]), repr(g[None, 0]))
print(repr(g.T), repr(g.reshape(3, 2)), repr(g.ravel()), repr(g.flatten()), g.T.shape, repr(g.transpose()))
g[0, 0] = 'set'
g[1] = [7, 8, 9]
print(repr(g))
g[:, 2] = None
print(repr(g))
r = g.reshape(6)
r[0] = 'shared'
print(repr(g[0, 0]))
for row in g:
    print(repr(row))
for x in np.array([1, 'two', None], dtype=object):
    print(repr(x))
print(list(np.array([[1, 2]], dtype=object)), 'two' in np.array([1, 'two'], dtype=object), 5 in np.array([1], dtype=object))
e = np.empty(3, dtype=object)
e[0] = [1, 2]
e[1] = (3, 4)
e[2] = {'k': 1}
print(repr(e), e.tolist())
w = np.empty(2, dtype=object)
w[:] = [[1, 2], [3, 4]]
print(repr(w))
f = np.array([1, 2, 3], dtype=object)
f.fill('z')
print(repr(f), repr(np.array([1, 2, 3], dtype=object).take([2, 0])), repr(np.array([[1], [2]], dtype=object).squeeze()))
print(repr(np.array([[1, 'x']], dtype=object).swapaxes(0, 1)), repr(np.array(3, dtype=object)[()]))
z = np.array(['a', 'b', 'c', 'd'], dtype=object)
print(repr(z[np.array([0, 1, 0, 1]) == 1]), repr(z[z == 'c']), repr(z[1::2]))
