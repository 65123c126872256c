# Arithmetic and comparisons between computed numpy scalars and Python
# numbers (each computed at once, without a graph node): result types under
# NumPy 2's promotion (NEP 50), integer wrap-around and division by zero,
# NaN comparisons, errors; element reads and writes through views, strided
# columns and negative indices in Python loops; boolean masks over strided
# columns; percentiles along axis 0 (sorted lanes stored back by column).
import numpy as np


def show(label, v):
    print(label, type(v).__name__, repr(v))


a = np.arange(6, dtype=np.int64)
f = np.linspace(0.0, 1.0, 5)
i32 = np.array([7, -3], dtype=np.int32)
u8 = np.array([250, 3], dtype=np.uint8)
b = np.array([True, False])

x, y = a[4], f[3]
show("i64+1", x + 1)
show("i64*2.5", x * 2.5)
show("1-i64", 1 - x)
show("i64/3", x / 3)
show("i64//-3", x // -3)
show("i64%-3", x % -3)
show("i64**2", x ** 2)
show("2**i64", 2 ** x)
show("f64+i64", y + x)
show("f64-True", y - True)
show("i32+1", i32[0] + 1)
show("i32*i64", i32[1] * x)
show("i32+1.5", i32[0] + 1.5)
with np.errstate(all="ignore"):
    show("u8+10", u8[0] + 10)
with np.errstate(all="ignore"):
    show("u8-u8", u8[1] - u8[0])
show("u8&15", u8[0] & 15)
show("i64<<3", x << 3)
show("i64^5", x ^ 5)
show("bool+bool", b[0] + b[1])
show("bool*bool", b[0] * b[1])
show("bool+1", b[0] + 1)
with np.errstate(all="ignore"):
    show("i64//0", x // 0)
with np.errstate(all="ignore"):
    show("i64%0", x % 0)
with np.errstate(all="ignore"):
    show("big", np.int64(2**62) * 4)
show("cmp<", x < 4.5)
show("cmp==", x == 4)
show("cmp!=", y != y)
nan = np.float64("nan")
show("nan<1", nan < 1)
show("nan==nan", nan == nan)
show("u8>250", u8[0] > 249)
show("i32>=i64", i32[0] >= x)
for bad in (lambda: u8[0] + 300, lambda: x ** -1, lambda: f[1] & 1):
    try:
        show("no error", bad())
    except Exception as e:
        print(type(e).__name__, e)

# A counting loop: reads, scalar arithmetic and stores by element.
counts = np.zeros(5, dtype=np.int64)
state = np.int64(0)
for t in range(40):
    state = (state * 3 + 1) % 5
    counts[int(state)] += 1
print(counts, counts.sum())

m = np.arange(24, dtype=np.float64).reshape(4, 6)
col = m[:, 2]
tv = m.T
print(col[0], col[-1], col[-4], tv[5, 3], tv[-1, -1], m[1:, ::2][2, -1])
total = 0.0
for r in range(4):
    for c in range(-6, 0):
        total += m[r, c] * 0.5
print(total)
for bad in (lambda: col[4], lambda: m[4, 0], lambda: m[0, -7], lambda: m[0, 1, 2]):
    try:
        print(bad())
    except IndexError as e:
        print("IndexError", e)
view = m[::2, 1:]
view[1, 0] = -1.0
view[-1, -1] = 99.0
print(m)
lazy = a * 2 + 1
print(lazy[3], lazy[-1])
row = (m + 1)[2]
print(row[0], row[1:3])

# Masks over strided columns and whole matrices.
data = np.arange(40, dtype=np.float64).reshape(10, 4) * 1.5
data[data % 4 == 0] = np.nan
for s in range(4):
    c = data[:, s]
    print(s, c[~np.isnan(c)])
print(data[data > 40.0])
data[np.isnan(data)] = -1.0
print(data[:3])

# Percentiles along axis 0 of a matrix (lanes sorted per column).
rng = np.random.default_rng(5)
w = rng.normal(size=(9, 3))
w[2, 1] = np.nan
print(np.nanpercentile(w, [25, 50, 75], axis=0))
print(np.percentile(w[:, [0, 2]], 40, axis=0))
print(np.sort(w, axis=0)[:, 0])
print(np.argsort(w[:, 2]))
print(np.partition(np.array([[5, 1], [3, 9], [4, 2]]), 1, axis=0))
