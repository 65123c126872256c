import sys

try:
    1 / 0
except ZeroDivisionError:
    sys.exit("exit while handling an error")
