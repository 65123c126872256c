import sys
import traceback


def walk(n):
    if n == 0:
        {}["bottom"]
    walk(n - 1)


for depth in (3, 4, 5):
    try:
        walk(depth)
    except KeyError:
        traceback.print_exc(file=sys.stdout)
