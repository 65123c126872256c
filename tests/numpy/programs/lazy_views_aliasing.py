import numpy as np
# Slice assignment writes through the view, fused with the expression that
# produces it; an expression that reads the region it writes sees the old
# values (watch bits / copy-on-write).
u = np.zeros((7, 6))
u[0, :] = 1.0
u[:, 0] = 0.5
for _ in range(3):
    u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
print(u)
big = np.zeros((80, 90))
big[0] = 2.0
big[:, -1] = np.arange(80.0)
for _ in range(20):
    big[1:-1, 1:-1] = 0.25 * (big[:-2, 1:-1] + big[2:, 1:-1] + big[1:-1, :-2] + big[1:-1, 2:])
print(big.sum(), big[40, 40], big[1:-1, 1:-1].max())
# Overlapping shifted copies (NumPy reads all old values first).
a = np.arange(10.0)
a[1:] = a[:-1]
print(a)
a = np.arange(10000.0)
a[1:] = a[:-1] * 2.0
print(a[:5], a[-3:])
a = np.arange(10000.0)
a[:-1] = a[1:] + a[:-1]
print(a[:4], a[-3:])
# Reversed self-assignment.
a = np.arange(9000.0)
a[:] = a[::-1] + 0.0
print(a[:3], a[-3:])
a = np.arange(10.0)
a[:] = a[::-1]
print(a)
# In-place operators on overlapping views.
a = np.arange(10.0)
a[1:] += a[:-1]
print(a)
a = np.arange(20000.0)
a[2:] += a[:-2]
print(a[:6], a.sum())
b = np.arange(12.0).reshape(3, 4)
b[:, 1:] -= b[:, :-1]
print(b)
b = np.arange(12.0).reshape(3, 4)
b.T[1:] *= 2
print(b)
# A pending value that Python still holds is computed from the old data.
a = np.arange(6000.0)
x = a[::2] + 1.0
a[::2] = x * 3.0
print(x[:3], a[:5])
y = a[1:] - a[:-1]
a[1:] = 0.0
print(y[:4], a[:3])
# Writes with a dtype change and broadcasting.
i = np.zeros((3, 5), dtype=np.int32)
i[1:, ::2] = np.arange(3.0) * 1.7
print(i)
i[0] = np.array([[7, 8, 9, 10, 11]])
print(i)
try:
    i[1:, 1:] = np.ones((3, 2))
except ValueError as e:
    print("ValueError:", e)
big = np.zeros((100, 100), dtype=np.float32)
big[::3, 1::2] = np.arange(50.0) + 0.25
print(big[:4, :6], big.sum())
