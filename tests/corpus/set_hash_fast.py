# Set building (SET_ADD) and membership (`in`) with exact ints and strs,
# whose hashes hipy computes inline, next to the values that take the
# general path: bools, floats equal to ints, big ints, subclasses, ints
# whose hashes collide, strs with surrogates, and unhashable items.

class MyInt(int):
    def __hash__(self):
        return 7


class MyStr(str):
    pass


def build(items):
    return {x for x in items}


def show(s):
    return sorted(s, key=repr)


def main():
    ints = [0, 1, -1, -2, 2**61 - 1, 2**61, -(2**61 - 1), 2**62, 2**63 - 1, -(2**63), 2**64, 10**30, -(10**30)]
    s = build(ints)
    print(len(s), show(s))
    for x in ints + [3, -3, 2**61 - 2, 2**65]:
        print(x, x in s, x not in s, x in frozenset(s))
    print([hash(x) for x in ints])
    # -1 and -2 hash alike; 0 and 2**61 - 1 too.
    print(len({-1, -2, -1, -2}), len({0, 2**61 - 1, 0}))
    # An int and the equal float or bool are one element; the first stays.
    mixed = build([1, 1.0, True, 0, False, 0.0, 2.5, "a", "a", b"a"])
    print(len(mixed), show(mixed), [type(x).__name__ for x in show(mixed)])
    print(1.0 in {1}, True in {1}, 1 in {True}, 0 in {0.0}, 2 in {2.0000001})
    strs = ["", "a", "b", "ab", "é", "日本", "\ud800", "\udc00x", "a" * 100]
    t = build(strs + strs)
    print(len(t), show(t))
    for x in strs + ["c", "\ud801", "a" * 99]:
        print(repr(x), x in t, x in frozenset(t))
    # Subclasses keep their own hash and equality.
    u = build([MyInt(3), 3, MyStr("x"), "x"])
    print(len(u), sorted(type(x).__name__ for x in u))
    print(MyInt(5) in {5}, 5 in {MyInt(5)}, 7 in {MyInt(5)}, MyStr("q") in {"q"})
    # Unhashable items raise as CPython says.
    for bad in ([1], {}, {1}):
        try:
            build([1, bad])
        except TypeError as e:
            print("TypeError", e)
        try:
            print(bad in {1, 2})
        except TypeError as e:
            print("TypeError", e)
    # A set as a needle is looked up as a frozenset.
    print({1} in {frozenset({1})}, set() in {frozenset()})
    # Many ints: growth and probing past the linear probes.
    big = build(range(0, 300000, 7))
    print(len(big), sum(1 for i in range(0, 300000, 3) if i in big))
    keys = build(str(i) for i in range(5000))
    print(len(keys), sum(str(i) in keys for i in range(-100, 6000)))
    # A loop hot enough to be compiled, with a set per iteration.
    total = 0
    for i in range(3000):
        seen = {j * i % 97 for j in range(20)}
        total += len(seen) + (i % 97 in seen) + ("k" in {"k", str(i)})
    print(total)


main()
