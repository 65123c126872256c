# gc.callbacks: each callback gets ("start", info) and ("stop", info) around
# every collection, explicit (gc.collect) and automatic (gc's thresholds).
import gc

log = []

def cb(phase, info):
    log.append((phase, sorted(info), info["generation"]))

class Node:
    pass

def make_cycles(n):
    for _ in range(n):
        a = Node()
        a.me = a

gc.collect()
gc.callbacks.append(cb)

# Explicit collections of each generation.
for g in (0, 1, 2):
    log.clear()
    make_cycles(10)
    n = gc.collect(g)
    print(g, log)
print("default generation:", gc.collect() >= 0, log[-1][2])

# The stop info says what was collected.
stops = []
def counter(phase, info):
    if phase == "stop":
        stops.append((info["collected"], info["uncollectable"]))
gc.callbacks.append(counter)
make_cycles(50)
n = gc.collect()
print("collected >= 50:", stops[-1][0] >= 50, "matches return:", n == stops[-1][0] + stops[-1][1])
gc.callbacks.remove(counter)

# Automatic collections call them too.
log.clear()
make_cycles(20000)
phases = [p for p, _, _ in log]
print("automatic:", len(log) >= 2, phases[:2], all(a == "start" and b == "stop" for a, b in zip(phases[::2], phases[1::2])))
gc.callbacks.remove(cb)

# A callback that raises is reported as unraisable; the collection goes on.
import sys
seen = []
def bad(phase, info):
    raise RuntimeError("bad " + phase)
def hook(u):
    seen.append((type(u.exc_value).__name__, str(u.exc_value), u.object is bad))
sys.unraisablehook = hook
gc.callbacks.append(bad)
gc.collect()
gc.callbacks.remove(bad)
sys.unraisablehook = sys.__unraisablehook__
print("unraisable:", seen)

# A callback may not start another collection (gc.collect inside returns 0).
inner = []
def nested(phase, info):
    if phase == "start":
        inner.append(gc.collect())
gc.callbacks.append(nested)
gc.collect()
gc.callbacks.remove(nested)
print("nested:", inner)

# Disabled automatic collection: only explicit ones call back.
log2 = []
gc.callbacks.append(lambda p, i: log2.append(p))
gc.disable()
make_cycles(20000)
print("disabled:", log2)
gc.collect()
print("explicit:", log2)
gc.enable()
gc.callbacks.clear()
try:
    gc.collect(3)
except ValueError as e:
    print("ValueError:", e)
