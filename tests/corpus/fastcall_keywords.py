# Keyword calls of native functions that take their arguments as vectorcall
# passes them (print, Decimal's methods), and the same calls through the
# other ways of calling: unbound, partial, map, a subclass, **kwargs, errors.
import io
import sys
import functools
from decimal import Decimal, ROUND_DOWN, ROUND_HALF_EVEN, ROUND_UP, Context, getcontext, localcontext

out = io.StringIO()
print('a', 'b', file=out)
print('a', 'b', sep='-', end='!\n', file=out)
print('a', 'b', sep=None, end=None, file=out)
print(file=out)
print('x', file=out, flush=True)
print('y', file=None, end='\n')
print('z', sep='', flush=0)
print(*['p', 'q', 'r'], sep=', ', file=out)
print(**{'file': out, 'end': '|\n'})
print(Decimal('1.50'), Decimal('-0.001'), file=out, sep=';')
sys.stdout.write(out.getvalue())


class Flag:
    def __bool__(self):
        raise ValueError('no truth')


for kwargs in ({'sep': 5}, {'end': b'x'}, {'flush': Flag()}, {'fil': out}, {'sep': 'a', 'sep2': 'b'}):
    try:
        print('never', **kwargs)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


class Writer:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)

    def flush(self):
        self.parts.append('<flush>')


w = Writer()
print(1, 2, file=w, sep='+', flush=True)
print(w.parts)

a = Decimal('1.2345')
q = Decimal('0.01')
print(a.quantize(q))
print(a.quantize(q, rounding=ROUND_UP))
print(a.quantize(q, ROUND_UP))
print(a.quantize(q, rounding=ROUND_DOWN, context=getcontext()))
print(a.quantize(q, None, Context(prec=3)))
print(a.quantize(exp=q, rounding=ROUND_HALF_EVEN))
print(Decimal.quantize(a, q, rounding=ROUND_UP))
print(functools.partial(a.quantize, rounding=ROUND_DOWN)(q))
print(list(map(functools.partial(Decimal.quantize, exp=q, rounding=ROUND_UP), [a, Decimal('-2.221')])))
print(a.to_integral_value(rounding=ROUND_UP), a.to_integral(ROUND_DOWN))
print(a.__add__(Decimal(1)), a.__mul__(2), a.__rsub__(1))
print(abs(Decimal('-1.5')), Decimal('-1.5').__abs__(), -Decimal('1.5'))
print(Decimal(value='3.25'), Decimal('7', context=None))
# (Bad arguments to quantize raise _pydecimal's errors in hipy, not the C
# module's: not tested here.)


class Money(Decimal):
    def quantize(self, exp, rounding=None, context=None):
        return 'Money.quantize', super().quantize(exp, rounding=rounding, context=context)


print(Money('2.675').quantize(q, rounding=ROUND_HALF_EVEN))
with localcontext() as ctx:
    ctx.traps[__import__('decimal').Inexact] = True
    try:
        Decimal('1.005').quantize(q, rounding=ROUND_DOWN)
    except Exception as e:
        print(type(e).__name__)
    print(Decimal('1.000').quantize(q, rounding=ROUND_DOWN))
print(sorted(k.__name__ for k, v in getcontext().flags.items() if v))
