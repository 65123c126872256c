# An async generator's __name__ and __qualname__ can be set; an aclose() or
# athrow() awaitable that already ran refuses to run again with its own
# message, an asend() with the __anext__ one.
async def agen():
    yield 1


g = agen()
print(g.__name__, g.__qualname__)
g.__name__ = "renamed"
g.__qualname__ = "Outer.renamed"
print(g.__name__, g.__qualname__)


def drive(awaitable):
    try:
        awaitable.send(None)
    except StopIteration as e:
        return ("stop", e.value)
    except (RuntimeError, ValueError) as e:
        return (type(e).__name__, str(e))
    return ("suspended",)


g = agen()
first = g.asend(None)
print(drive(first))
print(drive(first))
closing = g.aclose()
print(drive(closing))
print(drive(closing))
try:
    closing.throw(ValueError)
except RuntimeError as e:
    print("RuntimeError:", e)
g2 = agen()
thrower = g2.athrow(ValueError)
print(drive(thrower))
print(drive(thrower))
