# isinstance(obj, cls) answering False: CPython then asks obj.__class__, which
# a class can redefine (a property, as mocks do; a plain class attribute; a
# custom __getattribute__). hipy answers False directly only when
# obj.__class__ is surely type(obj). Each case is checked in a loop, and
# again after the class changes mid-loop.


class A:
    pass


class B(A):
    pass


class Other:
    pass


class Meta(type):
    def __instancecheck__(cls, inst):
        print("  __instancecheck__", cls.__name__, type(inst).__name__)
        return True


class WithMeta(metaclass=Meta):
    pass


class PropClass:
    @property
    def __class__(self):
        return A


class AttrClass:
    __class__ = B


class NotAType:
    __class__ = 42


class Getattribute:
    def __getattribute__(self, name):
        if name == "__class__":
            return A
        return object.__getattribute__(self, name)


class Getattr:
    def __getattr__(self, name):
        return A


class DictShadow:
    pass


class RaisingClass:
    @property
    def __class__(self):
        raise RuntimeError("no class for you")


class AttrErrorClass:
    @property
    def __class__(self):
        raise AttributeError("__class__")


class Slotted:
    __slots__ = ("x",)


class IntSub(int):
    pass


ds = DictShadow()
ds.__dict__["__class__"] = A
cases = [
    ("A()", A(), A), ("A() vs B", A(), B), ("B() vs A", B(), A), ("Other", Other(), A),
    ("meta", Other(), WithMeta), ("prop", PropClass(), A), ("prop vs B", PropClass(), B),
    ("attr", AttrClass(), A), ("attr vs Other", AttrClass(), Other), ("not a type", NotAType(), A),
    ("getattribute", Getattribute(), A), ("getattr", Getattr(), A), ("dict shadow", ds, A),
    ("slotted", Slotted(), A), ("int", 5, A), ("IntSub vs int", IntSub(3), int),
    ("int vs IntSub", 3, IntSub), ("str", "s", int), ("None", None, A), ("type", A, A),
    ("class vs type", A, type), ("attr-error", AttrErrorClass(), A),
]
for label, obj, cls in cases:
    results = [isinstance(obj, cls) for _ in range(3)]
    print(label, results)

try:
    isinstance(RaisingClass(), A)
except RuntimeError as e:
    print("raised", e)

# The same site sees classes change under it.
objs = [Other(), A(), Other(), B()]
for i in range(8):
    o = objs[i % len(objs)]
    if i == 4:
        Other.__getattribute__ = lambda self, n: A if n == "__class__" else object.__getattribute__(self, n)
    if i == 6:
        del Other.__getattribute__
    print(i, type(o).__name__, isinstance(o, A))

# __class__ assignment changes type(obj) itself.
x = Other()
print(isinstance(x, A))
x.__class__ = A
print(isinstance(x, A), isinstance(x, Other))


# A subclass of a class defining __class__ inherits it.
class SubProp(PropClass):
    pass


print(isinstance(SubProp(), A), isinstance(SubProp(), Other))
