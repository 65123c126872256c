# Objects of __slots__ classes made in hot loops and escaping (stored into
# other objects, lists, returned): their members must hold what was stored.
# Subclasses mixing slots and a __dict__, slots deleted after escape, and a
# class whose slot is replaced by a class attribute while the loop runs.


class V:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)


class W(V):
    __slots__ = ("z",)

    def __init__(self, x, y, z):
        V.__init__(self, x, y)
        self.z = z


class D(V):
    def __init__(self, x, y, tag):
        V.__init__(self, x, y)
        self.tag = tag


class Holder:
    def __init__(self):
        self.v = V(0, 0)


def run(n):
    h = Holder()
    keep = []
    for i in range(n):
        h.v = h.v + V(i, 1)
        if i % 10 == 0:
            keep.append(W(i, -i, str(i)))
        if i % 15 == 0:
            keep.append(D(i, i * 2, "d%d" % i))
    return h, keep


h, keep = run(300)
print(h.v.x, h.v.y, len(keep))
print([(k.x, k.y, getattr(k, "z", None), getattr(k, "tag", None)) for k in keep[:6]])
print(sorted(type(k).__name__ for k in keep)[:3], hasattr(keep[0], "__dict__"), keep[1].__dict__)
del keep[0].x
try:
    keep[0].x
except AttributeError as e:
    print("AttributeError", e)


class P:
    __slots__ = ("a",)

    def __init__(self, a):
        self.a = a


def make(n):
    out = []
    for i in range(n):
        out.append(P(i))
    return out


print(sum(p.a for p in make(200)))
P.b = 5
print(sum(p.a + p.b for p in make(200)))
P.a = property(lambda self: 7)
try:
    make(50)
except AttributeError as e:
    print("AttributeError", "no setter" in str(e))
