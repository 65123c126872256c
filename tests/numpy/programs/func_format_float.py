# np.format_float_positional / format_float_scientific with their options:
# unique mode cut off at precision (exact rounding, ties to even, carries
# through nines), exact mode (unique=False), fractional=False, min_digits,
# every trim, sign, pad_left / pad_right, exp_digits, float16/32 values,
# specials, and NumPy's errors.
import numpy as np

P = np.format_float_positional
S = np.format_float_scientific

values = [0.15, 0.25, 1.5, 2.5, 0.1, 123.456, 1e-05, 1e20, 0.0, -0.0, 3.0, 0.35, 1 / 3, 0.96, 9.96,
          0.04, 0.05, 0.0049, 99.5, 0.5, 1e-07, 0.1049, 1.0001, -2.0000001, 5e-324, 1.7976931348623157e308]
for x in values:
    print(repr(x))
    print(" P unique", [P(x, precision=p) for p in (0, 1, 2, 3)])
    print(" P exact ", [P(x, precision=p, unique=False, trim=t) for p in (0, 1, 3) for t in "k.0-"])
    print(" P trim  ", [P(x, trim=t) for t in "k.0-"], P(x, precision=2, trim="."))
    print(" P total ", P(x, precision=2, fractional=False), P(x, precision=2, fractional=False, unique=False),
          P(x, precision=1, fractional=False))
    print(" P pads  ", repr(P(x, min_digits=5)), repr(P(x, pad_left=5, pad_right=4)), repr(P(x, min_digits=3, trim="-")),
          repr(P(x, precision=3, min_digits=2)), repr(P(x, sign=True, pad_left=2, trim="-", pad_right=1)))
    print(" S unique", [S(x, precision=p) for p in (0, 1, 2, 3)])
    print(" S exact ", [S(x, precision=p, unique=False, trim=t) for p in (0, 1, 3) for t in "k.0-"])
    print(" S trim  ", [S(x, trim=t) for t in "k.0-"], S(x, min_digits=5), repr(S(x, pad_left=4)),
          S(x, exp_digits=3), S(x, exp_digits=0), S(x, precision=3, min_digits=2), S(x, sign=True))

print(P(5e-324, min_digits=400)[-60:], S(5e-324, min_digits=30), P(0.1, min_digits=20), S(0.1, min_digits=20))
print(P(0.1, precision=25, unique=False), S(1e5, exp_digits=1), S(1e100), S(1.0, exp_digits=5))
print(P(np.float32(0.1)), S(np.float32(0.1)), P(np.float16(0.1)), P(np.float32(0.1), unique=False, precision=12))
print(P(np.float32(3.14159), precision=10, unique=False), S(np.float16(1.1), min_digits=8), P(np.float32(16777216.0)),
      P(np.float32(1e10)), P(np.float32(0.3), min_digits=12), S(np.float16(0.3), precision=5, unique=False))
print(P(np.float64(2.5)), P(5), P(-3, sign=True), P(2.0, sign=True), S(2.0, sign=True), P(2 ** 70), P(np.int64(3)), P(True))
print(P(np.array(2.5)), P(np.array(np.float32(0.1))), P(1.0, precision=np.int64(2)), P(1.0, sign=1), P(1.0, precision=True))
print(P(np.nan), P(np.inf, sign=True), P(-np.inf), S(np.nan, pad_left=5), P(np.nan, pad_left=5, pad_right=3), S(np.inf, sign=True),
      P(np.nan, sign=True), S(np.nan, sign=True), P(-np.nan), P(np.float32("inf")), S(np.float16("-inf")))
print(repr(P(1.5, pad_left=1)), repr(P(-1.5, pad_left=4)), repr(P(1.5, pad_right=0)), repr(S(-1.5, pad_left=4)),
      repr(P(123.0, pad_left=2, pad_right=2, trim="-")), repr(P(1.0, trim="-", pad_right=0)), repr(P(1.0, trim="-", pad_right=1)),
      repr(P(1.0, pad_left=0)), repr(S(0.0, precision=2, unique=False, pad_left=3)))
print(P(1.25, precision=1, min_digits=1), P(1.25, precision=3, min_digits=3), P(1.0, precision=3, min_digits=3, unique=False),
      S(1.0, precision=3, min_digits=3, unique=False), P(0.3, min_digits=0), P(1.0, precision=None, min_digits=2),
      P(12.0, precision=1, fractional=False, unique=False), P(1.5, fractional=0, precision=1))
print(P(1e16), P(1.2345e16, precision=2, fractional=False), P(0.5, precision=0, unique=False), P(1.5, precision=0, unique=False),
      P(-0.4, precision=0), P(-0.4, precision=0, trim="-"))

errors = [lambda: P(1.0, unique=False), lambda: S(1.0, unique=False), lambda: P(1.0, precision=-1),
          lambda: P(1.0, precision=2, min_digits=3), lambda: S(1.0, precision=1, min_digits=3), lambda: P(1.0, trim="x"),
          lambda: S(1.0, trim="xy"), lambda: P(1.0, trim=""), lambda: P(1.0, trim=5), lambda: P("a"), lambda: P(1j),
          lambda: P(1.0, precision=1.5), lambda: S(1.0, exp_digits=-1), lambda: P(np.array([1.0])), lambda: P(1.0, min_digits=-1),
          lambda: P(1.0, pad_left=-1), lambda: P(1.0, pad_right=-3), lambda: S(1.0, pad_left="a"), lambda: P(np.nan, unique=False),
          lambda: P("a", unique=False), lambda: P("a", trim="x"), lambda: S(1.0, min_digits=1.5), lambda: P(1.5, pad_left=2.0),
          lambda: P(10 ** 400), lambda: P(None), lambda: P(1.0, precision=0, fractional=False)]
for call in errors:
    try:
        print(repr(call()))
    except Exception as e:
        print(type(e).__name__, repr(str(e)))
