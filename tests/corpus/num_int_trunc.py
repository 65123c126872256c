# int(x) for an x with only __trunc__ delegates to it (3.11, with a
# DeprecationWarning).
import warnings


class JustTrunc:
    def __trunc__(self):
        return 42


class Index:
    def __index__(self):
        return 7


class TruncIndex:
    def __trunc__(self):
        return Index()


class BoolIndex:
    def __index__(self):
        return True


class TruncBoolIndex:
    def __trunc__(self):
        return BoolIndex()


class TruncBool:
    def __trunc__(self):
        return True


class TruncFloat:
    def __trunc__(self):
        return 1.5


class TruncRaises:
    def __trunc__(self):
        return 1 // 0


class WithInt:
    def __int__(self):
        return 5

    def __trunc__(self):
        return 6


class Sub(int):
    pass


class SubInit(int):
    def __init__(self, x):
        print('SubInit.__init__ got', type(x).__name__)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(int(JustTrunc()), int(TruncIndex()), int(WithInt()))
    n = int(TruncBool())
    print(n, type(n).__name__)
    n = int(TruncBoolIndex())
    print(n, type(n).__name__)
    s = Sub(JustTrunc())
    print(s, type(s).__name__)
    for bad in (TruncFloat(), TruncRaises()):
        try:
            int(bad)
        except Exception as e:
            print(type(e).__name__, e)
    try:
        SubInit(JustTrunc())
    except TypeError as e:
        print('TypeError', e)
    try:
        int(object())
    except TypeError as e:
        print('TypeError', e)
print([(w.category.__name__, str(w.message)) for w in caught])

with warnings.catch_warnings():
    warnings.simplefilter('error')
    try:
        int(JustTrunc())
    except DeprecationWarning as e:
        print('DeprecationWarning', e)

# A negative zero or infinite float to a non-integer power is C's pow.
inf = float('inf')
def power(f, x, y):
    try:
        return f(x, y)
    except ZeroDivisionError as e:
        return 'ZeroDivisionError: %s' % e


for x in (-0.0, -inf, 0.0, inf, -8.0, float('nan')):
    for y in (0.5, 1.5, -0.5, 2.0, 3.0, 0.0, -0.0):
        r = power(lambda a, b: a ** b, x, y)
        print(x, y, r, power(pow, x, y) == r or power(pow, x, y))
print(pow(-0.0, 0.5), 0.5 ** -0.0, pow(-0.0, 0.5, None))
