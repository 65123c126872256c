# Random operands (short and long coefficients, wide exponents) through
# + - * / quantize compare and str, at random precisions and rounding
# modes; flags after each operation. Checks the native fast paths against
# CPython digit for digit.
import random
from decimal import (Decimal as D, Context, localcontext, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
                     ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
rng = random.Random(20261126)


def number():
    n = rng.choice([1, 2, 3, 9, 10, 19, 20, 38, 39, 40, 60, 100, 300])
    digits = str(rng.randrange(10 ** (n - 1), 10 ** n))
    if rng.random() < 0.2:
        digits = digits[: n // 2] + "0" * (n - n // 2)
    exp = rng.choice([0, 0, -2, -5, 3, rng.randrange(-60, 60)])
    return D(f"{'-' if rng.random() < 0.4 else ''}{digits}E{exp}")


def flags(c):
    return "".join(k.__name__[0] for k, v in sorted(c.flags.items(), key=lambda kv: kv[0].__name__) if v)


out = []
for i in range(1500):
    a, b = number(), number()
    if rng.random() < 0.2:
        b = rng.randrange(-10**12, 10**12)
    with localcontext(Context(prec=rng.choice([1, 3, 9, 18, 28, 38, 39, 50, 120]), rounding=rng.choice(MODES))) as c:
        row = []
        for op in ("+", "-", "*", "/", "q", "<", "=="):
            c.clear_flags()
            try:
                if op == "+":
                    r = a + b
                elif op == "-":
                    r = b - a
                elif op == "*":
                    r = a * b
                elif op == "/":
                    r = a / b if b else b / a
                elif op == "q":
                    r = a.quantize(D(1).scaleb(rng.randrange(-8, 4)), rounding=rng.choice(MODES))
                elif op == "<":
                    r = a < b
                else:
                    r = a == b
            except Exception as e:
                r = type(e).__name__
            row.append(f"{r}{flags(c)}")
        out.append(" ".join(row))
print("\n".join(out[:40]))
import hashlib
print(hashlib.sha256("\n".join(out).encode()).hexdigest())
