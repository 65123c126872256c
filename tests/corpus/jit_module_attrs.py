# Module attributes read in compiled loops: functions and classes as
# constants under the module dict's stamp, variables read each time;
# monkeypatching mid-loop, new and deleted attributes, a module-level
# __getattr__, module subclasses, and modules made at run time.
import math
import sys
import types

cfg = types.ModuleType("cfg")
cfg.scale = 2
cfg.f = lambda x: x + 1
sys.modules["cfg"] = cfg
import cfg as cfg_alias


def patched_sqrt():
    total = 0.0
    orig = math.sqrt
    for i in range(300):
        if i == 150:
            math.sqrt = lambda x: -1.0
        if i == 200:
            math.sqrt = orig
        total += math.sqrt(i)
    print("%.6f" % total)


def variables():
    total = 0
    for i in range(300):
        if i % 50 == 0:
            cfg.scale += 1
        if i == 120:
            cfg.newattr = 5
        if i == 220:
            del cfg.newattr
        total += cfg_alias.scale * cfg.f(i)
    print(total, cfg.scale, hasattr(cfg, "newattr"))


def lazy_getattr():
    lz = types.ModuleType("lz")
    lz.__getattr__ = lambda name: "lazy " + name
    lz.real = 1
    out = []
    for i in range(200):
        if i == 100:
            del lz.real
        out.append(lz.real)
    print(out[98:102], lz.other)


class MyModule(types.ModuleType):
    def __getattribute__(self, name):
        if name == "value":
            return 42
        return super().__getattribute__(name)


def subclass():
    m = MyModule("m")
    m.value = 1
    m.other = 3
    total = 0
    for i in range(200):
        total += m.value + m.other
    print(total)


def deleted():
    d = types.ModuleType("d")
    d.g = abs
    caught = []
    for i in range(200):
        if i == 120:
            del d.g
        try:
            caught.append(d.g(-i))
        except AttributeError as e:
            caught.append(str(e))
            d.g = abs
    print(caught[118:123])


def dunder():
    names = []
    for i in range(100):
        names.append((math.__name__, math.pi, types.SimpleNamespace.__name__))
    print(names[-1], len(names))


patched_sqrt()
variables()
lazy_getattr()
subclass()
deleted()
dunder()
