import numpy as np
rng = np.random.default_rng(11)
data = rng.integers(0, 10, size=200)
vals, counts = np.unique(data, return_counts=True)
print(vals, counts, counts.sum())
edges = np.linspace(0, 10, 6)
hist = np.array([((data >= lo) & (data < hi)).sum() for lo, hi in zip(edges[:-1], edges[1:])])
print(edges, hist)
print(np.argmax(counts), vals[counts == counts.max()])
