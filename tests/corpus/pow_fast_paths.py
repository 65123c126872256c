# BINARY_OP ** and **= on runtime operands (not constant-folded): the
# interpreter's int and float fast paths and everything they hand back to
# the general path (negative exponents, zero and negative bases, overflow,
# infinities, NaN, subclasses and overridden dunders).


def show(label, f):
    try:
        r = f()
        print(label, "=", repr(r), type(r).__name__)
    except Exception as e:
        print(label, "->", type(e).__name__)


def pw(a, b):
    return a ** b


def ipw(a, b):
    a **= b
    return a


pairs = [
    (2, 10), (3, 0), (0, 0), (-2, 3), (-3, 4), (7, 1), (2, 62), (2, 63), (2, 64), (-2, 63),
    (10, 30), (3, 40), (2, -1), (-2, -3), (0, -1), (1, 2 ** 40), (-1, 2 ** 33 + 1),
    (2 ** 70, 2), (5, 3),
    (2.0, 0.5), (9.0, 0.5), (2.5, 3), (2, 0.5), (1e-160, 2.0), (1e-200, 2.0), (0.5, 1074),
    (0.5, 1075), (1e200, 2.0), (10.0, 308), (10.0, 309), (1.5, -2.0), (0.0, 2.0), (0.0, -1.0),
    (-0.0, 3.0), (-8.0, 1 / 3), (-2.0, 2.0), (-2.0, 3), (float("inf"), 2.0), (2.0, float("inf")),
    (0.5, float("-inf")), (float("nan"), 0.0), (1.0, float("nan")), (2.0, float("nan")),
    (4, 0.5), (True, 3), (2, True), (2.0, False), (1e308, 1.0000001), (0.999, 10 ** 6),
    (2.0, 2 ** 60), (1.0000001, 2 ** 53), (2 ** 53 + 1, 1.0),
]
for a, b in pairs:
    show("%r ** %r" % (a, b), lambda: pw(a, b))
    show("%r **= %r" % (a, b), lambda: ipw(a, b))
    show("pow(%r, %r)" % (a, b), lambda: pow(a, b))


class F(float):
    def __pow__(self, other):
        return "F.__pow__(%r)" % (other,)

    def __rpow__(self, other):
        return "F.__rpow__(%r)" % (other,)


class I(int):
    def __pow__(self, other):
        return "I.__pow__(%r)" % (other,)

    def __ipow__(self, other):
        return "I.__ipow__(%r)" % (other,)


class PlainF(float):
    pass


class PlainI(int):
    pass


show("F ** 2.0", lambda: pw(F(3.0), 2.0))
show("2.0 ** F", lambda: pw(2.0, F(3.0)))
show("2 ** F", lambda: pw(2, F(3.0)))
show("I ** 2", lambda: pw(I(3), 2))
show("I **= 2", lambda: ipw(I(3), 2))
show("2 ** I", lambda: pw(2, I(3)))
show("PlainF ** 2.0", lambda: pw(PlainF(3.0), 2.0))
show("PlainI ** 2", lambda: pw(PlainI(3), 2))
show("2 ** PlainI", lambda: pw(2, PlainI(5)))
show("'s' ** 2", lambda: pw("s", 2))
show("2 ** None", lambda: pw(2, None))
show("[] **= 2", lambda: ipw([], 2))


class Vec:
    def __init__(self, x):
        self.x = x

    def __pow__(self, n):
        return Vec(self.x ** n)

    def __rpow__(self, base):
        return base ** self.x

    def __repr__(self):
        return "Vec(%r)" % (self.x,)


show("Vec ** 3", lambda: pw(Vec(2.0), 3))
show("2 ** Vec", lambda: pw(2, Vec(5)))
show("Vec **= 2", lambda: ipw(Vec(3), 2))


def raising():
    class Bad(float):
        def __pow__(self, other):
            raise ArithmeticError("from __pow__")

    try:
        return Bad(1.0) ** 2.0
    except ArithmeticError as e:
        return "caught " + str(e)


show("raising", raising)


# A loop the way numeric code writes it (the fast path, repeatedly).
def norms(n):
    total = 0.0
    acc = 1
    for i in range(1, n):
        x = i * 0.25
        total += (x * x + 1.0) ** 0.5
        total += x ** -1.5
        acc = (acc * 3 + i ** 2) % 1000003
    return round(total, 6), acc


print(norms(2000))
