"""A symbolic expression builder that captures Python control flow through
hipy's staging protocol (README, "Staging"): a `hipy.stage` function called
with `Expr` values returns one expression, its `if`s as `select` nodes.

    hipy run examples/stage_dsl.py
"""
import hipy


class Expr:
    __hipy_stage__ = True  # its operators only build expressions

    def __init__(self, op, *args):
        self.op = op
        self.args = args

    def __add__(self, other):
        return Expr("+", self, lift(other))

    def __radd__(self, other):
        return Expr("+", lift(other), self)

    def __sub__(self, other):
        return Expr("-", self, lift(other))

    def __mul__(self, other):
        return Expr("*", self, lift(other))

    def __rmul__(self, other):
        return Expr("*", lift(other), self)

    def __lt__(self, other):
        return Cond("<", self, lift(other))

    def __gt__(self, other):
        return Cond(">", self, lift(other))

    def __bool__(self):
        raise TypeError("an Expr has no truth value; compare it")

    def __repr__(self):
        if self.op == "var":
            return self.args[0]
        if self.op == "const":
            return repr(self.args[0])
        if self.op == "select":
            return "select(%r, %r, %r)" % self.args
        return "(%r %s %r)" % (self.args[0], self.op, self.args[1])


class Cond(Expr):
    def __bool__(self):
        return hipy.branch(self)

    def __hipy_select__(self, if_true, if_false):
        return Expr("select", self, lift(if_true), lift(if_false))


def var(name):
    return Expr("var", name)


def lift(v):
    return v if isinstance(v, Expr) else Expr("const", v)


@hipy.stage
def leaky(x, k):
    if x > 0:
        y = x * k
    else:
        y = x * 0.01
    return y + 1


@hipy.stage
def clamp(x, lo, hi):
    if x < lo:
        return lo
    elif x > hi:
        return hi
    return x


@hipy.stage
def order(x, y):
    if x < y and y < 10:
        return x, y
    return y, x


@hipy.stage
def countdown(x):
    n = 0
    while x > 0:
        x = x - 1
        n = n + 1
    return n


print(leaky(var("x"), 3))
print(clamp(var("x"), 0, var("hi")))
print(order(var("a"), var("b")))
hipy.explain(order)
try:
    countdown(var("x"))
except TypeError as e:
    print("TypeError:", e)
hipy.explain(countdown)
print(clamp(5, 0, 3), leaky(2, 3))
