# NumPy's bit generators (MT19937, PCG64, PCG64DXSM, Philox, SFC64) seeded
# through SeedSequence: raw streams and Generator draws over each.
import numpy as np
from numpy.random import MT19937, PCG64, PCG64DXSM, Philox, SFC64, Generator, SeedSequence

seeds = [0, 1, 12345, 2**32 + 5, 2**70 + 3, [1, 2, 3], (7, 2**40)]
for cls in (MT19937, PCG64, PCG64DXSM, Philox, SFC64):
    print("==", cls.__name__)
    for s in seeds:
        print(s, "raw", cls(s).random_raw(4).tolist())
    print("seedseq", cls(SeedSequence(99)).random_raw(3).tolist())
    print("spawned seedseq", cls(SeedSequence(99, spawn_key=(2,))).random_raw(2).tolist())
    print("scalar", cls(5).random_raw(), "size tuple", cls(5).random_raw((2, 2)).tolist())
    print("output False", cls(5).random_raw(3, output=False))
    g = Generator(cls(12345))
    print("random", repr(g.random(4)))
    print("random f32", repr(g.random(3, dtype=np.float32)))
    print("integers small", g.integers(0, 10, 8).tolist())
    print("integers i32", g.integers(0, 1000, 5, dtype=np.int32).tolist())
    print("integers big", g.integers(0, 2**40, 4).tolist())
    print("normal", repr(g.standard_normal(4)))
    print("normal scalar", repr(g.normal(3.0, 2.0)))
    print("uniform", repr(g.uniform(-1, 1, 3)))
    print("exponential", repr(g.exponential(2.0, 3)))
    print("gamma", repr(g.gamma(0.5, 1.0, 3)))
    print("poisson", g.poisson(4.0, 5).tolist())
    print("binomial", g.binomial(20, 0.3, 5).tolist())
    print("choice", g.choice(10, 4).tolist())
    print("permutation", g.permutation(8).tolist())
    print("bytes", g.bytes(6))
    print("after", g.random())
    g2 = np.random.default_rng(cls(3))
    print("default_rng(bg)", repr(g2.random(2)))
