import numpy as np
vals = []
for i in range(500):
    v = np.array([i, i * 2.0, i * 3.0])
    vals.append(float((v * v).sum()))
print(vals[:3], vals[-1], sum(vals))
acc = np.zeros(3)
for i in range(200):
    acc = acc + np.array([1.0, 2.0, 3.0]) * i
print(acc)
