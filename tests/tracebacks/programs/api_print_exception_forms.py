import sys
import traceback


def fail():
    raise ValueError("form test")


try:
    fail()
except ValueError as e:
    exc = e
traceback.print_exception(exc, file=sys.stdout)
traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stdout)
traceback.print_exception(ValueError, exc, None, file=sys.stdout)
traceback.print_exception(exc, limit=0, file=sys.stdout)
print(traceback.format_exception(exc, limit=1))
print(traceback.format_exception_only(exc))
print(traceback.format_exception_only(ValueError, exc))
print(traceback.format_exception_only(None))
try:
    traceback.print_exception(exc, exc)
except ValueError as err:
    print("ValueError:", err)
try:
    traceback.format_exception("not an exception")
except TypeError as err:
    print("TypeError:", err)
