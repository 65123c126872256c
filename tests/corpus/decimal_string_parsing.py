"""Decimal(str) for every form the numeric-string grammar has (signs,
fractions, exponents, Infinity, [s]NaN with diagnostics, underscores,
whitespace, Unicode digits and case folding) and the strings it refuses;
format specs and the Python rounding modes, whose patterns are compiled
on first use. (The messages of the exceptions are _pydecimal's, not the C
decimal's: not printed.)"""
from decimal import Decimal, InvalidOperation, localcontext, ROUND_05UP, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN

GOOD = [
    "0", "-0", "+0", "1", "-1", "+1", "12.50", ".5", "-.5", "5.", "-5.", "1e5", "1E5",
    "1e+5", "1e-5", "-1.5E-05", ".5e3", "5.e-3", "00012.3400", "0e-1000", "1_000.000_1",
    "  42  ", "\t-7\n", "Inf", "inf", "-INF", "+Infinity", "infinity", "NaN", "nan", "-NaN",
    "NaN123", "nan0012", "sNaN", "-snan7", "SNAN00", "\u0663\u0664.\u0665", "\uff11\uff12",
    "\u0131nf", "\u017fNaN", "-\u0130NFINITY", "1e\u0664", "123456789012345678901234567890e-10",
    "1_", "\u0663_\u0664", "nan\u0663", "\u0661e-\u0661", "1\u00a0", "\u2003-5\u2003",
]
BAD = [
    "", " ", "+", "-", ".", "e5", ".e5", "1e", "1e+", "1e5.5", "1.2.3", "1..2", "--1",
    "+-1", "in", "infinit", "infinityy", "nana", "snan-1", "NaN1.5", "1 2", "1__0", "_1",
    "0x10", "1e5e3", "\u00b2", "abc", "1\u20032", "\u00bd", "1e\u00b2",
]

for s in GOOD:
    try:
        d = Decimal(s)
    except InvalidOperation as e:
        print(repr(s), "InvalidOperation")
        continue
    print(repr(s), repr(d), d.as_tuple(), d.is_nan(), d.is_snan(), d.is_infinite())
for s in BAD:
    try:
        print(repr(s), "->", repr(Decimal(s)))
    except InvalidOperation as e:
        print(repr(s), "InvalidOperation")
with localcontext() as ctx:
    ctx.traps[InvalidOperation] = False
    print(repr(Decimal("garbage")), bool(ctx.flags[InvalidOperation]))

for spec in [",.2f", ">12.3e", "+.1%", "08,.3f", "g", ".0E", "^20,", "n", ".3"]:
    for v in ["1234.5678", "-0.000123", "1e10", "-Inf", "NaN"]:
        try:
            print(spec, v, repr(format(Decimal(v), spec)))
        except ValueError as e:
            print(spec, v, "ValueError")
for spec in ["z.1f", "1.2.3", "=#x"]:
    try:
        print(spec, repr(format(Decimal("-0.01"), spec)))
    except ValueError as e:
        print(spec, "ValueError")

with localcontext() as ctx:
    ctx.prec = 3
    for mode in [ROUND_05UP, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN]:
        ctx.rounding = mode
        print(mode, [str(+Decimal(s)) for s in ["1.2500", "1.2501", "1.3500", "-1.0500", "1.0000001", "1.0500000"]])
