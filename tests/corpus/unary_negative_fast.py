# UNARY_NEGATIVE on exact ints and floats (a fast path in hipy) and on
# everything that takes the protocol: bools, big ints, subclasses, user
# classes, and types without __neg__.
import math


class MyInt(int):
    def __neg__(self):
        return "neg of MyInt"


class MyFloat(float):
    pass


class Vec:
    def __init__(self, x):
        self.x = x

    def __neg__(self):
        return Vec(-self.x)

    def __repr__(self):
        return f"Vec({self.x})"


def neg(x):
    return -x


def main():
    ints = [0, 1, -1, 255, 256, -5, -6, 2**62, -(2**62), 2**63 - 1, -(2**63 - 1), -(2**63), 2**63, 2**64, -(10**40)]
    for v in ints:
        r = neg(v)
        print(r, type(r).__name__, r == 0 - v)
    floats = [0.0, -0.0, 1.5, -2.25, math.inf, -math.inf, 1e308, 5e-324]
    for v in floats:
        r = neg(v)
        print(repr(r), math.copysign(1.0, r))
    print(repr(neg(math.nan)))
    print(neg(True), neg(False), type(neg(True)).__name__)
    print(neg(MyInt(3)), repr(neg(MyFloat(2.5))), type(neg(MyFloat(2.5))).__name__)
    print(neg(Vec(4)), neg(3 + 4j), neg(__import__("fractions").Fraction(1, 3)))
    for bad in ("s", [1], None):
        try:
            neg(bad)
        except TypeError as e:
            print("TypeError", e)
    # Hot enough to be compiled.
    total = 0
    ftotal = 0.0
    for i in range(5000):
        total += neg(i) + -(i * 3)
        ftotal += neg(i * 0.5)
    print(total, ftotal)
    print(sorted(range(10), key=neg), sorted([3.5, -1.0, 2.0], key=neg))


main()
