# dict.get in hot loops: present and missing keys, with and without a
# default, keys whose __hash__/__eq__ run Python code or raise, unhashable
# keys, dict subclasses, and a get that is not the builtin one.


class Key:
    def __init__(self, k, loud=False):
        self.k = k
        self.loud = loud

    def __hash__(self):
        if self.k == "boom":
            raise ValueError("no hash for boom")
        return hash(self.k)

    def __eq__(self, other):
        if self.loud:
            print("eq", self.k)
        return isinstance(other, Key) and self.k == other.k


class Counting(dict):
    def get(self, k, default=None):
        return ("sub", dict.get(self, k, default))


class Missing(dict):
    def __missing__(self, k):
        return "missing!"


def count(words, d):
    for w in words:
        d[w] = d.get(w, 0) + 1
    return d


def lookups(d, keys):
    out = []
    for k in keys:
        out.append(d.get(k))
        out.append(d.get(k, "dflt"))
    return out


words = ("a b c a b a d e a " * 20).split()
print(sorted(count(words, {}).items()))
d = {1: "one", 2.0: "two", "3": "three", (4, 5): "tuple", Key("k"): "key", None: "none"}
for r in range(40):
    got = lookups(d, [1, 2, 1.0, True, "3", 3, (4, 5), (4, 6), Key("k"), Key("x"), None])
print(got)
print(lookups(Counting(d), [1, 7]))
print(lookups(Missing(d), [1, 7]))
loud = {Key("q", True): 1}
for r in range(3):
    print(loud.get(Key("q", True), 0))
for bad in ([1], {}, Key("boom")):
    for r in range(3):
        try:
            d.get(bad)
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
for args in ((), (1, 2, 3)):
    try:
        d.get(*args)
    except TypeError as e:
        print("TypeError", e)
try:
    dict.get([], 1)
except TypeError as e:
    print("TypeError", e)
shadow = {"get": 1}
print(sum(dict.get(shadow, "get") for _ in range(50)))
