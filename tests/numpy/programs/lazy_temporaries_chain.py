import numpy as np
n = 300000
a = np.arange(n, dtype=np.float64) / n
b = np.ones(n) * 0.5
c = np.linspace(0.0, 1.0, n)
x = np.add(a, b)
x = np.add(x, c)
y = x * 2.0 - a * b + c / 3.0
z = np.sqrt(y * y + 1.0) - np.exp(-a)
print("%.6f" % float(z.sum()))
print("%.6f" % float(np.maximum(x, y).mean()))
w = np.where(z > 1.0, z, -z)
print("%.6f %.6f" % (float(w.min()), float(w.max())))
