# hasattr and getattr (with and without a default) in hot loops and with
# every kind of attribute and failure: plain instances, slots, properties
# that raise AttributeError or other errors, __getattr__, classes, modules,
# str subclasses and non-str names.
import math


class Plain:
    pass


class Slots:
    __slots__ = ("a", "b")


class Props:
    @property
    def missing(self):
        raise AttributeError("computed attribute is missing")

    @property
    def broken(self):
        raise ValueError("property failed")


class Dynamic:
    def __getattr__(self, name):
        if name.startswith("dyn_"):
            return name[4:]
        raise AttributeError(name)


class Name(str):
    pass


objs = [Plain() for _ in range(50)]
for i, o in enumerate(objs):
    if i % 3 == 0:
        o.x = i
s = Slots()
s.a = 1
total = 0
for _ in range(200):
    for o in objs:
        total += hasattr(o, "x") + (getattr(o, "x", -1) or 0)
        total += getattr(s, "a") + getattr(s, "b", 10)
        total += len(getattr(Dynamic(), "dyn_abc"))
print(total)

p = Props()
print(hasattr(p, "missing"), getattr(p, "missing", "default"))
for name in ("broken",):
    for call in (lambda: hasattr(p, name), lambda: getattr(p, name, None), lambda: getattr(p, name)):
        try:
            call()
        except ValueError as e:
            print("ValueError", e)
for args in ((Plain(), "nope"), (s, "b"), (Slots, "zzz"), (math, "nope"), (3, "real2")):
    try:
        getattr(*args)
    except AttributeError as e:
        print("AttributeError", e)
print(hasattr(Slots, "a"), hasattr(math, "pi"), getattr(math, "tau", None) == 2 * math.pi)
print(getattr(Plain, "__name__"), getattr(1, "real"), hasattr(None, "x"))
print(getattr(Dynamic(), Name("dyn_sub")), hasattr(Dynamic(), Name("other")))
for bad in ((Plain(), 5), (Plain(), None, 1), (Plain(), b"x")):
    try:
        getattr(*bad)
    except TypeError as e:
        print("TypeError", e)
    try:
        hasattr(*bad[:2])
    except TypeError as e:
        print("TypeError", e)
for bad in ((), (Plain(),), (Plain(), "x", 1, 2)):
    try:
        getattr(*bad)
    except TypeError as e:
        print("TypeError", e)
try:
    hasattr(Plain(), "x", 1)
except TypeError as e:
    print("TypeError", e)
