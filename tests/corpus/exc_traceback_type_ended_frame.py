# types.TracebackType() over the frame object of a function that has returned
# (CPython's test_traceback: KeyboardInterrupt at the first line of a frame),
# and sys.excepthook keeping the traceback an exception already carries.
import io
import sys
import traceback
import types


def f():
    return sys._getframe()


frame = f()
lineno = f.__code__.co_firstlineno
tb = types.TracebackType(None, frame, 0, lineno)
print(tb.tb_lineno == lineno, tb.tb_lasti, tb.tb_next)

exc = KeyboardInterrupt()
exc.__traceback__ = tb
print("".join(traceback.format_exception(exc)), end="")

# Raising it again puts this frame in front of the entries it had.
try:
    raise exc
except BaseException as e:
    print("".join(traceback.format_tb(e.__traceback__)), end="")

# The excepthook prints the exception's own traceback, not the argument,
# when the exception has one; the argument when it has none.
saved = sys.stderr
for value, given in ((exc, tb), (ValueError("fresh"), tb)):
    sys.stderr = io.StringIO()
    sys.__excepthook__(type(value), value, given)
    text = sys.stderr.getvalue()
    sys.stderr = saved
    print(text, end="")


def g(n):
    return sys._getframe(), n * 2


frame2, _ = g(3)
try:
    types.TracebackType(None, frame2, 0, 47)
    print("made from", frame2.f_code.co_name, frame2.f_locals)
except Exception as e:
    print(type(e).__name__, e)
try:
    types.TracebackType(None, "not a frame", 0, 1)
except TypeError as e:
    print("TypeError", e)
try:
    types.TracebackType(None, 5, 0, 1)
except TypeError as e:
    print("TypeError", e)
