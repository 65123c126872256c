import numpy as np
m = np.arange(600.0).reshape(20, 30)
col = m.mean(axis=0)
row = m.sum(axis=1)
r = m - col + row[:, None] / 100
print(r[0, :4], r[-1, -3:], repr(r.sum()))
norm = m / np.sqrt((m * m).sum(axis=1, keepdims=True))
print(norm[1, :3], repr((norm ** 2).sum()))
