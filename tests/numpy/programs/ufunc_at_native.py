# ufunc.at, unbuffered: repeated indices apply again, in order, for 1-D and
# row indices, full index tuples with negative indices, wrapping integer
# dtypes, float accumulation order, views, large scatter-adds (checked
# against bincount), and the cases NumPy casts or rejects.
import numpy as np


def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)


def run(setup, ufunc, idx, b):
    def g():
        x = setup()
        r = ufunc.at(x, idx, b)
        return r, x
    t(g)


run(lambda: np.zeros(5), np.add, [0, 1, 1, 3], 1.0)
run(lambda: np.zeros(4, dtype=int), np.add, np.array([0, 0, 2]), np.array([1, 2, 3]))
run(lambda: np.zeros(4, dtype=np.uint8), np.add, [1, 1, 1], 200)
run(lambda: np.arange(6.0).reshape(2, 3), np.add, [1, 1, 0], np.array([1.0, 2, 3]))
run(lambda: np.arange(6.0).reshape(2, 3), np.add, [1, 1], np.array([[1.0], [2.0]]))
run(lambda: np.ones((2, 3)), np.multiply, (0, [0, 0, 2]), 2.0)
run(lambda: np.ones((2, 3)), np.multiply, ([1, 0, 1], [2, 2, -1]), np.array([2.0, 3, 4]))
run(lambda: np.zeros(4), np.maximum, [1, 1, 3], [5.0, 2.0, -1.0])
run(lambda: np.full(3, 9, dtype=np.int16), np.minimum, [2, 2, 0], [4, 7, 12])
run(lambda: np.array([7, 3], dtype=np.uint16), np.bitwise_xor, [0, 0, 1], 5)
run(lambda: np.array([1, 2], dtype=np.int8), np.bitwise_or, [1, 1], np.array([4, 8], dtype=np.int8))
run(lambda: np.array([0.1, 0.2]), np.add, [0, 0, 0], [0.1, 0.2, 0.3])
run(lambda: np.array([1e16, 1.0]), np.add, [0, 0, 1], [1.0, 1.0, 1e16])
run(lambda: np.arange(4, dtype=np.float32), np.subtract, [3, 3, 0], np.float32(0.1))
run(lambda: np.zeros(3, dtype=np.int32), np.add, [0, 5], 1)
run(lambda: np.zeros(3, dtype=np.int32), np.add, [0, -4], 1)
run(lambda: np.zeros((2, 2)), np.add, ([0, 1], [1, 2]), 1.0)
run(lambda: np.zeros(3, dtype=np.int32), np.add, [0, -1], 1)
run(lambda: np.zeros(3, dtype=np.int32), np.add, [0, 1], 1.5)
run(lambda: np.zeros(3, dtype=np.int8), np.add, [0, 1], np.array([1, 2], dtype=np.int64))
run(lambda: np.zeros(3), np.add, np.array([True, False, True]), 1.0)
run(lambda: np.zeros(3), np.add, slice(0, 2), 1.0)
run(lambda: np.zeros(3), np.add, [0, 1], [1.0, 2.0, 3.0])
run(lambda: np.zeros(3), np.add, 1, 4.0)
n = np.arange(5)
np.negative.at(n, [0, 2, 2])
print(n)

v = np.zeros(6)
w = v[::2]
np.add.at(w, [0, 0, 2], 1.0)
print(v, w)
m = np.zeros((3, 4))
np.add.at(m[1:, 1:3], ([0, 1, 1], [1, 0, 0]), 2.5)
print(m)
rng = np.random.default_rng(1)
idx = rng.integers(0, 10, 100000)
c = np.zeros(10, dtype=np.int64)
np.add.at(c, idx, 1)
print(c, (c == np.bincount(idx)).all())
wts = rng.random(100000)
s = np.zeros(10)
np.add.at(s, idx, wts)
print(np.round(s, 6), np.allclose(s, np.bincount(idx, weights=wts)))
lo = np.full(10, np.inf)
np.minimum.at(lo, idx, wts)
print(lo)
