# Allocation removal of __slots__ instances: vector arithmetic in hot loops
# (temporaries never allocated), loop-carried values, escapes, a slot left unset
# (AttributeError as in CPython), and exits that rebuild the objects.
class V:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return V(self.x + o.x, self.y + o.y)

    def scale(self, k):
        return V(self.x * k, self.y * k)


class Half:
    __slots__ = ("a", "b")

    def __init__(self, a):
        self.a = a


class Mixed:
    __slots__ = ("s", "__dict__")

    def __init__(self, s):
        self.s = s
        self.d = s * 2


kept = []


def run(n):
    p = V(0.0, 1.0)
    acc = V(0, 0)
    for i in range(n):
        p = p + V(1.0, -0.5).scale(0.25)
        acc = acc + V(i, i % 3)
        if i % 500 == 7:
            kept.append(V(i, -i))
        m = Mixed(i)
        acc = V(acc.x + m.s - m.d + i, acc.y)
    return p, acc


p, acc = run(5000)
print(p.x, p.y, acc.x, acc.y, len(kept), kept[0].x, kept[-1].y)
for i in range(3000):
    h = Half(i)
    try:
        h.b
    except AttributeError as e:
        last = str(e)
print(last, h.a)
