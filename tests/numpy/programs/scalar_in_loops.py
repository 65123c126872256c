import numpy as np
a = np.array([1.5, 2.5, 3.5, 4.5])
total = 0.0
for x in a:
    total += x
print(total, type(total).__name__)
best = None
for i, v in enumerate(np.array([3, 9, 2, 9])):
    if best is None or v > best[1]:
        best = (i, v)
print(best)
print(sum(x * x for x in a), max(a), min(a))
