# A time-stepping loop that never looks at its arrays until the end: each
# step's values come from a tuple-returning helper, and running bounds go
# through out= (which keeps them pending), so all steps pile up in one lazy
# graph thousands of ops long. Some steps add a costly value (exp) that a
# later pass over the data reads again, after a reduction.
import numpy as np


def rates(x, y, a, b):
    return a * x - b * x * y, b * x * y - a * y


n = 5000
a = np.linspace(0.8, 1.2, n)
b = np.linspace(0.3, 0.5, n)
x = np.linspace(1.0, 3.0, n)
y = np.linspace(1.5, 0.5, n)
h = 0.01
hi = x.copy()
lo = y.copy()
acc = np.zeros(n)
for step in range(400):
    k1x, k1y = rates(x, y, a, b)
    k2x, k2y = rates(x + 0.5 * h * k1x, y + 0.5 * h * k1y, a, b)
    x = x + h * k2x
    y = y + h * k2y
    np.maximum(hi, x, out=hi)
    np.minimum(lo, y, out=lo)
    if step % 50 == 0:
        e = np.exp(-x)
        acc += e / e.sum() + e
print("x %.12f %.12f y %.12f %.12f" % (x.sum(), x.max(), y.sum(), y.min()))
print("hi %.12f lo %.12f acc %.12f" % (hi.sum(), lo.sum(), acc.sum()))
print(np.round(x[::1000], 8), np.round(acc[::1250], 8))
