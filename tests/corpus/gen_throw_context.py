# An exception thrown into a generator or coroutine suspended inside an
# `except` block gets that handled exception as __context__ (CPython's
# _PyErr_ChainStackItem); one suspended outside any handler gets none, even
# when the thrower is handling something.
import asyncio


def gen():
    try:
        raise KeyError(1)
    except KeyError:
        try:
            yield 1
        except ValueError as e:
            print("inside except:", repr(e.__context__))
    yield 2


g = gen()
next(g)
print(g.throw(ValueError("v")))


def plain():
    try:
        yield 1
    except ValueError as e:
        print("outside any handler:", repr(e.__context__))
    yield 2


g = plain()
next(g)
try:
    raise IndexError(0)
except IndexError:
    print(g.throw(ValueError("w")))


def delegate():
    try:
        raise KeyError(2)
    except KeyError:
        try:
            yield from plain_inner()
        except ValueError as e:
            print("through yield from:", repr(e.__context__))
    yield 3


def plain_inner():
    yield 1


g = delegate()
next(g)
print(g.throw(ValueError("x")))

same = KeyError(3)


def rethrow_same():
    try:
        raise same
    except KeyError:
        try:
            yield 1
        except KeyError as e:
            print("same object:", e is same, repr(e.__context__))
    yield 4


g = rethrow_same()
next(g)
print(g.throw(same))


async def raise_error():
    raise ValueError


async def run():
    try:
        raise KeyError(3)
    except Exception:
        task = asyncio.ensure_future(raise_error())
        try:
            await task
        except Exception as exc:
            print("asyncio task:", type(exc).__name__, repr(exc.__context__))


asyncio.run(run())


def closing():
    try:
        raise KeyError(5)
    except KeyError:
        try:
            yield 1
        except GeneratorExit as e:
            print("close:", repr(e.__context__))
            raise


g = closing()
next(g)
g.close()
