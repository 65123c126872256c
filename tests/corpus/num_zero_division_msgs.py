# Each operator has its own ZeroDivisionError message in CPython 3.11.
ops = [
    ("int /", lambda: 1 / 0),
    ("int //", lambda: 1 // 0),
    ("int %", lambda: 1 % 0),
    ("int divmod", lambda: divmod(1, 0)),
    ("float /", lambda: 1.0 / 0.0),
    ("float //", lambda: 1.0 // 0.0),
    ("float %", lambda: 1.0 % 0.0),
    ("float divmod", lambda: divmod(1.0, 0.0)),
    ("mixed /", lambda: 5 / 0.0),
    ("mixed //", lambda: 5.5 // 0),
    ("complex /", lambda: 1j / 0),
    ("bigint /", lambda: 10 ** 50 / 0),
    ("bigint %", lambda: 10 ** 50 % 0),
    ("pow", lambda: 0 ** -2),
    ("fraction", lambda: __import__('fractions').Fraction(1, 2) / 0),
]
for name, fn in ops:
    try:
        fn()
    except ZeroDivisionError as e:
        print(f"{name:14} {e.args!r}")
x = 10
try:
    x /= 0
except ArithmeticError as e:
    print(type(e).__mro__[1].__name__, e)
