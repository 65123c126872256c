import numpy as np
m = np.arange(6).reshape(2, 3)
r = m.ravel()
f = m.flatten()
r[0] = 100
f[1] = 200
print(m, r, f)
print(m.T.ravel(), np.ravel(m.T), m.T.flatten())
print(np.arange(24).reshape(2, 3, 4).ravel()[::5])
