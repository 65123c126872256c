# A collection follows only the references between its own candidates:
# references to atoms, to untracked dicts and tuples, and to objects of
# older generations take no part in its walk. Cycles are still found
# whatever else they hold, objects held from an older generation survive a
# young collection, gc.get_referrers answers as CPython's, and at exit a
# large heap of untracked dicts is torn down with the globals' __del__ run
# as in CPython.
import gc
import subprocess
import sys
import weakref


class W:
    def __init__(self, name):
        self.name = name


print("-- young collection: references from and to the old generation")
gc.collect()
old = [W("old")]
gc.collect()  # old is now in the oldest generation
a = W("a")
b = W("b")
a.peer = b
b.peer = a
old.append(a)
ra = weakref.ref(a)
del a, b
gc.collect(0)
print("young cycle held from old survives", ra() is not None)
old.pop()
gc.collect(0)
gc.collect()
print("freed once released", ra() is None)

x = W("x")
x.me = x
x.old = old
x.atoms = {'i': 1, 's': 'one'}
x.pair = (1, 'two', 3.0)
rx = weakref.ref(x)
del x
gc.collect(0)
print("young cycle holding old and atoms freed", rx() is None, old[0].name)

print("-- cycles through many untracked dicts")
holder = W("holder")
holder.items = [{'i': i, 's': str(i)} for i in range(100_000)]
print("item tracked", gc.is_tracked(holder.items[5]))
holder.items[50_000]['back'] = holder
print("item tracked after store", gc.is_tracked(holder.items[50_000]))
print("others untracked", gc.is_tracked(holder.items[49_999]))
rh = weakref.ref(holder)
del holder
print("collected at least 3", gc.collect() >= 3)
print("holder freed", rh() is None)

keep = [{'i': i, 's': str(i)} for i in range(50_000)]
gc.collect()
print("surviving dicts of atoms stay untracked", sum(gc.is_tracked(d) for d in keep))
w = W("w")
keep[7]['w'] = w
w.keep = keep
print("tracked after an instance is stored", gc.is_tracked(keep[7]))
rw = weakref.ref(w)
del keep, w
print("collected at least 3", gc.collect() >= 3)
print("cycle through a surviving dict freed", rw() is None)

print("-- get_referrers")
k = "unique-" + str(12345)
d = {'k': k}
t = (k, 1)
refs = gc.get_referrers(k)
print("untracked dict listed", any(r is d for r in refs))
print("untracked tuple listed", any(r is t for r in refs))
d['l'] = []
refs = gc.get_referrers(k)
print("tracked dict listed", any(r is d for r in refs))
del refs

print("-- exit with a large heap")
CHILD = r'''
import gc

class Noisy:
    def __init__(self, name):
        self.name = name
    def __del__(self):
        print("del", self.name, flush=True)

items = [{'i': i, 's': str(i)} for i in range(200_000)]
first = Noisy("first")
cyc = Noisy("cycle")
items[10]['n'] = cyc
cyc.items = items
del cyc
print("built", len(items), flush=True)
items = None
print("collected at least 3", gc.collect() >= 3, flush=True)
items = [{'i': i, 's': str(i)} for i in range(200_000)]
last = Noisy("last")
'''
r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True)
print("status", r.returncode)
print("stdout", r.stdout.splitlines())
print("stderr", r.stderr.splitlines())
