# CONTAINS_OP specialized on exact str/int needles in str, dict, set,
# frozenset, tuple and list: subclasses, __eq__ overrides on items, mixed
# numeric items, unhashables, mutation, and sites whose types change.


class EqAll:
    def __eq__(self, other):
        print("EqAll.__eq__", other)
        return True

    __hash__ = object.__hash__


class Key(str):
    def __hash__(self):
        return hash(str(self))

    def __eq__(self, other):
        print("Key.__eq__", str(self), other)
        return str.__eq__(self, other)


class D(dict):
    def __contains__(self, k):
        print("D.__contains__", k)
        return True


class L(list):
    def __contains__(self, k):
        return k == "magic"


def check(needle, container):
    try:
        return (needle in container, needle not in container)
    except TypeError as e:
        return ("TypeError", str(e))


cases = [
    ("a", "abc"), ("", "abc"), ("bc", "abc"), ("x", ""), ("é", "café"), ("\U0001f600", "a\U0001f600b"),
    ("\udc80", "a\udc80"), ("a", "\udc80a"), (1, "abc"), ("a", ("a", "b")), ("c", ("a", "b")),
    (1, (1, 2)), (1, (1.0, 2)), (1.0, (1, 2)), (True, (1, 2)), (1, (True,)), (2**70, (2**70,)),
    (3, [1, 2, 3]), ("b", ["a", "b"]), ("z", ["a", 1, None]), ("a", {"a": 1}), ("b", {"a": 1}),
    (1, {1: 2}), (1.0, {1: 2}), (True, {1: 2}), ([], {1: 2}), ([], (1,)), ([], "abc"),
    ("a", {"a", "b"}), (2, frozenset({1, 2})), ([1], {1}), ("x", set()),
    ("a", D()), ("magic", L()), ("other", L(["other"])), (Key("a"), {"a": 1}), ("a", {Key("a"): 1}),
    ("q", (EqAll(),)), (5, [EqAll()]), ("q", ("p", EqAll())), (None, (None,)), (None, [1, None]),
    (float("nan"), (float("nan"),)),
]
for needle, container in cases:
    print(ascii(needle), type(container).__name__, check(needle, container))

nan = float("nan")
print(nan in (nan,), nan in [nan], 1 in range(3), "ab" in "xaby")

# mutation between checks at the same site
lst = ["a"]
d = {}
for i in range(6):
    key = "k%d" % (i % 3)
    print(i, key in d, "a" in lst, i in lst)
    d[key] = i
    if i == 3:
        lst = ("a", 3)
    elif isinstance(lst, list):
        lst.append(i)

# a generator container: generic path
print(3 in (x for x in range(5)), 9 in iter([1, 2]))
try:
    print(1 in 5)
except TypeError as e:
    print("TypeError", e)
