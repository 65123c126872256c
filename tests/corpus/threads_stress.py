# 32 threads at once import modules, raise and catch, eval, run loops hot
# enough to compile, consume generators, and end with uncaught exceptions
# (reported through threading.excepthook), round after round.
import sys
import threading

results = {}
reported = []
lock = threading.Lock()
MODULES = ["json", "csv", "fractions", "decimal", "textwrap", "difflib", "heapq", "bisect",
           "string", "statistics", "colorsys", "calendar"]


def work(rnd, i):
    __import__(MODULES[(rnd + i) % len(MODULES)])
    total = 0
    for k in range(2000):
        total += k * i % 7
    try:
        if i % 3 == 0:
            1 / 0
    except ZeroDivisionError:
        total += 1
    v = eval("(%d, %d)" % (i, i + 1))

    def squares(n):
        for j in range(n):
            yield j * j

    total += sum(squares(100)) + sum(x for x in range(50))
    with lock:
        results[rnd, i] = (total, v)
    if i % 5 == 0:
        raise ValueError("thread %d" % i)


def hook(args):
    with lock:
        reported.append((args.exc_type.__name__, str(args.exc_value)))


threading.excepthook = hook
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
for rnd in range(rounds):
    ts = [threading.Thread(target=work, args=(rnd, i)) for i in range(32)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
print(len(results), sum(v[0] for v in results.values()))
print(sorted(results.items())[:3])
print(len(reported), sorted(set(reported))[:3])
print(threading.active_count())
