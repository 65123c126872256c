import sys
import traceback


def level(n):
    if n == 0:
        raise ValueError("deep")
    level(n - 1)


sys.tracebacklimit = 2
try:
    level(4)
except ValueError:
    traceback.print_exc(file=sys.stdout)
level(4)
