import numpy as np

a = np.array([[4.0, 1.0, 2.0], [1.0, 5.0, 3.0], [2.0, 3.0, 6.0]])
b = np.array([1.0, 2.0, 3.0])
x = np.linalg.solve(a, b)
print((np.round(x, 10) + 0.0), np.allclose(a @ x, b))
print((np.round(np.linalg.solve(a, np.eye(3)), 10) + 0.0))
print((np.round(np.linalg.inv(a), 10) + 0.0), (np.round(np.linalg.det(a), 8) + 0.0))
s, logdet = np.linalg.slogdet(a)
print(s, (np.round(logdet, 10) + 0.0))
w, v = np.linalg.eigh(a)
print((np.round(w, 8) + 0.0), np.allclose(a @ v, v * w))
print((np.round(np.linalg.eigvalsh(a), 8) + 0.0))
u, sv, vt = np.linalg.svd(a)
print((np.round(sv, 8) + 0.0), np.allclose((u * sv) @ vt, a))
print(np.round(np.linalg.svd(np.arange(6.0).reshape(2, 3), compute_uv=False), 8))
q, r = np.linalg.qr(a)
print(np.allclose(q @ r, a), np.allclose(q.T @ q, np.eye(3)), np.allclose(np.abs(np.diag(r)), np.abs(np.diag(r))))
L = np.linalg.cholesky(a)
print((np.round(L, 8) + 0.0), np.allclose(L @ L.T, a))
print((np.round(np.linalg.norm(a), 10) + 0.0), np.linalg.norm(b, 1), np.linalg.norm(b, np.inf), (np.round(np.linalg.norm(a, 2), 8) + 0.0), np.linalg.norm(a, "fro") == np.linalg.norm(a))
print((np.round(np.linalg.norm(a, axis=0), 8) + 0.0), np.linalg.norm(a, 1), np.linalg.norm(a, np.inf), (np.round(np.linalg.norm(a, "nuc"), 8) + 0.0))
print(np.linalg.matrix_rank(a), np.linalg.matrix_rank(np.ones((3, 3))), (np.round(np.linalg.cond(a), 8) + 0.0))
print(np.linalg.matrix_power(np.array([[1, 1], [1, 0]]), 10), (np.round(np.linalg.matrix_power(a, -1) @ a, 10) + 0.0))
A = np.vstack([np.arange(5.0), np.ones(5)]).T
y = np.array([-1.0, 0.2, 0.9, 2.1, 3.2])
m, c = np.linalg.lstsq(A, y, rcond=None)[0]
print(round(m, 10), round(c, 10))
sol, res, rank, sing = np.linalg.lstsq(A, y, rcond=None)
print((np.round(res, 10) + 0.0), rank, (np.round(sing, 8) + 0.0))
print((np.round(np.linalg.pinv(A), 8) + 0.0))
print((np.round(np.linalg.multi_dot([a, a, b]), 6) + 0.0), (np.round(np.polyfit([0, 1, 2, 3], [1, 3, 7, 13], 2), 8) + 0.0), np.polyval([1, 1, 1], 2))
print(np.sort(np.round(np.roots([1, -3, 2]), 8)) + 0.0, np.sort(np.round(np.linalg.eigvals(np.array([[2.0, 1.0], [1.0, 2.0]])), 8)) + 0.0)
p = np.poly1d([1, 2, 3])
print(p(2), p.order, np.polyder([1, 2, 3]), np.polyint([3, 2, 1]))
try:
    np.linalg.inv(np.array([[1.0, 2.0], [2.0, 4.0]]))
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
try:
    np.linalg.solve(np.ones((2, 3)), np.ones(2))
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
print(issubclass(np.linalg.LinAlgError, ValueError))
