"""Exceptions that cannot be raised: in __del__, and while a dying generator
is closed (a raise in its finally block, a yield in it) go to
sys.unraisablehook; the default hook prints "Exception ignored in: <obj>",
the traceback under its header, and the exception; the program goes on.
The hook writes to sys.stderr, captured here to hide object addresses."""
import io
import re
import sys


class Resource:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        raise ValueError(f"cannot release {self.name}")


def gen_raises_in_finally():
    try:
        yield 1
    finally:
        raise KeyError("cleanup")


def gen_yields_in_finally():
    try:
        yield 1
    finally:
        yield 2


def captured(action):
    saved, sys.stderr = sys.stderr, io.StringIO()
    try:
        action()
    finally:
        text, sys.stderr = sys.stderr.getvalue(), saved
    print(re.sub(r"0x[0-9a-f]+", "0x...", text), end="")
    print("-- went on", flush=True)


def del_resource():
    r = Resource("a")
    del r


def close_raising():
    g = gen_raises_in_finally()
    next(g)
    del g


def close_yielding():
    g = gen_yields_in_finally()
    next(g)
    del g


def nested():
    def inner():
        Resource("temporary")
        return "inner returned"
    print(inner())


for action in (del_resource, close_raising, close_yielding, nested):
    captured(action)


# A hook of one's own sees the exception, its traceback and the object.
def hook(u):
    print("hook:", u.exc_type.__name__, u.exc_value, type(u.object).__name__,
          u.exc_traceback is not None, flush=True)


sys.unraisablehook = hook
del_resource()
close_raising()
close_yielding()


def hook_msg(u):
    print("err_msg:", u.err_msg, flush=True)


sys.unraisablehook = hook_msg
close_raising()
close_yielding()

sys.unraisablehook = sys.__unraisablehook__
print(sys.unraisablehook is sys.__unraisablehook__)
captured(del_resource)
print("done")
