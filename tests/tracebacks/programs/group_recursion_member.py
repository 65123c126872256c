import sys
import traceback


def dive(n):
    if n == 0:
        raise ValueError("bottom of the dive")
    dive(n - 1)


def collect():
    try:
        dive(8)
    except ValueError as e:
        return e


eg = ExceptionGroup("deep member", [collect()])
try:
    raise eg
except ExceptionGroup:
    traceback.print_exc(file=sys.stdout)
raise eg
