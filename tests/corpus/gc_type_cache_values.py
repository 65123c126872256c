# The method cache holds what class-attribute lookups found. A value that
# leaves its class (replaced or deleted) and is then only part of a garbage
# cycle is collected by gc.collect(), with its __del__ and weakref callbacks
# run; lookups after collections see the classes' current attributes.
import gc
import weakref

log = []


class Holder:
    def __init__(self, name):
        self.name = name
        self.me = self

    def __del__(self):
        log.append("del " + self.name)


class C:
    value = Holder("value")

    def method(self):
        return 1


def use(n):
    c = C()
    t = 0
    for i in range(n):
        t += c.method()
        t += C.value is not None
    return t


print(use(100))

# Replaced: the old value is a cycle reachable from nothing else.
C.value = Holder("value 2")
print(use(100))
gc.collect()
print(sorted(log))
log.clear()


# A function replaced after many calls, in a cycle through its attribute.
def old_method(self):
    return 2


C.method = old_method
print(use(50))
old_method.keep = old_method
r = weakref.ref(old_method, lambda w: log.append("callback method"))
del old_method
C.method = lambda self: 3
print(use(50))
gc.collect()
print(r() is None, sorted(log))
log.clear()

# Deleted: the class falls back to its base's attribute.


class Base:
    shared = "base"


class D(Base):
    shared = Holder("shared")


d = D()
print([type(d.shared).__name__ for i in range(3)])
del D.shared
gc.collect()
print(d.shared, sorted(log))
log.clear()

# Young collections in between keep the lookups right.
for round in range(200):
    C.value = Holder("round")
    if round % 50 == 0:
        gc.collect(0)
    assert C.value.name == "round"
    assert C().method() == 3
gc.collect()
print(len(log), sorted(set(log)))
log.clear()


# A whole class in a cycle with its instances, its attributes looked up
# from a __del__ while the cycle is finalized.
def make():
    class E:
        label = "e"

        def __del__(self):
            log.append("del E " + self.label + " " + type(self).label)

    e = E()
    e.cls = E
    E.inst = e
    for i in range(30):
        e.label
    return weakref.ref(E)


w = make()
gc.collect()
print(w() is None, sorted(log))
