# COMPARE_OP specialized on exact int, float and str: mixed int/float,
# big ints beyond 2**53, -0.0 and nan, subclasses with __eq__/__lt__ overrides,
# non-ASCII and surrogate strings, and sites whose operand types change.
import math

ops = [
    ("<", lambda a, b: a < b), ("<=", lambda a, b: a <= b),
    ("==", lambda a, b: a == b), ("!=", lambda a, b: a != b),
    (">", lambda a, b: a > b), (">=", lambda a, b: a >= b),
]


class MyInt(int):
    def __eq__(self, other):
        print("MyInt.__eq__", int(self), other)
        return True

    def __lt__(self, other):
        return "lt-result"

    __hash__ = int.__hash__


class MyFloat(float):
    def __gt__(self, other):
        return "gt-result"


class MyStr(str):
    def __eq__(self, other):
        return "always"

    def __le__(self, other):
        return NotImplemented

    __hash__ = str.__hash__


nan = float("nan")
values = [
    0, 1, -1, 2**53, 2**53 + 1, -(2**53) - 1, 2**64, -(2**70),
    0.0, -0.0, 1.0, -1.5, 2.0**53, 2.0**53 + 2, 1e300, -1e300,
    nan, math.inf, -math.inf,
    True, False,
]
for a in values:
    row = []
    for b in values:
        row.append("".join("1" if f(a, b) else "0" for _, f in ops))
    print(repr(a), " ".join(row))

strs = ["", "a", "b", "ab", "abc", "B", "é", "z", "\u20ac", "\U0001f600", "\ud800", "\udfff", "\ue000", "a\x00", "A"]
for a in strs:
    print(ascii(a), "".join("".join("1" if f(a, b) else "0" for _, f in ops) + " " for b in strs))

s = "same"
print(s == s, s < s, s <= s, s != s, s > s, s >= s)


def site(a, b):
    # one site, many operand types: the fast path must miss and fall back
    return (a == b, a != b, a < b if not isinstance(a, str) or isinstance(b, str) else None)


for a, b in [(1, 1), (1, 1.0), ("x", "x"), (1.5, 1), (MyInt(3), 3), (3, MyInt(3)),
             (MyFloat(2.0), 1.0), (MyStr("q"), "q"), ("q", MyStr("q")), (2**100, 2.0**100),
             (2**53 + 1, 2.0**53), (nan, nan), (-0.0, 0), (0, -0.0), ([1], [1]), ((1, "a"), (1, "a")),
             (None, None), (True, 1), (1, True)]:
    try:
        print(type(a).__name__, type(b).__name__, site(a, b))
    except TypeError as e:
        print("TypeError", e)

print(MyInt(1) < 5, MyFloat(1.0) > 5, MyStr("a") == "b", MyStr("a") <= "b")
try:
    print("a" < 1)
except TypeError as e:
    print("TypeError", e)
try:
    print(1.0 >= "x")
except TypeError as e:
    print("TypeError", e)

# compares in loops and conditions (bool results used as jumps)
n = 0
for i in range(200):
    x = i * 0.5
    if x < i and i != 3 and "k" + str(i % 3) == "k1":
        n += 1
    if i == x:
        n += 100
print(n)
