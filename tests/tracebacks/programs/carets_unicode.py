import sys
import traceback


def fail(données):
    return données["clé"] + données["値"]


try:
    fail({"clé": 1, "値": "二"})
except TypeError:
    traceback.print_exc(file=sys.stdout)
fail({"clé": "ü", "値": 2})
