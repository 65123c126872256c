import sys


def fail():
    raise OSError("negative limit")


sys.tracebacklimit = -5
fail()
