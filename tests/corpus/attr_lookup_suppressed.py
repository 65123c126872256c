# Lookups that drop a missing attribute's AttributeError (getattr with a
# default, hasattr, the import system's checks, ABCMeta's abstract-method
# probes) on modules, classes and plain objects: the same answers, the same
# calls of __getattr__ and descriptors, the same errors that propagate, and
# the AttributeError a failing lookup raises still names the object.
import abc
import sys
import types

calls = []

# A module with no __getattr__.
m = types.ModuleType("plainmod")
m.x = 1
print(getattr(m, "x", "dflt"), getattr(m, "missing", "dflt"))
print(hasattr(m, "x"), hasattr(m, "missing"))
try:
    m.missing
except AttributeError as e:
    print("AttributeError", e, e.name, e.obj is m)

# A module whose __getattr__ answers some names, raises AttributeError for
# others and another error for one.
g = types.ModuleType("hookmod")


def _hook(name):
    calls.append(name)
    if name == "answered":
        return 42
    if name == "boom":
        raise KeyError(name)
    raise AttributeError(f"hookmod has no {name!r}")


g.__getattr__ = _hook
print(getattr(g, "answered", "dflt"), getattr(g, "missing", "dflt"))
print(hasattr(g, "answered"), hasattr(g, "missing"))
try:
    getattr(g, "boom", "dflt")
except KeyError as e:
    print("KeyError from __getattr__ propagates:", e)
try:
    hasattr(g, "boom")
except KeyError as e:
    print("hasattr lets KeyError through:", e)
print("__getattr__ calls:", calls)

# A module that is still importing (spec._initializing) and one whose
# __spec__ is not a spec: the lookups still just miss.
half = types.ModuleType("halfmod")
half.__spec__ = types.SimpleNamespace(_initializing=True, origin=None)
print(getattr(half, "missing", "dflt"), hasattr(half, "missing"))
try:
    half.missing
except AttributeError as e:
    print("AttributeError", e)
odd = types.ModuleType("oddmod")
odd.__spec__ = 12
print(getattr(odd, "missing", "dflt"))
nameless = types.ModuleType("nameless")
del nameless.__name__
print(getattr(nameless, "missing", "dflt"))
try:
    nameless.missing
except AttributeError as e:
    print("AttributeError", e)


# Classes: their own attributes, the metaclass's, descriptors on the
# metaclass, and misses.
class Meta(type):
    @property
    def meta_prop(cls):
        calls.append("meta_prop")
        return "from meta"

    @property
    def meta_raises(cls):
        raise AttributeError("meta_raises is not here")

    @property
    def meta_fails(cls):
        raise ValueError("meta_fails")

    meta_plain = "plain meta attr"


class C(metaclass=Meta):
    own = "own"


print(getattr(C, "own", "d"), getattr(C, "meta_prop", "d"), getattr(C, "meta_plain", "d"))
print(getattr(C, "meta_raises", "d"), getattr(C, "missing", "d"), getattr(int, "missing", "d"))
print(hasattr(C, "missing"), hasattr(C, "meta_raises"), hasattr(type, "mro"))
try:
    getattr(C, "meta_fails", "d")
except ValueError as e:
    print("ValueError from a metaclass property propagates:", e)
try:
    C.missing
except AttributeError as e:
    print("AttributeError", e, e.name, e.obj is C)
print(getattr(C, "__abstractmethods__", "no abstract methods"))


# Plain objects.
class P:
    def __init__(self):
        self.a = 1


p = P()
print(getattr(p, "a", "d"), getattr(p, "b", "d"), hasattr(p, "b"))
try:
    p.b
except AttributeError as e:
    print("AttributeError", e, e.name, e.obj is p)
e = AttributeError("given", name="n", obj=None)
print(e.name, e.obj)


# ABCMeta's probes: __isabstractmethod__ read from every namespace value,
# and an error other than AttributeError in that read propagates.
class Base(abc.ABC):
    @abc.abstractmethod
    def f(self):
        ...

    @property
    @abc.abstractmethod
    def p(self):
        ...

    def g(self):
        ...


class Half(Base):
    def f(self):
        return 1


print(sorted(Base.__abstractmethods__), sorted(Half.__abstractmethods__))


class Loud:
    @property
    def __isabstractmethod__(self):
        raise RuntimeError("cannot tell")


try:
    class Broken(abc.ABC):
        x = Loud()
except RuntimeError as e:
    print("RuntimeError from __isabstractmethod__ propagates:", e)


class Quiet:
    @property
    def __isabstractmethod__(self):
        raise AttributeError("no such thing")


class Fine(abc.ABC):
    x = Quiet()


print("Fine:", sorted(Fine.__abstractmethods__))

# The import system asks packages and modules for attributes too.
from os import path as p2
import os.path
print(p2 is os.path, "os.path" in sys.modules)
try:
    from os import no_such_name
except ImportError as e:
    print("ImportError", str(e).split(" (")[0])
