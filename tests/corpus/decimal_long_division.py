# Long coefficients divided by short ones (up to 2**64), every rounding
# mode, precisions shorter and longer than the numerator, quotients that
# are exact, round up to a power of ten, or land near the exponent limits
# of a small context; digits and flags against CPython's.
import random
from decimal import (Decimal as D, Context, localcontext, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
                     ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP, Inexact, Rounded)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
rng = random.Random(20261128)


def flags(c):
    return "".join(k.__name__[0] for k, v in sorted(c.flags.items(), key=lambda kv: kv[0].__name__) if v)


def numerator(n):
    r = rng.random()
    if r < 0.2:
        return "9" * n
    if r < 0.3:
        return "1" + "0" * (n - 1)
    return str(rng.randrange(10 ** (n - 1), 10 ** n))


out = []
for i in range(1500):
    n = rng.choice([39, 40, 45, 60, 100, 250])
    a = D(f"{rng.choice('-+')}{numerator(n)}E{rng.randrange(-30, 30)}")
    b = rng.choice([1, 2, 3, 7, 8, 10, 16, 1000, 999999999, 10**9, 10**18, 2**64 - 59, 2**64 - 1, rng.randrange(1, 2**64)])
    b = D(f"{rng.choice('-+')}{b}E{rng.choice([0, 0, -3, 5])}")
    prec = rng.choice([1, 5, 28, 38, n - 10, n - 1, n, n + 1, n + 20])
    small = rng.random() < 0.2
    ctx = Context(prec=prec, rounding=rng.choice(MODES), Emax=n + 5 if small else 999999, Emin=-(n + 5) if small else -999999,
                  traps=[])
    with localcontext(ctx) as c:
        row = []
        for x, y in ((a, b), (a, int(b) if b == b.to_integral_value() else b)):
            c.clear_flags()
            row.append(f"{x / y} {flags(c)}")
        out.append(" | ".join(row))
for line in out:
    print(line)
with localcontext(Context(prec=50, traps=[Inexact])) as c:
    try:
        print(D("1" + "3" * 60) / 7)
    except Inexact as e:
        print("Inexact trapped", type(e).__name__)
    print(D("1" + "4" * 40) / 2)
with localcontext(Context(prec=50, traps=[Rounded])):
    try:
        print(D("1" + "3" * 60) / 7)
    except Rounded as e:
        print("Rounded trapped", type(e).__name__)
