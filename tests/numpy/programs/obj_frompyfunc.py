# np.frompyfunc: a ufunc calling a Python function element by element, giving
# object arrays (one per output); np.vectorize with otypes=[object].
import numpy as np

add = np.frompyfunc(lambda x, y: x + y, 2, 1)
print(add, add.nin, add.nout, add.nargs, add.__name__, add.types, add.identity, add.ntypes)
print(repr(add([1, 2], [3, 4])), repr(add(1, 2)), repr(add(np.arange(3), 10)), repr(add(['a', 'b'], 'c')))
print(repr(add(np.array([[1], [2]]), np.array([10, 20]))))
def pair(x):
    return x, x * 2
p = np.frompyfunc(pair, 1, 2)
print(p, repr(p([1, 2])), repr(p(3)))
def hexify(n):
    return hex(n)
h = np.frompyfunc(hexify, 1, 1)
print(repr(h(np.arange(3))), repr(h(np.array([[10, 11]]))))
print(repr(add.reduce(np.array([1, 2, 3]))), repr(add.reduce(['a', 'b', 'c'])))
print(repr(add.reduce(np.array([[1, 2], [3, 4]]), axis=0)), repr(add.reduce(np.array([[1, 2], [3, 4]]), axis=1)))
m = np.frompyfunc(max, 2, 1, identity=0)
print(repr(m.reduce(np.array([], dtype=object))), m.identity)
v = np.vectorize(lambda x: [x] * x, otypes=[object])
print(repr(v([1, 2])), repr(v(np.array([[1, 0]]))))
w = np.vectorize(lambda x: {'v': x}, otypes=[object])
print(repr(w(np.arange(2))))
for f in [lambda: np.frompyfunc(3, 1, 1), lambda: add(1), lambda: add([1, 2], [1, 2, 3]),
          lambda: add(1, 'a'), lambda: np.frompyfunc(len, 1, 1)(np.array([1]))]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
