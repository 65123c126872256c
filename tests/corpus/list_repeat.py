# list * n and n * list: copies share their items, counts follow, errors match.
import gc
import sys


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def show(label, value):
    print(label, value)


# Sizes, including zero, negative and one; both operand orders.
for n in (-3, -1, 0, 1, 2, 5):
    show(("[7] *", n), [7] * n)
    show((n, "* [1, 2]"), n * [1, 2])
show("empty", [] * 10)
show("bool count", [1, 2] * True)


class Count(int):
    pass


class Idx:
    def __index__(self):
        return 3


show("int subclass", ["x"] * Count(2))
show("__index__", ["y"] * Idx())

# The copies are the same object, not copies of it.
grid = [[]] * 3
grid[0].append(1)
show("shared", grid)
print(all(row is grid[0] for row in grid))

# Items keep their identity; mutating the result leaves the source alone.
src = [1.5, "s", None, (1, 2)]
rep = src * 3
print(len(rep), rep[4] is src[0], rep[11] is src[3])
rep[0] = 99
print(src[0], rep[:5])

# Every copy holds a reference: the object dies when the last copy goes.
obj = Noisy("shared")
many = [obj] * 1000
del obj
print("dropped the name")
many[:999] = []
print("kept one copy", len(many))
many.pop()
gc.collect()
print("after the last copy")

# Several distinct finalizable items, repeated, each finalized once (the
# order among them is not checked: CPython releases a list's items from the
# end, RustPython's list from the start).
finalized = []


class Quiet:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        finalized.append(self.name)


trio = [Quiet("a"), Quiet("b")] * 3
print(len(trio))
trio = None
print("after the trio", sorted(finalized))

# Large counts and floats (the counts of fresh objects grow by n at once).
big = [2.5] * 1_000_003
print(len(big), big[-1], sum(big))
big2 = big[:3] * 2
del big
print(big2)

# Subclasses keep their own multiplication.
class Doubling(list):
    def __mul__(self, n):
        return "Doubling.__mul__ %d" % n


print(Doubling([1]) * 4)
print(type(list.__mul__(Doubling([1]), 2)).__name__)

# In-place repetition is still in place.
inplace = [1, 2]
alias = inplace
inplace *= 2
print(alias, alias is inplace)

# Errors: wrong types, overflow, memory.
for bad in (lambda: [1] * 2.0, lambda: [1] * "3", lambda: "3" * [1], lambda: [1] * None):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
try:
    [1] * (2 ** 63)
except OverflowError as e:
    print("OverflowError", e)
for count in (2 ** 62, 2 ** 61, 2 ** 40):
    try:
        [1, 2] * count
    except MemoryError as e:
        print("MemoryError", repr(e))
print(sys.getsizeof([]) > 0)
