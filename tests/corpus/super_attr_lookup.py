# super().name in hot loops and in every shape LOAD_SUPER_ATTR meets:
# methods, properties, class and static methods, plain class attributes,
# diamond MROs, class-mode super, and missing names. (A program that rebinds `super` sees 3.11 call it with
# no arguments and 3.14 with two: not comparable with CPython 3.11.)
class A:
    tag = "A.tag"

    def __init__(self, x):
        self.x = x

    def who(self):
        return "A"

    @property
    def size(self):
        return self.x * 2

    @classmethod
    def make(cls):
        return cls.__name__

    @staticmethod
    def helper(v):
        return v + 1


class B(A):
    def who(self):
        return "B>" + super().who()


class C(A):
    tag = "C.tag"

    def who(self):
        return "C>" + super().who()


class D(B, C):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def who(self):
        return "D>" + super().who()

    def probe(self):
        return (super().size, super().tag, super().make(), super().helper(self.y),
                super().__class__.__name__, type(super().who).__name__)

    @classmethod
    def make(cls):
        return "D:" + super().make()

    def missing(self):
        return super().nowhere


total = 0
for i in range(3000):
    d = D(i, 2)
    total += len(d.who()) + d.probe()[0] + d.probe()[3]
print(total)
d = D(5, 7)
print(d.who(), d.probe(), D.make(), [c.__name__ for c in D.__mro__])
try:
    d.missing()
except AttributeError as e:
    print("AttributeError", e)


class Meta(type):
    def describe(cls):
        return "Meta:" + cls.__name__


class WithMeta(metaclass=Meta):
    @classmethod
    def describe(cls):
        return "own+" + super().__thisclass__.__name__


print(WithMeta.describe())


class Slotted(A):
    __slots__ = ()

    def __init__(self):
        super().__init__(3)


print(Slotted().size if hasattr(Slotted(), "x") else "no x")
