import sys
import traceback


def f(x):
	if x:
		return x["a"] + 1


try:
	f({"a": "s"})
except TypeError:
	traceback.print_exc(file=sys.stdout)
f({"a": None})
