# sum() of generators: hipy runs the generator in push mode (its yields go
# straight to sum without suspending it); results, exceptions and generator
# states must be exactly CPython's.
import sys
def g(xs):
    for x in xs:
        yield x
class I(int):
    def __radd__(self, o):
        print("radd", o)
        return 100
class V:
    def __radd__(self, o):
        return ("V", o)
print(sum(g([1, 2, 3])))
print(sum(g([])), sum(g([]), 5), sum(g([]), 2.5))
print(sum(g([1, 2.5, 3])))
print(sum(g([0.1] * 10)))
print(sum(g([sys.maxsize, 1, 2])), sum(g([sys.maxsize, 1, -10])))
print(sum(g([-sys.maxsize - 1, -1])))
print(sum(g([10**30, 1.0])) if False else "skip")
try:
    print(sum(g([10**400, 1.0])))
except OverflowError as e:
    print("OverflowError", e)
print(sum(g([1.5, 10**20])))
try:
    print(sum(g([1.5, 10**400])))
except OverflowError as e:
    print("OverflowError", e)
print(sum(g([1, I(5), 2])))
print(sum(g([1, V()])))
print(sum(g([True, True, 2])), sum(g([True]), True))
print(sum(g([1, 2]), start=10), sum(g([1, 2]), 0.5))
try:
    sum(g(["a", "b"]))
except TypeError as e:
    print("TypeError", e)
try:
    sum(g([1, 2]), "")
except TypeError as e:
    print("TypeError", e)
print(sum(g([[1], [2]]), []))
print(sum(x * x for x in range(10) if x % 2))
def h():
    x = yield 1
    print("sent", x)
    y = yield 2
    print("sent", y)
print(sum(h()))
def boom():
    yield 1
    yield 2
    raise ValueError("boom")
try:
    sum(boom())
except ValueError as e:
    print("ValueError", e)
gen = g([1, 2, 3])
print(next(gen), sum(gen), sum(gen))
def selfref():
    yield 1
    yield it.gi_running
    yield 5
it = selfref()
print(sum(it))
def nested():
    for i in range(3):
        yield sum(j for j in range(i * 10))
print(sum(nested()))
def yf():
    yield 1
    yield from g([2, 3.5])
    yield 4
print(sum(yf()))
it2 = g([1, 2, 3])
class Stop:
    def __radd__(self, o):
        print("in radd, next:", next(it2))
        return o
print(sum(g([1, Stop(), 10])))
print(sum(it2))
def gstate():
    yield 1
    print("frame", sys._getframe().f_code.co_name, sys._getframe(1).f_code.co_name)
    yield 2
print(sum(gstate()))
print(sum(g([1e308, 1e308, -1e308])))
print(sum(g([float('nan'), 1])), sum(g([float('inf'), -float('inf')])))
print(sum(g([-0.0]), -0.0), sum(g([-0.0])))
print(sum(g([2**62, 2**62, -2**62])))
print(sum(g([2**63, -1])), type(sum(g([2**63, -2**63]))))
