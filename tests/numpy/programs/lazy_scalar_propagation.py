import numpy as np
a = np.arange(100000.0)
b = np.linspace(-1, 1, 100000)
total = a.sum() + b.mean() * 2 - 1
print(repr(total))
norm = np.sqrt((b * b).sum())
print(repr(norm))
centered = a - a.mean()
print(centered[:3], repr(centered.sum()))
z = (b - b.mean()) / b.std()
print(repr(z.mean()), repr(z.std()))
k = a.max() // 7 + a.min()
print(repr(k), int(k), float(k))
