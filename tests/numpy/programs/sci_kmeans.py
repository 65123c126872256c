# k-means clustering of synthetic 2-D blobs (Lloyd's algorithm) with the
# legacy seeded random API; reports centres, sizes and inertia.
import sys

import numpy as np


def make_blobs(n, k):
    np.random.seed(42)
    centres = np.random.uniform(-10, 10, size=(k, 2))
    labels = np.random.randint(0, k, size=n)
    pts = centres[labels] + np.random.normal(0.0, 1.0, size=(n, 2))
    return pts, centres


def kmeans(pts, k, iters):
    init = pts[:k].copy()
    c = init
    for it in range(iters):
        d = ((pts[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
        lab = d.argmin(axis=1)
        counts = np.bincount(lab, minlength=k)
        new = np.zeros_like(c)
        for j in range(k):
            if counts[j] > 0:
                new[j] = pts[lab == j].mean(axis=0)
            else:
                new[j] = c[j]
        shift = np.abs(new - c).max()
        c = new
        if shift < 1e-10:
            break
    d = ((pts[:, None, :] - c[None, :, :]) ** 2).sum(axis=2)
    lab = d.argmin(axis=1)
    return c, lab, d.min(axis=1).sum(), it + 1


def main(n):
    k = 5
    pts, true = make_blobs(n, k)
    c, lab, inertia, iters = kmeans(pts, k, 100)
    order = np.lexsort((c[:, 1], c[:, 0]))
    print("points %d, k %d, iterations %d" % (n, k, iters))
    print("centres:")
    print(np.round(c[order], 4))
    sizes = np.bincount(lab, minlength=k)[order]
    print("sizes:", sizes.tolist())
    print("inertia per point %.6f" % (inertia / n))
    dist = np.sqrt(((c[order][:, None, :] - c[order][None, :, :]) ** 2).sum(axis=2))
    print("min centre separation %.4f" % dist[np.triu_indices(k, 1)].min())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
