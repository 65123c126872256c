"""Record NumPy's repr/str of scalars and arrays for hipy's `format` module.

Run with a NumPy 2.x interpreter, from any directory:
    /work/venv-np/bin/python stdlib-shims/tests/data/record_format.py
It rewrites stdlib-shims/tests/data/format_cases.txt next to this script.

File format, one record per case, fields on consecutive lines:
    case <scalar|array> <dtype> <shape: comma-separated, '-' for 0-d>
    view <strides in elements, comma-separated or '-'> <offset>   (arrays only)
    data <elements of the underlying buffer, space-separated>
    repr <repr with newlines written as \\n>
    str <str with newlines written as \\n>
float64 values are written with Python's repr, float32 values with their
shortest float32 digits (both parse back to the exact value in their own
type), ints in decimal, bools as 0/1.
"""

import os
import sys

import numpy as np

assert np.__version__.startswith("2."), np.__version__
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "format_cases.txt")
rng = np.random.default_rng(20240611)
DTYPES = {"float64": np.float64, "float32": np.float32, "int64": np.int64,
          "int32": np.int32, "bool": np.bool_}

records = []


def escape(s):
    assert "\\" not in s and "\r" not in s
    return s.replace("\n", "\\n")


def encode_f32(v):
    """Shortest float32 digits; parsing them as float32 gives v back exactly."""
    s = str(np.float32(v))
    assert np.float32(s) == v or (np.isnan(v) and np.isnan(np.float32(s)))
    return s


def encode(values, dtype):
    if dtype == "float64":
        return " ".join(repr(float(v)) for v in values)
    if dtype == "float32":
        return " ".join(encode_f32(v) for v in values)
    if dtype == "bool":
        return " ".join("1" if v else "0" for v in values)
    return " ".join(str(int(v)) for v in values)


def add_scalar(value, dtype):
    x = DTYPES[dtype](value)
    records.append(f"case scalar {dtype} -\ndata {encode([x], dtype)}\n"
                   f"repr {escape(repr(x))}\nstr {escape(str(x))}")


