# Reductions over complex arrays: sum, mean, prod (whole array and axes).
import numpy as np

a = np.array([[1 + 2j, 3 - 1j, -2 + 0.5j], [0.5j, 4, 1 - 1j]])
print(repr(a.sum()), repr(a.sum(axis=0)), repr(a.sum(axis=1)), repr(a.sum(axis=1, keepdims=True)), sep="\n")
print(repr(a.mean()), repr(a.mean(axis=0)), repr(a.mean(axis=1)), sep="\n")
print(repr(a.prod()), repr(a.prod(axis=0)), repr(a.prod(axis=1)), sep="\n")
print(repr(np.array([1 + 1j, 2 + 2j, 4 + 4j]).mean()))
print(repr(np.add(a, 1j)), repr(np.multiply(2, a[0])))
z = np.exp(2j * np.pi * np.arange(8) / 8)
print(repr(np.round(z, 10) + 0))
print(repr(abs(z.sum()) < 1e-12), repr(np.round(z.prod(), 10) + 0))
print(repr(a.any()), repr(np.array([0j, 0j]).any()), repr(a.all()))
