# Class attributes (no descriptors) read through instances in compiled loops:
# the class attribute reassigned mid-loop, an instance attribute that starts
# shadowing it, a subclass overriding it, a slotted class, and a class-level
# mutable default mutated through the instance.
class Cfg:
    rate = 3
    name = "cfg"
    table = [0]
    def __init__(self, k):
        self.k = k

class Sub(Cfg):
    rate = 10

class Slotted:
    __slots__ = ("v",)
    scale = 2.5
    def __init__(self, v):
        self.v = v

def total(objs, n):
    t = 0
    for i in range(n):
        o = objs[i % len(objs)]
        t += o.rate * o.k
        if i == n // 2:
            Cfg.rate = 4
        if i == 3 * n // 4:
            objs[0].rate = 100
        o.table[0] += 1
    return t

def scaled(objs):
    s = 0.0
    for o in objs:
        s += o.v * o.scale
    return s

objs = [Cfg(i) for i in range(5)] + [Sub(7)]
print(total(objs, 2000), Cfg.table, objs[0].__dict__, Cfg.name)
sl = [Slotted(i) for i in range(300)]
print(scaled(sl))
Slotted.scale = 0.5
print(scaled(sl))
