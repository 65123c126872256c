import numpy as np
a = np.array([1.5, 2.5])
print([a[0], a[1]])
print((a.sum(), a.max()))
print({'m': a.mean()})
print(list(np.arange(3)))
print(a.tolist(), np.arange(3).tolist(), np.array([[True]]).tolist())
print(str(a[0]), repr(a[0]), f"{a[0]}")
