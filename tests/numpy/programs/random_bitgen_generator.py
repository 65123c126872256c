# Generator over each bit generator: repr, spawn (through the bit
# generator's SeedSequence), bit_generator after the original object is
# gone, default_rng(bit_generator), and legacy-seeded MT19937's seed_seq.
import gc
import numpy as np
from numpy.random import MT19937, PCG64, PCG64DXSM, Philox, SFC64, Generator

for cls in (MT19937, PCG64, PCG64DXSM, Philox, SFC64):
    g = Generator(cls(5))
    print(repr(g).split(" at ")[0], str(g).split(" at ")[0])
    kids = g.spawn(2)
    print(" spawn", [k.random() for k in kids], [type(k.bit_generator).__name__ for k in kids])
    print(" kid keys", [k.bit_generator.seed_seq.spawn_key for k in kids])
    gc.collect()
    bg = g.bit_generator
    print(" bit_generator", type(bg).__name__, bg.seed_seq.entropy, bg.random_raw(), g.random())
    print(" same object", g.bit_generator is bg)
    print(" default_rng", repr(np.random.default_rng(cls(9)).random(2)))
    print(" default_rng kind", type(np.random.default_rng(cls(9)).bit_generator).__name__)

print(repr(np.random.default_rng(1)).split(" at ")[0])
kids = np.random.default_rng(3).spawn(2)
print([k.integers(0, 100) for k in kids], type(kids[0].bit_generator).__name__)

m = MT19937(3)
m._legacy_seeding(4)
print("legacy seeded seed_seq", m.seed_seq, m.random_raw())
for f in (lambda: m.spawn(1), lambda: Generator(m).spawn(1)):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
print("RandomState bitgen seed_seq", np.random.RandomState(5)._bit_generator.seed_seq)

rng = np.random.default_rng(2024)
ss = rng.bit_generator.seed_seq
print("default_rng seed_seq", ss.entropy, ss.spawn_key, ss.n_children_spawned)
kids = rng.spawn(3)
print("after spawn", rng.bit_generator.seed_seq.n_children_spawned, [k.random() for k in kids])
print("kid seed_seq", kids[2].bit_generator.seed_seq.spawn_key, kids[2].spawn(1)[0].random())
print("list seed", np.random.default_rng([1, 2**40]).bit_generator.seed_seq.entropy)
with PCG64(1).lock:
    print("lock ok")
