import numpy as np
a = np.linspace(0, 10, 50001)
s = a.sum()
m = a.mean()
if s > 1000:
    print("sum is large", s)
if m < 5:
    print("mean below 5")
else:
    print("mean at least 5", m)
ratio = s / a.size
print(ratio == m, abs(ratio - m) < 1e-12)
if (a > 9.99).any():
    print("has values above 9.99", (a > 9.99).sum())
while a.max() > 1:
    a = a / 2
print(a.max())
