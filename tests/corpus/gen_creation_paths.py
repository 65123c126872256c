# Generators made by the different call paths: exact positional arguments,
# defaults and keywords, bound methods, closures and cells, class bodies;
# names taken at creation, finalization, errors, and MAKE_FUNCTION's kinds.
import sys


def two(i):
    yield i
    yield i + 1


def with_defaults(a, b=2, *, c=3):
    yield a + b + c


def captured(n):
    # `n` is a cell: the prologue before RETURN_GENERATOR makes it.
    f = lambda: n * 10
    yield f()
    n += 1
    yield f()


class Box:
    def __init__(self, items):
        self.items = items

    def each(self, scale=1):
        for x in self.items:
            yield x * scale


def where():
    frame = sys._getframe()
    yield frame.f_code.co_name, frame.f_back.f_code.co_name, frame.f_lineno


def consumer():
    return list(where())


total = 0
for i in range(1000):
    for x in two(i):
        total += x
print("exact", total)
print("defaults", list(with_defaults(1)), list(with_defaults(1, c=10)),
      list(with_defaults(a=5, b=1)), list(with_defaults(1, 2, c=0)))
print("cells", list(captured(4)))
b = Box([1, 2, 3])
print("method", list(b.each()), list(b.each(3)), list(b.each(scale=2)))
print("frames", consumer())

g = two(1)
print("names", g.__name__, g.__qualname__, b.each().__qualname__)
two.__name__ = "renamed"
two.__qualname__ = "Q.renamed"
h = two(2)
print("after rename", g.__name__, g.__qualname__, h.__name__, h.__qualname__)
g.__name__ = "own"
print("own name", g.__name__, two.__name__)
two.__name__ = "two"


def outer():
    k = 7

    def inner(j):
        yield k + j
    return inner


print("closure", list(outer()(5)), outer().__qualname__, outer()(1).__qualname__)


def guarded(tag):
    try:
        yield 1
        yield 2
    finally:
        print("finally", tag)


s = guarded("started")
next(s)
del s
print("after started del")
u = guarded("unstarted")
del u
print("after unstarted del")
print("ran out", list(guarded("exhausted")))
c = guarded("closed")
next(c)
c.close()
print("closed", c.gi_frame)

for bad in (lambda: two(), lambda: two(1, 2), lambda: two(j=1),
            lambda: with_defaults(), lambda: with_defaults(1, 2, 3),
            lambda: with_defaults(1, d=4)):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)


class GenInit:
    def __init__(self, a, b=1):
        yield a


for make in (lambda: GenInit(1), lambda: GenInit(1, b=2)):
    try:
        make()
    except TypeError as e:
        print("init", e)

print("genexpr", sum(x * x for x in range(10)), set(x % 3 for x in range(10)))
ys = [1, 2, 3]
print("genexpr closure", list(y + len(ys) for y in ys))


def kw_default(a, *, key=None):
    yield key, a


print("kwonly", list(kw_default(1)), list(kw_default(2, key="k")))
print("recursive", [p for p in (lambda f: f(f, 3))(lambda f, n: (x for x in range(n)))])


def deep(n):
    if n:
        yield from deep(n - 1)
    yield n


print("deep", sum(deep(50)))
