# sum() of lists and tuples inside compiled loops: int totals that overflow
# i64, floats, mixed ints and floats, bools, big ints, items whose __radd__/
# __add__ run Python code, a list changed by an item's __radd__, sum shadowed
# by a global, errors (TypeError for str items) raised from inside the loop.
import sys


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __radd__(self, other):
        return Money(self.cents + (other if isinstance(other, int) else other.cents))

    def __add__(self, other):
        return Money(self.cents + (other if isinstance(other, int) else other.cents))


class Grows:
    def __init__(self, box):
        self.box = box

    def __radd__(self, other):
        if len(self.box) < 6:
            self.box.append(1)
        return other + 100


def ints(n):
    t = 0
    buf = [0, 0, 0, 0]
    for i in range(n):
        buf[i % 4] = i * i
        t += sum(buf)
        t += sum((i, 2 * i, 3))
    return t


def big(n):
    t = 0
    for i in range(n):
        t += sum([2**62, 2**62, i])
        t -= sum((-(2**63), -1, i))
    return t


def floats(n):
    t = 0.0
    for i in range(n):
        t += sum([0.1, i * 0.5, 1e300, -1e300])
        t += sum((1, 2.5, True))
    return t


def objects(n):
    out = []
    for i in range(n):
        m = sum([Money(i), Money(2)])
        out.append(m.cents)
        box = [1, 2]
        box.append(Grows(box))
        out.append(sum(box))
    return out[-4:], len(out)


def errors(n):
    caught = 0
    for i in range(n):
        try:
            sum([1, 2, "x" if i % 5 == 0 else 3])
        except TypeError as e:
            caught += 1
            msg = str(e)
    return caught, msg


def shadowed(n):
    global sum
    old = sum
    t = 0
    for i in range(n):
        if i == n // 2:
            sum = lambda seq: -1
        t += sum([i, i])
    sum = old
    return t


print(ints(3000))
print(big(2000))
print(floats(2000))
print(objects(500))
print(errors(400))
print(shadowed(2000))
print(sum([]), sum(()), sum([[1]], []) if False else sum([1.5]), type(sum([True, True])))
