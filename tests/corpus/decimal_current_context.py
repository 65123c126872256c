# Which context getcontext() returns: the same object until setcontext,
# the object set (or a fresh copy of a shared context), per thread, per
# contextvars.Context run (nested, re-entered, copied), per asyncio task,
# per generator step, and around localcontext; the arithmetic follows it.
import asyncio
import contextvars
import threading
from decimal import (Decimal as D, Context, DefaultContext, BasicContext, ExtendedContext, getcontext, setcontext,
                     localcontext, ROUND_DOWN)


def t(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__


def cur():
    return getcontext().prec, str(D(2) / 3)


a = getcontext()
print(a is getcontext(), cur())
b = Context(prec=5)
setcontext(b)
print(getcontext() is b, getcontext() is getcontext(), cur())
b.prec = 6
print(cur())
for shared in (DefaultContext, BasicContext, ExtendedContext):
    setcontext(shared)
    c = getcontext()
    print(c is shared, c is getcontext(), c.prec, c.rounding, cur())
print(t(lambda: setcontext()), t(lambda: getcontext(1)), getcontext.__name__, setcontext.__name__)
print(getcontext.__doc__ is not None, setcontext.__doc__ is not None)
setcontext(a)
print(getcontext() is a, cur())

# localcontext: a copy inside, the saved context again after (even on error).
with localcontext() as l:
    print(l is getcontext(), l is not a, cur())
    l.prec = 3
    print(cur())
print(getcontext() is a, cur())
try:
    with localcontext(prec=4):
        print(cur())
        raise ValueError
except ValueError:
    pass
print(getcontext() is a, cur())

# contextvars runs: nested, re-entered, and each copy its own.
outer = contextvars.copy_context()


def level(n, prec):
    setcontext(Context(prec=prec))
    here = getcontext()
    if n:
        inner = contextvars.copy_context()
        print("inner sees", inner.run(lambda: (getcontext() is here, cur())))
        print("inner sets", inner.run(level, n - 1, prec + 10))
        print("after inner", getcontext() is here, cur())
    return cur()


print(outer.run(level, 2, 7), cur())
print("re-entered", outer.run(lambda: cur()))
print("re-entered again", outer.run(lambda: (setcontext(Context(prec=9)), cur())[1]))
print("outer again", outer.run(cur), getcontext() is a, cur())
fresh = contextvars.Context()
print("empty Context", fresh.run(lambda: (getcontext() is a, getcontext() is getcontext(), cur())))
print("empty Context again", fresh.run(lambda: cur()))


# Generators run in the context of whoever resumes them.
def gen():
    while True:
        yield cur()


g = gen()
print(next(g))
print(contextvars.copy_context().run(lambda: (setcontext(Context(prec=2)), next(g))[1]))
print(next(g))

# Threads: each its own context, stable within the thread.
results = {}
barrier = threading.Barrier(3)


def worker(i):
    first = getcontext()
    setcontext(Context(prec=10 + i, rounding=ROUND_DOWN))
    barrier.wait()
    mine = getcontext()
    results[i] = (first is mine, mine is getcontext(), cur(), first.prec)


threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
for th in threads:
    th.start()
for th in threads:
    th.join()
print(sorted(results.items()), getcontext() is a, cur())


# asyncio: tasks start from a copy of the creator's contextvars.
async def task(prec, wait):
    if prec:
        setcontext(Context(prec=prec))
    await asyncio.sleep(wait)
    return cur()


async def main():
    setcontext(Context(prec=12))
    rs = await asyncio.gather(task(3, 0.01), task(None, 0), task(5, 0))
    return rs, cur()


print(asyncio.run(main()), cur())
