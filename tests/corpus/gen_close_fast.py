# Closing generators suspended at a plain yield (no try/with around it) and
# at yields that have handlers: finally blocks, except GeneratorExit, with
# blocks, locals finalized in order, and the generator's state afterwards.
import gc
import sys


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def plain():
    a = Noisy("plain-a")
    for i in range(3):
        yield i
    print("never")


def guarded():
    b = Noisy("guarded-b")
    try:
        yield 1
        yield 2
    finally:
        print("finally runs")


def catching():
    try:
        yield 1
    except GeneratorExit:
        print("caught GeneratorExit")
        raise


def stubborn():
    try:
        yield 1
    except GeneratorExit:
        pass
    yield "again"


class Ctx:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        print("exit", exc[0].__name__ if exc[0] else None)
        return False


def with_block():
    with Ctx():
        yield 1


def after_with():
    with Ctx():
        pass
    yield "after"


for make in (plain, guarded, catching, with_block, after_with):
    g = make()
    print(make.__name__, next(g))
    print("close ->", g.close())
    print("frame", g.gi_frame, "running", g.gi_running, "suspended", g.gi_suspended)
    try:
        next(g)
    except StopIteration:
        print("StopIteration after close")

g = stubborn()
next(g)
try:
    g.close()
except RuntimeError as e:
    print("RuntimeError", e)
g = None
gc.collect()

# Abandoned generators are closed when they die.
def take_first(make):
    g = make()
    return next(g)


for make in (plain, guarded, catching):
    print("first", take_first(make))

# A generator that holds a handled exception while suspended.
def in_except():
    try:
        raise KeyError("k")
    except KeyError:
        yield sys.exc_info()[0].__name__
    yield "out"


g = in_except()
print(next(g))
print(sys.exc_info())
g.close()
print(sys.exc_info(), g.gi_frame)

# Closing an unstarted generator, a finished one, and one closed twice.
g = plain()
g.close()
print(list(g))
g = (x for x in range(2))
print(list(g), g.close(), g.close())

# Many abandoned genexprs in a hot loop (compiled), each closed at once.
n = 0
for i in range(5000):
    if any(x > 2 for x in range(i % 7)):
        n += 1
print(n)
