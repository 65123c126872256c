# Decimal values held natively: coefficients at the u128 and limb
# boundaries, every rounding mode, traps and flags, special values,
# comparisons against ints, floats and fractions, hashing, the fields
# Python code reads (as_tuple, _int-based methods), subclasses, contexts.
import copy
import pickle
from fractions import Fraction
from decimal import (
    Decimal as D, Context, getcontext, setcontext, localcontext, BasicContext, ExtendedContext,
    ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP,
    ROUND_HALF_DOWN, ROUND_05UP, Inexact, Rounded, Clamped, Subnormal, Underflow, Overflow,
    DivisionByZero, InvalidOperation, FloatOperation,
)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
SIGNALS = [Clamped, DivisionByZero, Inexact, Overflow, Rounded, Subnormal, Underflow, InvalidOperation, FloatOperation]


def flags(c):
    return [s.__name__ for s in SIGNALS if c.flags[s]]


def run(label, f):
    with localcontext() as c:
        c.clear_flags()
        try:
            r = f()
            print(label, repr(r), flags(c))
        except Exception as e:
            print(label, type(e).__name__, flags(c))


# Coefficients around 38/39 digits (u128) and 9/18/27 digits (limbs).
edges = ["9" * 9, "1" + "0" * 9, "9" * 18, "1" + "0" * 18, "9" * 27, "9" * 38, "1" + "0" * 38,
         "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
         "5" + "0" * 40, "4" + "9" * 40, "1" * 60 + "5", "1" * 60 + "50000000001"]
for prec in (1, 5, 9, 10, 18, 19, 38, 39, 40, 60):
    for mode in MODES:
        with localcontext() as c:
            c.prec = prec
            c.rounding = mode
            out = []
            for e in edges:
                for sign in ("", "-"):
                    x = D(sign + e)
                    out.append(str(+x * 1))
                    out.append(str(x + D("0.5")))
                    out.append(str(x - 1))
            print(prec, mode, " ".join(out), flags(c))

# quantize in every mode, including results that keep no digit.
for mode in MODES:
    vals = []
    for s in ("1.2345", "-1.2345", "0.5", "-0.5", "0.05", "2.5", "3.5", "-2.5", "0.004", "9.995", "99999999999999999999999999.995", "1" * 45 + ".5"):
        for q in ("1", "0.1", "0.01", "1E+1"):
            try:
                vals.append(str(D(s).quantize(D(q), rounding=mode)))
            except InvalidOperation:
                vals.append("InvalidOperation")
    print(mode, " ".join(vals))

# Division: exact quotients come back at the ideal exponent.
for a, b in [("100", "4"), ("1.00", "0.5"), ("1" + "0" * 40, "1" + "0" * 20), ("7", "7"), ("12", "0.12"),
             ("1", "3"), ("2", "3"), ("-1", "7"), ("1" * 50, "3"), ("1" * 50, "123456789123456789123456789")]:
    run("div", lambda: D(a) / D(b))
run("div0", lambda: D(1) / 0)
run("0div0", lambda: D(0) / 0)

# Traps.
for sig in (Inexact, Rounded):
    with localcontext() as c:
        c.prec = 3
        c.traps[sig] = True
        for f in (lambda: D(1) / 3, lambda: D("1.234") * 1, lambda: D("12345") + 0, lambda: D("1.5").quantize(D(1)), lambda: D(2) * 3):
            try:
                print(sig.__name__, f())
            except Exception as e:
                print(sig.__name__, "raised", type(e).__name__, flags(c))
with localcontext(ExtendedContext) as c:
    print(D(1) / 0, D(0) / 0, D("Inf") - D("Inf"), flags(c))

# Special values with the operators.
specials = [D("NaN"), D("-Inf"), D("Inf"), D(0), D("-0"), D("1.5")]
for a in specials:
    for b in specials:
        run("add", lambda: a + b)
        run("mul", lambda: a * b)
        run("eq", lambda: a == b)
        run("lt", lambda: a < b)
run("snan", lambda: D("sNaN") + 1)
run("snan-eq", lambda: D("sNaN") == 1)

# Comparisons against ints, floats, fractions, bools.
xs = [D("1"), D("1.0"), D("1.00"), D("-1"), D("0.5"), D("1E+2"), D(10 ** 40), D("2.5")]
ys = [1, 1.0, True, 0.5, Fraction(1, 2), Fraction(5, 2), 100, 10 ** 40, 2.5, -1]
for x in xs:
    print(x, [(x == y, x < y, x >= y, y > x) for y in ys])
