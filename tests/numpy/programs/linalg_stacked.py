# linalg: det/slogdet as NumPy computes them (sign * exp(log|det|) from LU), the named result tuples, stacked inv/det/slogdet/solve, matmul of stacks of matrices.
import numpy as np
def t(label, f):
    try:
        r = f()
        print(label, repr(r))
    except Exception as e:
        print(label, "EXC", type(e).__name__, e)
A = np.array([[4.0, 1.0, 2.0], [1.0, 3.0, 0.5], [2.0, 0.5, 5.0]])
N = np.array([[2.0, 1.0], [1.0, 3.0]])
S = np.stack([N, N * 2, N.T + 1])
L = np.linalg
t("det", lambda: L.det(A))
t("det int", lambda: L.det(np.array([[1, 2], [3, 4]])))
t("det sing", lambda: L.det(np.ones((3, 3))))
t("det 1", lambda: L.det(np.array([[3.5]])))
t("slogdet", lambda: L.slogdet(A))
t("slogdet neg", lambda: L.slogdet(np.array([[0.0, 1.0], [1.0, 0.0]])))
t("slogdet sing", lambda: L.slogdet(np.zeros((2, 2))))
t("slogdet fields", lambda: (L.slogdet(A).sign, L.slogdet(A).logabsdet))
def canon(r):
    # An eigenvector's sign is the solver's: each made to have its largest entry positive.
    v = r.eigenvectors
    return r._replace(eigenvectors=v * np.sign(v[np.abs(v).argmax(axis=0), np.arange(v.shape[1])]))
t("eigh", lambda: canon(L.eigh(N)))
t("eigh fields", lambda: L.eigh(N).eigenvalues)
t("svd nouv", lambda: L.svd(N, compute_uv=False))
t("svd type", lambda: type(L.svd(N)).__name__)
t("qr type", lambda: (type(L.qr(N)).__name__, L.qr(N)._fields))
t("stacked inv", lambda: L.inv(S))
t("stacked det", lambda: L.det(S))
t("stacked slogdet", lambda: L.slogdet(S))
t("stacked solve vec", lambda: L.solve(S, np.array([1.0, 2.0])))
t("stacked solve mat", lambda: L.solve(S, np.ones((2, 2))))
t("stacked solve pair", lambda: L.solve(S, np.arange(12.0).reshape(3, 2, 2)))
t("matmul 3d", lambda: S @ N)
t("matmul 3d 3d", lambda: S @ S)
t("matmul vec", lambda: S @ np.array([1.0, -1.0]))
t("matmul vec left", lambda: np.array([1.0, -1.0]) @ S)
t("matmul bcast", lambda: np.ones((2, 1, 2, 3)) @ np.ones((4, 3, 2)))
t("matmul int", lambda: np.arange(8).reshape(2, 2, 2) @ np.arange(4).reshape(2, 2))
t("np.matmul", lambda: np.matmul(S, S).shape)
t("matmul err", lambda: S @ np.ones((3, 3)))
t("matmul T", lambda: (S @ S.transpose(0, 2, 1)).sum(axis=(1, 2)))
