# __slots__ members read in compiled loops: set and unset members (AttributeError
# from inside the loop), `del`, a subclass with its own slots, a subclass that
# shadows a slot with a property, a class whose __getattribute__ is overridden,
# and a class attribute replaced while loops that read it keep running.
class P:
    __slots__ = ("x", "y", "nxt")
    def __init__(self, x, y, nxt=None):
        self.x = x
        self.y = y
        self.nxt = nxt

class Q(P):
    __slots__ = ("z",)
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

class R(P):
    __slots__ = ()
    def __init__(self, x):
        self.x = x
        self.nxt = None
    @property
    def y(self):
        return -1

class Loud(P):
    __slots__ = ()
    def __getattribute__(self, name):
        if name == "x":
            return 1000
        return object.__getattribute__(self, name)

def chain(n):
    head = None
    for i in range(n):
        head = P(i, i * 2, head)
    return head

def walk(node):
    s = 0
    while node is not None:
        s += node.x + node.y
        node = node.nxt
    return s

def sum_x(objs):
    t = 0
    for o in objs:
        t += o.x * 3 + o.y
    return t

print(walk(chain(500)))
objs = [P(i, 1) for i in range(200)] + [Q(i, 2, 3) for i in range(100)]
print(sum_x(objs))
objs.append(R(5))
print(sum_x(objs))
objs.append(Loud(1, 1))
print(sum_x(objs))
half = P(1, 2)
del half.y
try:
    sum_x([P(i, i) for i in range(100)] + [half])
except AttributeError as e:
    print("AttributeError:", e)
def read_z(objs):
    t = 0
    for o in objs:
        t += o.z
    return t
qs = [Q(i, 0, i) for i in range(150)]
print(read_z(qs))
q = Q(0, 0, 0)
del q.z
try:
    read_z(qs + [q])
except AttributeError as e:
    print("AttributeError:", e)
for r in range(3):
    print(r, sum_x(objs[:300]))
    P.x = property(lambda self: 7) if r == 1 else P.x

# Stores into __slots__ members in compiled loops: the old value's __del__ runs
# at the store, as in CPython; a subclass property setter and a __setattr__
# override take over; unset members become set.
class Noisy:
    __slots__ = ("tag",)
    def __init__(self, tag):
        self.tag = tag
    def __del__(self):
        if self.tag % 50 == 0:
            print("del", self.tag)

class Box:
    __slots__ = ("item", "count")

class Guarded(Box):
    __slots__ = ()
    def __setattr__(self, name, value):
        if name == "count" and value > 3:
            value = 3
        object.__setattr__(self, name, value)

class Prop(Box):
    __slots__ = ("_c",)
    @property
    def count(self):
        return self._c
    @count.setter
    def count(self, v):
        self._c = -v

def fill(boxes, n):
    for i in range(n):
        b = boxes[i % len(boxes)]
        b.item = Noisy(i)
        b.count = i
    return [(type(b).__name__, b.count) for b in boxes]

print(fill([Box(), Box()], 120))
print(fill([Box(), Guarded(), Prop()], 30))
print("end")
