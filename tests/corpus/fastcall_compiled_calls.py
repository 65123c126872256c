# Keyword and positional calls of native functions with a vectorcall entry
# (print, Decimal's methods) made from compiled loops, where the call takes
# the arguments the loop holds: results, the errors of bad calls at some
# iterations (reworded as CPython words them), a descriptor called on the
# wrong type, and the fallback to the Python method (a trapped signal).
import io
from decimal import Decimal, ROUND_DOWN, ROUND_HALF_EVEN, Inexact, localcontext

out = io.StringIO()
q = Decimal("0.01")
total = Decimal(0)
errors = []
for i in range(600):
    d = Decimal(i) / 7
    r = d.quantize(q, rounding=ROUND_HALF_EVEN if i % 2 else ROUND_DOWN)
    total += r
    print(r, i, sep=":", end=";", file=out)
    if i % 97 == 5:
        try:
            print(r, file=out, sepx="")
        except TypeError as e:
            errors.append(str(e))
    if i % 131 == 7:
        try:
            Decimal.quantize(i, q)
        except (TypeError, AttributeError) as e:
            # The type only: hipy's message is _pydecimal's.
            errors.append("quantize of an int")
    if i % 151 == 9:
        try:
            d.quantize(q, rounding=ROUND_DOWN, contxt=None)
        except TypeError as e:
            errors.append(type(e).__name__)
    if i % 173 == 11:
        with localcontext() as ctx:
            ctx.traps[Inexact] = True
            try:
                d.quantize(q, rounding=ROUND_DOWN)
            except Inexact as e:
                errors.append(type(e).__name__)
print(total)
print(len(out.getvalue()), out.getvalue()[:120])
print(out.getvalue()[-120:])
for e in errors:
    print(e)
