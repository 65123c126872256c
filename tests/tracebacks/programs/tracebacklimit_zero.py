import sys
import traceback


def fail():
    raise KeyError("nothing shown but this")


sys.tracebacklimit = 0
try:
    fail()
except KeyError:
    traceback.print_exc(file=sys.stdout)
fail()
