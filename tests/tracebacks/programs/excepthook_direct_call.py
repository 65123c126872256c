import sys


def fail():
    return [][0]


try:
    fail()
except IndexError:
    sys.__excepthook__(*sys.exc_info())
try:
    prnt = 1
    print(prnnt)
except NameError:
    sys.excepthook(*sys.exc_info())
print("still running")
