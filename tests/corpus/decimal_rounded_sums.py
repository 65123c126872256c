"""Sums (and differences) where one operand has the precision's digits and
the larger exponent, so the sum rounds at its last digit: every rounding
mode, the other operand's dropped digits exactly half, all zeros, or not;
carries into one more digit (999...9 + ...), long and short coefficients,
both signs, near the exponent limits; flags after each. Checks the native
sum against CPython digit for digit."""
import random
from decimal import (Decimal as D, Context, localcontext, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
                     ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP, Inexact, Rounded, Subnormal, Underflow,
                     Overflow, Clamped)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
SIGNALS = [Inexact, Rounded, Subnormal, Underflow, Overflow, Clamped]
rng = random.Random(20261127)


def flags(c):
    return "".join(s.__name__[:2] for s in SIGNALS if c.flags[s])


def full(prec, kind):
    if kind == "nines":
        digits = "9" * prec
    elif kind == "even":
        digits = str(rng.randrange(10 ** (prec - 1), 10 ** prec) // 10 * 10 + rng.choice([0, 2, 4, 5, 6]))
    else:
        digits = str(rng.randrange(10 ** (prec - 1), 10 ** prec))
    return digits


def tail(n, kind):
    # n digits: the digits the sum drops and some above them.
    if kind == "half":
        return "5" + "0" * (n - 1)
    if kind == "zeros":
        return str(rng.randrange(1, 10)) + "0" * (n - 1)
    if kind == "small":
        return "0" * (n - 1) + str(rng.randrange(1, 10))
    return str(rng.randrange(10 ** (n - 1), 10 ** n))


for i in range(1200):
    prec = rng.choice([1, 2, 5, 9, 10, 18, 19, 28, 38, 39, 40, 60, 100, 300])
    mode = rng.choice(MODES)
    exp = rng.choice([0, -3, 7, rng.randrange(-400, 400)])
    a = full(prec, rng.choice(["nines", "even", "any", "any"]))
    k = rng.choice([1, 2, 3, 8, 9, 10, 17, 30, rng.randrange(1, 2 * prec + 5)])
    n = rng.choice([1, k, k + 1, k + prec // 2, k + prec])
    b = tail(max(n, 1), rng.choice(["half", "zeros", "small", "any", "any"]))
    neg = rng.random() < 0.3
    x = D(("-" if neg else "") + a + "E" + str(exp))
    y = D(("-" if neg != (rng.random() < 0.1) else "") + b + "E" + str(exp - k))
    with localcontext(Context(prec=prec, rounding=mode, Emax=999999, Emin=-999999, traps=[])) as c:
        r = x + y if rng.random() < 0.5 else y + x
        print(i, prec, mode[6:], r, flags(c))
        c.clear_flags()
        r = x - (-y)
        print(" ", r, flags(c))

# Near the exponent limits: subnormal and overflowing results fall back.
for prec, emin, emax in [(5, -5, 5), (9, -10, 10), (3, -2, 2)]:
    for a, b in [("99999", "0.1"), ("12345E-9", "1E-15"), ("99999E1", "9E-4"), ("999", "0.5"), ("100", "0.01")]:
        with localcontext(Context(prec=prec, Emin=emin, Emax=emax, traps=[])) as c:
            print(prec, a, b, D(a) + D(b), flags(c))
            c.clear_flags()
            with localcontext(Context(prec=prec, Emin=emin, Emax=emax, traps=[], clamp=1)) as c2:
                print(" clamp", D(a) + D(b), flags(c2))

# A total with terms added one after another (a series).
with localcontext(Context(prec=40)) as c:
    total, term = D(0), D(1)
    for k in range(1, 200):
        term = term / k
        total += term
    print(total, flags(c))
