import numpy as np
rng = np.random.default_rng(1)
data = rng.normal(50, 10, size=1000)
print(round(float(data.mean()), 4), round(float(data.std()), 4))
print(data.min() < data.max(), (data > 60).sum(), (data < 40).sum())
z = (data - data.mean()) / data.std()
print(round(float(z.mean()), 10), round(float(z.std()), 10))
counts = np.array([((data >= lo) & (data < lo + 10)).sum() for lo in range(20, 80, 10)])
print(counts, counts.sum())
