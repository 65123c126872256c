"""Times numpy.random samplers: 5 rounds of 1e6 draws of one of them.

    hipy run tests/numpy/bench/random_samplers.py NAME
    python3 tests/numpy/bench/random_samplers.py NAME    (NumPy)

NAME: normal, integers, choice (uniform and with p=), poisson (mean 3.5 and
40: multiplication and PTRS), exponential (with gamma), binomial (n=20
inversion and n=1000 BTPE). Prints a checksum, the same under both (the
streams are NumPy's), for paired timing of whole runs.
"""
import sys

import numpy as np


def main(name):
    r = np.random.default_rng(1)
    s = 0.0
    for _ in range(5):
        if name == "normal":
            s += float(r.standard_normal(1_000_000).sum())
        elif name == "integers":
            s += int(r.integers(0, 1000, 1_000_000).sum())
        elif name == "choice":
            s += float(r.choice(np.arange(1000.0), 1_000_000).sum())
            s += float(r.choice(1000, 1_000_000, p=np.full(1000, 0.001)).sum())
        elif name == "poisson":
            s += int(r.poisson(3.5, 1_000_000).sum()) + int(r.poisson(40.0, 1_000_000).sum())
        elif name == "exponential":
            s += float(r.exponential(2.0, 1_000_000).sum()) + float(r.gamma(2.5, 1.0, 1_000_000).sum())
        elif name == "binomial":
            s += int(r.binomial(20, 0.3, 1_000_000).sum()) + int(r.binomial(1000, 0.4, 1_000_000).sum())
        else:
            raise SystemExit("unknown sampler " + name)
    print(name, round(s, 4))


main(sys.argv[1])
