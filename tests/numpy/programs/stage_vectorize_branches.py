# np.vectorize of functions with if/elif/else, comparisons, arithmetic,
# math functions and min/max (hipy stages these into one expression).
import math
import numpy as np


def piecewise(x):
    if x < 0.2:
        y = math.sqrt(x) * 2.0
    elif x < 0.7:
        y = min(x * 3.0, math.exp(x)) - 1.0
    else:
        y = max(math.log(x + 1.0), 0.5) / 3.0
    return abs(y - 0.25)


a = np.linspace(0.0, 1.0, 101)
r = np.vectorize(piecewise)(a)
print(r.dtype, r.shape)
print(r[:8])
print(r.sum(), r.min(), r.max())
print([float(v).hex() for v in r[::10]])


def trig(x, y):
    h = math.sqrt(x * x + y * y)
    if h > 1.0 and x > 0:
        return math.atan(y / x) + math.sin(h)
    return math.cos(x) - math.tanh(y) * 0.5


x = np.linspace(-2.0, 2.0, 41)
y = np.linspace(1.5, -1.5, 41)
t = np.vectorize(trig)(x, y)
print([float(v).hex() for v in t[::5]])
print(np.vectorize(trig)(x[:, None][:3], y[None, :4]))

# min/max: nan, ties, -0.0 as Python's min/max give them.
z = np.array([0.0, -0.0, np.nan, 1.0, -1.0, np.inf, -np.inf])
print(np.vectorize(lambda v: min(v, 0.0))(z))
print(np.vectorize(lambda v: max(0.0, v))(z))
print([str(v) for v in np.vectorize(lambda v: min(-0.0, v))(z)])
print([str(v) for v in np.vectorize(lambda v: max(v, -0.0, 0.0))(z)])
print(np.vectorize(lambda v: v > 0 or v < -0.5)(z))
print(np.vectorize(lambda v: not (v >= 0) and v == v)(z))
print(np.vectorize(lambda v: 1.0 if v != v else (2.0 if v > 0 else 3.0))(z))

# ints: Python ints per element.
i = np.arange(-5, 6)
print(np.vectorize(lambda n: n * n - 3 * n if n % 1 == 0 else 0)(np.array([1.0])))
print(np.vectorize(lambda n: n * n - 3 * n)(i))
print(np.vectorize(lambda n: n / 4)(i))
print(np.vectorize(lambda n: abs(n) ** 3 + max(n, 2))(i))
print(np.vectorize(lambda n: n > 2)(i))
print(np.vectorize(lambda n, m: n * m + 0.5)(i, np.linspace(0, 1, 11)))
big = np.array([2 ** 40, -(2 ** 41), 3])
print(np.vectorize(lambda n: n * n * n)(np.array([2 ** 20, 5])))
try:
    print(np.vectorize(lambda n: n * n)(big))
except OverflowError as e:
    print("OverflowError")

# dtype from the first result, otypes.
print(repr(np.vectorize(lambda v: 0 if v < 2 else v * 1.5)(np.array([1.0, 2.0, 3.0]))))
print(repr(np.vectorize(lambda v: v * 1.5 if v < 2 else 0)(np.array([1.0, 2.0, 3.0]))))
print(repr(np.vectorize(lambda v: max(v, 2))(np.array([1.5, 2.5]))))
print(repr(np.vectorize(lambda v: max(v, 2))(np.array([3.5, 0.5]))))
print(repr(np.vectorize(lambda v: v > 1, otypes=[float])(np.array([0.5, 2.0]))))
print(repr(np.vectorize(lambda v: v * 2, otypes="d")(np.arange(3))))
print(repr(np.vectorize(lambda v: v / 3, otypes=[int])(np.arange(4.0))))
print(repr(np.vectorize(lambda v: v + 1, otypes=[float])(np.zeros(0))))
print(repr(np.vectorize(lambda v: v + 1)(3)))
print(repr(np.vectorize(lambda v: 7)(np.arange(3.0))))
print(repr(np.vectorize(lambda v: v)(np.array([True, False]))))
print(repr(np.vectorize(lambda v: v * 2.5)(np.arange(4, dtype=np.int32))))
print(repr(np.vectorize(lambda v: v + 1.0)(np.ones((2, 3), dtype=np.float32))))
try:
    np.vectorize(lambda v: v)(np.zeros(0))
except ValueError as e:
    print("ValueError", e)
