import numpy as np
# Slice assignments repeated in a loop where what the value reads changes
# between iterations: the region written itself, a shifted view of it, a
# copy, or another array. Every iteration must read the old values.
n = 6000
for k in range(8):
    a = np.arange(n, dtype=float)
    b = a.copy()
    src = a if k % 2 == 0 else b
    a[1:] = src[:-1] * 2 + 1
    print(k, a[:5], a[-3:])
# the same statement applied repeatedly to one array (aliasing every time)
a = np.arange(n, dtype=float)
for k in range(6):
    a[1:] = a[:-1] * 0.5 + a[1:]
print(a[:8], a[-3:])
# alternately into a view of the array and into a copy
base = np.arange(n, dtype=float)
for k in range(6):
    target = base[::2] if k % 2 == 0 else base[::2].copy()
    target[:] = target * 2.0 + 1.0
    print(k, base[:6], target[:3])
# a value written back into the region it reads, reversed
a = np.arange(n, dtype=float)
for k in range(4):
    if k % 2:
        a[:] = a[::-1] + 0.5
    else:
        a[:] = a + 0.5
    print(k, a[:3], a[-3:])
# writes through a pending value that Python still holds (watch bits)
keep = []
a = np.arange(n, dtype=float)
for k in range(5):
    x = a * 2.0
    if k % 2:
        keep.append(x)
    a[::3] = x[::3] + 1.0
    print(k, a[:7])
print([float(x[:4].sum()) for x in keep])
# in-place updates where another name shares the buffer in some iterations
for k in range(6):
    a = np.arange(n, dtype=float)
    alias = a if k % 3 == 0 else None
    b = a * 3.0
    a = b + 1.0
    a = a * 0.5
    print(k, a[:3], None if alias is None else alias[:3])
