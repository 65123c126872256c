import sys
import traceback


def a():
    b()


def b():
    c = {"k": 1}
    return c["missing"]


try:
    a()
except KeyError as e:
    tb = e.__traceback__
for line in traceback.format_tb(tb):
    print(repr(line))
traceback.print_tb(tb, file=sys.stdout)
traceback.print_tb(tb, limit=2, file=sys.stdout)
traceback.print_tb(tb, limit=-1, file=sys.stdout)
for frame, lineno in traceback.walk_tb(tb):
    print(frame.f_code.co_name, lineno)
