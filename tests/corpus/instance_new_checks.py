# object.__new__'s checks as CPython makes them: arguments against the
# type's __new__/__init__, abstractness by the type's own flag.
import abc


def show(label, f):
    try:
        r = f()
        print(label, "ok", type(r).__name__)
    except TypeError as e:
        print(label, "TypeError", e)


class Plain:
    pass


class WithInit:
    def __init__(self, *a, **k):
        self.a = a


class WithNew:
    def __new__(cls, *a):
        return super().__new__(cls)


class NewPassesArgs:
    def __new__(cls, *a):
        return super().__new__(cls, *a)


class Both:
    def __new__(cls, *a):
        return object.__new__(cls)

    def __init__(self, *a):
        pass


class SubOfInit(WithInit):
    pass


for cls in (Plain, WithInit, WithNew, NewPassesArgs, Both, SubOfInit):
    show(cls.__name__ + "()", lambda: cls())
    show(cls.__name__ + "(1)", lambda: cls(1))
    show(cls.__name__ + "(k=1)", lambda: cls(k=1))
    show("object.__new__(%s, 1)" % cls.__name__, lambda: object.__new__(cls, 1))
    show("object.__init__(%s(), 1)" % cls.__name__, lambda: object.__init__(cls.__new__(cls), 1))

show("object(1)", lambda: object(1))
show("object()", lambda: object())


# Abstractness is the class's flag, set by assigning __abstractmethods__
# (ABCMeta does), not inherited and not read from a class body.
class BodyOnly:
    __abstractmethods__ = frozenset({"f"})


show("body-only", lambda: BodyOnly())


class Flagged:
    pass


Flagged.__abstractmethods__ = frozenset({"g", "a"})
show("flagged", lambda: Flagged())


class SubOfFlagged(Flagged):
    pass


show("sub of flagged", lambda: SubOfFlagged())
Flagged.__abstractmethods__ = frozenset()
show("unflagged", lambda: Flagged())


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        pass

    @abc.abstractmethod
    def perimeter(self):
        pass


class Half(Shape):
    def area(self):
        return 1


class Square(Half):
    def perimeter(self):
        return 4


for cls in (Shape, Half, Square):
    show(cls.__name__, lambda: cls())


# The same call site sees a class become abstract and concrete again.
class Toggle:
    pass


for i in range(40):
    if i == 10:
        Toggle.__abstractmethods__ = frozenset({"x"})
    if i == 30:
        Toggle.__abstractmethods__ = frozenset()
    try:
        t = Toggle()
        t.i = i
        r = t.i
    except TypeError as e:
        r = str(e)
    if i in (9, 10, 29, 30, 39):
        print(i, r)
