import sys
import traceback

try:
    x = 1; y = x / 0; z = 2
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
a = [1]; b = a[0] + a[1]
