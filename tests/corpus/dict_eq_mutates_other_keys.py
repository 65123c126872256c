# A key's __eq__ that removes *other* entries while a lookup compares it:
# CPython's lookup keeps its answer when the compared entry is untouched
# (no restart, which would run __eq__ again), so weak-keyed cascades delete
# exactly what CPython deletes. (How many times __eq__ runs in all differs
# by one from CPython in the first part, before this session too: not
# printed.)
import gc
import weakref

calls = []


class K:
    def __init__(self, v, victim_of=None):
        self.v = v
        self.victims = []

    def __hash__(self):
        return 7  # every key collides

    def __eq__(self, other):
        calls.append((self.v, other.v))
        while self.victims:
            d.pop(self.victims.pop(), None)
        return self.v == other.v


keys = [K(i) for i in range(6)]
d = {}
for k in keys:
    d[k] = k.v
probe = K(4)
probe.victims = [keys[0], keys[5]]
print(d[probe], len(d))
probe.victims = [keys[1]]
del d[probe]
print(len(d), sorted(x.v for x in d))
probe2 = K(3)
probe2.victims = [keys[2]]
print(probe2 in d, len(d))
print(d.get(K(9)))

# The weak-keyed cascade of CPython's test_weakref (SF bug 742860).
wd = weakref.WeakKeyDictionary()
mutate = False


class C:
    def __init__(self, i):
        self.value = i

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if mutate:
            del objs[-1]
        return self.value == other.value


objs = [C(i) for i in range(4)]
for o in objs:
    wd[o] = o.value
del o
objs = list(wd.keys())
objs.reverse()
mutate = True
count = 0
for o in objs:
    count += 1
    del wd[o]
gc.collect()
print(len(wd), count)
