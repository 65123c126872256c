#!/usr/bin/env python3
"""Record NumPy's argsort(kind="quicksort") permutations for the cases of
lazy/tests/npsort_recorded.rs (hipy emulates NumPy's order of ties).

    python3 lazy/tests/data/record_npsort.py [python-with-numpy]

Each case is generated from a seed by the same generator in the test; only
a hash of NumPy's permutation is stored. Run it on the machine kind the
pandas outputs are recorded on (x86-64 with AVX-512): NumPy picks its sort
by CPU.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

CODE = r'''
import numpy as np, sys

def gen(seed, n, mod, kind):
    x = seed
    out = []
    for _ in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        v = (x >> 33) % mod
        out.append(v)
    if kind == "f64":
        return np.array([v * 0.25 - mod / 8 for v in out], dtype=np.float64)
    if kind == "bool":
        return np.array([v % 2 == 1 for v in out], dtype=bool)
    return np.array([v - mod // 3 for v in out], dtype=np.int64)

def fnv(perm):
    h = 0xcbf29ce484222325
    for p in perm:
        h ^= int(p)
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

cases = []
seed = 1
for kind in ("i64", "f64", "bool"):
    for n in list(range(0, 40)) + [63, 64, 65, 100, 127, 128, 129, 200, 255, 256, 257, 258, 300, 511, 512, 513, 1000, 1024, 2000, 4097, 10000, 40000]:
        for mod in (2, 3, 7, 50, 1000, 1 << 30):
            if kind == "bool" and mod != 2:
                continue
            seed += 1
            v = gen(seed, n, mod, kind)
            perm = np.argsort(v, kind="quicksort")
            cases.append(f"{kind} {seed} {n} {mod} {fnv(perm)}")
print(np.__version__, file=sys.stderr)
print("\n".join(cases))
'''

python = sys.argv[1] if len(sys.argv) > 1 else sys.executable
out = subprocess.run([python, "-c", CODE], check=True, capture_output=True, text=True)
with open(os.path.join(HERE, "npsort_cases.txt"), "w") as f:
    f.write(out.stdout)
print(f"recorded with NumPy {out.stderr.strip()}")
