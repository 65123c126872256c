# What the interpreter's safepoint serves while Python code runs: signal
# handlers (checked at every poll), stop-the-world requests from hipy
# (gc.collect) and from RustPython itself (sys._current_frames), and
# automatic collections, with threads spinning in loops and generators.
import gc
import os
import signal
import sys
import threading

hits = []


def handler(signum, frame):
    hits.append(signum)


signal.signal(signal.SIGUSR1, handler)

# A signal raised inside a loop is handled before the loop ends.
i = 0
while not hits:
    i += 1
    if i == 10:
        os.kill(os.getpid(), signal.SIGUSR1)
    if i > 10_000_000:
        break
print("handled in while loop:", hits == [signal.SIGUSR1], i >= 10)


def gen():
    n = 0
    while True:
        n += 1
        if n == 5:
            os.kill(os.getpid(), signal.SIGUSR1)
        yield n


hits.clear()
for n in gen():
    if hits or n > 10_000_000:
        break
print("handled in generator loop:", hits == [signal.SIGUSR1], n >= 5)


signal.signal(signal.SIGUSR1, signal.SIG_DFL)

# Threads spinning in Python loops park for stop-the-world requests.
stop = threading.Event()
counts = [0, 0]


def spin(slot):
    x = 0
    while not stop.is_set():
        x = (x + 1) % 1000
        counts[slot] += 1


def spin_gen(slot):
    def g():
        while True:
            yield 1
    for v in g():
        counts[slot] += v
        if stop.is_set():
            break


threads = [threading.Thread(target=spin, args=(0,)), threading.Thread(target=spin_gen, args=(1,))]
for t in threads:
    t.start()
while min(counts) == 0:
    pass
# (which frames hipy's sys._current_frames lists is not checked here)
served = 0
for _ in range(20):
    sys._current_frames()
    gc.collect()
    served += 1
stop.set()
for t in threads:
    t.join()
print("stop-the-world requests served:", served, "both ran:", min(counts) > 0)

# Automatic collections run from the safepoint and call gc.callbacks.
phases = []
gc.callbacks.append(lambda phase, info: phases.append(phase))


class Node:
    def __init__(self):
        self.me = self


for _ in range(5000):
    Node()
gc.callbacks.clear()
print("automatic collections:", len(phases) > 0, phases[:2])
