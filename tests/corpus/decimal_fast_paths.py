# The operations decimal computes natively: + - * / quantize str bool and
# comparisons, with every rounding mode, precision, flags, traps, the
# thread's own context and localcontext.
import threading
from decimal import (Decimal as D, Context, getcontext, setcontext, localcontext, BasicContext, ExtendedContext,
                     ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN,
                     ROUND_05UP, Inexact, Rounded, DivisionByZero, InvalidOperation, Overflow, Underflow, Subnormal,
                     Clamped, FloatOperation)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
VALUES = ["1.25", "-1.25", "2.5", "-2.5", "0.125", "9.995", "-0.051", "1.05", "123456.789", "1E+5", "-7"]


def t(f):
    # The class only: the message is _pydecimal's explanation under hipy
    # and a list of conditions under CPython's _decimal.
    try:
        return f()
    except Exception as e:
        return type(e).__name__


def flags(c):
    return sorted(k.__name__ for k, v in c.flags.items() if v)


for mode in MODES:
    with localcontext() as c:
        c.rounding = mode
        c.prec = 3
        row = []
        for v in VALUES:
            c.clear_flags()
            x = D(v)
            row.append(f"{x + D('0.001')} {x * 3} {x / 7} {t(lambda: x.quantize(D('0.1')))} {x - 1}")
        print(mode, " | ".join(row), flags(c))

for prec in (1, 2, 5, 9, 18, 19, 28, 38, 39):
    with localcontext(prec=prec) as c:
        print(prec, D(2) / 3, D(1) / 7 * 7, D("0.1") + D("0.2"), D(10) ** 0 * D("123456789.987654321"), flags(c))

# quantize with explicit rounding and context arguments
ctx = Context(prec=5, rounding=ROUND_UP)
for v in VALUES:
    x = D(v)
    print(v, t(lambda: x.quantize(D("1"), rounding=ROUND_HALF_EVEN)), t(lambda: x.quantize(D("0.01"), ROUND_DOWN)), t(lambda: x.quantize(D("1E+1"), context=ctx)),
          ctx.add(x, D("0.00001")), ctx.multiply(x, D("1.23456")), ctx.divide(x, 3), ctx.subtract(x, D("1e-9")))

# str and repr of small, large and negative exponents
for v in ["0", "-0", "0.000001", "0.0000001", "1E+2", "1.0E-7", "-123.4E+20", "5E-1000", "1E+999", "12345678901234567890123", "0E-8", "-0.00"]:
    x = D(v)
    print(str(x), repr(x), t(lambda: str(x * 1)), t(lambda: str(x + 0)), format(x, ""), format(x, ".3e"), x.to_eng_string(), bool(x))
getcontext().capitals = 0
print(D("1E+20") * 1, D("-2.5E-9") + 0)
getcontext().capitals = 1

# hashes and comparisons with int, float, Fraction
from fractions import Fraction
for v in ["1", "1.0", "0.5", "-3.75", "1E+3", "123456789012345678901234567890", "0.1"]:
    x = D(v)
    print(v, hash(x) == hash(float(x)) if x == float(x) else "-", hash(x) == hash(Fraction(x)), x == int(x) if x == x.to_integral() else x < 1000,
          x < 2, x > -4, x == 0.5, x <= Fraction(1, 2), x >= 1, x != D(v + "0") if "E" not in v else None)
print(D(3) > D(2), D(-1) < 0, D("1.50") == D("1.5"), D("2") in {2}, max(D("1.1"), D("1.10"), 1), sorted([D(3), 2, D("2.5"), 1.5]))

# traps: the right class and message; flags
with localcontext() as c:
    c.traps[Inexact] = True
    c.prec = 4
    for expr in ["D(1) / 3", "D('1.23456') + 1", "D('1.23') * 2", "D('3.14159').quantize(D('0.01'))", "D(2) / 4"]:
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__, [k.__name__ for k in type(e).__mro__[1:-3]])
with localcontext() as c:
    c.traps[Rounded] = True
    c.prec = 3
    for expr in ["D('1234') + 0", "D('1.5') * 1", "D(1) / 8"]:
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__)
for expr in ["D(1) / 0", "D(0) / 0", "D('1e999999') * 10", "D('1e-999999') / 10**30", "D('1.2').quantize(D('1e-100'))", "D('inf') - D('inf')"]:
    with localcontext() as c:
        try:
            print(expr, eval(expr))
        except Exception as e:
            print(expr, type(e).__name__)
        print(flags(c))
with localcontext(ExtendedContext) as c:
    print(D(1) / 0, D(0) / 0, D("1e999999") * 10, D("1e-999999") / 10**30, flags(c))

# setcontext and getcontext see the same object, whichever path computes
mine = Context(prec=7, rounding=ROUND_FLOOR)
setcontext(mine)
print(getcontext() is mine, D(-1) / 3, D(2) / 3, flags(mine))
with localcontext() as inner:
    inner.prec = 2
    print(getcontext() is inner, D(-1) / 3, getcontext().prec)
print(getcontext() is mine, getcontext().prec)
setcontext(BasicContext)
print(getcontext().prec, getcontext().rounding)
try:
    D(1) / 3
except Exception as e:
    print(type(e).__name__)
setcontext(Context())

# a thread has its own context
results = {}


def worker(prec, mode):
    getcontext().prec = prec
    getcontext().rounding = mode
    results[prec] = (str(D(2) / 3), str(D("1.005").quantize(D("0.01"))), getcontext().prec)


threads = [threading.Thread(target=worker, args=(p, m)) for p, m in [(3, ROUND_DOWN), (12, ROUND_UP), (30, ROUND_HALF_EVEN)]]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()), getcontext().prec, D(2) / 3)

# subclasses and mixed operands
class Money(D):
    pass


m = Money("10.50")
print(type(m + 1).__name__, m + 1, m * D("0.1"), 3 - m, 7 / m, m / 7, 2 * m, m.quantize(D(1)), str(m), -m)
print(D(5) + True, D("0.5") * -2, (-D("1.5")) - D("-1.5"), D("1e5") - D("1e5"), D(0) * -1, D("-0") + D("0"))
print(sum([D("0.1")] * 10), sum([D("0.01")] * 1000) == 10)
