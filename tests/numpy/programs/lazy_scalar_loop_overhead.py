import numpy as np
a = np.arange(200.0)
acc = np.float64(0.0)
for v in a:
    acc = acc + v * 2
print(repr(acc))
count = 0
for i in range(300):
    x = np.array([i, i + 1.0])
    if x.sum() > 100:
        count += 1
print(count)
