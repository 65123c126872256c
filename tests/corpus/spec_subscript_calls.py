# Subscript load/store on exact dict/list/tuple, and the specialized calls of
# str.isdigit/isspace/isalpha/isalnum and dict.get: subclasses, __missing__,
# __hash__/__eq__ keys, missing keys, non-ASCII strings, rebinding.


class Miss(dict):
    def __missing__(self, k):
        return "missing:" + repr(k)


class Loud(dict):
    def __getitem__(self, k):
        print("Loud.__getitem__", k)
        return dict.__getitem__(self, k)

    def __setitem__(self, k, v):
        print("Loud.__setitem__", k, v)
        dict.__setitem__(self, k, v)

    def get(self, k, d=None):
        return ("Loud.get", k, d)


class HKey:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, HKey) and other.v == self.v

    def __repr__(self):
        return "HKey(%r)" % (self.v,)


for d in [{"a": 1, 2: "two", 2**70: "big"}, Miss(a=1), Loud(a=1)]:
    for k in ["a", 2, 2**70, "zz", 2.0, True, HKey(1)]:
        try:
            print(type(d).__name__, repr(k) if not isinstance(k, HKey) else "HKey", d[k])
        except KeyError as e:
            print("KeyError", e)
        except TypeError as e:
            print("TypeError", e)
    d["new"] = 5
    d[7] = 8
    d[HKey(3)] = 9
    try:
        d[[1]] = 1
    except TypeError as e:
        print("TypeError", e)
    print(sorted(map(repr, [k if not isinstance(k, HKey) else "HKey" for k in d])), d.get("new"), d.get("nope"), d.get("nope", 0), d.get(7, 1))
    try:
        d.get([1])
    except TypeError as e:
        print("TypeError", e)

d = {1: "int"}
print(d[1.0], d[True], d.get(1.0), d.get(True))
try:
    print({}.get())
except TypeError as e:
    print("TypeError", e)
try:
    print({}.get(1, 2, 3))
except TypeError as e:
    print("TypeError", e)
print(dict.get(d, 1), dict.get(Miss(), 5, "dflt"))
try:
    dict.get("notadict", 1)
except TypeError as e:
    print("TypeError", e)

strs = ["", "123", "12a", "abc", "ab1", " \t\n", "\x0b\x0c\r", "\x1c\x1d\x1e\x1f", "\x85", "\xa0", "٣", "²",
        "é", "Ⅷ", "a b", "_", "ABC", "\u2003", "x\x00"]
for s in strs:
    print(ascii(s), s.isdigit(), s.isspace(), s.isalpha(), s.isalnum(), s.isdecimal(), s.isnumeric())
for c in map(chr, range(128)):
    print(ord(c), int(c.isdigit()), int(c.isspace()), int(c.isalpha()), int(c.isalnum()), end=";")
print()


class S(str):
    def isdigit(self):
        return "overridden"


print(S("12").isdigit(), S("12").isalpha(), str.isdigit("42"), str.isspace(" "))
try:
    str.isdigit(42)
except TypeError as e:
    print("TypeError", e)
try:
    "1".isdigit(1)
except TypeError as e:
    print("TypeError", e)

# list/tuple index edge cases at one site
def get(c, i):
    try:
        return c[i]
    except (IndexError, KeyError, TypeError) as e:
        return type(e).__name__ + ": " + str(e)


for c in [[1, 2, 3], (1, 2, 3), {0: "z", -1: "m"}, "abc", range(3)]:
    print([get(c, i) for i in (0, -1, 3, -4, 2**64, True, 1.0, "0")])

# a bound name rebound to something else at the same call site
isd = str.isdigit
for f in [str.isdigit, str.isalpha, len, lambda s: "lam"]:
    print(f("12"))
