# np.linalg.eigvals / eig with complex eigenvalues (and real ones of a
# non-symmetric matrix). The order of a non-symmetric matrix's eigenvalues
# and the phase of its eigenvectors are the solver's, so the program prints
# the eigenvalues sorted and checks a @ v = w * v.
import numpy as np

rot = np.array([[0.0, -1.0], [1.0, 0.0]])
w = np.linalg.eigvals(rot)
print(w.dtype, repr(np.sort_complex(w)))
m = np.array([[4.0, -2.0, 1.0], [3.0, 6.0, -4.0], [2.0, 1.0, 8.0]])
w = np.linalg.eigvals(m)
print(w.dtype, repr(np.round(np.sort_complex(w), 8) + 0))
w, v = np.linalg.eig(m)
print(w.dtype, v.dtype, v.shape)
print(repr(np.round(np.sort_complex(w), 8) + 0))
print(bool(np.abs(m @ v - v * w).max() < 1e-9), bool(np.abs(np.abs(v).sum(axis=0) > 0).all()))
print(repr(np.round((np.abs(v) ** 2).sum(axis=0), 12)))
t = np.array([[2.0, 1.0], [0.0, 3.0]])
w, v = np.linalg.eig(t)
print(w.dtype, repr(np.sort(w)), bool(np.abs(t @ v - v * w).max() < 1e-12))
print(repr(np.sort(np.linalg.eigvals(t))))
