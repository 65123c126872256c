# Inline caches for instance attribute loads on rarer paths: a dict
# subclass as the instance dict, same-named slots in a subclass, a property
# that raises AttributeError into __getattr__, '__dict__' in __slots__,
# names built at run time, and a slot member replaced on the class.

def getx(o):
    return o.x


def gety(o):
    try:
        return o.y
    except AttributeError as e:
        return "AttributeError: " + str(e)


# A dict subclass as __dict__ (overriding methods attribute reads never
# call), swapped in after the sites were cached.
class NoteDict(dict):
    def get(self, k, default=None):
        return "from get"

    def __contains__(self, k):
        return False


class Plain:
    def __init__(self, x):
        self.x = x


ps = [Plain(i) for i in range(3)]
for _ in range(3):
    print([getx(p) for p in ps], [gety(p) for p in ps[:1]])
ps[1].__dict__ = NoteDict(x=10)
for _ in range(3):
    print([getx(p) for p in ps], gety(ps[1]))
ps[1].__dict__["y"] = 20
print(gety(ps[1]), type(ps[1].__dict__).__name__)


# A subclass declaring a slot of the same name: its own cell, read through
# the subclass's descriptor.
class A:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x


class B(A):
    __slots__ = ("x",)

    def __init__(self, x, basex):
        A.x.__set__(self, basex)
        self.x = x


objs = [A(1), B(2, 3), A(4), B(5, 6)]
for _ in range(3):
    print([getx(o) for o in objs], [A.x.__get__(o) for o in objs])


# A property raising AttributeError falls back to __getattr__.
class Lazy:
    def __init__(self, ready):
        self.ready = ready

    @property
    def x(self):
        if not self.ready:
            raise AttributeError("not ready")
        return "property"

    def __getattr__(self, name):
        return "__getattr__ " + name


ls = [Lazy(True), Lazy(False)]
for _ in range(3):
    print([getx(o) for o in ls], gety(ls[0]))


# '__dict__' among __slots__: slots and dict attributes side by side.
class Mixed:
    __slots__ = ("x", "__dict__")

    def __init__(self, x):
        self.x = x
        self.y = x * 2


ms = [Mixed(i) for i in range(3)]
for _ in range(3):
    print([getx(m) for m in ms], [gety(m) for m in ms])
del ms[0].x
ms[1].__dict__["x"] = "dict x"
print(gety(ms[0]), [getattr(m, "x", "unset") for m in ms], ms[1].__dict__)


# Names built at run time (not interned): set and read through setattr,
# getattr and the instance dict, then read by a cached site.
class Bag:
    pass


bags = [Bag() for _ in range(3)]
name = "".join(["x"])
for i, b in enumerate(bags):
    setattr(b, name, i)
    b.__dict__["".join(["y"])] = -i
for _ in range(3):
    print([getx(b) for b in bags], [gety(b) for b in bags], [getattr(b, "".join("y")) for b in bags])


# A slot member replaced on the class by a plain value, a property, and
# restored.
class S:
    __slots__ = ("x", "y")

    def __init__(self, x):
        self.x = x


ss = [S(i) for i in range(3)]
member = S.x
for _ in range(2):
    print([getx(s) for s in ss], [gety(s) for s in ss])
S.x = "class value"
print([getx(s) for s in ss])
S.x = property(lambda self: "property " + str(member.__get__(self)))
print([getx(s) for s in ss])
S.x = member
print([getx(s) for s in ss])
S.y = member
print([gety(s) for s in ss])
