# Method calls on builtin types are cached per call site (by type and type
# version): shadowing by an instance attribute, replacing the method on a
# subclass, classmethods and plain builtin receivers must all still behave
# as in CPython.
class L(list):
    pass


def run(xs):
    for _ in range(3):
        xs.append(1)
    return len(xs)


a = L()
print(run(a))
a.append = lambda v: print("shadow", v)
print(run(a), len(a))
del a.append
print(run(a))
L.append = lambda self, v: print("class", v)
print(run(a))
del L.append
print(run(a))
b = []
print(run(b), run(b))
for _ in range(3):
    print({}.fromkeys([1, 2]), dict.fromkeys("ab", 0))
try:
    list.append(1, 2)
except TypeError as e:
    print("TypeError", e)


def pops(xs):
    out = []
    for _ in range(4):
        out.append(xs.pop(0))
    return out


print(pops([5, 6, 7, 8, 9]), pops(L("abcde")))
try:
    pops([1])
except IndexError as e:
    print("IndexError", e)
for s in ("a b", b"c d", bytearray(b"e f")):
    print(s.split(), s.upper())
