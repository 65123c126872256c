import sys
import traceback

cases = {}


def raise_it():
    raise ValueError("x")


def run(name, func):
    try:
        func()
    except Exception:
        traceback.print_exc(limit=-1, file=sys.stdout)


def aug():
    x = 1
    x += "s"


def star():
    a, b = 5


def delete():
    d = {}
    del d["k"]


def compare():
    return 1 < "a"


def call_kwargs():
    return dict(**{1: 2})


def fstring():
    return f"{1 / 0}"


for name, func in [("aug", aug), ("star", star), ("delete", delete), ("compare", compare),
                   ("call_kwargs", call_kwargs), ("fstring", fstring)]:
    run(name, func)
