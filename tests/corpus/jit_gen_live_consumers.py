# Generators whose hot loops yield to ordinary consumers (another generator's
# `for`, `yield from`, `next()`), created inside compiled loops, and observed
# or disturbed while suspended: closed or thrown into mid-loop, raising with
# tracebacks, finalized (`__del__` timing), `gi_frame.f_lineno` and
# `gi_running` read from inside and outside. Values change class part-way
# (int -> float -> str) so that guards fail while generators are live.
import sys
import traceback


def mixed(i):
    if i % 97 == 13:
        return float(i)
    if i % 389 == 7:
        return str(i)
    return i


def source(n):
    for i in range(n):
        yield mixed(i)


def doubled(seq):
    for x in seq:
        yield x + x


def chain_total(n):
    total = 0
    text = []
    for v in doubled(doubled(source(n))):
        if isinstance(v, str):
            text.append(v[:6])
        else:
            total += v
    return total, text


print("chain", chain_total(3000))


def perms(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in perms(rest):
            yield [items[i]] + p


def queens(n):
    cols = range(n)
    count = 0
    first = None
    for vec in perms(list(cols)):
        if n == len(set(vec[i] + i for i in cols)) == len(set(vec[i] - i for i in cols)):
            count += 1
            if first is None:
                first = vec
    return count, first


print("queens", queens(6))


def delegate(n):
    yield from source(n)
    yield "end"


def outer_delegate(n):
    got = yield from delegate(n)
    yield ("ret", got)


def drive_next(n):
    g = outer_delegate(n)
    acc = 0
    seen = []
    while True:
        try:
            v = next(g)
        except StopIteration:
            break
        if isinstance(v, (int, float)):
            acc += v
        else:
            seen.append(v if isinstance(v, tuple) else v[:5])
    return acc, seen[:6], len(seen)


print("next", drive_next(2500))


log = []


class Tracked:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        log.append("del " + self.name)


def holder(tag, n):
    keep = Tracked(tag)
    try:
        for i in range(n):
            yield i * 3
    finally:
        log.append("finally " + keep.name)


def closes(rounds):
    out = 0
    for r in range(rounds):
        g = holder("h%d" % r, 50)
        for v in g:
            out += v
            if v > 3 * (r % 40):
                break
        g.close()
        log.append("closed %d" % r)
    return out


print("close", closes(60))
print(log[:9], len(log))
log.clear()


def catcher(n):
    caught = 0
    i = 0
    while i < n:
        try:
            got = yield i
        except KeyError as e:
            caught += 1
            got = e.args[0]
        i += 1 if got is None else got
    return caught


def thrower(n):
    g = catcher(n)
    vals = [next(g)]
    try:
        while True:
            v = vals[-1]
            if v % 7 == 3:
                vals.append(g.throw(KeyError(2)))
            elif v % 11 == 5:
                vals.append(g.send(3))
            else:
                vals.append(next(g))
    except StopIteration as e:
        return sum(vals), len(vals), e.value


print("throw", thrower(4000))


def failing(n, at):
    for i in range(n):
        if i == at:
            raise ValueError("failed at %d" % i)
        yield mixed(i)


def relay(n, at):
    for v in failing(n, at):
        yield v


def tb_of(at):
    s = 0
    try:
        for v in relay(5000, at):
            if not isinstance(v, str):
                s += v
    except ValueError as e:
        frames = traceback.extract_tb(e.__traceback__)
        return s, str(e), [(f.name, f.line) for f in frames]
    return s, None, []


for at in (5, 1500, 4000):
    print("tb", tb_of(at))


def lines_gen(n):
    for i in range(n):
        yield i
        yield -i


def observe(n):
    g = lines_gen(n)
    seen = set()
    running = set()
    for k, v in enumerate(g):
        if k % 500 == 0:
            seen.add((g.gi_frame.f_lineno, g.gi_running, g.gi_frame.f_locals["i"] == abs(v)))
    return sorted(seen), g.gi_frame


print("observe", observe(3000))


def self_aware():
    me = yield
    for i in range(2000):
        yield (i, me.gi_running, me.gi_frame is not None)


def read_self():
    g = self_aware()
    next(g)
    first = g.send(g)
    first = first + (g.gi_frame.f_lineno,)
    rest = list(g)
    return first, rest[-1], len(rest), sorted({(r[1], r[2]) for r in rest})


print("self", read_self())


def inner_gen(k):
    for j in range(k):
        yield j


def make_in_loop(n):
    # A generator created in the consumer's loop body, dropped half-consumed:
    # its frame is finalized at once (no finally here), or with a finally.
    total = 0
    for i in range(n):
        g = inner_gen(i % 9 + 1)
        total += next(g)
        total += sum(g) if i % 3 == 0 else 0
        h = holder("t%d" % i, 5)
        total += next(h)
        del h
    return total


print("made", make_in_loop(1200), len(log), log[:4])
log.clear()


def send_echo():
    x = 0
    while True:
        y = yield x
        if y is None:
            return x
        x += y


def drive_send(n):
    g = send_echo()
    next(g)
    for i in range(n):
        g.send(float(i) if i % 97 == 13 else i % 7 + 1)
    try:
        g.send(None)
    except StopIteration as e:
        return e.value


print("send", str(drive_send(3000))[:20])
sys.stdout.flush()


def self_aware_loop():
    me = yield
    total = 0
    for i in range(2000):
        total += i
        seen = me.gi_frame is not None
        yield (i, me.gi_running, seen)


def read_self_for():
    g = self_aware_loop()
    next(g)
    rows = [g.send(g)]
    for r in g:
        rows.append(r)
    return len(rows), sorted({(r[1], r[2]) for r in rows})


print("self for", read_self_for())


class L(list):
    pass


def copies(n):
    # `list(x)` of lists, tuples and a list subclass: independent copies.
    src = [1, 2, 3]
    out = 0
    for i in range(n):
        a = list(src)
        a.append(i)
        b = list((i, i + 1))
        c = list(L(src))
        out += len(a) + b[1] + len(c) + (type(c) is list)
    return out, src, list(L([4]))


print("copies", copies(1500))
