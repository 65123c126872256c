# Generators resumed by a consumer's `for` loop: the JIT runs their frames
# inside the consumer's trace (peeling). Exits inside them must rebuild both
# frames exactly: values, exceptions, tracebacks, __del__ timing, close/throw.
import sys
import traceback


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
        yield a


def evens(seq):
    for x in seq:
        if x % 2 == 0:
            yield x


def counter(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


total = 0
for k in range(40):
    for v in evens(fib(k)):
        total += v % 1000
print("evens", total)


def mixed(n):
    # values change type mid-stream: the trace's guards fail inside the generator
    for i in range(n):
        if i < n // 2:
            yield i
        elif i % 3:
            yield float(i) / 2
        else:
            yield str(i)


acc = []
for v in mixed(60):
    acc.append(v if not isinstance(v, str) else len(v))
print("mixed", sum(acc), len(acc))


class Tracked:
    alive = 0

    def __init__(self, v):
        self.v = v
        Tracked.alive += 1

    def __del__(self):
        Tracked.alive -= 1
        print("del", self.v)


def objects(n):
    for i in range(n):
        t = Tracked(i)
        yield t.v * 2
        # t dies here, when the generator resumes and rebinds it
    print("objects done, alive", Tracked.alive)


s = 0
for x in objects(12):
    s += x
print("objects sum", s, "alive", Tracked.alive)


def fails(n):
    for i in range(n):
        if i == n - 3:
            raise KeyError(i)
        yield i


try:
    for x in fails(30):
        pass
except KeyError:
    traceback.print_exc(file=sys.stdout)


def stop_inside(n):
    for i in range(n):
        if i == 25:
            next(iter([]))
        yield i


try:
    for x in stop_inside(40):
        pass
except RuntimeError as e:
    print("RuntimeError:", e, "cause", type(e.__cause__).__name__)


# closed and thrown into from the consumer's loop
def guarded(n):
    try:
        for i in range(n):
            try:
                yield i
            except ValueError as e:
                print("caught", e, "at", i)
    finally:
        print("finally of guarded")


g = guarded(50)
seen = 0
for x in g:
    seen += x
    if x == 20:
        print("throw ->", g.throw(ValueError("boom")))
    if x == 35:
        g.close()
print("guarded seen", seen, "running", g.gi_running, "frame", g.gi_frame)

# break out mid-way, then resume the same generator in a second loop
c = counter(80)
for x in c:
    if x == 30:
        break
rest = 0
for x in c:
    rest += x
print("rest", rest)

# StopIteration value of a finished generator, and re-iteration
c = counter(5)
print(list(c), list(c))
try:
    next(counter(0))
except StopIteration as e:
    print("stop value", e.value)


# a generator that reads and changes globals and its consumer's objects
log = []


def appender(n):
    for i in range(n):
        log.append(i)
        yield len(log)


m = 0
for x in appender(40):
    if x % 10 == 0:
        log.append(-1)
    m = max(m, x)
print("appender", m, len(log))


# nested generator frames three deep, with a yield that is not taken
def chain(n):
    for x in evens(counter(n)):
        yield x * 3


print("chain", sum(x for x in chain(100)), [x for x in chain(12)])

# gi_running seen from inside, while the consumer's trace runs the generator
def self_aware():
    for i in range(30):
        yield (gen_ref.gi_running, i)


gen_ref = self_aware()
print("self_aware", sum(i for r, i in gen_ref if r))


# a generator resumed at different yields alternately
def two_yields(n):
    for i in range(n):
        yield i
        yield -i


print("two_yields", sum(two_yields(50)), sum(x for x in two_yields(51) if x > 0))


# recursion through generators (FOR_ITER inside peeled generator frames)
def walk(tree):
    if tree is None:
        return
    left, value, right = tree
    yield from walk(left)
    yield value
    for v in walk(right):
        yield v


def build(lo, hi):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return (build(lo, mid), mid, build(mid + 1, hi))


print("walk", sum(walk(build(0, 200))), list(walk(build(0, 7))))
