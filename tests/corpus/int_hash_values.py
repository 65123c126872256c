# hash() of ints as CPython computes it (modulo 2**61 - 1, -1 -> -2), and
# the dict/set behaviour that depends on it: small, negative, boundary and
# big ints, bools, int subclasses with and without their own __hash__.
vals = [0, 1, -1, -2, 2, 7, -7, 2**31, -2**31, 2**32 + 1,
        2**61 - 2, 2**61 - 1, 2**61, 2**61 + 1, -(2**61 - 1), -(2**61), -(2**61) - 1,
        2**62, 2**63 - 1, -(2**63 - 1), -(2**63), 2**63, 2**64 + 5, -2**100, 3**80,
        12345678901234567, -12345678901234567]
for v in vals:
    print(v, hash(v), hash(-v), hash(v) == hash(float(v)) if abs(v) < 2**53 else "big")
print(hash(True), hash(False), {True: 1, 1: 2, 1.0: 3})


class I(int):
    pass


class J(int):
    def __hash__(self):
        return 7


class K(int):
    __hash__ = None


print(hash(I(-1)), hash(I(2**61)), hash(I(5)), hash(J(3)), {I(4): "a"}[4])
try:
    hash(K(1))
except TypeError as e:
    print("TypeError:", e)
print(hash((1, -1, 2**61, -2)), hash((0,)), hash(frozenset({-1, -2})) == hash(frozenset({-2, -1})))
d = {}
for i in range(-5000, 5000, 7):
    d[i] = i * i
    d[i * 2**40] = i
print(len(d), d[-5000], d[-5000 * 2**40], d[-5000 + 7], sum(d[k] for k in range(-5000, 5000, 3) if k in d))
s = {2**61 - 1, 0, -1, -2, 2**61, 1}
print(sorted(s), (2**61 - 1) in s, 0 in s, -1 in s, 2**62 in s)
print(hash(-1) == hash(-2), {-1: "m1", -2: "m2"})
