# A coroutine that dies without having run warns "was never awaited"
# (RuntimeWarning); one that was closed or finished does not. A finished
# coroutine refuses send() and throw() alike, and close() stays silent.
import gc
import warnings


async def job():
    return "spam"


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    c = job()
    del c
    gc.collect()
    c = job()
    c.close()
    del c
    c = job()
    try:
        c.send(None)
    except StopIteration as e:
        print("returned", e.value)
    del c
    gc.collect()
print([(w.category.__name__, str(w.message)) for w in caught])

c = job()
try:
    c.send(None)
except StopIteration:
    pass
for call in (lambda: c.send(None), lambda: c.throw(Exception("wat")), lambda: c.throw(ValueError)):
    try:
        call()
    except RuntimeError as e:
        print("RuntimeError:", e)
c.close()
c.close()
print("closed quietly")


def gen():
    yield 1


g = gen()
list(g)
try:
    g.throw(KeyError("k"))
except KeyError as e:
    print("finished generator rethrows", repr(e))
