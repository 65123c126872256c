"""Digits of pi with decimal (the recipe in the decimal module's docs) at
several precisions (the last one given on the command line); prints the
digits."""
import sys
from decimal import Decimal, getcontext


def pi():
    getcontext().prec += 2
    three = Decimal(3)
    lasts, t, s, n, na, d, da = 0, three, 3, 1, 0, 0, 24
    while s != lasts:
        lasts = s
        n, na = n + na, na + 8
        d, da = d + da, da + 32
        t = (t * n) / d
        s += t
    getcontext().prec -= 2
    return +s


def main(digits):
    for prec in (28, 100, 1000, digits):
        getcontext().prec = prec
        print(prec, pi())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
