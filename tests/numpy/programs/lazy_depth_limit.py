# Loops of thousands of steps that never look at their arrays: the lazy
# engine runs a chain of pending ops once it is a thousand long, so memory
# and planning stay bounded; the values are the same as computing at once.
import numpy as np

x = np.linspace(0.0, 1.0, 10000)
peak = np.zeros(10000)
for i in range(3000):
    x = x * 1.0000001 + 1e-9
    np.maximum(peak, np.sin(x), out=peak)
print("%.12f %.12f" % (x.sum(), peak.sum()))
v = np.arange(6000.0)
w = v
for i in range(2500):
    w = 0.5 * (w + v / (w + 1.0))
print(np.round(w[::1000], 10), w.dtype)
