# Threads whose uncaught exceptions go to the default threading.excepthook at
# the same moment: each formats its traceback (which parses the source line
# into ast nodes), so many threads create the node types at once.
import io
import sys
import threading

N = 48
barrier = threading.Barrier(N)


def work(i):
    barrier.wait()
    raise ValueError("thread %d failed" % (i % 4))


err = io.StringIO()
sys.stderr = err
ts = [threading.Thread(target=work, args=(i,)) for i in range(N)]
for t in ts:
    t.start()
for t in ts:
    t.join()
sys.stderr = sys.__stderr__
lines = err.getvalue().splitlines()
print(sum(1 for l in lines if l.startswith("Exception in thread")))
print(sorted(set(l for l in lines if l.startswith("ValueError"))))
print(sum(1 for l in lines if "raise ValueError" in l))
print(threading.active_count())
