# An object's __dict__ that holds only atoms is left untracked by the
# collector, as CPython 3.11 leaves the dict it makes from an instance's
# values (gc.is_tracked), and a store of anything that can be part of a
# cycle tracks it again, whichever way it is stored: an attribute store
# run many times (replacing an atom, or a new attribute), setattr,
# object.__setattr__, an item of __dict__, update, setdefault. Cycles made
# through such a dict are collected, with __del__, resurrection and weakref
# callbacks as usual.
import gc
import types
import weakref


class P:
    def __init__(self, i):
        self.x = i * 0.5
        self.y = i
        self.s = str(i)


class Q:
    def __init__(self, i):
        self.i = i
        self.l = [i]


class L(list):
    pass


class S:
    __slots__ = ('a', '__dict__')


def tracked(o):
    return gc.is_tracked(o.__dict__)


def f():
    pass


print("-- what is tracked")
print("atoms", tracked(P(1)))
print("list attribute", tracked(Q(1)))
print("empty", tracked(P.__new__(P)))
print("module", gc.is_tracked(types.ModuleType('m').__dict__))
print("function", tracked(f))
f.attr = 1
print("function attr", tracked(f))
f.attr = [1]
print("function list attr", tracked(f))
l = L()
l.a = 1
print("list subclass", tracked(l))
s = S()
s.a = []
s.b = 2
print("slots and dict", tracked(s))
e = ValueError()
e.x = 1
print("exception", tracked(e))
print("points", sum(tracked(p) for p in [P(i) for i in range(200)]))
print("qs", sum(tracked(q) for q in [Q(i) for i in range(200)]))


print("-- one store in a loop of atoms")


def store_at(ps, k, make):
    for i, p in enumerate(ps):
        v = make(p) if i == k else p.x + 1.0
        p.x = v


def new_attr_at(ps, k, make):
    for i, p in enumerate(ps):
        v = make(p) if i == k else i
        p.extra = v


def store_items(ps, k, make):
    # The stored value comes from a list: the same compiled store sees the
    # floats and the one object that is not an atom.
    vals = [make(p) if i == k else i * 0.25 for i, p in enumerate(ps)]
    for p, v in zip(ps, vals):
        p.x = v


makers = [
    ("itself", lambda p: p),
    ("list", lambda p: [p]),
    ("tuple", lambda p: (p,)),
    ("dict", lambda p: {'p': p}),
    ("bound method", lambda p: p.__init__),
]
for store in (store_at, new_attr_at, store_items):
    for name, make in makers:
        ps = [P(i) for i in range(300)]
        store(ps, 150, make)
        print(store.__name__, name, sum(tracked(p) for p in ps), tracked(ps[150]))
        r = weakref.ref(ps[150])
        del ps
        gc.collect()
        print("  cycle freed", r() is None)

print("-- other stores")


def check(label, store):
    p = P(3)
    before = tracked(p)
    store(p)
    r = weakref.ref(p)
    print(label, before, tracked(p))
    del p
    gc.collect()
    print("  cycle freed", r() is None)


check("setattr", lambda p: setattr(p, 'x', p))
check("object.__setattr__", lambda p: object.__setattr__(p, 'y', [p]))
check("__dict__ item", lambda p: p.__dict__.__setitem__('x', p))
check("__dict__ new item", lambda p: p.__dict__.__setitem__('z', p))
check("vars update", lambda p: vars(p).update(x=p))
check("setdefault", lambda p: p.__dict__.setdefault('w', [p]))
check("__dict__ replaced", lambda p: setattr(p, '__dict__', {'me': p}))


print("-- untracked again by a full collection")
ps = [P(i) for i in range(100)]
for p in ps:
    p.x = []
print("lists", sum(tracked(p) for p in ps))
for p in ps:
    p.x = 1.0
gc.collect()
print("atoms after collect", sum(tracked(p) for p in ps))
store_at(ps, 40, lambda p: p)
store_items(ps, 60, lambda p: [p])
print("two cycles", sum(tracked(p) for p in ps), tracked(ps[40]), tracked(ps[60]))
r = weakref.ref(ps[40])
r2 = weakref.ref(ps[60])
del ps, p
gc.collect()
print("cycles freed", r() is None, r2() is None)


print("-- get_objects and get_referrers")
p = P(5)
d = p.__dict__
print("in get_objects", any(o is d for o in gc.get_objects()))
print("referrer", any(o is p for o in gc.get_referrers(d)))
p.x = [1]
print("in get_objects", any(o is d for o in gc.get_objects()))
del p, d


print("-- __del__, resurrection, callbacks")
saved = []


class Fin:
    def __init__(self, i):
        self.v = i * 1.5

    def __del__(self):
        if self.v is self:
            print("del in a cycle")
            saved.append(self)


fs = [Fin(i) for i in range(50)]
for i, fo in enumerate(fs):
    w = fo if i == 7 else fo.v * 2
    fo.v = w
keep = fs[7]
cb = weakref.ref(keep, lambda r: print("callback"))
del fs, fo, w, keep
gc.collect()
print("resurrected", len(saved), saved[0].v is saved[0], tracked(saved[0]))
saved.clear()
print("collected again", gc.collect() >= 1, len(saved))
print("weakref dead", cb() is None)
