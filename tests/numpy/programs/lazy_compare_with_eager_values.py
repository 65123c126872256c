import numpy as np
a = np.linspace(-5, 5, 40001)
b = (np.exp(a) - np.exp(-a)) / (np.exp(a) + np.exp(-a))
print(repr(b.sum()), repr(b.max()), repr(b.min()), b[::10000])
c = np.where(np.abs(b) > 0.5, np.sign(b), b * 2)
print(repr(c.sum()), c[19998:20003])
