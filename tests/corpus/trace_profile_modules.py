# profile (pure Python, on sys.setprofile) and cProfile (_lsprof) count the
# same calls as CPython; times are not printed.
import cProfile
import io
import os
import profile
import pstats
import re


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def hot(n):
    s = 0
    for i in range(n):
        s += i
    return s


def work():
    xs = []
    for i in range(4):
        xs.append(fib(i + 4))
    return sorted(xs), len(xs), hot(50)


hot(5000)  # compiled before any profiler is set


def show(title, stats):
    print(title)
    rows = []
    for (filename, line, name), (cc, nc, tt, ct, callers) in stats.stats.items():
        where = os.path.basename(filename) if filename != "~" else "~"
        callers = sorted(re.sub('0x[0-9a-f]+', 'ADDR', c[2]) for c in callers)
        name = re.sub('0x[0-9a-f]+', 'ADDR', name)
        rows.append((where, line, name, cc, nc, callers))
    for row in sorted(rows, key=repr):
        print(" ", *row)


p = profile.Profile()
print(p.runcall(work))
show("profile", pstats.Stats(p, stream=io.StringIO()))

c = cProfile.Profile()
print(c.runcall(work))
show("cProfile.runcall", pstats.Stats(c, stream=io.StringIO()))

c = cProfile.Profile()
c.enable()
work()
c.disable()
show("cProfile.enable", pstats.Stats(c, stream=io.StringIO()))

c = cProfile.Profile()
c.runctx("work()", globals(), None)
c.create_stats()
show("cProfile.runctx", pstats.Stats(c, stream=io.StringIO()))
entries = c.getstats()
print(type(entries).__name__, type(entries[0]).__name__, entries[0].callcount >= 1)
c.clear()
print(len(c.getstats()))
