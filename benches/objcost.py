"""Per-object create+free cost, for callgrind's loop-difference method
(docs/object-costs.md): `objcost.py KIND N` runs one loop of N iterations
that makes one object of KIND and frees the previous one. Run it with N and
2N under `valgrind --tool=callgrind`, take the difference of the two totals,
divide by N, and subtract the same figure for KIND=base (the empty loop).
Kinds: base int float tuple list dict inst inst2 bound gen.
"""
import sys

class C:
    pass

class D:
    def __init__(self, a, b):
        self.a = a
        self.b = b

class M:
    def m(self):
        pass

def gen():
    yield 1

def k_base(seq, a, b, f, g, o):
    for _ in seq:
        y = a

def k_int(seq, a, b, f, g, o):
    for _ in seq:
        y = a + b

def k_float(seq, a, b, f, g, o):
    for _ in seq:
        y = f + g

def k_tuple(seq, a, b, f, g, o):
    for _ in seq:
        y = (a, b)

def k_list(seq, a, b, f, g, o):
    for _ in seq:
        y = [a, b]

def k_dict(seq, a, b, f, g, o):
    for _ in seq:
        y = {}

def k_inst(seq, a, b, f, g, o):
    for _ in seq:
        y = C()

def k_inst2(seq, a, b, f, g, o):
    for _ in seq:
        y = D(a, b)

def k_bound(seq, a, b, f, g, o):
    for _ in seq:
        y = o.m

def k_gen(seq, a, b, f, g, o):
    for _ in seq:
        y = gen()

kind, n = sys.argv[1], int(sys.argv[2])
from itertools import repeat
seq = repeat(None, n)
globals()["k_" + kind](seq, 100000, 1, 1.5, 2.25, M())
