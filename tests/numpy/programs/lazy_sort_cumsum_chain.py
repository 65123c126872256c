import numpy as np
rng = np.random.default_rng(5)
x = rng.random(20000)
s = np.sort(x * 10)
c = np.cumsum(s)
print(s[:3], c[-1], np.argsort(x)[:5])
q = s[len(s) // 2]
print(q, (x * 10 < q).sum())
