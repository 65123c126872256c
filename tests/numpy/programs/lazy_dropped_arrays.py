import numpy as np
a = np.arange(100000.0)
for k in range(5):
    unused = np.exp(a) * k
    del unused
tmp = a * 3
tmp = tmp + 1
tmp = tmp / 2
print(tmp[:4], tmp.sum())
results = []
for k in range(3):
    results.append((a * k).sum())
print(results)
