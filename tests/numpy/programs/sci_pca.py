# Principal component analysis of correlated synthetic measurements, by SVD
# of the centred data and by eigh of the covariance; signs made canonical.
import sys

import numpy as np


def canonical(v):
    # Each component's sign chosen so its largest entry is positive.
    idx = np.abs(v).argmax(axis=0)
    signs = np.sign(v[idx, np.arange(v.shape[1])])
    return v * signs


def main(n):
    rng = np.random.default_rng(7)
    latent = rng.standard_normal((n, 3)) * np.array([5.0, 2.0, 0.5])
    mixing = np.array([[1.0, 0.5, 0.2, 0.0, 0.3, 0.1],
                       [0.0, 1.0, -0.4, 0.6, 0.0, 0.2],
                       [0.3, 0.0, 1.0, 0.2, -0.5, 0.7]])
    X = latent @ mixing + 0.1 * rng.standard_normal((n, 6))
    mu = X.mean(axis=0)
    Xc = X - mu
    U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    var = s ** 2 / (n - 1)
    print("samples %d" % n)
    print("means", np.round(mu, 5))
    print("explained variance", np.round(var, 5))
    ratio = var / var.sum()
    print("ratio", np.round(ratio, 6), "cumulative", np.round(np.cumsum(ratio), 6))
    comps = canonical(Vt.T)
    print("components (svd):")
    print(np.round(comps[:, :3], 5))
    C = np.cov(X, rowvar=False)
    w, V = np.linalg.eigh(C)
    w = w[::-1]
    V = canonical(V[:, ::-1])
    print("eigh agrees:", bool(np.allclose(w, var)), bool(np.allclose(np.abs(V[:, :3]), np.abs(comps[:, :3]), atol=1e-6)))
    scores = Xc @ comps[:, :2]
    print("score std", np.round(scores.std(axis=0, ddof=1), 5))
    recon = scores @ comps[:, :2].T + mu
    err = np.sqrt(((recon - X) ** 2).mean())
    print("rank-2 reconstruction rms %.6f" % err)


main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
