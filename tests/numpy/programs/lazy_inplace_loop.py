import numpy as np
x = np.zeros(50000)
for k in range(10):
    x += k
    x *= 0.5
print(x[:3], x.sum())
v = np.linspace(0, 1, 50000)
for _ in range(3):
    v = v * v + 0.1
print(v[:3], v.max())
