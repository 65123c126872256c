# Attribute caches while several threads run Python code on shared and
# private objects.
import threading

class Counter:
    def __init__(self):
        self.n = 0
        self.tag = "c"

class Slotted:
    __slots__ = ("n",)
    def __init__(self):
        self.n = 0

lock = threading.Lock()
shared = Counter()
results = {}

def work(idx):
    mine = Counter()
    sl = Slotted()
    for i in range(3000):
        mine.n += 1
        sl.n = sl.n + 2
        if i % 500 == 0:
            mine.extra = i          # shape changes while threads run
        if i % 700 == 0 and hasattr(mine, "extra"):
            del mine.extra
        with lock:
            shared.n += 1
    results[idx] = (mine.n, sl.n, mine.tag, sorted(vars(mine)))

def read_n(o):
    return o.n

before = [read_n(shared) for _ in range(5)]
threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(before, read_n(shared))
for k in sorted(results):
    print(k, results[k])
# After the threads: caches still right.
c = Counter()
for i in range(5):
    c.n = read_n(c) + i
print(read_n(c), vars(c))
