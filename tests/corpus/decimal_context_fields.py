# The decimal context's fields as the arithmetic sees them, however they
# are set (attribute assignment, object.__setattr__, constructor, copy,
# pickle), in contexts of their own (localcontext, copy_context, threads,
# asyncio tasks), with flags and traps, and what a context object allows.
import asyncio
import contextvars
import copy
import pickle
import threading
from decimal import (Decimal as D, Context, DefaultContext, BasicContext, ExtendedContext, getcontext, setcontext,
                     localcontext, ROUND_DOWN, ROUND_UP, ROUND_HALF_EVEN, ROUND_CEILING, Inexact, Rounded, Overflow,
                     DivisionByZero, InvalidOperation, Clamped, Subnormal, Underflow)


def t(f):
    # The class only: the message is _pydecimal's explanation under hipy
    # and a list of conditions under CPython's _decimal.
    try:
        return f()
    except Exception as e:
        return type(e).__name__


def flags(c):
    return sorted(k.__name__ for k, v in c.flags.items() if v)


def r(c):
    # repr lists traps and flags in dict order under hipy (_pydecimal) and
    # in a fixed order under CPython's _decimal; the fields, then both sorted.
    return (f"{type(c).__name__}(prec={c.prec}, rounding={c.rounding}, Emin={c.Emin}, Emax={c.Emax}, "
            f"capitals={c.capitals}, clamp={c.clamp}, flags={flags(c)}, traps={sorted(k.__name__ for k, v in c.traps.items() if v)})")


def show(c):
    x = D("2.675")
    return f"{D(1) / 7} {x * 3} {x.quantize(D('0.01'))} {D('1E+5') + 0} {D(10) ** 3 * D('1.5')} {flags(c)}"


c = getcontext()
print(type(c).__name__, r(c), repr(ExtendedContext))
print(show(c))
# Every assignment to a field is seen by the next operation.
c.prec = 5
c.rounding = ROUND_DOWN
print(show(c))
setattr(c, "prec", 3)
print(show(c))
c.__setattr__("rounding", ROUND_UP)
c.capitals = 0
print(show(c), D("1.5E+10"), D(2) ** 40)
c.Emax, c.Emin = 4, -4
c.clear_flags()
print(t(lambda: D(999) * 1000), t(lambda: D("1E-6") / 3), flags(c))
c.traps[Overflow] = False
c.clear_flags()
print(D(999) * 1000, D(-999) * 1000, D("1E-6") * D("1E-2"), flags(c))
c.clamp = 1
print(D("1E+4") + 0, D(1) / 3, flags(c))
print(r(c))
setcontext(DefaultContext)
c = getcontext()
print(c is DefaultContext, r(c), show(c))

# Field validation, deletion and unknown attributes.
for name, value in [("prec", 0), ("prec", "5"), ("Emin", 1), ("Emax", -1), ("capitals", 2), ("clamp", -1),
                    ("rounding", "sideways"), ("flags", {}), ("traps", [Inexact])]:
    print(name, repr(value), t(lambda: setattr(c, name, value)))
print(t(lambda: delattr(c, "prec")), t(lambda: setattr(c, "precision", 5)), t(lambda: vars(c)))

# Traps on the operations computed natively, and the flags they leave.
with localcontext() as c:
    c.prec = 4
    c.traps[Inexact] = True
    print(t(lambda: D(1) / 3), t(lambda: D("1.23456") + 1), t(lambda: D("1.2345").quantize(D("0.01"))), flags(c))
    c.traps[Inexact] = False
    c.traps[Rounded] = True
    c.clear_flags()
    print(t(lambda: D("123456") * 1), t(lambda: D("1.2").quantize(D("0.01"))), flags(c))
    c.traps[Rounded] = False
    c.clear_flags()
    print(D("123456") * 1, D(2) / 3, flags(c))
    c.traps[DivisionByZero] = False
    print(D(1) / 0, D(-1) / 0, t(lambda: D(0) / 0), flags(c))

# Constructed, copied and pickled contexts.
cs = [Context(prec=6, rounding=ROUND_CEILING, Emin=-9, Emax=9, capitals=0, clamp=1, flags=[Inexact], traps=[Overflow]),
      BasicContext, ExtendedContext, DefaultContext]
for c in cs:
    for other in (c, c.copy(), copy.copy(c), copy.deepcopy(c), pickle.loads(pickle.dumps(c))):
        print(r(other), other.divide(D(2), 3), other.multiply(D("123.456789"), 7), other.plus(D("9.99999999E+8")))
    print(c.copy() is c, c.copy().flags is c.flags, c.copy().traps == c.traps)
with localcontext(cs[0]) as c:
    print(c is cs[0], show(c))
print(show(getcontext()))


# A subclass of Context.
class Named(Context):
    def label(self):
        return f"named {self.prec}"


n = Named(prec=4, rounding=ROUND_UP)
saved = getcontext()
setcontext(n)
c = getcontext()
print(type(c).__name__, c is n, c.label(), show(c))
c.prec = 3
print(show(c), c.label(), r(c))
setcontext(saved)

# localcontext nesting restores the outer context's fields.
with localcontext(prec=3) as a:
    with localcontext(rounding=ROUND_DOWN) as b:
        b.prec += 2
        print(a.prec, b.prec, show(b))
    print(show(a))
print(getcontext().prec, show(getcontext()))

# contextvars.copy_context: a run sees a copy of the context variable's
# binding, so setcontext inside it does not leak out.
def in_copy(prec):
    setcontext(Context(prec=prec))
    return str(D(1) / 7), getcontext().prec


ctx = contextvars.copy_context()
print(ctx.run(in_copy, 5), getcontext().prec, D(1) / 7)
print(ctx.run(lambda: (getcontext().prec, str(D(1) / 7))))
print(contextvars.copy_context().run(lambda: getcontext() is getcontext()))

# Threads start from a copy of DefaultContext, not the main thread's context.
getcontext().prec = 9
DefaultContext.rounding = ROUND_DOWN
out = {}


def worker(i):
    c = getcontext()
    start = (c.prec, c.rounding, c is DefaultContext, flags(c))
    c.prec = 3 + i
    out[i] = (start, str(D(2) / 3), getcontext().prec, flags(c))


threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for th in threads:
    th.start()
for th in threads:
    th.join()
for i in sorted(out):
    print(i, out[i])
print(getcontext().prec, D(2) / 3)
DefaultContext.rounding = ROUND_HALF_EVEN


# asyncio tasks each run in a copy of the contexts.
async def task(prec):
    with localcontext(prec=prec):
        await asyncio.sleep(0)
        return str(D(1) / 7), getcontext().prec


async def main():
    getcontext().prec = 11
    results = await asyncio.gather(*(task(p) for p in (2, 6, 20)))
    return results, getcontext().prec, str(D(1) / 7)


print(asyncio.run(main()))
print(getcontext().prec)