print(sorted([D("2"), 1, D("0.5"), D("-3"), D("1.0"), D("10")]))
with localcontext() as c:
    c.traps[FloatOperation] = True
    run("float-eq", lambda: D("0.5") == 0.5)
    run("float-lt", lambda: D("0.5") < 0.5)

# Hashing equals int and float hashing for equal values.
for v in (0, 1, -1, 7, 10 ** 20, -(10 ** 30), 2 ** 61 - 1, 2 ** 61):
    x = D(v) * 1
    print(v, hash(x) == hash(v), hash(D(v) + D("0.0")) == hash(v))
for f in (0.5, -2.25, 1e10, 3.0):
    print(f, hash(D(f)) == hash(f), hash(D(repr(f))) == hash(f))
print(len({D("1.0"), D(1), 1, 1.0, D("1.00") * 1}))

# The fields Python code reads, on values the native operations made.
x = D("1.25") * D("-3")
print(x.as_tuple(), x.adjusted(), x.is_signed(), x.normalize(), x.to_integral_value(), x.copy_abs(), x.sqrt() if x > 0 else (-x).sqrt())
print(repr(x), str(x), x.to_eng_string(), format(x, ".3f"), format(x, "e"), int(x), float(x), round(x, 1), x.__round__())
print(pickle.loads(pickle.dumps(x)) == x, copy.copy(x) is x, copy.deepcopy(x) == x)
y = D("1" * 45) * 3
print(y.as_tuple().digits[:5], len(y.as_tuple().digits), y.ln() if y > 0 else None, y.log10())
print(D(7).fma(3, 1), D(2) ** 10, D(10) // 3, D(10) % 3, divmod(D(-10), 3), D(1).exp())


# Subclasses.
class Money(D):
    def cents(self):
        return int(self.quantize(D("0.01")) * 100)


m = Money("12.345")
print(type(m).__name__, m.cents(), type(m + 1).__name__, m + 1, m * 2, m > 12, m == Money("12.345"), hash(m) == hash(D("12.345")))


class Loose(D):
    def __eq__(self, other):
        return True

    __hash__ = D.__hash__


print(Loose(1) == 2, Loose(1) < 2, D(1) == Loose(5), Loose(1) > 0)

# Contexts.
c = Context(prec=6, rounding=ROUND_HALF_DOWN, Emin=-9, Emax=9, traps=[Overflow])
print(c)
print(c.add(D("1.0000005"), 0), c.multiply(D(99999), 99999), c.divide(1, 7))
for f in (lambda: c.multiply(D(10) ** 5, D(10) ** 5), lambda: c.divide(D("1E-9"), 1000)):
    try:
        print(f(), flags(c))
    except Overflow:
        print("Overflow", flags(c))
for name, bad in (("prec", 0), ("prec", "x"), ("rounding", "ROUND_SIDEWAYS"), ("Emin", 1), ("Emax", -1), ("clamp", 2), ("capitals", 3)):
    try:
        setattr(c, name, bad)
        print(name, "accepted")
    except (ValueError, TypeError) as e:
        print(name, type(e).__name__)
old = getcontext()
setcontext(BasicContext)
print(getcontext().prec, getcontext() is BasicContext, D(1) / 3)
setcontext(old)
with localcontext(prec=4) as lc:
    print(lc.prec, D(2).sqrt(), D(1) / 7)
print(getcontext().prec, D(1) / 7)

# Construction from strings, ints and Decimals.
for s in ['1', '-0', '+.5', '1.', '1e5', '1E-5', '-12.340e+3', '0000.000', '00012', '1_000', ' 1 ', 'inf', '-NaN12', '1e', '.', 'e5', '1e+',
          '\u0661\u0662', '1e99999999999999999', '-1E-0', '+0.0e+0', '12345678901234567890123456789012345678901234567890.5e-3', '\t7\n', '1.5x']:
    try:
        x = D(s)
        print(repr(s), repr(x), x.as_tuple())
    except Exception as e:
        print(repr(s), type(e).__name__)
print(D(10 ** 50), D(-7), D(True), D(D('1.5')), D(value='2.5'), D(), D(-(10 ** 45)).as_tuple())
for v in (D('1.5'), D(-1), D('1e-30'), D('-1e-30'), D(10 ** 40) * D('1e-50'), D('123456789' * 7) / 7, D('-0'), D('0E+5')):
    print(v, hash(v) == hash(Fraction(v)), hash(v) == hash(float(v)) or float(v) != Fraction(v))

# Long coefficients by short divisors, at several precisions.
x = D("98765432109876543210987654321098765432109876543210")
for prec in (9, 28, 60):
    with localcontext(prec=prec) as c:
        print(prec, [str(x / d) for d in (1, 2, 3, 7, 10, 999999999, 1000000000, 4294967291, 18446744073)], flags(c))

# Integer division and remainder (divisors non-zero: `_pydecimal` and
# `_decimal` name the signal of x % 0 differently).
vals = ["7", "-7", "2.5", "-2.5", "0.3", "1E+3", "-1E-3", "0", "-0", "123456789012345678901234567890", "1E+40", "1E-40", "0.75", "3", "-3", "Inf", "NaN", "1e-30"]
for prec in (3, 9, 28, 50):
    with localcontext(prec=prec) as c:
        out = []
        for a in vals:
            for b in vals:
                if D(b) == 0:
                    continue
                for f in (lambda: D(a) // D(b), lambda: D(a) % D(b), lambda: divmod(D(a), D(b)), lambda: D(a) // 7, lambda: 7 % D(b)):
                    try:
                        out.append(str(f()))
                    except Exception as e:
                        out.append(type(e).__name__)
        print(prec, " ".join(out), flags(c))

# hash() of special values and of subclasses.
print(hash(D("Inf")), hash(D("-Inf")), hash(D(-1)), hash(D("-1.0")), hash(D("0E-5")), hash(D("-0")))
try:
    hash(D("sNaN"))
except TypeError:
    print("TypeError")


class Unhashable(D):
    def __eq__(self, other):
        return False


class Seven(D):
    def __hash__(self):
        return 7


try:
    hash(Unhashable(1))
except TypeError as e:
    print("TypeError", e)
print(hash(Seven(1)), hash(Money("2.5")) == hash(2.5), {D(1): "one"}[1], {1.5: "x"}[D("1.50")])

# -x, +x, abs(x): rounded to the context, zero's sign by the rounding mode.
vals = ["0", "-0", "1.2345", "-1.2345", "9.9999", "-9.99995", "1E+10", "123456789012345678901234567890123456789012", "Inf", "-Inf", "NaN", "1e-9"]
for prec in (3, 5, 28):
    for mode in (None, ROUND_FLOOR, ROUND_DOWN):
        with localcontext(prec=prec) as c:
            if mode:
                c.rounding = mode
            out = []
            for v in vals:
                x = D(v)
                out += [str(-x), str(+x), str(abs(x))]
            print(prec, mode, " ".join(out), flags(c))
with localcontext(prec=4000):
    big = D("7" * 4500) / 3
with localcontext(prec=4400):
    print(len(str(+big)), len(str(-big)), str(abs(-big))[-5:])

# to_integral_value / to_integral in every rounding mode, and repr.
vals = ["0", "-0", "0.000", "-0.000", "1.5", "-1.5", "2.5", "-2.5", "0.5", "0.05", "-0.0005", "123.456", "1E+5", "-1E-10", "9.99", "99999999999999999999999999999999999999.5", "1" * 50 + ".5", "1e-50", "Inf", "NaN", "-sNaN"]
modes = [None, ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]
for prec in (3, 28):
    with localcontext(prec=prec) as c:
        out = []
        for v in vals:
            x = D(v)
            for m in modes:
                for f in (lambda: x.to_integral_value(m), lambda: x.to_integral(rounding=m), lambda: x.to_integral_value(context=Context(rounding=ROUND_UP)) if m is None else x.to_integral_value(m, Context())):
                    try:
                        r = f()
                        out.append(repr(r))
                    except Exception as e:
                        out.append(type(e).__name__)
        print(prec, " ".join(out), sorted(k.__name__ for k, v in c.flags.items() if v))
print([repr(D(s)) for s in ("1.50", "-0", "1E+3", "Inf", "-NaN1", "sNaN", "1e-10")])
print(repr(Money("1.5") * 1), round(D("2.5")), round(D("-3.5")), int(D("7.9")), D("7.9").__floor__(), D("-7.1").__ceil__())
