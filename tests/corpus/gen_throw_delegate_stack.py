# throw() into a generator suspended in `yield from` (or a coroutine in
# `await`) runs the delegate with the delegating frame on the stack, as
# send() does.
import sys
import traceback
import types


def names(frame):
    out = []
    while frame and frame.f_code.co_name != "<module>":
        out.append(frame.f_code.co_name)
        frame = frame.f_back
    return out


def f():
    print("f start", names(sys._getframe()))
    try:
        yield
    except Exception as e:
        print("f caught", type(e).__name__, names(sys._getframe()))
    print("f end", names(sys._getframe()))


def g():
    yield from f()
    print("g end", names(sys._getframe()))


def drive(method):
    gen = g()
    gen.send(None)
    try:
        method(gen)
    except StopIteration:
        print("stopped")


drive(lambda gen: gen.send(None))
drive(lambda gen: gen.throw(RuntimeError))


async def a():
    return await b()


async def b():
    return await c()


@types.coroutine
def c():
    try:
        yield len(traceback.extract_stack())
    except ZeroDivisionError:
        yield len(traceback.extract_stack())


coro = a()
print(coro.send(None) == coro.throw(ZeroDivisionError))
coro.close()
