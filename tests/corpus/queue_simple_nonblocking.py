# queue.SimpleQueue: a non-blocking get takes the item a later blocking get
# would otherwise wake for (multiprocessing.pool drains its task queue this
# way at terminate() while its workers wait).
import sys

# First with `_queue` blocked, as test.support.import_fresh_module blocks it:
# queue.py falls back to its pure-Python SimpleQueue.
sys.modules["_queue"] = None
import queue
print(queue.SimpleQueue.__module__)
del sys.modules["_queue"], sys.modules["queue"]
import queue
import threading
import time
from multiprocessing.pool import ThreadPool

q = queue.SimpleQueue()
q.put(1)
print(q.get(block=False), q.get(False) if not q.empty() else "empty", q.qsize())
q.put(2)
q.put(3)
print(q.get(False), q.get_nowait(), q.empty())
threading.Thread(target=lambda: (time.sleep(0.2), q.put(5))).start()
print(q.get())
try:
    q.get(block=False)
except queue.Empty:
    print("Empty")
try:
    q.get(timeout=0.05)
except queue.Empty:
    print("Empty after timeout")
for i in range(30):
    with ThreadPool(3) as tp:
        r = tp.map(abs, [-1, -2, 3])
print(r)
