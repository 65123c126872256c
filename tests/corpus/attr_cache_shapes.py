# Inline caches for attribute loads and stores meet instances whose
# dict layouts differ, change, or are replaced.

class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

class Q:
    def __init__(self, x, y):
        self.y = y          # other order: another shape
        self.x = x

def getx(o):
    return o.x

def gety(o):
    return o.y

def setx(o, v):
    o.x = v

objs = [P(i, -i) for i in range(5)] + [Q(i, i * 10) for i in range(5)]
for round_ in range(3):
    print([getx(o) for o in objs], [gety(o) for o in objs])
    for o in objs:
        setx(o, getx(o) + 1)

# Attributes added after construction, in different orders.
a = P(1, 2)
b = P(3, 4)
a.z = "za"
b.w = "wb"
b.z = "zb"
for o in (a, b, a, b):
    print(getx(o), gety(o), o.z, sorted(vars(o)))

# Deleting an attribute: the cached slot must not be read any more.
c = P(5, 6)
for i in range(4):
    print(getx(c))
del c.x
try:
    getx(c)
except AttributeError as e:
    print("AttributeError", e)
setx(c, 77)
print(getx(c), list(vars(c)))
del c.y
c.y = "back"
print(list(vars(c)), gety(c))

# Deleting and re-adding keeps reads right.
d = P(1, 2)
for i in range(6):
    if i % 2:
        del d.x
        d.x = i * 100
    print(getx(d), gety(d), list(d.__dict__))

# The instance dict replaced outright.
e = P(1, 2)
for i in range(3):
    print(getx(e))
e.__dict__ = {"y": "new-y", "x": "new-x"}
print(getx(e), gety(e))
e.__dict__ = {"x": 42}
try:
    gety(e)
except AttributeError as exc:
    print("AttributeError", exc)
setx(e, 43)
print(e.__dict__)

# The dict changed through __dict__ and vars().
f = P(1, 2)
for i in range(3):
    getx(f)
f.__dict__["x"] = "via __dict__"
print(getx(f))
vars(f).clear()
try:
    getx(f)
except AttributeError as exc:
    print("AttributeError", exc)
vars(f).update(x="updated", y=None)
print(getx(f), gety(f))
f.__dict__.pop("x")
f.__dict__["x"] = "popped and back"
print(getx(f), list(f.__dict__))

# Non-string keys and a str subclass key in the instance dict.
class S(str):
    pass

g = P(1, 2)
g.__dict__[1] = "one"
g.__dict__[S("q")] = "q-sub"
for i in range(3):
    print(getx(g), gety(g), g.q)

# Many attributes: past the shape limit.
class Big:
    pass

def fill(o, n):
    for i in range(n):
        setattr(o, "a%d" % i, i)

def read_last(o):
    return o.a39

bigs = []
for n in (35, 40, 40):
    o = Big()
    fill(o, n)
    bigs.append(o)
for o in bigs:
    try:
        print(read_last(o), o.a0, len(vars(o)))
    except AttributeError as exc:
        print("AttributeError", exc)

# A site that sees more classes than it has ways.
classes = [type("K%d" % i, (), {}) for i in range(7)]
insts = []
for i, k in enumerate(classes):
    o = k()
    o.x = i
    o.y = i * i
    insts.append(o)
for r in range(3):
    print(sum(getx(o) * gety(o) for o in insts + insts[::-1]))

# Stores that replace values many times (refcounts of old values).
class Box:
    def __init__(self):
        self.v = None

bx = Box()
tot = 0
for i in range(2000):
    bx.v = [i]
    tot += bx.v[0]
print(tot, bx.v)

# __class__ assignment between classes with different layouts.
class A1:
    def who(self):
        return "A1"

class A2:
    def who(self):
        return "A2"
    x = "class x of A2"

o = A1()
o.x = "inst"
res = []
for i in range(4):
    res.append((o.who(), o.x))
    if i == 1:
        o.__class__ = A2
        del o.x
print(res)
