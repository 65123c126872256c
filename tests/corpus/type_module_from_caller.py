# type(name, bases, ns) takes __module__ from the caller's globals, also
# from inside functions and other modules; dataclasses rely on it.
import dataclasses
import types


class Base:
    pass


def make():
    return type("Made", (Base,), {"x": 1})


M = make()
print(M.__module__, M.__qualname__, M.x)
print(type("Top", (), {}).__module__)
print(type("Given", (), {"__module__": "elsewhere"}).__module__)
ns = {"y": 2}
T = type("T", (), ns)
print("__module__" in ns, T.__module__)


def make_dc():
    cls = type("Point", (), {"__annotations__": {"x": int, "y": int}})
    return dataclasses.dataclass(cls)


P = make_dc()
print(P(1, 2), P.__module__)
N = types.new_class("N", (Base,))
print(N.__module__)


class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        return super().__new__(mcls, name, bases, ns, **kw)


def with_meta():
    return Meta("Dyn", (), {})


print(with_meta().__module__)
