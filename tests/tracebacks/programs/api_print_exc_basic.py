import sys
import traceback


def risky(n):
    return [1, 2, 3][n]


try:
    risky(5)
except IndexError:
    traceback.print_exc()
    traceback.print_exc(file=sys.stdout)
    print(repr(traceback.format_exc()))
    traceback.print_exc(limit=1, file=sys.stdout)
    traceback.print_exc(limit=-1, file=sys.stdout)
