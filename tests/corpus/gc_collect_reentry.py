# The collector's edges around one collection: gc.collect() called from a
# __del__ and from a weakref callback while a collection runs (it collects
# nothing then, and the garbage it would have found waits for the next one),
# callbacks that make new cycles, resurrection by __del__ (the resurrected
# object keeps its referents, and its __del__ never runs twice), and a large
# collection followed by small ones (the collector's working memory).
import gc
import weakref

log = []


class Node:
    def __init__(self, name):
        self.name = name
        self.me = self


class Collector(Node):
    def __del__(self):
        log.append(("del", self.name, gc.collect()))


class Maker(Node):
    def __del__(self):
        # New garbage made while the collection runs: not part of it.
        for i in range(3):
            Node("made%d" % i)
        log.append(("del", self.name))


saved = []


class Phoenix(Node):
    def __del__(self):
        log.append(("del", self.name, len(self.payload)))
        saved.append(self)


gc.disable()
gc.collect()

# __del__ calls gc.collect() during a collection.
c = Collector("c")
del c
print("first:", gc.collect() > 0, log)
log.clear()

# A weakref callback calls gc.collect() and makes a new cycle.
a = Node("a")
made = []
def cb(ref):
    made.append(Node("from-callback"))
    log.append(("callback", gc.collect()))
r = weakref.ref(a, cb)
del a
print("callback:", gc.collect() > 0, log, r() is None, len(made))
log.clear()

# Garbage made by a finalizer waits for the next collection.
m = Maker("m")
probe = weakref.ref(m)
del m
gc.collect()
print("maker:", log, probe() is None)
made_refs = [o for o in gc.get_objects() if isinstance(o, Node) and o.name.startswith("made")]
print("made alive:", sorted(o.name for o in made_refs))
del made_refs
gc.collect()
print("made after:", sorted(o.name for o in gc.get_objects() if isinstance(o, Node) and o.name.startswith("made")))
log.clear()

# Resurrection: the object and what it refers to survive, __del__ runs once.
p = Phoenix("p")
p.payload = [Node("inner"), [1, 2, 3]]
del p
gc.collect()
print("resurrected:", log, len(saved), saved[0].payload[0].name, saved[0].payload[1])
print("tracked:", gc.is_tracked(saved[0]), gc.is_tracked(saved[0].payload))
print("referrers:", any(x is saved for x in gc.get_referrers(saved[0])))
log.clear()
saved[0].me = None
saved.clear()
gc.collect()
print("second death:", log)

# A large collection, then small ones: each still finds its own garbage.
keep = [Node(i) for i in range(100000)]
big = [Node(i) for i in range(100000)]
big_ref = weakref.ref(big[-1])
del big
print("big:", gc.collect() >= 100000, big_ref() is None, len(keep))
for round in range(5):
    cycle = Node(round)
    ref = weakref.ref(cycle)
    del cycle
    print("small", round, gc.collect(0) >= 1, ref() is None)
del keep
print("keep:", gc.collect() >= 100000)

# DEBUG_SAVEALL: the garbage goes to gc.garbage uncleared.
gc.set_debug(gc.DEBUG_SAVEALL)
s = Node("saved")
del s
gc.collect()
print("saveall:", [o.name for o in gc.garbage if isinstance(o, Node)], [o.me is o for o in gc.garbage if isinstance(o, Node)])
gc.set_debug(0)
gc.garbage.clear()
gc.enable()
