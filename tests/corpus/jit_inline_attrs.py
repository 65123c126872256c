# Instance attribute reads and writes in hot loops, as compiled code does
# them inline: values freed by a store (their __del__ runs at once), shared
# and immortal values, instances of other shapes, a __dict__ replaced by a
# dict subclass or a fresh dict, attributes deleted, and objects made by
# compiled code read back elsewhere.
import threading


class Noisy:
    live = 0

    def __init__(self, k):
        self.k = k
        Noisy.live += 1

    def __del__(self):
        Noisy.live -= 1


class Box:
    def __init__(self, a, b):
        self.a = a
        self.b = b


class LoudDict(dict):
    def __getitem__(self, k):
        return "loud"


def churn(box, n):
    seen = []
    for i in range(n):
        box.a = Noisy(i)          # the old Noisy dies here
        box.b = box.b + box.a.k   # an int, often small (immortal) at first
        if i % 50 == 0:
            seen.append((box.a.k, Noisy.live))
    return seen


def total(boxes):
    t = 0
    for bx in boxes:
        t += bx.a + bx.b
    return t


b = Box(None, 0)
print(churn(b, 400)[-3:], b.b, Noisy.live)
boxes = [Box(i, 2 * i) for i in range(300)]
print(total(boxes))
odd = Box(1, 2)
odd.c = 3                              # another shape
odd2 = Box(5, 6)
del odd2.a
odd2.a = 7                             # same keys, other order
boxes2 = boxes[:100] + [odd, odd2] + boxes[100:]
for r in range(20):
    t = total(boxes2)
print(t)
weird = Box(10, 20)
weird.__dict__ = LoudDict(a=1, b=2)
fresh = Box(0, 0)
fresh.__dict__ = {"b": 100, "a": 200}
print(total(boxes[:10] + [fresh]), weird.__dict__["a"])


def made(n):
    out = []
    for i in range(n):
        out.append(Box(i, -i))
    return out


made_boxes = made(300)
print(total(made_boxes), sum(bx.a * bx.b for bx in made_boxes[:30]))
res = []
t = threading.Thread(target=lambda: res.append(total(boxes)))
t.start()
t.join()
b2 = Box(None, 0)
print(res, total(boxes), churn(b2, 120)[-1], b2.b)


class Cell:
    __slots__ = ("v", "w")


def slot_churn(c, n):
    seen = []
    for i in range(n):
        c.v = Noisy(i)            # the old Noisy dies here (its last reference)
        c.w = c.v if i % 3 else None
        if i % 40 == 0:
            seen.append((c.v.k, Noisy.live))
    return seen


c = Cell()
print(slot_churn(c, 200)[-2:], Noisy.live)
del c.v
print(Noisy.live, c.w.k if c.w is not None else None)
c.w = 5
print(Noisy.live)


class Greeter:
    def hello(self):
        return "method"


def greet(objs):
    return [o.hello() for o in objs]


plain = [Greeter() for _ in range(40)]
for r in range(30):
    greeted = greet(plain)
shadowed = Greeter()
shadowed.hello = lambda: "instance"     # an instance attribute hides the method
other = Greeter()
other.extra = 1                         # another shape, no shadowing
print(greeted[:2], greet(plain + [shadowed, other])[-3:])
