# exec(code, closure=...) is checked as CPython 3.11 checks it, and
# type(name, bases, ns) keeps the order an OrderedDict namespace iterates in.
import collections
from types import CellType


def make():
    a, b = 1, 2

    def uses():
        return a + b

    return uses


def plain():
    return 0


uses = make()
captured = []
g = {"captured": captured}
code = compile("captured.append('ran')", "<s>", "exec")
cases = [
    ("plain with closure", lambda: exec(plain.__code__, {}, closure=uses.__closure__)),
    ("free vars without closure", lambda: exec(uses.__code__, {})),
    ("wrong length", lambda: exec(uses.__code__, {}, closure=(CellType(1),))),
    ("not a tuple", lambda: exec(uses.__code__, {}, closure=[CellType(1), CellType(2)])),
    ("not cells", lambda: exec(uses.__code__, {}, closure=(1, 2))),
    ("string with closure", lambda: exec("x = 1", {}, closure=uses.__closure__)),
    ("None closure", lambda: exec(code, g, closure=None)),
    ("right closure", lambda: exec(uses.__code__, {}, closure=(CellType(5), CellType(6)))),
]
for name, call in cases:
    try:
        print(name, "->", call())
    except TypeError as e:
        print(name, "-> TypeError:", e)
print(captured)

od = collections.OrderedDict([("a", 1), ("b", 2)])
od.move_to_end("a")
C = type("C", (), od)
print(list(C.__dict__.items())[:2], C.__module__)
od["__module__"] = "elsewhere"
D = type("D", (), od)
print([k for k in D.__dict__ if k in ("a", "b")], D.__module__)
