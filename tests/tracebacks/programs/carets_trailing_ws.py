import sys
import traceback


def f():
    return 1 / 0    


def g():
    f()   


try:
    g()
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
g()  
