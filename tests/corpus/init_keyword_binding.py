# Class(...) whose __init__ takes defaults, keywords or keyword-only
# parameters: the call site binds them itself; every error and every
# change of the defaults behaves as CPython's.


class P:
    def __init__(self, x, y=2, *, z=3):
        self.x = x
        self.y = y
        self.z = z

    def __repr__(self):
        return "P(%r, %r, %r)" % (self.x, self.y, self.z)


class Q:
    def __init__(self, a, /, b=10):
        self.s = a + b


class Ret:
    def __init__(self, v=None):
        self.v = v
        return v


class Raise:
    def __init__(self, v, *, fail=False):
        if fail:
            raise KeyError(v)
        self.v = v


class Star:
    def __init__(self, *args, **kw):
        self.args = args
        self.kw = sorted(kw.items())


class Gen:
    def __init__(self, a=1):
        yield a


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)


for i in range(3):
    show(lambda: P(i))
    show(lambda: P(i, 5))
    show(lambda: P(i, z=7))
    show(lambda: P(x=i, y=8, z=9))
    show(lambda: P(y=1, x=i))
show(lambda: P())
show(lambda: P(1, 2, 3))
show(lambda: P(1, w=0))
show(lambda: P(1, x=2))
show(lambda: P(1, y=2, y2=3))
show(lambda: Q(1).s)
show(lambda: Q(1, b=5).s)
show(lambda: Q(a=1).s)

# Defaults replaced and changed in place between calls.
for round_ in range(4):
    if round_ == 1:
        P.__init__.__defaults__ = (20,)
    if round_ == 2:
        P.__init__.__kwdefaults__["z"] = 30
    if round_ == 3:
        P.__init__.__kwdefaults__ = None
    show(lambda: P(round_))
    show(lambda: P(round_, z=0))

show(lambda: vars(Ret()))
show(lambda: vars(Ret(v=None)))
show(lambda: Ret(v=5))
show(lambda: Ret(5))
show(lambda: Raise(1).v)
show(lambda: Raise(2, fail=True))
show(lambda: Raise(v=3, fail=False).v)
s = Star(1, 2, k=3)
print(s.args, s.kw)
show(lambda: Gen())
show(lambda: Gen(a=2))


class Base:
    def __init__(self, name, size=1):
        self.name = name
        self.size = size


class Derived(Base):
    pass


objs = [Derived("d%d" % i, size=i) for i in range(3)] + [Base(name="b")]
print([(o.name, o.size, type(o).__name__) for o in objs])


class WithInitLater:
    pass


show(lambda: WithInitLater(x=1))


def late_init(self, x=0):
    self.x = x


WithInitLater.__init__ = late_init
show(lambda: WithInitLater(x=1).x)
show(lambda: WithInitLater().x)


# One instance per call, also when the arguments do not bind: its __del__
# runs once.
class Noisy:
    made = 0

    def __init__(self, a, b=1):
        Noisy.made += 1
        self.a = a

    def __del__(self):
        print("del", getattr(self, "a", "uninitialised"))


for i in range(3):
    Noisy(i, b=2)
show(lambda: Noisy(b=1))
show(lambda: Noisy(1, c=1))
print("made", Noisy.made)
