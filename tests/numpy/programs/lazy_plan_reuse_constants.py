import numpy as np
# Scalar constants change between iterations of the same loop: each
# iteration must use its own values, including when two constants are
# equal in one iteration (merged as one value) and differ in the next.
n = 8000
u = np.linspace(0.0, 1.0, n)
out = []
for k, (c, d) in enumerate([(2.0, 2.0), (2.0, 3.0), (0.5, 0.5), (-1.0, 1.0), (0.0, -0.0), (3.0, 3.0)]):
    v = u * c + u * d
    w = v / (1.0 + c * c)
    out.append(w)
    print(k, c, d, w[:3], w[-2:], repr(float(w[n // 2])))
print([round(float(x.sum()), 6) for x in out])
# negative zero against zero (equal values, different bits)
z = np.ones(5000)
for c in [0.0, -0.0, 0.0, -0.0]:
    r = z * c + z * 0.0
    print(c, r[:2], r[-1], np.signbit(r).sum())
# integer constants with int arrays; changing between Python ints
a = np.arange(6000, dtype=np.int64)
for c in [1, 2, 3, 2, 1, 7]:
    b = (a * c + c) % 11
    print(c, b[:8], int(b.sum()))
# a full() generator with different fill values
for fill in [1.5, 2.5, 1.5, -0.0]:
    f = np.full(7000, fill) + np.arange(7000.0)
    print(fill, f[:3], f[-1])
# heat-like update with the coefficient changing per step
u = np.zeros(5000)
u[2000:3000] = 1.0
for step in range(40):
    r = 0.1 + 0.01 * (step % 4)
    u[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])
print(u[1990:2005])
print(repr(float(u.sum())), repr(float(u.max())))
