import sys


def hook(exc_type, exc, tb):
    print("custom hook:", exc_type.__name__, exc, tb.tb_lineno, file=sys.stderr)


print(sys.excepthook is sys.__excepthook__)
sys.excepthook = hook
raise ValueError("handled by hook")
