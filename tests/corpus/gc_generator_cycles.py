# Reference cycles through suspended generators and coroutines are collected:
# their frames' locals and stacks (a list iterator included) are visible to the
# collector, and a generator's finally block runs when its cycle is collected.
import gc, weakref
def g():
    me = yield 1
    yield 2
gen = g(); next(gen); gen.send(gen)
r = weakref.ref(gen); del gen; gc.collect()
print("local cycle collected:", r() is None)
def h(l):
    it = iter(l)
    yield next(it)
    yield 3
l = [1, 2]; gen = h(l); l.append(gen); next(gen)
r = weakref.ref(gen); del l, gen; gc.collect()
print("iter local collected:", r() is None)
def k(l):
    for x in l:
        yield x
l = (1, 2, 3); gen = k(l); next(gen)
t = [gen]; t.append(t)
r = weakref.ref(gen); del gen, t; gc.collect()
print("tuple iter collected:", r() is None)
def fin(log):
    try:
        me = yield 1
        yield 2
    finally:
        log.append("finally ran")
log = []
gen = fin(log); next(gen); gen.send(gen)
r = weakref.ref(gen); del gen; gc.collect()
print("finally cycle collected:", r() is None, log)
class D:
    def __del__(self):
        print("D.__del__")
def holder():
    d = D()
    me = yield
    yield
gen = holder(); next(gen); gen.send(gen); del gen
print("before collect"); gc.collect(); print("after collect")

class Pause:
    def __await__(self):
        yield "paused"


async def co(box):
    me = box
    await Pause()
    return 1


box = []
c = co(box)
print(c.send(None))
box.append(c)
r = weakref.ref(c)
del c, box
gc.collect()
print("coroutine cycle collected:", r() is None)
