# str(x) of exact ints and strs (a direct path in hipy's CALL), next to the
# values that take the general path: bools, subclasses, big ints, floats,
# bytes, classes with __str__, and str rebound to another callable.
class S(str):
    pass


class I(int):
    def __str__(self):
        return "I!"


class Plain(int):
    pass


class WithStr:
    def __str__(self):
        return "with-str"


values = [0, 7, -1, 2**63 - 1, -2**63, 2**63, -2**100, True, False, I(3), Plain(4),
          "", "abc", "\u00e9\U0001f600", S("sub"), 3.5, -0.0, b"by", None, WithStr()]
for v in values:
    r = str(v)
    print(type(r).__name__, r, r is v)

total = 0
for i in range(3000):
    s = str(i * 7919 - 10**6)
    total += len(s) + int(s) % 7
    same = str(s)
    assert same is s
print(total)


def str(x):  # noqa: A001 - the name rebound
    return "rebound"


print(str(5), str("q"))
