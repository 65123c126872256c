# list/tuple/set/frozenset of a generator inside hot loops: under the JIT the
# generator's body runs inline in the caller's trace (push::consume). Values,
# evaluation order, errors, tracebacks, hashing that runs Python code, and
# generators that escape must be CPython's in every mode.
import sys
import traceback


def where(e):
    return [(f.name, f.lineno - FIRST) for f in traceback.extract_tb(e.__traceback__)]


FIRST = sys._getframe().f_lineno


def counts(n):
    # nqueens' shape: two set(genexpr) per iteration over a closure variable.
    cols = range(n)
    total = 0
    for k in range(300):
        vec = [(k * 7 + i * 3) % n for i in cols]
        a = len(set(vec[i] + i for i in cols))
        if a == n or k % 3 == 0:
            total += len(set(vec[i] - i for i in cols))
        total += a
        total += len(list(x * 2 for x in vec)) + sum(tuple(x for x in vec if x % 2))
    return total


print("counts", counts(6), counts(8))


def order():
    log = []

    def src(n):
        log.append("src")
        return range(n)

    out = []
    for k in range(40):
        log.clear()
        g = (log.append(i) or i * k for i in src(3))
        log.append("made")
        out.append(tuple(g))
    print("order", log, out[-1])


order()


def div_errors():
    seen = []
    for k in range(60):
        xs = [3, 2, 1, 0] if k % 7 == 6 else [3, 2, 1]
        try:
            seen.append(len(set(6 // x for x in xs)))
        except ZeroDivisionError as e:
            seen.append(("ZDE", where(e)))
    print("div", seen[:7], len(seen))


div_errors()


def unhashable():
    out = []
    for k in range(50):
        g = ([i] if i == 1 + k % 2 else i for i in range(4))
        try:
            out.append(sorted(set(g)))
        except TypeError as e:
            # The generator is left suspended after the value that failed.
            out.append(("TE", str(e), next(g, "end"), list(g)))
    print("unhashable", out[:4], len(out))


unhashable()


class H:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        LOG.append(("hash", self.v))
        return hash(self.v % 3)

    def __eq__(self, o):
        LOG.append(("eq", self.v, getattr(o, "v", o)))
        return isinstance(o, H) and self.v % 3 == o.v % 3

    def __repr__(self):
        return "H(%d)" % self.v


LOG = []


def mixed():
    out = []
    for k in range(30):
        LOG.clear()
        s = set(H(i) if i % 4 == 3 else i for i in range(8))
        out.append(len(s))
    print("mixed", out[-3:], LOG)


mixed()


class Peek:
    """A hash that advances the generator being consumed (CPython has it
    suspended while the set hashes the value)."""

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        PEEKED.append(next(GEN[0], "done"))
        return self.v


PEEKED = []
GEN = []


def peeking():
    sizes = []
    for k in range(30):
        PEEKED.clear()
        g = (Peek(i) if i == 2 else i for i in range(6))
        GEN[:] = [g]
        sizes.append(len(set(g)))
    print("peek", sizes[-1], PEEKED)


peeking()


def escaping():
    out = []
    kept = []
    for k in range(40):
        g = (i * i for i in range(5))
        first = next(g)
        kept.append(g)
        out.append((first, list(g), list(g), tuple(g)))
    h = (x for x in range(3))
    stored = [h]
    print("escape", out[-1], len(kept), list(stored[0]), list(h))


escaping()


def gen_fn(n):
    try:
        for i in range(n):
            yield i
            if i == 2:
                yield from range(10, 12)
    finally:
        print("finally", n)


def functions():
    out = []
    for k in range(25):
        out.append(list(gen_fn(4)) if k == 24 else tuple(gen_fn(1)))
    print("functions", out[-2:])


functions()


def stop_inside():
    def g():
        yield 1
        raise StopIteration
    res = []
    for k in range(30):
        try:
            res.append(list(g()))
        except RuntimeError as e:
            res.append(("RE", str(e), type(e.__cause__).__name__))
    print("stop", res[-1], len(res))


stop_inside()


def frames():
    res = []
    for k in range(30):
        res.append(list(sys._getframe(1).f_code.co_name for _ in range(2)))
    ref = []
    g = (ref[0].gi_running for _ in range(2))
    ref.append(g)
    print("frames", res[-1], list(g), g.gi_running, g.gi_frame)


frames()


def nested():
    tot = 0
    for k in range(100):
        tot += len(set(x for x in list(y * 2 % 7 for y in range(k % 9))))
        tot += len(frozenset(x % 3 for x in range(k % 5)))
    print("nested", tot)


nested()


def early_stops():
    res = []
    for k in range(40):
        g = (10 // (x - 3) for x in range(6))
        try:
            res.append(any(v < 0 for v in g))
        except ZeroDivisionError as e:
            res.append(("ZDE", list(g)))
        h = (x for x in [5, 1, "a", 2])
        try:
            res.append(min(h))
        except TypeError as e:
            res.append(("TE", list(h)))
        j = iter(range(10))
        res.append((all(x < 4 for x in j), list(j)))
    print("early", res[-3:])


early_stops()


def deep_error():
    def inner(x):
        return 1 // x
    for k in range(30):
        try:
            tuple(inner(x) for x in (2, 1, 0) if k == 29 or x)
        except ZeroDivisionError as e:
            print("deep", where(e))


deep_error()
