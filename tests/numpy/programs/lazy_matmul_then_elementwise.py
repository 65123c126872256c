import numpy as np
A = np.arange(100 * 80, dtype=float).reshape(100, 80) / 1000
B = np.arange(80 * 60, dtype=float).reshape(80, 60) / 1000
C = np.sqrt(A @ B) + 1
print(C.shape, C[0, :3], repr(C.sum()))
D = (A @ B).max(axis=0)
print(D[:4])
