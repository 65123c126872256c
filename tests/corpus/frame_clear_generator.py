# frame.clear() of a generator's frame that is not running finalizes the
# generator as if it died: a suspended generator is closed (its finally
# runs), a coroutine never awaited warns; a running one cannot be cleared.
import sys
import warnings

log = []


def g():
    try:
        yield 1
        yield 2
    finally:
        log.append("finally")


gen = g()
next(gen)
gen.gi_frame.clear()
print(log, gen.gi_frame, list(gen))


def running():
    f = sys._getframe()
    try:
        f.clear()
    except RuntimeError as e:
        yield str(e)


print(list(running()))


async def coro():
    pass


c = coro()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    c.cr_frame.clear()
print([(x.category.__name__, str(x.message)) for x in w])
c.close()
print(c.cr_frame)
