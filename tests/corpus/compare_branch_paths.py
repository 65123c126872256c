# COMPARE_OP followed by a conditional jump: the fused path for exact ints,
# floats and strs, and every operand it must leave to the generic compare.
import math


def branch(a, b):
    out = []
    if a < b:
        out.append("lt")
    if a <= b:
        out.append("le")
    if a == b:
        out.append("eq")
    if a != b:
        out.append("ne")
    if a > b:
        out.append("gt")
    if a >= b:
        out.append("ge")
    if not a == b:
        out.append("not-eq")
    return " ".join(out)


def loop_count(n):
    i = 0
    total = 0
    while i < n:
        if i % 3 == 0 or i == 7:
            total += i
        elif i > 10 and i != 12:
            total -= 1
        i += 1
    return total


cases = [
    (1, 2), (2, 1), (5, 5), (-3, 3), (0, -0),
    (2**62, 2**62 + 1), (2**63, 2**63), (-2**63, 2**63 - 1), (10**30, 10**30 + 1), (-(10**30), 3),
    (1.5, 2), (2, 1.5), (3, 3.0), (2**53 + 1, float(2**53)), (10**400, 1e308), (-(10**400), -1e308),
    (0.0, -0.0), (math.inf, 1e308), (-math.inf, -1e308), (math.nan, math.nan), (math.nan, 1), (1, math.nan),
    ("a", "b"), ("b", "a"), ("abc", "abc"), ("", "a"), ("é", "e"), ("\U0001f600", "\uffff"), ("ab", "abc"),
    (True, 1), (False, 0), (True, 2.0), (1, True),
]
for a, b in cases:
    print(repr(a)[:20], repr(b)[:20], branch(a, b))
print("loop", loop_count(100))

s = "x" * 5
print("identity", branch(s, s), branch(math.nan, math.nan))


class MyInt(int):
    def __lt__(self, other):
        print("MyInt.__lt__", int(self), other)
        return True

    def __eq__(self, other):
        print("MyInt.__eq__", int(self), other)
        return "yes"

    __hash__ = int.__hash__


class MyFloat(float):
    def __gt__(self, other):
        return "truthy"


class MyStr(str):
    def __ne__(self, other):
        print("MyStr.__ne__")
        return 0


print(branch(MyInt(5), 3))
print(branch(3, MyInt(5)))
print(branch(MyFloat(2.0), 1.0))
print(branch(MyStr("a"), "a"))


class Weird:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return Falsy() if self.v else []

    def __lt__(self, other):
        return NotImplemented

    def __gt__(self, other):
        return NotImplemented


class Falsy:
    def __bool__(self):
        print("Falsy.__bool__")
        return False


class BadBool:
    def __bool__(self):
        raise ValueError("no truth")


class GivesBad:
    def __eq__(self, other):
        return BadBool()


print(branch(Weird(1), 2) if False else "skip")
w = Weird(1)
if w == 2:
    print("w == 2")
else:
    print("w != 2")
if Weird(0) == 2:
    print("empty list true")
else:
    print("empty list false")
try:
    if GivesBad() == 1:
        print("no")
except ValueError as e:
    print("ValueError", e)
for a, b in [(1, "a"), ("a", 1.5), (None, 0), (Weird(1), 3), ([1], (1,))]:
    try:
        if a < b:
            print("lt")
        else:
            print("not lt")
    except TypeError as e:
        print("TypeError", e)

# Chained comparisons and comparisons whose result is kept.
x = 5
print(1 < x < 10, 1 < x > 10, x == 5 == 5.0, "a" < "b" < "c")
flags = [x < 3, x == 5, 2.5 >= x, "q" != "q"]
print(flags)
n = 0
for i in range(-5, 6):
    if -2 <= i < 3:
        n += 1
print("chained", n)


# A comparison operator that changes a global the next comparison reads.
class Flip(int):
    def __eq__(self, other):
        global limit
        limit = 0
        return False

    __hash__ = int.__hash__


limit = 10
count = 0
for v in [1, 2, Flip(3), 4, 5]:
    if v == 99:
        pass
    if v < limit:
        count += 1
print("flip", count, limit)
