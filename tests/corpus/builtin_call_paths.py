# len, isinstance and list.append: the common cases and everything around
# them that must still take the general path.
import builtins
import collections.abc


class MyList(list):
    def __len__(self):
        return 42


class Appender(list):
    def append(self, x):
        super().append(x * 10)


def lengths():
    print(len([1, 2, 3]), len(()), len({"a": 1}), len("héllo wörld"), len(""))
    print(len(MyList([1])), len(range(5)), len(b"abc"), len({1, 2}), len(bytearray(3)))
    for bad in (5, None, iter([])):
        try:
            len(bad)
        except TypeError as e:
            print("TypeError", e)
    try:
        len()
    except TypeError as e:
        print("TypeError", e)
    try:
        len([], [])
    except TypeError as e:
        print("TypeError", e)


class Base:
    pass


class Derived(Base):
    pass


class Proxy:
    @property
    def __class__(self):
        return Base


class Meta(type):
    def __instancecheck__(cls, obj):
        print("Meta.__instancecheck__", type(obj).__name__)
        return True


class Anything(metaclass=Meta):
    pass


def instances():
    d = Derived()
    print(isinstance(d, Derived), isinstance(d, Base), isinstance(d, object), isinstance(d, int))
    print(isinstance(3, int), isinstance(True, int), isinstance(3, bool), isinstance(3.0, (int, float)))
    print(isinstance(Proxy(), Proxy), isinstance(Proxy(), Base), isinstance(Proxy(), Derived))
    print(isinstance(5, Anything), isinstance(Anything(), Anything))
    print(isinstance([], collections.abc.Sequence), isinstance({}, collections.abc.Sequence))
    print(isinstance(int, type), isinstance(Meta, type), isinstance(Anything, Meta))
    for bad in (3, "int", (int, "x")):
        try:
            print(isinstance(1, bad))
        except TypeError as e:
            print("TypeError", e)


def appends():
    a = []
    for i in range(5):
        a.append(i)
    b = Appender()
    for i in range(3):
        b.append(i)
    m = MyList()
    m.append("x")
    print(a, b, list(m))
    list.append(a, "unbound")
    f = a.append
    f("bound")
    print(a)
    try:
        a.append()
    except TypeError as e:
        print("TypeError", e)
    try:
        a.append(1, 2)
    except TypeError as e:
        print("TypeError", e)
    try:
        list.append((), 1)
    except TypeError as e:
        print("TypeError", e)


class Stack(list):
    pass


class LoudPop(list):
    def pop(self, *args):
        print("LoudPop.pop", args)
        return super().pop(*args)


def pops():
    a = list(range(8))
    print(a.pop(), a.pop(0), a.pop(-1), a.pop(2), a.pop(-2), a)
    print(a.pop(True), a, Stack([1, 2, 3]).pop(1), LoudPop([4, 5]).pop())
    b = [1, 2]
    p = b.pop
    print(p(), list.pop(b), b)
    for bad in ((), (0,), (5,), (-1,), ("x",), (1.0,), (2 ** 70,), (1, 2)):
        c = [] if bad in ((), (0,), (-1,)) else [1, 2]
        try:
            c.pop(*bad)
        except (IndexError, TypeError, OverflowError) as e:
            print(type(e).__name__, e)


def rebound():
    real = builtins.len
    builtins.len = lambda x: "patched"
    try:
        print(len([1, 2]))
    finally:
        builtins.len = real
    print(len([1, 2]))
    len_ = len

    def inner():
        len = lambda x: "local"
        return len([1])

    print(inner(), len_([1, 2, 3]))


for _ in range(3):
    lengths()
    instances()
    appends()
    pops()
    rebound()