def add_array(a):
    """Records `a`; views are recorded against their base buffer."""
    dtype = a.dtype.name
    assert dtype in DTYPES, dtype
    shape = ",".join(str(n) for n in a.shape) if a.ndim else "-"
    base = a
    while base.base is not None and isinstance(base.base, np.ndarray):
        base = base.base
    if base is a or not base.flags.c_contiguous or base.dtype != a.dtype:
        buf = np.ascontiguousarray(a)
        strides, offset = None, 0
    else:
        buf = base
        item = a.itemsize
        start = a.__array_interface__["data"][0] - base.__array_interface__["data"][0]
        assert start % item == 0 and all(s % item == 0 for s in a.strides)
        strides, offset = [s // item for s in a.strides], start // item
    view = ("-" if strides is None or a.ndim == 0
            else ",".join(str(s) for s in strides))
    records.append(
        f"case array {dtype} {shape}\nview {view} {offset}\n"
        f"data {encode(buf.ravel(), dtype)}\n"
        f"repr {escape(repr(a))}\nstr {escape(str(a))}")


# ---------------------------------------------------------------- scalars
SPECIAL_FLOATS = [
    0.0, -0.0, 1.0, -1.0, 1.5, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 3.14159, 2.5, 10.0, 100.0,
    1e15, 1e16, 1e17, 9999999999999998.0, 123456789012345.6, 1234567890123456.7,
    0.0001, 0.00011, 9.999999999999999e-05, 0.00010000000000000002, 1e-05,
    1.5e-7, -1.5e-7, 1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
    2.0 ** 53, 2.0 ** 63, 1e22, 1e23, 12345678.9, 99999999.99999999, 1e8, 1e7,
    999999.0, 1e6, 1000000.5, 0.5, 0.25, 0.125, 1e-4 * 3, 65504.0, 16777216.0,
    16777217.0, 3.4028234663852886e38, 1e-45, 1.401298464324817e-45, 1.1754943508222875e-38,
    float("nan"), float("inf"), float("-inf"), 123.456, -987.654321, 0.1 + 0.2,
    4.35, 2.675, 1.005, 0.001953125, 1e100, 1.2345678901234567e-100, 7e-10,
]


def random_floats(n):
    """Finite floats across magnitudes: random bits, round decimals, ints."""
    out = []
    for _ in range(n):
        kind = rng.integers(4)
        if kind == 0:
            out.append(float(rng.standard_normal() * 10.0 ** rng.integers(-12, 20)))
        elif kind == 1:
            out.append(round(float(rng.uniform(-1e4, 1e4)), int(rng.integers(0, 6))))
        elif kind == 2:
            out.append(float(rng.integers(-10 ** 9, 10 ** 9)))
        else:
            bits = int(rng.integers(0, 2 ** 63 - 1)) & 0x7FEFFFFFFFFFFFFF
            out.append(float(np.array([bits], dtype=np.uint64).view(np.float64)[0]))
    return out


for v in SPECIAL_FLOATS + random_floats(150):
    add_scalar(v, "float64")
    with np.errstate(over="ignore"):
        add_scalar(v, "float32")
for v in [0, 1, -1, 7, -42, 2 ** 31 - 1, -2 ** 31, 2 ** 63 - 1, -2 ** 63, 10 ** 12]:
    add_scalar(v, "int64")
for v in [0, 1, -1, 7, -42, 2 ** 31 - 1, -2 ** 31, 123456]:
    add_scalar(v, "int32")
for v in [True, False]:
    add_scalar(v, "bool")

# 0-d arrays use the array formatter for repr and the scalar str for str.
for v in SPECIAL_FLOATS[::2] + random_floats(20):
    add_array(np.array(v, dtype=np.float64))
    with np.errstate(over="ignore"):
        add_array(np.array(v, dtype=np.float32))
for v in [0, -5, 2 ** 40, -2 ** 63]:
    add_array(np.array(v, dtype=np.int64))
for v in [0, 7, -2 ** 31]:
    add_array(np.array(v, dtype=np.int32))
for v in [True, False]:
    add_array(np.array(v))

# ----------------------------------------------------------------- arrays


def float_generators():
    """(name, function(shape) -> float64 array) pairs covering the format rules."""
    def with_specials(a):
        a = a.copy()
        flat = a.reshape(-1)
        for s in (np.nan, np.inf, -np.inf):
            if rng.random() < 0.6 and flat.size:
                flat[rng.integers(flat.size)] = s
        return a
    return [
        ("uniform", lambda s: rng.random(s)),
        ("normal", lambda s: rng.standard_normal(s)),
        ("normal_scaled", lambda s: rng.standard_normal(s) * 10.0 ** rng.integers(-6, 12)),
        ("ints", lambda s: rng.integers(-1000, 1000, s).astype(float)),
        ("halves", lambda s: rng.integers(-100, 100, s) / 2.0),
        ("round2", lambda s: np.round(rng.uniform(-50, 50, s), 2)),
        ("round4", lambda s: np.round(rng.uniform(0, 1, s), 4)),
        ("mixed_mag", lambda s: rng.standard_normal(s) * 10.0 ** rng.integers(-8, 9, s)),
        ("tiny", lambda s: rng.random(s) * 1e-5),
        ("huge", lambda s: rng.random(s) * 1e12),
        ("near_1e8", lambda s: 1e8 - rng.integers(0, 3, s).astype(float)),
        ("near_1e-4", lambda s: 1e-4 + rng.integers(-1, 3, s) * 1e-20),
        ("ratio_1000", lambda s: np.where(rng.random(s) < 0.5, 1.0, 1000.0)),
        ("ratio_1001", lambda s: np.where(rng.random(s) < 0.5, 1.0, 1001.0)),
        ("zeros", lambda s: np.zeros(s)),
        ("neg_zero", lambda s: -np.zeros(s)),
        ("specials", lambda s: with_specials(rng.standard_normal(s))),
        ("specials_big", lambda s: with_specials(rng.standard_normal(s) * 1e9)),
        ("all_nan", lambda s: np.full(s, np.nan)),
        ("inf_only", lambda s: np.where(rng.random(s) < 0.5, np.inf, -np.inf)),
        ("ties", lambda s: rng.integers(0, 2 ** 12, s) / 2.0 ** 11 + rng.integers(0, 100, s)),
        ("ninths", lambda s: rng.integers(1, 100, s) / 9.0),
        # exact ties at the 8th fractional digit (odd multiples of 2**-9)
        ("ties9", lambda s: (2 * rng.integers(0, 2 ** 8, s) + 1) / 2.0 ** 9 + rng.integers(0, 10, s)),
        # exact ties at the 9th significant digit in scientific mode
        ("ties_sci", lambda s: (rng.integers(10 ** 8, 10 ** 9, s) * 10 + 5).astype(float)),
        # short decimals next to one long value, in scientific mode, so that
        # min_digits extends the short ones past their unique digits
        ("short_and_long", lambda s: np.where(
            np.arange(int(np.prod(s))).reshape(s) == 0,
            rng.standard_normal(s) * 1e3,
            rng.integers(1, 10, s) * 10.0 ** rng.integers(-3, 1, s))),
        ("random_bits", lambda s: np.array(random_floats(int(np.prod(s))) or [0.0])[:int(np.prod(s))].reshape(s)),
    ]


SHAPES_1D = [(1,), (2,), (3,), (5,), (8,), (13,), (30,)]
SHAPES_ND = [(2, 3), (4, 7), (3, 12), (6, 2), (2, 2, 3), (2, 3, 2, 2), (1, 1, 5)]

with np.errstate(over="ignore", invalid="ignore"):
    for name, gen in float_generators():
        for shape in SHAPES_1D + SHAPES_ND:
            a = gen(shape)
            add_array(a.astype(np.float64))
            add_array(a.astype(np.float32))

    # Wide rows that wrap at 75 columns, with and without the dtype suffix.
    for cols in (9, 10, 11, 17, 25, 40):
        for gen in (lambda s: rng.standard_normal(s), lambda s: rng.random(s) * 1e-6,
                    lambda s: np.round(rng.random(s) * 100, 1)):
            a = gen((3, cols))
            add_array(a)
            add_array(a.astype(np.float32))
            add_array(a[0])
            add_array(a[0].astype(np.float32))

# float32 in scientific mode with precision 8 (one value needs 9 significant
# digits): the short values get min_digits=8 and print their exact float32
# digits past the unique ones (0.1 -> 1.00000001e-01).
def nine_digit_f32():
    while True:
        v = np.float32(rng.standard_normal() * 10.0 ** rng.integers(-3, 5))
        if len(str(v).split("e")[0].replace("-", "").replace(".", "").lstrip("0")) == 9:
            return v


for n in range(12):
    shorts = [0.1, 0.3, 0.7, 0.003, 2.2, 1e-3, 0.9, 5e-2, 0.01, 1.1, 12.3]
    vals = [nine_digit_f32()] + list(rng.choice(shorts, 5)) + [1e3 * (n + 1)]
    add_array(np.array(vals, dtype=np.float32))

# Integers: widths, negatives, limits, wrapping.
for dtype, lo, hi in [(np.int64, -2 ** 63, 2 ** 63 - 1), (np.int32, -2 ** 31, 2 ** 31 - 1)]:
    for shape in SHAPES_1D + SHAPES_ND + [(40,), (3, 30), (2, 50)]:
        add_array(rng.integers(0, 10, shape).astype(dtype))
        add_array(rng.integers(-1000, 1000, shape).astype(dtype))
        add_array(rng.integers(lo, hi, shape, endpoint=True).astype(dtype))
    add_array(np.array([lo, hi], dtype=dtype))
    add_array(np.array([lo, 0], dtype=dtype))
    add_array(np.array([hi, -1], dtype=dtype))
    add_array(np.array([-1, -10, -100], dtype=dtype))

# Booleans.
for shape in SHAPES_1D + SHAPES_ND + [(40,), (3, 30)]:
    add_array(rng.random(shape) < 0.5)
add_array(np.ones(4, dtype=bool))
add_array(np.zeros(4, dtype=bool))

# Empty arrays of every dtype and several shapes.
for dtype in DTYPES.values():
    for shape in [(0,), (0, 3), (2, 0), (2, 0, 3), (1, 0)]:
        add_array(np.zeros(shape, dtype=dtype))

# Summarised arrays (size > 1000): widths come from the shown edges only.
with np.errstate(over="ignore"):
    for dtype in (np.float64, np.float32):
        a = np.arange(2000, dtype=dtype)
        add_array(a)
        b = rng.standard_normal(1001).astype(dtype)
        b[500] = 1e30  # hidden by summarisation, must not affect formatting
        add_array(b)
        add_array(np.linspace(0, 1, 1200).astype(dtype))
        add_array(rng.standard_normal((40, 30)).astype(dtype))
        add_array(np.round(rng.random((7, 200)), 3).astype(dtype))
        add_array(rng.random((300, 5)).astype(dtype) * 1e-7)
        add_array(np.arange(2 * 3 * 200, dtype=dtype).reshape(2, 3, 200))
        add_array(np.arange(10 * 10 * 11, dtype=dtype).reshape(10, 10, 11) - 500)
        c = rng.standard_normal(1500).astype(dtype)
        c[1] = np.nan
        c[-1] = -np.inf
        add_array(c)
    for dtype in (np.int64, np.int32):
        add_array(np.arange(1001, dtype=dtype))
        add_array(rng.integers(-10 ** 6, 10 ** 6, (30, 40)).astype(dtype))
        d = np.arange(3000, dtype=dtype)
        d[1500] = -(10 ** 9)
        add_array(d)
        add_array(np.arange(4 * 5 * 60, dtype=dtype).reshape(4, 5, 60))
    add_array(rng.random(1200) < 0.5)
    add_array(rng.random((50, 30)) < 0.5)

# Strided views: transposes, reversals, steps.
base = rng.standard_normal((6, 8))
add_array(base.T)
add_array(base[::-1])
add_array(base[:, ::3])
add_array(base[1::2, ::-2])
add_array(base[2])
add_array(base[:, 5])
ibase = np.arange(60, dtype=np.int32).reshape(3, 4, 5)
add_array(ibase.transpose(2, 0, 1))
add_array(ibase[:, ::-1, 1:4])
add_array(np.arange(3000, dtype=np.int64)[::-2])
add_array(np.arange(3000, dtype=np.float64).reshape(60, 50).T)

with open(OUT, "w") as f:
    f.write(f"# recorded by record_format.py with numpy {np.__version__}, "
            f"python {sys.version.split()[0]}; {len(records)} cases\n")
    for r in records:
        f.write(r + "\n")
print(f"wrote {len(records)} cases to {OUT}")
