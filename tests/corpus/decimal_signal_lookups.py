"""Signals the native operations record (Inexact, Rounded) in contexts whose
flags and traps dicts were made in different orders, used in turn; flags
already set to other true values, cleared, or set by Python code; traps
set to true values other than True; quantize's rounding argument as the
module's constants and as equal strings made at run time."""
from decimal import (Decimal as D, Context, getcontext, setcontext, Inexact, Rounded, DivisionByZero,
                     InvalidOperation, Overflow, Clamped, Subnormal, Underflow, FloatOperation,
                     ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP, ROUND_05UP)

signals = [Inexact, Rounded, DivisionByZero, InvalidOperation, Overflow, Clamped, Subnormal, Underflow, FloatOperation]


def raised(c):
    return ",".join(s.__name__ for s in signals if c.flags[s])


ctxs = []
for k in range(4):
    c = Context(prec=6)
    order = signals[k:] + signals[:k]
    if k % 2:
        order.reverse()
    c.flags = {s: 0 for s in order}
    c.traps = {s: 0 for s in reversed(order)}
    ctxs.append(c)

ops = [
    lambda: D(1) / D(7),
    lambda: D(2) * D(3),
    lambda: D("1.23456789").quantize(D("0.01")),
    lambda: D("123456.5") + D("0.25"),
    lambda: D(10) - D("0.0000001"),
    lambda: D(6) / D(3),
]
for i in range(24):
    c = ctxs[i % 4]
    setcontext(c)
    r = ops[i % len(ops)]()
    print(i, r, raised(c))
    if i % 5 == 4:
        c.clear_flags()
        print("cleared", raised(c))

c = ctxs[1]
setcontext(c)
c.clear_flags()
c.flags[Inexact] = True
c.flags[Rounded] = 2
r = D(1) / D(3)
print(r, raised(c), bool(c.flags[Inexact]), bool(c.flags[Rounded]))
c.flags[Inexact] = 0
r = D(2) / D(3)
print(r, raised(c))

for trap in (2, True, "yes", 1.5):
    c.traps[Inexact] = trap
    try:
        print(D(1) / D(3))
    except Inexact as e:
        print("Inexact raised for", repr(trap), type(e).__name__)
    c.traps[Inexact] = 0
    c.traps[Rounded] = trap
    try:
        print(D("1.2345678").quantize(D("0.1")))
    except Rounded as e:
        print("Rounded raised for", repr(trap), type(e).__name__)
    c.traps[Rounded] = 0
print(D(1) / D(3), raised(c))

setcontext(Context(prec=9))
x = D("2.675")
for mode in (ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP, ROUND_05UP, "ROUND_" + "HALF_EVEN", "".join(["ROUND_", "DOWN"])):
    print(mode, x.quantize(D("0.01"), rounding=mode), x.quantize(D("0.1"), mode), raised(getcontext()))
