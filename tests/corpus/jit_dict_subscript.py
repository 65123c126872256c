# d[k] in hot loops: present and missing keys (KeyError carries the key,
# tuples included), unhashable keys, keys whose __hash__/__eq__ raise,
# dict subclasses with __missing__ or __getitem__, and NaN / -0.0 keys.


class Key:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        if self.k == "boom":
            raise ValueError("no hash for boom")
        return hash(self.k)

    def __repr__(self):
        return "Key(%r)" % self.k

    def __eq__(self, other):
        if isinstance(other, Key) and other.k == "eqboom":
            raise RuntimeError("eq failed")
        return isinstance(other, Key) and self.k == other.k


class Defaulting(dict):
    def __missing__(self, k):
        return ("missing", k)


class Shouting(dict):
    def __getitem__(self, k):
        return str(dict.__getitem__(self, k)).upper()


def look(d, keys):
    out = []
    for k in keys:
        try:
            out.append(d[k])
        except KeyError as e:
            out.append(("KeyError", e.args))
        except (TypeError, ValueError, RuntimeError) as e:
            out.append((type(e).__name__, str(e)))
    return out


nan = float("nan")
d = {1: "one", "two": 2, (3, 4): "tuple", Key("k"): "key", nan: "nan", 0.0: "zero", None: "none"}
keys = [1, 1.0, True, "two", (3, 4), (3, 5), Key("k"), Key("x"), nan, float("nan"), -0.0, 0, None, [1], Key("boom"), "missing"]
for r in range(40):
    got = look(d, keys)
print(got)
eqd = {Key("eqboom"): 1}
for r in range(3):
    print(look(eqd, [Key("eqboom")]))
print(look(Defaulting(d), [1, "nope"]), look(Shouting(d), [1, "two"]))
counts = {}
for w in "a b a c b a".split() * 50:
    counts[w] = counts[w] + 1 if w in counts else 1
print(sorted(counts.items()))
try:
    {}[(1, 2)]
except KeyError as e:
    print(repr(e), str(e))
