# generator.throw() as CPython 3.11 does it: the exception thrown into a
# delegate of `yield from` gets the delegating frame's handled exception as
# its context; an exception class whose construction fails throws that
# failure into the generator (which finishes); an instance with a separate
# value is refused before the generator runs; a delegate whose `close`
# lookup fails is reported as unraisable and the generator still closes.
import sys


def inner():
    yield


def outer():
    try:
        raise KeyError("a")
    except Exception:
        yield from inner()


gen = outer()
gen.send(None)
try:
    gen.throw(ValueError)
except ValueError as e:
    print("context:", repr(e.__context__))


class Bad(Exception):
    def __new__(cls, *args, **kwargs):
        return cls


def boring():
    yield


gen = boring()
try:
    gen.throw(Bad)
except TypeError as e:
    print("TypeError:", "should have returned an instance of BaseException" in str(e))
try:
    next(gen)
except StopIteration:
    print("finished")


def catching():
    while True:
        try:
            yield
        except TypeError as e:
            print("caught inside:", "BaseException" in str(e))


gen = catching()
next(gen)
gen.throw(Bad)
gen.close()

gen = boring()
next(gen)
try:
    gen.throw(ValueError(1), "foo")
except TypeError as e:
    print("TypeError:", e)
print("still suspended:", gen.gi_suspended)
try:
    gen.throw(ValueError, None, "not a traceback")
except TypeError as e:
    print("TypeError:", e)


class Broken:
    def __iter__(self):
        return self

    def __next__(self):
        return 1

    def __getattr__(self, attr):
        1 / 0


def delegating():
    try:
        yield from Broken()
    finally:
        print("delegating closed")


seen = []
sys.unraisablehook = lambda u: seen.append(u.exc_type.__name__)
gen = delegating()
print(next(gen))
gen.close()
print("unraisable:", seen)
