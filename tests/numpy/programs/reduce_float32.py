import numpy as np
a = np.linspace(0, 1, 7).astype(np.float32)
print(a, a.sum(), a.mean(), repr(a.sum()), repr(a.mean()))
print(a.std(), a.var(), a.max(), repr(a.max()))
print(a.sum(axis=0), np.sqrt(a))
