# hipy.stage: functions over arrays whose branches test lazy scalars run
# staged under hipy (both ways, merged with np.where) and as plain Python
# under CPython; the output must be the same. Functions with effects fall
# back to plain Python, their effects happening once, in order.
import math
import numpy as np
try:
    import hipy
    stage = hipy.stage
except ImportError:
    def stage(f):
        return f


@stage
def normalize(a):
    s = a.sum()
    if s > 0:
        b = a / s
    elif s < 0:
        b = -a / s
    else:
        b = a
    return b * 2.0


x = np.arange(20000.0)
for v in (x - 100.0, -x - 1.0, x - x, x[:5] * 0.0 + 3.0):
    r = normalize(v)
    print(type(r).__name__, r.dtype, r.shape, r[:3], float(r.sum()))


@stage
def clipped_mean(a, lo, hi):
    m = a.mean()
    return m if lo <= m <= hi else (lo if m < lo else hi)


y = np.linspace(-3.0, 5.0, 10001)
for lo, hi in ((0.0, 2.0), (-1.0, 0.5), (1.5, 9.0)):
    r = clipped_mean(y, np.float64(lo), np.float64(hi))
    print(type(r).__name__, r)
print(clipped_mean(y, 0.0, 2.0), clipped_mean(y * 0.0, -1, 1))


@stage
def stats(a):
    mx = a.max()
    mn = a.min()
    span = mx - mn
    if span > 10 and not (mn < 0):
        return a - mn, span
    if span > 10 or mx > 100:
        return a / span, span * 2
    return a * 1.0, span


for v in (x, x - 50.0, x[:5]):
    r, s = stats(v)
    print(r[:3], r.dtype, s)


def helper(a, k):
    return np.sqrt(np.abs(a)) * k + math.pi


@stage
def uses_helper(a):
    t = a.std()
    k = 2.0 if t > 1.0 else 0.5
    return np.where(a > t, helper(a, k), np.minimum(a, t))


print(uses_helper(x)[:4], uses_helper(x[:3] * 0.1)[:3])


@stage
def shapes_differ(a):
    if a.sum() > 0:
        return a[:2]
    return a


print(shapes_differ(x), shapes_differ(-x[:3]))


@stage
def dtypes_differ(a):
    if a.sum() > 0:
        return a.astype(np.int64)
    return a


print(dtypes_differ(x[:4] + 0.5), dtypes_differ(-x[:4]))


@stage
def loops(a):
    s = a.sum()
    n = 0
    while s > 1.0:
        s = s / 2.0
        n += 1
    return n


print(loops(x[:50]), loops(x[:2] * 0.25))

log = []


@stage
def with_effects(a):
    print("inside", a.shape)
    log.append(a.shape)
    if a.sum() > 0:
        return a + 1
    return a - 1


print(with_effects(x[:3]), log)


@stage
def mutates(a):
    a += 1
    return a.sum() > 3


z = np.arange(3.0)
print(mutates(z), z)


@stage
def stores(a, out):
    out[0] = a.sum()
    return out


print(stores(np.arange(4.0), np.zeros(2)))
counter = [0]


@stage
def raises(a):
    if a.sum() > 0:
        return a / 0
    return a


with np.errstate(divide="ignore"):
    print(raises(np.arange(1.0, 4.0)), raises(-np.arange(3.0)))
print(normalize(np.array([1.0, 3.0])), stage(lambda a, b: a + b)(np.arange(3), 2))
