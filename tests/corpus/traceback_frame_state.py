# Frames seen through tracebacks, as CPython 3.11 has them: one frame object
# per frame (tb_frame of a running frame is sys._getframe()), f_lineno of an
# ended frame is the line it left from (PEP 626), locals a frame dropped are
# not kept alive by its traceback, and a running frame cannot be cleared.
import gc
import sys
import types
import weakref


def lines_after_raise(f):
    try:
        f()
    except Exception as ex:
        t = ex.__traceback__.tb_next
    out = []
    while t:
        fr = t.tb_frame
        out.append((t.tb_lineno - fr.f_code.co_firstlineno,
                    None if fr.f_lineno is None else fr.f_lineno - fr.f_code.co_firstlineno))
        t = t.tb_next
    return out


def simple():
    1/0
    pass


def in_except():
    try:
        1/0
    except:
        1/0
        pass


def other_except():
    try:
        1/0
    except TypeError as ex:
        pass


def in_try():
    try:
        1/0
    finally:
        pass


def in_finally_except():
    try:
        1/0
    finally:
        1/0
        pass


class Noop:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass


def after_with():
    with Noop():
        1/0
        pass


def hot_loop():
    total = 0
    for i in range(3000):
        total += i
        if i == 2500:
            raise ValueError(total)
    return total


def outer():
    return simple()


for f in (simple, in_except, other_except, in_try, in_finally_except, after_with, hot_loop, outer):
    print(f.__name__, lines_after_raise(f))


# tb_frame of the frame that caught the exception is the running frame.
def caught_here():
    try:
        1/0
    except ZeroDivisionError as e:
        tb = e.__traceback__
    print("same frame:", tb.tb_frame is sys._getframe())
    print("live line:", tb.tb_frame.f_lineno - caught_here.__code__.co_firstlineno)
    try:
        tb.tb_frame.clear()
    except RuntimeError as e:
        print("clear:", e)
    try:
        tb.tb_frame.f_back.clear()
    except RuntimeError as e:
        print("clear caller:", e)


caught_here()


# types.TracebackType takes a running frame.
def make_traceback():
    frame = sys._getframe()
    tb = types.TracebackType(None, frame, 4, 7)
    print("constructed:", tb.tb_frame is frame, tb.tb_lasti, tb.tb_lineno, tb.tb_next)
    try:
        types.TracebackType(None, "no", 1, 2)
    except TypeError:
        print("constructed with a str: TypeError")


make_traceback()


# The value a frame dropped is not kept by the traceback of an exception
# that passed through it.
class Obj:
    pass


class MyException(Exception):
    def __init__(self, obj):
        self.obj = obj


def cleanup_state():
    def inner_raising_func():
        local_ref = obj
        raise MyException(obj)

    obj = Obj()
    wr = weakref.ref(obj)
    try:
        try:
            inner_raising_func()
        except:
            raise KeyError
    except KeyError as e:
        e.__context__ = None
        obj = None
        gc.collect()
        print("freed in handler:", wr() is None)


cleanup_state()


# An ended frame keeps its locals for the traceback; clear() drops them.
def make_frames():
    def inner():
        z = x + 2
        1/0

    x = 5
    try:
        inner()
    except ZeroDivisionError as e:
        return e.__traceback__


tb = make_frames()
inner_frame = tb.tb_next.tb_frame
print("locals:", sorted(inner_frame.f_locals.items()))
inner_frame.clear()
print("after clear:", inner_frame.f_locals)
