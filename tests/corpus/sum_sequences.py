# sum() of lists and tuples: hipy adds exact ints and floats directly and
# everything else with +; results, exceptions and the order of calls must be
# exactly CPython's, also when an item's __radd__ changes the list.
import sys
from fractions import Fraction
from decimal import Decimal


class I(int):
    def __radd__(self, o):
        print("I.radd", o)
        return 100


class Grow:
    def __init__(self, xs):
        self.xs = xs

    def __radd__(self, o):
        print("Grow.radd", o, len(self.xs))
        if len(self.xs) < 8:
            self.xs.append(1)
        return o + 1


class Shrink:
    def __init__(self, xs):
        self.xs = xs

    def __radd__(self, o):
        print("Shrink.radd", o)
        del self.xs[-2:]
        return o


print(sum([]), sum(()), sum([], 5), sum((), 2.5), sum([], start=-1))
print(sum([1, 2, 3]), sum((1, 2, 3)), sum([True, True, False]), sum([True, 2.5]))
print(sum([1, 2.5, 3]), sum([0.1] * 10), sum((0.1,) * 10, 0.5))
print(sum([sys.maxsize, 1, 2]), sum([sys.maxsize, 1, -10]), sum([-sys.maxsize - 1, -1]))
print(sum([10**30, 5, -(10**30)]), sum([1.5, 10**20]), sum([10**20, 1.5]))
for bad in ([10**400, 1.0], [1.5, 10**400]):
    try:
        print(sum(bad))
    except OverflowError as e:
        print("OverflowError", e)
print(sum([1, I(2), 3]), sum([1.5, I(2)]), sum([I(5)], 0.25))
print(sum([Fraction(1, 3), 1, 2]), sum([1, Fraction(1, 3), 0.5]))
print(sum([Decimal("0.1"), 2, Decimal("0.2")]), sum([1, 2], Decimal("0.5")))
print(sum([[1], [2, 3]], []), sum(([1], (2,)), []) if False else sum(([1], [2]), []))
for args in (([1, "a"],), (["a", "b"], ""), ([1, None],), ([1.5, "x"],)):
    try:
        print(sum(*args))
    except TypeError as e:
        print("TypeError", e)
xs = [1, 2]
xs.append(Grow(xs))
print(sum(xs), len(xs), xs[3:])
ys = [1, 2, 3, 4, 5]
ys.insert(1, Shrink(ys))
print(sum(ys), ys[:1], len(ys))
print(sum([float("inf"), -float("inf")]), sum([float("nan"), 1]), sum([-0.0]), sum([-0.0], -0.0))
print(sum([2**62, 2**62]), sum((2**63 - 1, 1)), type(sum([True])).__name__, type(sum([1.0], 0)).__name__)
t = (3, 4.5, 10**19)
print(sum(t), sum(t, 1), sum(list(range(1000))), sum([x / 7 for x in range(100)]))
print(sum([1, 2], start=3), sum((x for x in [1, 2]), start=3.5))
for call in (lambda: sum((x for x in [1]), iterable=1), lambda: sum([1], begin=2)):
    try:
        print(call())
    except TypeError as e:
        print("TypeError", e)
