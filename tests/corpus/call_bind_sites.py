# Calls bound by a call site's cached binding (keywords by slot, defaults by
# function version): each site runs in a loop so the cache is warm, then the
# callee's defaults, code or keyword defaults change under it.


def f(a, b=10, c=20):
    return (a, b, c)


def g(a, *, key=None, rev=False):
    return (a, key, rev)


def h(a, b, /, c=3):
    return (a, b, c)


def run_f():
    out = []
    for i in range(3):
        out.append(f(i))
        out.append(f(i, 1))
        out.append(f(i, c=i))
        out.append(f(c=i, a=-i))
        out.append(f(i, b=2, c=3))
    return out


def run_g():
    return [g(i, key=i * 2) for i in range(3)] + [g(i) for i in range(2)] + [g(0, rev=True, key=1)]


print(run_f())
print(run_g())
print([h(1, 2), h(1, 2, c=9), h(1, 2, 7)])

# New defaults: the site sees the function's new version.
f.__defaults__ = (100, 200)
print(run_f())
f.__defaults__ = (7,)
print([f(1, 2), f(1, 2, c=5)])
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
f.__defaults__ = None
try:
    f(1, c=2)
except TypeError as e:
    print("TypeError:", e)
f.__defaults__ = (10, 20)

# Keyword defaults changed in place and replaced.
print(run_g())
g.__kwdefaults__["key"] = "changed"
print(run_g())
g.__kwdefaults__ = {"key": "new", "rev": "r"}
print(run_g())
del g.__kwdefaults__["rev"]
try:
    print(run_g())
except TypeError as e:
    print("TypeError:", e)
g.__kwdefaults__ = None
try:
    g(1, key=2)
except TypeError as e:
    print("TypeError:", e)
print(g(1, key=2, rev=3))


# A key in __kwdefaults__ whose __eq__ runs Python code at lookup: it
# changes another function's defaults (and so other sites' bindings).
# Idempotent: how often a dict compares a colliding key is not the point.
class Weird:
    def __hash__(self):
        return hash("key")

    def __eq__(self, other):
        f.__defaults__ = ("from eq", "from eq")
        return NotImplemented


def weird_calls():
    g.__kwdefaults__ = {Weird(): 1, "key": 2, "rev": 3}
    return [g(5), g(6)]


print(weird_calls(), f(1), f(1, c=0))
print(weird_calls(), f(2), f(2, b=0))
g.__kwdefaults__ = {"key": None, "rev": False}
f.__defaults__ = (10, 20)

# New code: the site's callee changes.


def other(a, b=-1, c=-2):
    return ("other", a, b, c)


f.__code__ = other.__code__
print(run_f())


# Errors the generic path reports, from sites that bound before.
def k(a, b=2, *, c):
    return (a, b, c)


def call_k(args, kw):
    out = []
    for _ in range(2):
        try:
            out.append(k(*args, **kw))
        except TypeError as e:
            out.append("TypeError: %s" % e)
    return out


def site_errors():
    out = []
    for i in range(3):
        for thunk in (
            lambda: k(1, c=3),
            lambda: k(1, 2, c=3),
            lambda: k(1),
            lambda: k(1, a=2, c=3),
            lambda: k(1, d=4, c=3),
            lambda: k(1, 2, 3),
            lambda: h(1, b=2),
            lambda: h(a=1, b=2),
        ):
            try:
                out.append(thunk())
            except TypeError as e:
                out.append("TypeError: %s" % e)
    return out


for line in site_errors()[:8]:
    print(line)
print(call_k((1,), {"c": 3}), call_k((), {"a": 1}))


# Bound methods and closures: one def, many functions with their own defaults.
class C:
    def m(self, x, y=1, *, z=2):
        return (type(self).__name__, x, y, z)


def make(d):
    def inner(x, y=d):
        return x + y

    return inner


def many_calls():
    c = C()
    out = []
    for fn in [make(1), make(10), make(100)]:
        out.append(fn(1))
        out.append(fn(1, y=2))
    for _ in range(2):
        out.append(c.m(1))
        out.append(c.m(1, z=3))
        out.append(c.m(x=5, y=6))
        out.append(C.m(c, 1, y=0))
    return out


print(many_calls())
C.m.__defaults__ = (42,)
C.m.__kwdefaults__ = {"z": 43}
print(many_calls())


# Deep recursion through keyword calls still raises RecursionError.
def down(n, *, step=1):
    return down(n - step, step=step)


try:
    down(0)
except RecursionError:
    print("RecursionError")
