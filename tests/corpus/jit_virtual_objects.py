# Objects created in hot loops that allocation removal keeps virtual: their
# attributes, their __dict__ order when a guard fails and they must exist, escapes
# through calls, containers and globals, identity, mutation by a callee after an
# escape, self-references, and exceptions half way through __init__.
class P:
    def __init__(self, x, y):
        self.y = y
        self.x = x

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Q(P):
    def __init__(self, x, y, tag):
        P.__init__(self, x, y)
        self.tag = tag


class Noisy:
    count = 0

    def __init__(self, v):
        self.v = v

    def __del__(self):
        Noisy.count += 1


kept = []
last = None


def mutate(p):
    p.x = p.x * 100
    p.extra = "set by a callee"
    return p


def fails_in_init(i):
    class Bad:
        def __init__(self, v):
            self.a = v
            if v % 97 == 96:
                raise ValueError("bad %d" % v)
            self.b = v
    return Bad(i)


def run(n):
    global last
    total = 0
    seen = None
    for i in range(n):
        p = P(i, -i)
        total += p.norm1()
        q = Q(i, i + 1, "t%d" % (i % 3))
        total += q.x * 2 + len(q.tag)
        if i % 50 == 7:
            kept.append(P(i, i))
        if i % 61 == 3:
            last = Q(i, 0, "global")
        if p is q or p is None:
            total -= 1000000
        if isinstance(q, P) and type(q) is Q:
            total += 1
        if i % 17 == 0:
            m = mutate(P(i, 1))
            total += m.x + len(m.extra)
        s = P(i, i)
        s.me = s
        total += s.me.x
        seen = p
    return total, seen


total, seen = run(3000)
print(total, seen.x, seen.y, vars(seen))
print(len(kept), [vars(k) for k in kept[:3]])
print(vars(last))
for i in range(300):
    try:
        fails_in_init(i)
    except ValueError as e:
        print("caught", e)
for i in range(2000):
    n = Noisy(i)
print("deleted", Noisy.count)
