# Inline caches for attributes that live on classes: reassigned class
# attributes, rebound methods, shadowing by instance dicts, properties,
# descriptors, __slots__, __getattr__ and modules.

class C:
    k = 1
    def m(self):
        return "C.m"

def getk(o):
    return o.k

def callm(o):
    return o.m()

c = C()
out = []
for i in range(6):
    out.append((getk(c), callm(c)))
    if i == 1:
        C.k = 2                      # class attribute reassigned
    if i == 2:
        C.m = lambda self: "lambda m"  # method rebound on the class
    if i == 3:
        c.k = "instance k"           # instance shadows the class attribute
        c.m = lambda: "instance m"   # and the method
    if i == 4:
        del c.k
        del c.m
print(out)

# Base class changed under a subclass.
class Base:
    tag = "base"
    def hello(self):
        return "Base.hello"

class Sub(Base):
    pass

s = Sub()
out = []
for i in range(5):
    out.append((s.tag, s.hello()))
    if i == 1:
        Base.tag = "base2"
        Base.hello = lambda self: "new Base.hello"
    if i == 2:
        Sub.tag = "sub"
    if i == 3:
        del Sub.tag
print(out)

# A property, then shadowed by a data descriptor, then deleted.
class Pr:
    def __init__(self):
        self._v = 10
    @property
    def v(self):
        return self._v * 2

def getv(o):
    return o.v

p = Pr()
out = [getv(p) for _ in range(3)]
p.__dict__["v"] = "dict v (property wins)"
out += [getv(p) for _ in range(2)]
del Pr.v
out += [getv(p) for _ in range(2)]
Pr.v = property(lambda self: "new property")
out += [getv(p) for _ in range(2)]
print(out)

# Non-data descriptors lose to the instance dict; data descriptors win.
class NonData:
    def __get__(self, obj, owner):
        return "nondata"

class Data:
    def __get__(self, obj, owner):
        return "data"
    def __set__(self, obj, value):
        obj.__dict__["log"] = obj.__dict__.get("log", []) + [value]

class D:
    a = NonData()

def geta(o):
    return o.a

d = D()
out = [geta(d) for _ in range(2)]
d.a = "instance a"
out += [geta(d) for _ in range(2)]
D.a = Data()
out += [geta(d) for _ in range(2)]
for i in range(3):
    d.a = i
print(out, d.log)

# A plain class constant replaced by a descriptor and back.
class E:
    val = 5

def getval(o):
    return o.val

e = E()
out = [getval(e) for _ in range(3)]
E.val = NonData()
out.append(getval(e))
E.val = 6
out.append(getval(e))
e.val = 7
out.append(getval(e))
print(out)

# __slots__: set, unset, deleted, in a subclass with a dict, and
# shadowed by a subclass property.
class Sl:
    __slots__ = ("a", "b")
    def __init__(self, a):
        self.a = a

class SlD(Sl):
    pass

def geta2(o):
    return o.a

def setb(o, v):
    o.b = v

def getb(o):
    return o.b

objs = [Sl(1), SlD(2), Sl(3)]
for o in objs:
    for r in range(3):
        setb(o, geta2(o) * 10 + r)
    print(geta2(o), getb(o))
del objs[0].b
try:
    getb(objs[0])
except AttributeError as exc:
    print("AttributeError", exc)
objs[1].extra = "extra"
print(objs[1].extra, sorted(objs[1].__dict__))
try:
    objs[0].extra = 1
except AttributeError:
    print("AttributeError on a new attribute of a slotted instance")

class SlP(Sl):
    @property
    def a(self):
        return "property over slot"

try:
    sp = SlP(9)
except AttributeError as exc:
    print("AttributeError", exc)
sp = SlP.__new__(SlP)
for o in [objs[2], sp, objs[2], sp]:
    print(geta2(o))
print("made") if False else None

# __getattr__: the fallback for missing names, added to a class later.
class G:
    def __init__(self):
        self.real = "real"

def getreal(o):
    return o.real

def getmissing(o):
    return o.missing

g = G()
out = []
for i in range(4):
    try:
        out.append(getmissing(g))
    except AttributeError:
        out.append("no attribute")
    out.append(getreal(g))
    if i == 1:
        G.__getattr__ = lambda self, name: "fallback " + name
print(out)
del g.real
print(getreal(g), getmissing(g))

# __getattribute__ added to a class after its sites are cached.
class H:
    def __init__(self):
        self.x = 1
    def meth(self):
        return "meth"

def hx(o):
    return o.x, o.meth()

h = H()
out = [hx(h) for _ in range(3)]
H.__getattribute__ = lambda self, name: ("intercepted", name)
out.append(h.x)
del H.__getattribute__
out += [hx(h) for _ in range(2)]
print(out)

# __setattr__ added later: stores must go through it.
class St:
    pass

def store(o, v):
    o.x = v

st = St()
for i in range(3):
    store(st, i)
print(st.x)
St.__setattr__ = lambda self, name, value: object.__setattr__(self, name, ("via setattr", value))
store(st, 5)
print(st.x)
del St.__setattr__
store(st, 6)
print(st.x)

# Module attributes: rebound, deleted, and a module __getattr__.
import types
mod = types.ModuleType("mymod")
mod.f = lambda: "f1"
mod.k = 1

def modread(m):
    return m.k, m.f()

out = [modread(mod) for _ in range(3)]
mod.k = 2
mod.f = lambda: "f2"
out.append(modread(mod))
del mod.k
try:
    modread(mod)
except AttributeError as exc:
    out.append("AttributeError " + str(exc))
mod.__getattr__ = lambda name: "module fallback " + name
out.append(modread(mod))
mod.__dict__["k"] = 3
out.append(modread(mod))
print(out)

import math
def msqrt(v):
    return math.sqrt(v)
print([msqrt(i) for i in range(5)])
orig = math.sqrt
math.sqrt = lambda v: -v
print([msqrt(i) for i in range(3)])
math.sqrt = orig
print(msqrt(16))

# Classmethods, staticmethods and bound methods stored on instances.
class M:
    @classmethod
    def cm(cls):
        return "cm " + cls.__name__
    @staticmethod
    def sm():
        return "sm"
    def im(self):
        return "im"

class M2(M):
    pass

def calls(o):
    return o.cm(), o.sm(), o.im()

objs = [M(), M2(), M(), M2()]
print([calls(o) for o in objs])
objs[0].im = objs[1].cm
print(calls(objs[0]))
M.im = staticmethod(lambda: "static im")
print([calls(o) for o in objs])
