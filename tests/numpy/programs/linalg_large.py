# linalg on matrices large enough for blocked and parallel kernels (and
# matmul past the size where it leaves the plain loop): solve, inv, det,
# slogdet, svd, qr, cholesky, eigh, eig, lstsq, pinv, matrix_rank, cond.
# Last digits are the solver's, so the program prints rounded values and
# residual checks.
import numpy as np

rng = np.random.default_rng(42)
n = 160
a = rng.standard_normal((n, n))
b = rng.standard_normal((n, 3))
ab = a @ b
print(ab.shape, np.round(ab[:2, :], 6) + 0.0)
aa = a @ a.T
print(np.round(np.trace(aa), 6), bool(np.allclose(aa, aa.T)))
x = np.linalg.solve(a, b)
print(bool(np.abs(a @ x - b).max() < 1e-9), np.round(x[:3, 0], 6) + 0.0)
xi = np.linalg.inv(a)
print(bool(np.abs(xi @ a - np.eye(n)).max() < 1e-9), np.round(xi[0, :3], 6) + 0.0)
sign, logdet = np.linalg.slogdet(a)
print(sign, np.round(logdet, 8), np.round(np.linalg.det(a[:20, :20]) / 1e8, 8))
u, s, vt = np.linalg.svd(a)
print(u.shape, s.shape, vt.shape, np.round(s[:4], 8), np.round(s[-2:], 8))
print(bool(np.abs((u * s) @ vt - a).max() < 1e-9), bool(np.abs(u.T @ u - np.eye(n)).max() < 1e-10))
print(np.round(np.linalg.svd(a[:, :40], compute_uv=False)[:3], 8))
q, r = np.linalg.qr(a)
print(bool(np.abs(q @ r - a).max() < 1e-9), bool(np.allclose(np.triu(r), r)), np.round(np.sort(np.abs(np.diag(r)))[-3:], 6))
spd = aa + n * np.eye(n)
L = np.linalg.cholesky(spd)
print(bool(np.abs(L @ L.T - spd).max() < 1e-8), np.round(L[:3, 0], 8), bool(np.allclose(np.tril(L), L)))
w, v = np.linalg.eigh(spd)
print(np.round(w[:3], 6), np.round(w[-1], 6), bool(np.abs(spd @ v - v * w).max() < 1e-8))
wg = np.linalg.eigvals(a[:40, :40])
print(wg.dtype, np.round(np.sort(np.abs(wg))[-3:], 6))
wv, vv = np.linalg.eig(a[:30, :30])
print(bool(np.abs(a[:30, :30] @ vv - vv * wv).max() < 1e-9), np.round((np.abs(vv) ** 2).sum(axis=0)[:3], 10))
tall = rng.standard_normal((500, 12))
yv = tall @ np.arange(12.0) + 0.01 * rng.standard_normal(500)
sol, res, rank, sv = np.linalg.lstsq(tall, yv, rcond=None)
print(np.round(sol, 2) + 0.0, rank, np.round(res, 6), np.round(sv[:2], 6))
print(np.round(np.linalg.pinv(tall)[:2, :3], 8) + 0.0)
print(np.linalg.matrix_rank(a), np.linalg.matrix_rank(np.outer(np.arange(1.0, 101.0), np.arange(1.0, 101.0))), np.round(np.linalg.cond(a[:50, :50]), 4))
print(np.round(np.polyfit(np.linspace(0, 1, 2000), np.linspace(0, 1, 2000) ** 3, 3), 8) + 0.0)
sing = np.ones((n, n))
try:
    np.linalg.inv(sing)
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
try:
    np.linalg.cholesky(-spd)
except np.linalg.LinAlgError as e:
    print("LinAlgError:", e)
f32 = a.astype(np.float32)
p32 = f32 @ f32
print(p32.dtype, bool(np.abs(p32 - (a @ a)).max() < 1e-2))
