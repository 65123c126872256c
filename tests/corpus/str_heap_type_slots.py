"""str(), f-strings and %s of instances of classes derived from built-in types (exceptions, numbers, strings, containers, enums, named tuples, fractions, dates) and of plain classes, with and without their own __str__ or __repr__: str() calls a heap type's native str slot directly (vendor patch 16)."""
import enum, collections, fractions, pathlib, datetime, ipaddress, uuid
class E(Exception): pass
class K(KeyError): pass
class I(int): pass
class F(float): pass
class S(str): pass
class B(bytes): pass
class L(list): pass
class D(dict): pass
class P: pass
class R:
    def __repr__(self): return "R!"
class M(R): pass
class Col(enum.Enum):
    RED = 1
class IE(enum.IntEnum):
    A = 3
class N(collections.namedtuple("N", "a b")): pass

class Fr(fractions.Fraction): pass
class Dt(datetime.date): pass
objs = [E("x"), E(), E(1, 2), K("k"), I(5), F(1.5), S("s"), B(b"b"), L([1]), D(a=1), R(), M(), Col.RED, IE.A, N(1, 2), Fr(1, 3), Dt(2020, 1, 2), ipaddress.ip_address("1.2.3.4"), uuid.UUID(int=5), pathlib.PurePosixPath("/a/b")]
for o in objs:
    print(type(o).__name__, str(o), f"{o}", "%s" % (o,))
print(str(P()).startswith("<__main__.P object"))
class W(str):
    def __str__(self): return "W!"
print(str(W("x")), str(S("y")) == "y", type(str(S("y"))).__name__)
class X(Exception):
    def __str__(self): return "X!"
print(str(X()))
