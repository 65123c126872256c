# Sums and differences of a long total and a term whose digits reach far
# below the result's rounding digit (a series adding a small term to a
# total), near the edges: terms one, two and three digits shorter than the
# total (cancellation), tails that are all zeros or a single non-zero
# digit, every rounding mode, short and long precisions. Digits and flags
# against CPython's.
import random
from decimal import (Decimal as D, Context, localcontext, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
                     ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
rng = random.Random(20261127)


def digits(n):
    d = str(rng.randrange(10 ** (n - 1), 10 ** n))
    r = rng.random()
    if r < 0.15:
        d = d[: n // 2] + "0" * (n - n // 2)
    elif r < 0.25:
        d = d[: n // 2] + "0" * (n - n // 2 - 1) + rng.choice("15")
    elif r < 0.35:
        d = d[: n // 2] + rng.choice("49") * (n - n // 2)
    return d


def flags(c):
    return "".join(k.__name__[0] for k, v in sorted(c.flags.items(), key=lambda kv: kv[0].__name__) if v)


out = []
for i in range(1500):
    prec = rng.choice([1, 2, 5, 9, 18, 28, 38, 39, 60, 200])
    n = rng.choice([prec, prec + 1, prec + 2, max(1, prec - 1), rng.randrange(1, 2 * prec + 3)])
    a = D(f"{rng.choice('-+')}{digits(n)}E{rng.randrange(-20, 20)}")
    # The term: its leading digit a few places below the total's, its
    # last digits well below the rounding digit.
    gap = rng.choice([0, 1, 2, 3, rng.randrange(0, prec + 5)])
    m = rng.choice([1, 2, prec, prec + gap + 3, rng.randrange(1, 3 * prec + 10)])
    b_adj = a.adjusted() - gap
    b = D(f"{rng.choice('-+')}{digits(m)}E{b_adj - m + 1}")
    with localcontext(Context(prec=prec, rounding=rng.choice(MODES))) as c:
        row = []
        for op in ("+", "-", "r+", "r-"):
            c.clear_flags()
            x, y = (a, b) if op[0] != "r" else (b, a)
            r = x + y if op[-1] == "+" else x - y
            row.append(f"{r} {flags(c)}")
        out.append(" | ".join(row))
for line in out:
    print(line)
# A series: the total grows by ever smaller terms.
with localcontext(Context(prec=300)):
    s, t = D(0), D(1)
    for k in range(1, 400):
        t = t / k
        s += t if k % 3 else -t
    print(s)
