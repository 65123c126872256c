"""Record NumPy Generator(PCG64) draws for hipy's `random` module.

Run with a NumPy 2.x interpreter, from any directory:
    /work/venv-np/bin/python stdlib-shims/tests/data/record_random.py
It rewrites stdlib-shims/tests/data/random_cases.txt next to this script.

File format: blocks, one per seed, of lines
    seed int <decimal seed> <32-bit words, lowest first, comma-separated hex>
    seed list <python repr> <assembled 32-bit words, comma-separated hex>
    state <128-bit LCG state hex> <increment hex>      (right after seeding)
    <operation> ... = <result>                        (run in order)
    final <state hex> <increment hex> <has_uint32 0/1> <uinteger hex>
    end
Operations (n is the size, '-' for size=None):
    random <n> = <float64 bit patterns, hex>
    random_f32 <n> = <float32 bit patterns, hex>
    integers <int64|int32> <low> <high> <endpoint 0/1> <n> = <decimal ints>
    normal <loc bits hex> <scale bits hex> <n> = <float64 bit patterns, hex>
    standard_normal <n> = <float64 bit patterns, hex>
    digest_normal <n> = <FNV-1a 64 of the little-endian float64 bytes, hex>
    digest_integers <dtype> <low> <high> <endpoint> <n> = <FNV-1a 64 of the
        little-endian int64/int32 bytes, hex>
An operation NumPy rejects records `error <message>` as its result.
"""

import os
import struct
import sys

import numpy as np
from numpy.random.bit_generator import _coerce_to_uint32_array

assert np.__version__.startswith("2."), np.__version__
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "random_cases.txt")
DTYPES = {"int64": np.int64, "int32": np.int32}
lines = []


def f64_bits(values):
    return " ".join(f"{struct.unpack('<Q', struct.pack('<d', float(v)))[0]:016x}"
                    for v in np.atleast_1d(values))


def f32_bits(values):
    return " ".join(f"{struct.unpack('<I', struct.pack('<f', v))[0]:08x}"
                    for v in np.atleast_1d(values).astype(np.float32))


