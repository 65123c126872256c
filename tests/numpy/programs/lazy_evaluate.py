import numpy as np
try:
    import hipy
    evaluate = hipy.evaluate
except ImportError:
    def evaluate(*xs):
        return xs[0] if len(xs) == 1 else xs
a = np.arange(30000.0)
b = evaluate(a * 2)
print(b[:3])
s, m = evaluate(a.sum(), a.max())
print(s, m)
c = a + 1
evaluate(c)
a[0] = 100
print(c[:2])
