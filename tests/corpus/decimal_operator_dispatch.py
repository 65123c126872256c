# Which method an arithmetic operator on Decimals reaches: Decimal with
# Decimal, int, float, bool and other types on either side, subclasses that
# override the operator, the reflected operator or neither, and classes
# that define the reflected operator for Decimal; augmented assignment.
import operator
from decimal import Decimal as D, localcontext, getcontext, Inexact

OPS = [("+", operator.add), ("-", operator.sub), ("*", operator.mul), ("/", operator.truediv)]


def t(f):
    # The class only: the message is _pydecimal's explanation under hipy
    # and a list of conditions under CPython's _decimal.
    try:
        r = f()
        return f"{type(r).__name__}:{r}"
    except Exception as e:
        return type(e).__name__


class Plain(D):
    pass


class Left(D):
    # (Only __mul__: _pydecimal's __sub__ calls self.__add__ with a context
    # argument, so an override of __add__ or __sub__ changes them.)
    def __mul__(self, other):
        return ("Left.__mul__", str(self), str(other))


class Right(D):
    def __radd__(self, other):
        return ("Right.__radd__", str(other), str(self))

    def __rtruediv__(self, other):
        return ("Right.__rtruediv__", str(other), str(self))


class Money:
    def __init__(self, v):
        self.v = v

    def __radd__(self, other):
        return f"Money.__radd__({other})"

    def __rsub__(self, other):
        return NotImplemented

    def __repr__(self):
        return f"Money({self.v})"


class Weird:
    def __repr__(self):
        return "Weird()"

    def __str__(self):
        return "Weird()"

    def __add__(self, other):
        return f"Weird.__add__({other})"

    def __rmul__(self, other):
        return f"Weird.__rmul__({other})"


values = [D("1.5"), D("-2"), 7, -3, True, 0.5, "2", None, Plain("2.5"), Left("3"), Right("4"), Money(1), Weird(), 2 ** 80]
for sym, f in OPS:
    for a in values[:2] + values[8:11]:
        print(sym, repr(a), [t(lambda: f(a, b)) for b in values])
        print(sym, "r", repr(a), [t(lambda: f(b, a)) for b in values])

# Division by zero and invalid operations through the operators.
for a, b in [(D(1), 0), (1, D(0)), (D(0), D(0)), (D("Inf"), D("-Inf")), (D("NaN"), 1), (2, D("sNaN"))]:
    print(repr(a), repr(b), [t(lambda: f(a, b)) for _, f in OPS])
with localcontext() as c:
    c.traps = {k: False for k in c.traps}
    print([t(lambda: f(D(1), 0)) for _, f in OPS], [t(lambda: f(D("Inf"), D("-Inf"))) for _, f in OPS])

# Augmented assignment: the value, the type, and that the left operand
# object is not changed in place.
x = D("1.25")
y = x
x += 1
x *= D(3)
x -= Plain("0.5")
x /= 4
print(x, y, type(x).__name__)
p = Plain("2")
p += 1
print(p, type(p).__name__)
n = 5
n += D("0.5")
n *= Plain(2)
print(n, type(n).__name__)
l = Left("1")
l += 1
print(l)

# The operators follow the current context, and record its flags.
with localcontext() as c:
    c.prec = 3
    print(D(1) / 3, 1 / D(3), D("1.2345") + 0, 0 + D("1.2345"), D(7) * D("1.11111"), sorted(k.__name__ for k, v in c.flags.items() if v))
    c.traps[Inexact] = True
    print(t(lambda: D(1) / 3), t(lambda: 2 - D("0.0001")), t(lambda: Plain(1) * D("1.0001")), t(lambda: D(1) + 1))
print(getcontext().prec, sum([D("0.1")] * 10), sum([D("0.1"), 1, D("0.2")], D(5)))
