# Instances whose __dict__ is made on demand: every way of reading or
# writing it on a fresh instance, and instance creation's edge cases.
import copy
import gc
import pickle
import weakref


class C:
    pass


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


# A fresh instance's __dict__, vars(), dir().
o = C()
show("dict", lambda: o.__dict__)
d = o.__dict__
o.x = 1
print("same dict", d is o.__dict__, d)
p = C()
show("vars", lambda: vars(p))
p.y = 2
print("vars after", vars(p))
q = C()
print("dir has no x", "x" in dir(q), "__class__" in dir(q))
show("getattr missing", lambda: q.missing)
show("hasattr", lambda: hasattr(q, "missing"))
print("getattr default", getattr(q, "nope", 42))


def del_missing():
    del q.missing


show("del missing", del_missing)
r = C()
r.__dict__["z"] = 3
print("store via dict", r.z)
s = C()
s.__dict__ = {"w": 4}
print("assigned dict", s.w, vars(s))
show("assign non-dict", lambda: setattr(C(), "__dict__", [1]))
t = C()
show("del dict", lambda: delattr(t, "__dict__"))
print("after del", vars(t))
show("__getstate__", lambda: C().__getstate__())
show("__reduce_ex__ 2", lambda: C().__reduce_ex__(2)[1:])
show("__reduce_ex__ 4 with attr", lambda: r.__reduce_ex__(4)[2])

# copy and pickle of attribute-less instances.
c1 = copy.copy(C())
c2 = copy.deepcopy(C())
c3 = pickle.loads(pickle.dumps(C()))
print("copies", type(c1).__name__, vars(c1), vars(c2), vars(c3))
c4 = copy.copy(r)
print("copy with attr", vars(c4), c4.__dict__ is r.__dict__)


# __slots__ with and without __dict__.
class S:
    __slots__ = ("a", "__dict__")


s1 = S()
print("slots dict", s1.__dict__)
s1.a = 1
s1.b = 2
print("slots + dict", s1.a, vars(s1))


class NoDict:
    __slots__ = ("a",)


show("no __dict__", lambda: NoDict().__dict__)
show("no new attr", lambda: setattr(NoDict(), "b", 1))


# __class__ assignment on an instance with no dict yet.
class A:
    def hello(self):
        return "A"


class B:
    def hello(self):
        return "B"


a = A()
a.__class__ = B
print("class assigned", a.hello(), vars(a))
a.k = 1
a.__class__ = A
print("class back", a.hello(), vars(a))


# Arguments: errors and their messages.
show("C(1)", lambda: C(1))
show("C(k=1)", lambda: C(k=1))


class OnlyInit:
    def __init__(self, a, b=2):
        self.a, self.b = a, b


show("init missing", lambda: OnlyInit())
show("init extra", lambda: OnlyInit(1, 2, 3))
show("init kw", lambda: vars(OnlyInit(b=5, a=4)))


class OnlyNew:
    def __new__(cls, *args):
        o = super().__new__(cls)
        o.args = args
        return o


print("only new", OnlyNew(1, 2).args)


class BadInit:
    def __init__(self):
        return 5


show("init returns", lambda: BadInit())


class Other:
    def __new__(cls, v):
        return v

    def __init__(self, v):
        print("never")


print("new returns other", Other(7), Other([1]))


class Sub(C):
    def __new__(cls):
        return C()

    def __init__(self):
        print("not called for a C")


print("new returns base instance", type(Sub()).__name__)


class Meta(type):
    def __call__(cls, *args):
        return ("made by meta", cls.__name__, args)


class WithMeta(metaclass=Meta):
    pass


print(WithMeta(), WithMeta(1))


class Builtin(list):
    pass


bl = Builtin([1, 2])
print("builtin subclass", bl, vars(bl))


# The class changes between calls at one site.
class Changing:
    pass


out = []
for i in range(60):
    if i == 20:
        Changing.__init__ = lambda self, v=0: setattr(self, "v", v)
    if i == 40:
        del Changing.__init__
        Changing.__new__ = lambda cls: "from new"
    obj = Changing()
    out.append(obj if isinstance(obj, str) else sorted(vars(obj)))
print("changing", out[0], out[20], out[39], out[40], out[59])


import abc


class Abstract(abc.ABC):
    @abc.abstractmethod
    def f(self):
        pass


show("abstract", lambda: Abstract())


class Concrete(Abstract):
    def f(self):
        return 1


print("concrete", vars(Concrete()))


# Many fresh instances, some given attributes after birth (hot loops).
def build(n):
    objs = []
    for i in range(n):
        o = C()
        if i % 3 == 0:
            o.i = i
            o.sq = i * i
        objs.append(o)
    return objs


objs = build(3000)
print("built", sum(len(vars(o)) for o in objs), objs[3].sq, hasattr(objs[1], "i"))
empty = [C() for _ in range(3000)]
print("empty", sum(1 for e in empty if not vars(e)))


# Cycles through instance dicts made late are collected.
class Node:
    def __del__(self):
        print("del", self.name)


gc.collect()
dead = []
x = Node()
y = Node()
x.name = "x"
y.name = "y"
x.other = y
y.other = x
wx = weakref.ref(x, lambda r: dead.append("x"))
z = Node()
z.__dict__["name"] = "z"
z.__dict__["me"] = z
del x, y, z
gc.collect()
print("weak", wx() is None, sorted(dead))
