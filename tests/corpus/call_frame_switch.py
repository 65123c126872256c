# Calls of Python code and their returns switch frames inside the
# interpreter's loop: every kind of callee and continuation, errors on
# entry and return, tracebacks and frame introspection across switches.
import sys
import traceback


def add(a, b):
    return a + b


def defaults(a, b=10, *, c=20):
    return a + b + c


def star(*args, **kw):
    return (args, sorted(kw.items()))


def make_counter():
    n = 0

    def inc(k=1):
        nonlocal n
        n += k
        return n
    return inc


def gen(n):
    for i in range(n):
        yield i * i


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


def depth():
    d = 0
    f = sys._getframe()
    while f is not None:
        d += 1
        f = f.f_back
    return d


def caller_name():
    return sys._getframe(1).f_code.co_name


def outer_for_name():
    return caller_name()


def raiser(x):
    if x > 2:
        raise ValueError("too big: %d" % x)
    return x


def chain(x):
    return raiser(x) + 1


total = 0
for i in range(5):
    total += add(i, i)
    total += defaults(i)
    total += defaults(i, c=1)
    total += defaults(b=i, a=1)
print("total", total)
print(star(1, 2, x=3))
print(star(*[1, 2], **{"y": 4}))
inc = make_counter()
for i in range(3):
    inc()
print("counter", inc(10))
print("gen", list(gen(5)), sum(gen(4)))
print("fact", fact(20))
d0 = depth()
print("depth grows by one per call", (lambda: depth())() - d0)
print("caller", outer_for_name())

for x in range(5):
    try:
        print("chain", chain(x))
    except ValueError as e:
        tb = traceback.extract_tb(e.__traceback__)
        print("error", e, [fr.name for fr in tb])


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Bad:
    def __init__(self, v):
        self.v = v
        return v


class Failing:
    def __init__(self, v):
        if v < 0:
            raise ValueError("negative")
        self.v = v


class WithNew:
    def __new__(cls, *args):
        obj = super().__new__(cls)
        obj.made_by_new = True
        return obj

    def __init__(self, a):
        self.a = a


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b


pts = [Point(i, -i) for i in range(4)]
print("points", [p.norm1() for p in pts], vars(pts[2]))
m = pts[1].norm1
print("bound", m(), [m() for _ in range(2)])

for v in (None, 3):
    try:
        b = Bad(v)
        print("bad ok", vars(b))
    except TypeError as e:
        print("bad", e)

for v in (1, -1, 2):
    try:
        print("failing", Failing(v).v)
    except ValueError as e:
        print("failing error", e, [fr.name for fr in traceback.extract_tb(e.__traceback__)])

w = WithNew(5)
print("with new", w.a, w.made_by_new)
s = Slotted(1, 2)
print("slotted", s.a + s.b, hasattr(s, "__dict__"))

# The cached class changes: a new __init__, abstract methods set later.
for round_ in range(3):
    if round_ == 1:
        def init2(self, x, y):
            self.x = x * 100
            self.y = y
        Point.__init__ = init2
    if round_ == 2:
        Point.__abstractmethods__ = frozenset({"norm1"})
    try:
        p = Point(1, 2)
        print("round", round_, p.x, p.y, list(p.__dict__))
    except TypeError as e:
        print("round", round_, "TypeError", e)
del Point.__abstractmethods__
p = Point(3, 4)
print("after del", p.x, p.y)

# A fresh instance's dict behaves as any dict.
class Plain:
    def __init__(self, a):
        self.a = a


q = Plain(1)
q.__dict__["z"] = 26
q.b = 2
del q.a
q.a = 3
print("dict", q.__dict__, q.z)
r = Plain(2)
r.__dict__.clear()
r.c = 1
print("cleared", vars(r))

# Recursion past the limit inside switched frames, then recovery.
def down(n):
    return down(n + 1)


old = sys.getrecursionlimit()
sys.setrecursionlimit(200)
try:
    down(0)
except RecursionError as e:
    print("recursion", type(e).__name__)
sys.setrecursionlimit(old)
print("after recursion", fact(10))


# Calls inside try/finally and with exceptions crossing several frames.
def f3(x):
    try:
        return 10 // x
    finally:
        print("finally f3", x)


def f2(x):
    return f3(x) * 2


def f1(x):
    try:
        return f2(x)
    except ZeroDivisionError:
        return "caught in f1"


print(f1(5), f1(0))


# Generators calling functions, functions driving generators.
def producer(n):
    for i in range(n):
        yield add(i, 1)


def consume():
    return [x for x in producer(4)] + [Point(1, 1).x]


print("consume", consume())
