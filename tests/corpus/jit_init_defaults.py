# Instances made with __init__ parameters left to their defaults, in loops
# hot enough to be compiled (the JIT inlines __init__): ints, None, a
# shared mutable default, and __init__'s defaults replaced while the loop
# runs.


class Node:
    def __init__(self, value, left=None, right=None, weight=1.5):
        self.value = value
        self.left = left
        self.right = right
        self.weight = weight


class Bag:
    def __init__(self, name, items=[]):
        self.name = name
        self.items = items
        items.append(name)

    def __del__(self):
        pass


def main():
    root = None
    total = 0.0
    for i in range(3000):
        root = Node(i, root) if i % 3 else Node(i, None, root, 0.5)
        total += root.weight
    depth = 0
    n = root
    while n is not None:
        depth += 1
        n = n.left if n.left is not None else n.right
    print(total, depth, root.value)
    for i in range(2000):
        b = Bag(i)
    print(len(b.items), b.items[-1], Bag.__init__.__defaults__[0] is b.items)
    out = 0.0
    for i in range(3000):
        if i == 1500:
            Node.__init__.__defaults__ = (None, None, 4.0)
        out += Node(i).weight
    print(out)
    Node.__init__.__defaults__ = (None, None)
    try:
        for i in range(3000):
            out += Node(i, None, None, 1.0).weight if i < 2000 else Node(i).weight
    except TypeError as e:
        print("TypeError", e)
    print(out)


main()


# Keyword calls of classes: keywords in any order, with defaults, and
# errors the generic path reports.
class Edge:
    def __init__(self, src, dst, weight=1, *, label=None):
        self.src = src
        self.dst = dst
        self.weight = weight
        self.label = label


def edges():
    total = 0
    labels = 0
    for i in range(3000):
        e = Edge(i, dst=i + 1)
        f = Edge(dst=i, src=2, label="x", weight=3)
        g = Edge(i, i, 5, label=None)
        total += e.dst + f.weight * f.src + g.weight
        labels += (f.label == "x") + (e.label is None)
    print(total, labels)
    for call in (lambda: Edge(1, src=2), lambda: Edge(1, 2, bad=3), lambda: Edge(1)):
        try:
            call()
        except TypeError as err:
            print("TypeError", err)
    errs = 0
    for i in range(3000):
        try:
            total += Edge(i, dst=1).dst if i < 2500 else Edge(i, wrong=1).dst
        except TypeError:
            errs += 1
    print(total, errs)


edges()
