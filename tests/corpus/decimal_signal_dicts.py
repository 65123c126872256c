"""Context.flags and Context.traps as CPython's decimal has them: mappings
of the nine signals to bools (SignalDict), their order, repr, errors,
comparisons, copies and sharing; flags raised by the native operations and
by the Python ones (sqrt, power, exp and ln work on a shallow copy of the
context and raise their flags in it)."""
import collections.abc
from decimal import (Decimal as D, Context, getcontext, setcontext, localcontext, DefaultContext,
                     Inexact, Rounded, DivisionByZero, InvalidOperation, Overflow, Clamped,
                     Subnormal, Underflow, FloatOperation, ROUND_DOWN)


def t(f):
    try:
        return repr(f())
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def kind(f):
    # The type only: the messages of these are _pydecimal's under hipy.
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__


def names(m):
    return [k.__name__ for k, v in m.items() if v]


c = Context()
f = c.flags
print(type(f).__name__, isinstance(f, collections.abc.MutableMapping), isinstance(f, dict))
print(len(f), [k.__name__ for k in f])
print(f)
print(c.traps)
print(repr(c))
print(t(lambda: f[Inexact]), t(lambda: c.traps[Overflow]), t(lambda: f["Inexact"]))
print(t(lambda: f.get(Inexact)), t(lambda: Inexact in f), t(lambda: "x" in f), t(lambda: f.get("x", 7)))
f[Inexact] = 5
f[Rounded] = []
f[Clamped] = "yes"
print(t(lambda: f[Inexact]), t(lambda: f[Rounded]), t(lambda: f[Clamped]), names(f))
print(t(lambda: f.__delitem__(Inexact)), t(lambda: f.pop(Inexact)), t(lambda: f.popitem()))
print(t(lambda: f.__setitem__(ArithmeticError, 1)), t(lambda: hash(f)))
print(t(lambda: f.setdefault(Inexact, 0)), t(lambda: f.update({Subnormal: 1})), names(f))
print(sorted((k.__name__, v) for k, v in f.copy().items()), type(f.copy()).__name__)
print(list(f.values()), len(list(f.keys())))

# Comparisons: with SignalDicts, with dicts of the nine signals, with anything else.
g = Context().flags
print(f == g, f != g, g == dict.fromkeys(g, 0), g == dict.fromkeys(g, False), f == f.copy())
print(f == {Inexact: True}, f != {Inexact: True}, f == ["xyz"], f != 3, {Inexact: False} != f)

# Assigning or passing another context's SignalDict copies its values.
a = Context(traps=[Overflow])
b = Context()
b.flags = a.traps
print(b.flags is a.traps, names(b.flags), b.flags == a.traps)
a.traps[Inexact] = True
print(names(b.flags), names(a.traps))
c2 = Context(flags=a.traps, traps=b.flags)
print(names(c2.flags), names(c2.traps), c2.flags is a.traps)
print(kind(lambda: setattr(b, "flags", {Inexact: 1})), kind(lambda: setattr(b, "traps", 5)))
print(kind(lambda: Context(flags={Inexact: 1})))
c3 = Context(flags=[Inexact, Rounded], traps=[DivisionByZero])
print(repr(c3))
print(repr(c3.copy()), c3.copy().flags is c3.flags, c3.copy().flags == c3.flags)

# Flags raised by native and Python operations in the current context.
with localcontext(Context(prec=6)) as ctx:
    ctx.clear_flags()
    x = D(1) / D(3)
    print(x, names(ctx.flags))
    ctx.clear_flags()
    print(D(2).sqrt(), names(ctx.flags))
    ctx.clear_flags()
    print(D(2) ** D("0.5"), names(ctx.flags))
    ctx.clear_flags()
    print(D(1).exp(), D(10).ln(), names(ctx.flags))
    ctx.clear_flags()
    print(D("1.2345").quantize(D("0.01"), rounding=ROUND_DOWN), names(ctx.flags))
    ctx.traps[Inexact] = True
    print(kind(lambda: D(1) / D(7)), kind(lambda: D(3).sqrt()), names(ctx.flags))
    ctx.traps[Inexact] = False
    ctx.flags[Inexact] = False
    ctx.traps[DivisionByZero] = False
    print(D(1) / D(0), names(ctx.flags))
    print(repr(ctx))
print(names(getcontext().flags))

# The shared contexts are copied by setcontext; their flags stay clear.
setcontext(DefaultContext)
D(1) / D(3)
print(names(getcontext().flags), names(DefaultContext.flags))
getcontext().clear_flags()
print(names(getcontext().flags))
getcontext().clear_traps()
print(names(getcontext().traps), t(lambda: D(1) / D(0)))
