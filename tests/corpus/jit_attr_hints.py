# Attribute reads and writes on instances in compiled loops, through the
# site caches' hints (entry index under a shared dict shape): objects whose
# dicts have other key orders, extra keys, deleted keys, a replaced
# __dict__, more than 30 attributes; classes that gain a property or a
# __setattr__ mid-loop; instance attributes that shadow methods; a second
# thread running. Every value read must be the current one.
import threading


class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Q:
    def __init__(self, x, y):
        self.y = y
        self.x = x

    def norm1(self):
        return abs(self.x) + abs(self.y)


def walk(objs, rounds):
    total = 0
    for r in range(rounds):
        for o in objs:
            o.x = o.x + 1
            total += o.y + o.norm1()
            o.y = o.y - 1
    return total


def mixed():
    objs = [P(i, -i) for i in range(20)] + [Q(i, 2 * i) for i in range(5)]
    print(walk(objs, 50))
    odd = P(1, 2)
    odd.extra = "e"
    odd.z = 3
    del odd.extra
    objs.append(odd)
    other = P(5, 6)
    other.__dict__ = {"y": 10, "x": 20, "w": 0}
    objs.append(other)
    big = P(0, 0)
    for k in range(40):
        setattr(big, "a%d" % k, k)
    objs.append(big)
    print(walk(objs, 50))
    print(sorted(vars(odd).items()), sorted(vars(other).items()), big.x, big.y, big.a39)


def shadowing():
    objs = [P(i, i) for i in range(30)]
    total = 0
    for r in range(100):
        if r == 60:
            objs[7].norm1 = lambda: 1000
        if r == 80:
            del objs[7].norm1
        for o in objs:
            total += o.norm1()
    print(total)


def class_changes():
    objs = [P(i, 1) for i in range(10)]
    out = []
    for r in range(120):
        if r == 40:
            P.y = property(lambda self: 77, lambda self, v: out.append(("set y", v)))
        if r == 80:
            del P.y

        if r == 90:
            def logging_setattr(self, name, v):
                out.append(("setattr", name))
                object.__setattr__(self, name, v)
            P.__setattr__ = logging_setattr
        if r == 100:
            del P.__setattr__
        s = 0
        for o in objs:
            o.x = o.x + 1
            s += o.x + o.y
        out.append(s)
    print(out[:5], out[38:44], out[78:84], out[88:], len(out))


def deletions():
    objs = [P(i, i) for i in range(10)]
    caught = 0
    for r in range(60):
        if r == 30:
            del objs[3].x
        for o in objs:
            try:
                o.y = o.x + o.y
            except AttributeError as e:
                caught += 1
                last = str(e)
                o.x = 0
    print(caught, last, [o.y for o in objs][:5])


class Counter:
    def __init__(self):
        self.n = 0
        self.hits = 0


def with_threads():
    c = Counter()
    def work():
        for i in range(20000):
            c.hits += 1
    for i in range(3000):
        c.n += 1
    t = threading.Thread(target=work)
    t.start()
    t.join()
    for i in range(3000):
        c.n += 1
    print(c.n, c.hits)


class Dead:
    def __init__(self, name, log):
        self.name = name
        self.log = log

    def __del__(self):
        self.log.append(self.name)


def release_order():
    log = []
    holders = [P(Dead("d%d" % i, log), 0) for i in range(5)]
    for r in range(40):
        for h in holders:
            h.x = Dead("r%d" % r, log) if r < 39 else None
    print(log[:7], len(log))


mixed()
shadowing()
class_changes()
deletions()
with_threads()
release_order()
