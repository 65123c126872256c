import sys
import traceback

try:
    traceback.print_last()
except ValueError as e:
    print("ValueError:", e)
try:
    {}["x"]
except KeyError:
    sys.last_type, sys.last_value, sys.last_traceback = sys.exc_info()
traceback.print_last(file=sys.stdout)