def fnv1a(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def size_arg(n):
    return None if n == "-" else n


class Recorder:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        words = _coerce_to_uint32_array(seed)
        kind = "int" if isinstance(seed, int) else "list"
        shown = str(seed) if kind == "int" else repr(seed).replace(" ", "")
        lines.append(f"seed {kind} {shown} " + ",".join(f"{int(w):x}" for w in words))
        st = self.rng.bit_generator.state["state"]
        lines.append(f"state {st['state']:x} {st['inc']:x}")

    def op(self, text, thunk, encode):
        try:
            result = encode(thunk())
        except ValueError as e:
            result = f"error {e}"
        lines.append(f"{text} = {result}")

    def random(self, n):
        self.op(f"random {n}", lambda: self.rng.random(size_arg(n)), f64_bits)

    def random_f32(self, n):
        self.op(f"random_f32 {n}",
                lambda: self.rng.random(size_arg(n), dtype=np.float32), f32_bits)

    def integers(self, dtype, low, high, endpoint, n):
        def draw():
            if high is None:
                return self.rng.integers(low, size=size_arg(n), dtype=DTYPES[dtype],
                                         endpoint=endpoint)
            return self.rng.integers(low, high, size=size_arg(n), dtype=DTYPES[dtype],
                                     endpoint=endpoint)
        # high=None means integers(low) == integers(0, low).
        lo, hi = (0, low) if high is None else (low, high)
        self.op(f"integers {dtype} {lo} {hi} {int(endpoint)} {n}", draw,
                lambda v: " ".join(str(int(x)) for x in np.atleast_1d(v)))

    def normal(self, loc, scale, n):
        self.op(f"normal {f64_bits(loc)} {f64_bits(scale)} {n}",
                lambda: self.rng.normal(loc, scale, size_arg(n)), f64_bits)

    def standard_normal(self, n):
        self.op(f"standard_normal {n}",
                lambda: self.rng.standard_normal(size_arg(n)), f64_bits)

    def digest_normal(self, n):
        self.op(f"digest_normal {n}",
                lambda: self.rng.standard_normal(n).astype("<f8").tobytes(), fnv1a)

    def digest_integers(self, dtype, low, high, endpoint, n):
        self.op(f"digest_integers {dtype} {low} {high} {int(endpoint)} {n}",
                lambda: self.rng.integers(low, high, size=n, dtype=DTYPES[dtype],
                                          endpoint=endpoint)
                .astype("<i8" if dtype == "int64" else "<i4").tobytes(),
                fnv1a)

    def finish(self):
        s = self.rng.bit_generator.state
        lines.append(f"final {s['state']['state']:x} {s['state']['inc']:x} "
                     f"{s['has_uint32']} {s['uinteger']:x}")
        lines.append("end")


INT64_RANGES = [
    (0, 10, False), (0, 1, False), (5, 6, False), (-5, 5, False), (0, 2, True),
    (0, 100, True), (-1000, 1000, False), (0, 2 ** 16, False), (0, 2 ** 31, False),
    (0, 2 ** 32 - 1, False), (0, 2 ** 32, False), (0, 2 ** 32 + 1, False),
    (0, 2 ** 32 - 1, True), (0, 2 ** 32, True), (-2 ** 31, 2 ** 31, False),
    (0, 2 ** 33, False), (0, 2 ** 40, False), (-10 ** 18, 10 ** 18, False),
    (0, 2 ** 63, False), (-2 ** 63, 2 ** 63, False), (-2 ** 63, 2 ** 63 - 1, True),
    (2 ** 62, 2 ** 63 - 5, False), (-2 ** 63, -2 ** 63 + 3, False), (7, 7, True),
    (3, 3 + 2 ** 50 + 12345, False), (0, 3 * 2 ** 61, False),
]
INT32_RANGES = [
    (0, 10, False), (0, 1, False), (-5, 5, True), (0, 2 ** 31, False),
    (-2 ** 31, 2 ** 31, False), (-2 ** 31, 2 ** 31 - 1, True), (0, 2 ** 31 - 1, True),
    (-100, 100, False), (0, 3 * 2 ** 29, False),
]
BAD = [  # (dtype, low, high, endpoint) that NumPy rejects
    ("int64", 5, 5, False), ("int64", 5, 4, True), ("int64", 0, 0, False),
    ("int64", 0, -1, True), ("int64", 0, 2 ** 63 + 1, False), ("int64", -2 ** 63 - 1, 0, False),
    ("int64", 0, 2 ** 63, True), ("int32", 0, 2 ** 31 + 1, False), ("int32", -2 ** 31 - 1, 0, False),
    ("int32", 3, 3, False), ("int64", 2 ** 70, 2 ** 71, False), ("int64", -2 ** 70, -2 ** 69, False),
    ("int64", 10, 2, False),
]

SEEDS = [0, 1, 42, 12345, 2 ** 40 + 3, 2 ** 100 + 987654321987654321, 2 ** 64 - 1, 2 ** 64,
         2 ** 128 + 7, 3 ** 100]
LIST_SEEDS = [[1, 2, 3], [1, 2 ** 40, 3], [0], [2 ** 32 - 1, 0, 2 ** 32, 5, 6, 7]]

for seed in SEEDS:
    r = Recorder(seed)
    r.random("-")
    r.random(5)
    for i, (lo, hi, ep) in enumerate(INT64_RANGES):
        r.integers("int64", lo, hi, ep, "-")
        r.integers("int64", lo, hi, ep, 1 + (i % 5))
        if i % 3 == 0:
            r.random(1)  # a 64-bit draw between 32-bit ones: the buffer survives
    r.integers("int64", 10, None, False, 3)
    r.integers("int64", 10, None, True, "-")
    for i, (lo, hi, ep) in enumerate(INT32_RANGES):
        r.integers("int32", lo, hi, ep, "-")
        r.integers("int32", lo, hi, ep, 2 + (i % 4))
        if i % 2 == 0:
            r.random_f32(1 + i % 2)
    for dtype, lo, hi, ep in BAD:
        r.integers(dtype, lo, hi, ep, 2)
    r.integers("int64", 10, 2, False, 0)  # size=0: no check, no draw
    r.normal(0.0, 1.0, "-")
    r.normal(0.0, 1.0, 7)
    r.normal(10.0, 2.5, 5)
    r.normal(-3.0, 0.0, 2)
    r.normal(1e300, 1e-300, 2)
    r.normal(0.0, -1.0, 2)
    r.normal(0.0, -0.0, 2)
    r.normal(0.0, float("nan"), 2)
    r.standard_normal(9)
    r.random_f32(3)
    r.integers("int64", 0, 3, False, 1)
    r.normal(0.0, 1.0, 3)
    r.integers("int64", 0, 3, False, 1)
    r.random_f32(1)
    r.finish()

for seed in LIST_SEEDS:
    r = Recorder(seed)
    r.random(4)
    r.integers("int64", 0, 100, False, 5)
    r.normal(0.0, 1.0, 4)
    r.finish()

# Long streams, compared through a digest: they reach the ziggurat's rare
# paths (the tail beyond r and the wedge test) many times.
for seed in (0, 2024):
    r = Recorder(seed)
    r.digest_normal(300_000)
    r.digest_integers("int64", 0, 1000, False, 50_000)
    r.digest_integers("int64", -2 ** 62, 2 ** 62 + 12345, False, 20_000)
    r.digest_integers("int32", -7, 7, True, 50_001)
    r.digest_normal(1)
    r.finish()

with open(OUT, "w") as f:
    f.write(f"# recorded by record_random.py with numpy {np.__version__}, "
            f"python {sys.version.split()[0]}\n")
    f.write("\n".join(lines) + "\n")
print(f"wrote {sum(1 for l in lines if '=' in l)} operations to {OUT}")
