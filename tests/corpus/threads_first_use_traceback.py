# Many threads use `traceback` for the first time at the same moment: each
# must see the whole module, not one another thread is still running.
import threading

N = 48
barrier = threading.Barrier(N)
seen = []
lock = threading.Lock()


def work(i):
    barrier.wait()
    try:
        raise KeyError(i % 3)
    except KeyError:
        import traceback
        text = traceback.format_exc()
    with lock:
        seen.append(text.splitlines()[-1])


ts = [threading.Thread(target=work, args=(i,)) for i in range(N)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(len(seen), sorted(set(seen)))
