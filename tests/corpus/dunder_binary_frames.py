# Binary operators implemented in Python classes run as frames of hipy's loop (and
# are inlined by the JIT): results, NotImplemented falling back to the reflected
# method, CPython's TypeError, a subclass whose reflected method goes first,
# exceptions raised inside the method (traceback through both frames), and hot
# loops of operator-heavy code in every JIT mode.
import traceback


class V:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        if not isinstance(o, V):
            return NotImplemented
        return V(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return V(self.x * k, self.y * k)

    def __rmul__(self, k):
        return V(self.x * k * 10, self.y * k * 10)

    def __truediv__(self, k):
        return V(self.x / k, self.y / k)

    def __repr__(self):
        return "V(%r, %r)" % (self.x, self.y)


class W(V):
    __slots__ = ()

    def __radd__(self, o):
        return "W.__radd__ first"


class Scalar:
    def __init__(self, k):
        self.k = k

    def __radd__(self, v):
        return V(v.x + self.k, v.y + self.k)


class Bad:
    def __add__(self, o):
        return 1 / 0


print(V(1, 2) + V(3, 4), V(1, 2) - V(0, 1), V(1, 2) * 3, 3 * V(1, 2), V(1, 2) / 2)
print(V(1, 2) + Scalar(5))
print(V(1, 2) + W(0, 0))
for bad in [lambda: V(1, 2) + 3, lambda: V(1, 2) ** 2, lambda: Bad() + 1]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
try:
    Bad() + 1
except ZeroDivisionError:
    lines = traceback.format_exc().splitlines()
    print([l.strip() for l in lines if l.strip().startswith(("return", "Bad()"))])


def simulate(n):
    p = V(0.0, 0.0)
    vel = V(1.0, 0.5)
    acc = V(0, 0)
    for i in range(n):
        p = p + vel * 0.01
        vel = vel - V(0.0, 0.001)
        acc = acc + V(i % 3, 1)
        if i % 1000 == 999:
            acc = acc + Scalar(1)
    return p, vel, acc


print(simulate(20000))
