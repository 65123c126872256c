# Matrix-vector products on strided operands: transposed, sliced, reversed
# and broadcast views on either side, and the product of a column-major
# matrix; integer-valued floats so every summation order gives the same
# answer. Sizes on both sides of the lazy engine's eager threshold.
import numpy as np

for n in (7, 3000):
    x = (np.arange(n * 5) % 11 - 5.0).reshape(n, 5)
    w = np.array([1.0, -2.0, 3.0, 0.5, -1.5])
    v = np.arange(n) % 7 - 3.0
    print(n, (x @ w)[:6], (x @ w).sum())
    print(x.T @ v, v @ x)
    print((x[::2] @ w)[-4:], (x[:, ::-1] @ w[::-1])[-4:])
    print(x[::-1].T @ v[::-1], v[::3] @ x[::3])
    print((x[:, 1:4] @ w[1:4])[:5], x[1:, :].T @ v[:-1])
    f = np.asfortranarray(x)
    print((f @ w)[:5], f.T @ v)
    print(x.T[1:4] @ v, w @ x.T[:, :4])
    b = np.broadcast_to(w, (n, 5))
    print((b @ w)[:3], (x @ np.broadcast_to(2.0, 5))[:3])
    xi = (np.arange(n * 4) % 9 - 4).reshape(n, 4)
    vi = np.arange(n) % 5 - 2
    print(xi.T @ vi, (xi @ np.array([3, -1, 2, 1]))[:6], xi.dtype)
    xb = xi > 0
    print(xb.T @ (vi > 0), (xb @ np.array([True, False, True, False]))[:6])
    x32 = x.astype(np.float32)
    print(x32.T @ v.astype(np.float32), (x32 @ w.astype(np.float32)).dtype)
print(np.zeros((0, 3)).T @ np.zeros(0), np.zeros((4, 0)) @ np.zeros(0))
