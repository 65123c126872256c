import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(a.prod(), a.prod(axis=0), a.prod(axis=1), np.prod(a))
f = np.array([1.5, 2.0, 0.5])
print(f.prod(), np.prod([]), np.sum([]))
b = np.array([[True, False], [True, True]])
print(b.any(), b.all(), b.any(axis=0), b.all(axis=1), np.any(b), np.all(b, axis=0))
print(np.any(np.zeros(3)), np.all(np.ones(3)), np.all([]), np.any([]))
print((np.arange(5) > 3).any(), (np.arange(5) >= 0).all())
