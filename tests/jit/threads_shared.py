# Threads started from inside a compiled loop share objects with it and with
# each other. Compiled code counts references with plain instructions only
# while one thread runs Python; once a thread starts, its counts go through
# the atomic helpers. Reference counts must come out exact: every object's
# count is back where it started when the threads are done.
import sys
import threading

shared = [[float(i), 0.0] for i in range(50)]
results = []
lock = threading.Lock()


def worker(k):
    local = 0.0
    for rep in range(2000):
        for pair in shared:
            local += pair[0]
            tmp = (pair, k)
    with lock:
        results.append(round(local))


def main():
    before = [sys.getrefcount(p) for p in shared]
    threads = []
    total = 0.0
    for i in range(4000):
        p = shared[i % 50]
        total += p[0]
        p[1] = p[1] + 1.0
        if i % 1000 == 999:
            t = threading.Thread(target=worker, args=(i,))
            t.start()
            threads.append(t)
    for t in threads:
        t.join()
    del p
    after = [sys.getrefcount(p) for p in shared]
    print(total, sorted(results), sum(p[1] for p in shared))
    print("counts restored:", before == after)


main()
