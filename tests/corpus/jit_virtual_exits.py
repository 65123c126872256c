# Objects that allocation removal keeps virtual when a guard fails or a
# compiled function returns: a bridge that starts with them live, a function
# whose trace returns a new object (holding other new objects, or itself),
# and a recursive function that grows a bridge while it runs.


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __repr__(self):
        return "Pair(%r, %r)" % (self.a, self.b)


class Box:
    __slots__ = ("item",)

    def __init__(self, item):
        self.item = item

    def __repr__(self):
        return "Box(%r)" % (self.item,)


def make(i):
    # The trace returns a Pair it allocated, holding a Box it allocated.
    p = Pair(i, Box(i * 2))
    if i % 7 == 0:
        p.a = -i
    return p


def cyclic(i):
    # A new object that refers to itself, returned.
    p = Pair(i, None)
    p.b = p
    return p


def bridge_with_virtual(n):
    # A guard that fails now and then (the int/str switch) while a new Pair
    # is live: its bridge starts with the Pair still virtual.
    total = 0
    for i in range(n):
        p = Pair(i, i + 1)
        x = i if i % 5 else str(i)
        if isinstance(x, str):
            total += len(x) + p.a
        else:
            total += x + p.b
    return total


def build(depth, i):
    # Recursive: a new node per call, returned; the leaf test fails in
    # different ways at different depths, so bridges attach while the
    # function's own trace is running further up the stack.
    if depth == 0:
        return Pair(i, None) if i % 3 else Pair(None, i)
    left = build(depth - 1, i * 2)
    right = build(depth - 1, i * 2 + 1)
    node = Pair(left, right)
    if depth % 2 and i % 4 == 1:
        node.a = Box(depth)
    return node


def size(t):
    if isinstance(t, Pair):
        return size(t.a) + size(t.b) + 1
    if isinstance(t, Box):
        return 100
    return 0 if t is None else 1


def main():
    out = []
    for i in range(3000):
        p = make(i)
        out.append(p.a + p.b.item)
    print(sum(out), out[:8], out[-3:])
    r = make(21)
    print(r, type(r.b).__name__, r.b.item)
    c = None
    for i in range(2000):
        c = cyclic(i)
        assert c.b is c
    print(c.a, c.b.b.b is c)
    print(bridge_with_virtual(5000))
    totals = []
    for i in range(300):
        totals.append(size(build(6, i)))
    print(sum(totals), totals[:5])
    print(repr(make(3)))


main()
