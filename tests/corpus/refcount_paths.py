# Reference counts taken and dropped by the interpreter's hot paths (local
# loads and stores, POP_TOP, attribute loads and stores, a frame's end):
# objects die, and run __del__ and weakref callbacks, exactly when the last
# reference goes, before and after a second thread started.
import sys
import threading
import weakref


class D:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


class S:
    __slots__ = ("v", "__weakref__")


class P:
    pass


def locals_and_pops(tag):
    a = D(tag + "-a")
    a = D(tag + "-a2")
    print("after rebind")
    D(tag + "-tmp")
    print("after pop")
    b = D(tag + "-b")
    c = b
    del b
    print("b still alive")
    c = None
    print("after c = None")
    keep = D(tag + "-kept")
    return 1


def attributes(tag):
    s = S()
    s.v = D(tag + "-slot1")
    s.v = D(tag + "-slot2")
    print("after slot store")
    p = P()
    p.x = D(tag + "-dict1")
    p.x = D(tag + "-dict2")
    print("after dict store")
    for _ in range(3):
        v = p.x
        w = s.v
    print("loaded", v.name, w.name)
    del v, w
    del p.x
    print("after del p.x")
    p = None
    print("after p = None")
    return s


def deltas():
    x = P()
    base = sys.getrefcount(x)
    y = x
    one = sys.getrefcount(x) - base
    z = [x, x]
    three = sys.getrefcount(x) - base
    del y, z
    zero = sys.getrefcount(x) - base
    q = P()
    q.attr = x
    for _ in range(10):
        t = q.attr
    four = sys.getrefcount(x) - base
    del t
    q = None
    print("deltas", one, three, zero, four - 2, sys.getrefcount(x) - base)


def callbacks(tag):
    dead = []
    o = S()
    r = weakref.ref(o, lambda ref: dead.append(tag))
    o2 = o
    o = None
    print("weakref alive", r() is not None, dead)
    o2 = None
    print("weakref dead", r() is None, dead)


def run(tag):
    print("result", locals_and_pops(tag))
    s = attributes(tag)
    s = None
    print("after slot owner")
    deltas()
    callbacks(tag)


run("one")

# A second thread: counts are atomic from here on.
shared = P()
shared.items = [D("shared-%d" % i) for i in range(3)]
stop = []


def worker():
    n = 0
    for _ in range(20000):
        for it in shared.items:
            x = it
            n += 1
    stop.append(n)


threads = [threading.Thread(target=worker) for _ in range(2)]
for t in threads:
    t.start()
for _ in range(20000):
    for it in shared.items:
        y = it
for t in threads:
    t.join()
print("threads done", stop)
it = y = None
while shared.items:
    shared.items.pop(0)
print("after shared items")
run("two")
print("end")
