"""str() and repr() of Decimals through the type's slots (print, f-strings,
%s, containers), for finite and special values, subclasses with and
without their own __str__/__repr__, a context with capitals=0, and a
__str__ replaced on a subclass after it was made."""
import io
from decimal import Decimal, localcontext


class Plain(Decimal):
    pass


class Shouting(Decimal):
    def __str__(self):
        return "<" + Decimal.__str__(self) + ">"


class Tagged(Decimal):
    def __repr__(self):
        return "Tagged(" + str(self) + ")"


class Bad(Decimal):
    def __str__(self):
        return 42


values = ["1.50", "-0", "0E-7", "1.2E+30", "123456789012345678901234567890.123", "-1e-10", "NaN", "-sNaN12", "Infinity", "-Inf"]
for v in values:
    for cls in (Decimal, Plain, Shouting, Tagged):
        d = cls(v)
        out = io.StringIO()
        print(d, file=out, end="")
        print(cls.__name__, str(d), repr(d), out.getvalue(), f"{d!s}|{d!r}", "%s %r" % (d, d), [d], (d,), {1: d})
with localcontext() as ctx:
    ctx.capitals = 0
    print(str(Decimal("1e30")), repr(Decimal("-1E-30")), str(Plain("1E+5")), repr(Decimal("Inf")))
for v in ["2.5", "NaN"]:
    try:
        str(Bad(v))
    except TypeError as e:
        print("TypeError", e)
    print(repr(Bad(v)) if v != "NaN" else "skip")
Plain.__str__ = lambda self: "plain!"
print(str(Plain("3")), repr(Plain("3")), str(Decimal("3")))
del Plain.__str__
print(str(Plain("3")), repr(Plain("3")))
