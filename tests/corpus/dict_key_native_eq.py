# Dict and set lookups whose keys are equal but not the same object: exact
# str and int keys compare by value inside the table; subclasses with their
# own __eq__ (and equal-hash keys of other types) still run Python code.
calls = []


class LoudStr(str):
    def __eq__(self, other):
        calls.append(("LoudStr.__eq__", str(self), other))
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class LoudInt(int):
    def __eq__(self, other):
        calls.append(("LoudInt.__eq__", int(self), other))
        return int.__eq__(self, other)

    __hash__ = int.__hash__


def fresh(s):
    # a new str object equal to s (not interned, not the same object)
    return "".join(list(s))


words = ["alpha", "beta", "gamma", "delta", "ünïcode", "日本語", "", "a" * 40]
d = {}
for w in words:
    d[w] = len(w)
for w in words:
    k = fresh(w)
    assert k is not w or len(w) <= 1
    d[k] = d[k] + 1
print(sorted(d.items()))
print([d.get(fresh(w), -1) for w in words], d.get("missing", -1))
print(fresh("beta") in d, fresh("bet") in d, "ünïcod" + "e" in d)

# big ints: equal, distinct objects
big = [10 ** 20 + i for i in range(5)]
di = {b: i for i, b in enumerate(big)}
print([di[10 ** 20 + i] for i in range(5)], (10 ** 20 + 7) in di)
di[2 ** 70] = "x"
print(di.get(2 ** 70), di.get(-(2 ** 70)))

# a subclass key meets an exact stored key with the same hash: __eq__ runs
d2 = {"spam": 1, 12345678901: 2}
print(d2[LoudStr("spam")], d2[LoudInt(12345678901)], calls)
calls.clear()
d3 = {LoudStr("eggs"): 1, LoudInt(98765432101): 2}
print(d3[fresh("eggs")], d3[98765432101 + 0], len(calls) > 0)
calls.clear()

# True == 1 == 1.0: different exact types still compare equal
d4 = {1: "int"}
d4[True] = "bool"
d4[1.0] = "float"
print(d4, {"a": 1} == {fresh("a"): 1})

# sets: the same rules
s = set()
for w in words * 3:
    s.add(fresh(w))
print(len(s), sorted(s) == sorted(words))
s2 = {10 ** 30 + i for i in range(4)}
s2.add(10 ** 30 + 2)
s2.discard(10 ** 30 + 3)
print(len(s2), (10 ** 30 + 1) in s2, (10 ** 30 + 3) in s2)
s3 = {"ham"}
print(LoudStr("ham") in s3, calls)
calls.clear()
s4 = {LoudStr("jam")}
print(fresh("jam") in s4, len(calls) > 0)


# equal hashes, different strings: the probe goes on
class H(str):
    def __hash__(self):
        return 42


collide = {H("x"): 1, H("y"): 2}
print(collide[H("y")], collide.get(H("z")))


# counting, as a report does
text = " ".join(words * 50).split()
counts = {}
for raw in text:
    w = raw.strip(".,").lower()
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
