# When a frame ends, its locals and arguments are released first to last (the
# order of __del__ calls CPython shows), through each way hipy enters a frame:
# a plain call with positional arguments (moved from the caller's stack), a
# method call, a class instantiation with a Python __init__, a call binding
# defaults and keywords, a frame left by an exception, a recursive call, and
# a polymorphic call site whose callee changes from call to call.


class D:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def plain(a, b):
    c = D("plain.c")
    d = D("plain.d")
    return a.name + b.name


print(plain(D("plain.a"), D("plain.b")))


class Box:
    def method(self, x, y):
        z = D("method.z")
        return x.name + y.name + z.name

    def __init__(self, p, q):
        self.keep = D("init.keep")


b = Box(D("init.p"), D("init.q"))
print("made box")
print(b.method(D("method.x"), D("method.y")))
del b
print("box gone")


def defaults(a, b=None, *, c=None):
    local = D("defaults.local")
    return a.name


print(defaults(D("defaults.a"), c=D("defaults.c")))


def raises(a, b):
    c = D("raises.c")
    raise ValueError(a.name + b.name)


try:
    raises(D("raises.a"), D("raises.b"))
except ValueError as e:
    print("caught", e)


def depth(n, tag):
    mine = D("depth%d" % n)
    if n:
        depth(n - 1, D("tag%d" % n))
    return n


depth(2, D("tag-top"))


class A:
    def step(self, v):
        w = D("A.w%d" % v)
        return v


class B:
    def step(self, v):
        w = D("B.w%d" % v)
        return v * 10


class C(A):
    def step(self, v):
        w = D("C.w%d" % v)
        return v * 100


class E:
    def step(self, v):
        w = D("E.w%d" % v)
        return -v


class F:
    def step(self, v):
        w = D("F.w%d" % v)
        return v + 1000


total = 0
objs = [A(), B(), C(), A(), E(), F(), B(), C(), F(), A()]
for i, o in enumerate(objs):
    total += o.step(i)
print("total", total)

# The site sees a callee's function replaced by another with the same code
# object's shape, and a method redefined mid-loop.
for i in range(4):
    if i == 2:
        def step(self, v):
            w = D("A.new%d" % v)
            return v * 7
        A.step = step
    print(objs[0].step(i))
