import sys
import traceback


def build(a, b):
    return {
        "sum": a + b,
        "ratio": a / b,
    }


try:
    build(1, 0)
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
try:
    value = build(
        1,
        0)
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
build(
    2, 0)
