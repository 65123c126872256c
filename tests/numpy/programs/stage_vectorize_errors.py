# np.vectorize where Python raises for some element: the exception of the
# first such element, as the element loop gives it; and functions with
# side effects: called as NumPy calls them (the first element twice).
import math
import numpy as np

cases = [
    (lambda x, y: x / y, (np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.0, 1.0]))),
    (lambda x, y: x / y if y != 0 else -1.0, (np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.0, 1.0]))),
    (lambda x: math.sqrt(x), (np.array([4.0, -1.0]),)),
    (lambda x: math.sqrt(x) if x >= 0 else 0.0, (np.array([4.0, -1.0, np.nan]),)),
    (lambda x: math.log(x), (np.array([1.0, 0.0]),)),
    (lambda x: math.exp(x), (np.array([1.0, 800.0]),)),
    (lambda x: math.exp(x) if x < 700 else math.inf, (np.array([1.0, 800.0, -np.inf]),)),
    (lambda x: math.asin(x), (np.array([0.5, 2.0]),)),
    (lambda x: math.atanh(x), (np.array([0.5, 1.0]),)),
    (lambda x: math.cos(x), (np.array([0.5, np.inf]),)),
    (lambda x: math.log1p(x) + math.expm1(x) + math.cbrt(x), (np.array([0.5, 3.0, -0.25]),)),
    (lambda n: 10 / n, (np.array([5, 2, 0, 1]),)),
    (lambda n: n / 3, (np.array([2 ** 60, 1]),)),
    (lambda x: x.real, (np.array([1.5, 2.5]),)),
    (lambda x: x // 2 + x % 3, (np.array([7.5, -2.5]),)),
    (lambda x: float(x) ** 2, (np.array([1e200, 3.0]),)),
    (lambda x: x ** 2, (np.array([1.5, 1e-3]),)),
]
for f, args in cases:
    try:
        r = np.vectorize(f)(*args)
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)

seen = []


def record(x):
    seen.append(x)
    return x * 2


print(np.vectorize(record)(np.array([1.5, 2.5, 3.5])), [type(v).__name__ for v in seen], seen)
seen.clear()
print(np.vectorize(record, cache=True)(np.array([1.5, 2.5])), len(seen))


def loud(x):
    print("element", x)
    if x > 2:
        return x - 2
    return x


print(np.vectorize(loud)(np.array([1.0, 3.0])))
calls = [0]


def counted(x):
    calls[0] += 1
    return x + calls[0]


print(np.vectorize(counted)(np.arange(4.0)), calls)
limit = 1.5


def uses_global(x):
    return x * 2 if x > limit else x


print(np.vectorize(uses_global)(np.array([1.0, 2.0])))
scale = np.array([10.0])
print(np.vectorize(lambda x: x * scale[0])(np.array([1.0, 2.0])))
print(np.vectorize(lambda x, y=3.0: x + y)(np.array([1.0, 2.0])))
print(np.vectorize(lambda x: (x, x * 2))(np.array([1.0, 2.0])))


def helper(v):
    return v * v if v > 0 else -v


print(np.vectorize(lambda x: helper(x) + 1.0)(np.array([-2.0, 3.0])))
print(np.vectorize(math.sqrt)(np.array([4.0, 9.0])))
print(np.vectorize(abs)(np.array([-4.0, 9.0])))
print(np.vectorize(lambda x: x * 2 if isinstance(x, float) else 0.0)(np.array([1.0, 2.0])))
print(np.vectorize(lambda x: x * 2 if x in (1.0, 3.0) else -x)(np.array([1.0, 2.0, 3.0])))
print(np.vectorize(lambda x: sum([x, 1.0, x]) if 0 < x < 2.5 else x is None)(np.array([1.0, 2.0, 3.0])))
