import numpy as np
a = np.sin(np.linspace(0, 100, 200001))
s = a.sum()
mx = a.max()
mn = a.min()
me = a.mean()
am = a.argmax()
print(repr(s), repr(mx), repr(mn), repr(me), am)
b = a * a
print(b.sum(), b.max(), (b > 0.5).sum())
