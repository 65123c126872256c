# np.pad: every mode (constant, edge, wrap, reflect/symmetric with even and
# odd reflection wider than the data, maximum/minimum/mean/median with
# stat_length, linear_ramp, empty) over 1-D to 3-D arrays of several dtypes,
# per-axis widths, and NumPy's errors for bad widths, modes and keywords.
import numpy as np

a = np.arange(6).reshape(2, 3)
f = np.arange(12.0).reshape(3, 4) * 1.5
u = np.arange(24, dtype=np.uint8).reshape(2, 3, 4)
h = np.arange(6, dtype=np.float32).reshape(3, 2) - 2.5

print(np.pad(a, 1))
print(np.pad(a, ((1, 0), (2, 1)), mode="edge"))
print(np.pad(a, ((1, 2), (0, 1)), mode="wrap"))
print(np.pad(np.arange(3), 5, mode="wrap"))
print(np.pad(a, ((0, 1), (2, 0)), mode="symmetric"))
print(np.pad(np.arange(4.0), 6, mode="reflect"))
print(np.pad(np.arange(5), 7, mode="symmetric"))
print(np.pad(np.arange(5), 2, mode="reflect", reflect_type="odd"))
print(np.pad(np.arange(4), 9, mode="reflect", reflect_type="odd"))
print(np.pad(np.arange(3), 5, mode="symmetric", reflect_type="odd"))
print(np.pad(np.array([[7]]), 2, mode="reflect"))
print(np.pad(a, 1, constant_values=9))
print(np.pad(a, (2, 1), constant_values=((7, 8),)))
print(np.pad(a, 1, constant_values=((1, 2), (3, 4))))
print(np.pad(a, 2, constant_values=(-1.7, 3)))
print(np.pad(a, (1, 2), mode="maximum"))
print(np.pad(f, 2, mode="minimum", stat_length=1))
print(np.pad(a, 3, mode="mean"))
print(np.pad(f, 2, mode="median", stat_length=(1, 2)))
print(np.pad(np.array([1, 2, 2, 7]), 2, mode="mean", stat_length=2))
print(np.pad(a, 3, mode="linear_ramp"))
print(np.pad(f, 4, mode="linear_ramp", end_values=(5, -3)))
print(np.pad(h, 2, mode="linear_ramp", end_values=2.5))
print(np.pad(np.arange(5, dtype=np.int8), 3, mode="linear_ramp", end_values=(-9, 20)))
r = np.pad(u, ((0, 1), (1, 0), (2, 2)), mode="reflect")
print(r.dtype, r.shape, r[:, :, 0].tolist(), int(r.sum()))
r = np.pad(u, 1, mode="edge")
print(r.dtype, r.shape, r[0].tolist())
e = np.pad(a, 1, mode="empty")
print(e.dtype, e.shape, e[1:-1, 1:-1].tolist())
print(np.pad(h, 1, mode="symmetric").dtype, np.pad(np.zeros((0, 3)), 1).shape)
print(np.pad(np.zeros((0, 3)), ((0, 0), (1, 1)), mode="edge").shape)
print(np.pad([1, 2, 3], (0, 2)), np.pad(a, 0) is a)

for args, kw in [
    ((a, (1, 2, 3)), {}),
    ((np.arange(3), "a"), {}),
    ((np.arange(3), 1.5), {}),
    ((np.arange(3), -1), {}),
    ((a, ((1, 2), (3, -4))), {}),
    ((np.arange(3), 1), {"mode": "nope"}),
    ((np.arange(3), 1), {"mode": "edge", "constant_values": 1}),
    ((np.zeros((0, 3)), 1), {"mode": "edge"}),
    ((np.zeros((2, 0)), 1), {"mode": "wrap"}),
    ((np.arange(3), 1), {"mode": "maximum", "stat_length": 0}),
]:
    try:
        np.pad(*args, **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
