# heapq on exact lists: entries compared natively (ints, floats, strs and
# tuples of them) and entries whose comparison runs Python code, mixed in one
# heap; comparisons that raise or change the heap; subclasses; empty heaps.
import heapq


def lcg(seed):
    x = seed
    while True:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        yield x


class Task:
    calls = 0

    def __init__(self, p, name):
        self.p, self.name = p, name

    def __lt__(self, other):
        Task.calls += 1
        return (self.p, self.name) < (other.p, other.name)

    def __repr__(self):
        return "Task(%r, %r)" % (self.p, self.name)


def drain(h):
    out = []
    while h:
        out.append(heapq.heappop(h))
    return out


def main():
    r = lcg(7)
    h = []
    for i in range(2000):
        heapq.heappush(h, (next(r) % 50, i, "x%d" % (i % 7)))
    print(h[:5], len(h))
    popped = [heapq.heappop(h) for _ in range(100)]
    print(popped[:6], popped[-2:])
    for i in range(300):
        heapq.heapreplace(h, (next(r) % 60, -i, "r"))
        heapq.heappushpop(h, (next(r) % 70, i, "p"))
    print(h[:4], len(h))
    print(drain(h)[::250])

    # Mixed numbers, strings, equal prefixes, nan.
    for items in ([3, 1.5, 2, -7, 2.0, 10**30, -10**30, 0.1],
                  ["b", "a", "ab", "", "ba", "é", "z"],
                  [(1, 2), (1,), (1, 2, 0), (0, 9), (1, 1.5), ()],
                  [float("nan"), 1.0, 0.5, float("nan"), -1.0],
                  [(float("nan"), 1), (1.0, 2), (float("nan"), 0), (0.5, 3), (1, 5), (1.0, 4)]):
        h = []
        for x in items:
            heapq.heappush(h, x)
        print(h, drain(list(h)) if items[0] == items[0] else h)

    # Python-level __lt__ inside tuples, from some point on.
    h = []
    for i in range(200):
        heapq.heappush(h, (i % 5, Task(next(r) % 10, "t%d" % i)))
    print(drain(h)[:5], Task.calls > 0)

    # A comparison that raises, and one that empties the heap.
    h = [(1, 2), (1, "a")]
    try:
        heapq.heappush(h, (1, 1.5))
        heapq.heappush(h, (1, "b"))
        heapq.heappush(h, (1, None))
    except TypeError as e:
        print("TypeError:", e)
    print(sorted(map(repr, h)))

    class Evil:
        def __init__(self, heap):
            self.heap = heap

        def __lt__(self, other):
            self.heap.clear()
            return True

    h = [1, 2, 3]
    try:
        heapq.heappush(h, Evil(h))
    except RuntimeError as e:
        print("RuntimeError:", e)
    h = [Evil(None), Evil(None)]
    h[0].heap = h
    try:
        heapq.heappop(h + [Evil(h)]) if False else heapq.heappushpop(h, 5)
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

    # Empty heaps and wrong arguments.
    for f, args in ((heapq.heappop, ([],)), (heapq.heapreplace, ([], 1)), (heapq.heappushpop, ([], 4)),
                    (heapq.heappush, ((), 1)), (heapq.heappop, ()), (heapq.heappush, ([], 1, 2))):
        try:
            print(f.__name__, f(*args))
        except (IndexError, TypeError) as e:
            print(f.__name__, type(e).__name__, e)

    class L(list):
        pass

    h = L()
    for x in (5, 3, 9, 1):
        heapq.heappush(h, x)
    print(type(h).__name__, h, heapq.heappop(h))
    print(heapq.nsmallest(3, [5, 1, 4, 2]), heapq.nlargest(2, [(1, "a"), (3, "b"), (2, "c")]))
    print(list(heapq.merge([1, 4, 9], [2, 3, 10], [0])))


main()


for f, args in ((heapq.heapreplace, ((), 1)), (heapq.heappushpop, ({}, 2)), (heapq.heappop, (1, 2)),
                (heapq.heappop, ("s",)), (heapq.heapreplace, ([1],))):
    try:
        print(f.__name__, f(*args))
    except (IndexError, TypeError) as e:
        print(f.__name__, type(e).__name__, e)
