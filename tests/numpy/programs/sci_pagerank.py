# PageRank by power iteration on a seeded random directed graph with
# dangling pages, checked against the dominant eigenvector; prints the top
# pages and degree statistics.
import sys

import numpy as np


def main(n):
    rng = np.random.default_rng(5)
    out_deg = rng.integers(0, 8, n)
    src = np.repeat(np.arange(n), out_deg)
    dst = rng.integers(0, n, src.shape[0])
    # Preferential pages: a few popular targets.
    popular = rng.integers(0, n, 5)
    extra = rng.integers(0, n, n // 2)
    src = np.concatenate([src, extra])
    dst = np.concatenate([dst, popular[np.arange(extra.shape[0]) % 5]])
    A = np.zeros((n, n))
    np.add.at(A, (dst, src), 1.0)
    col = A.sum(axis=0)
    dangling = col == 0
    M = np.divide(A, col, out=np.zeros_like(A), where=~dangling)
    d = 0.85
    r = np.full(n, 1.0 / n)
    for it in range(200):
        nxt = d * (M @ r) + d * r[dangling].sum() / n + (1.0 - d) / n
        delta = np.abs(nxt - r).sum()
        r = nxt
        if delta < 1e-12:
            break
    print("pages %d, links %d, dangling %d" % (n, int(A.sum()), dangling.sum()))
    print("converged in %d iterations, sum %.10f" % (it + 1, r.sum()))
    top = np.argsort(-r, kind="stable")[:5]
    for p in top:
        print("  page %4d rank %.6f in-links %d" % (p, r[p], int(A[p].sum())))
    indeg = A.sum(axis=1)
    print("in-degree mean %.3f max %d, corr(rank, in-degree) %.4f" % (indeg.mean(), indeg.max(), np.corrcoef(r, indeg)[0, 1]))
    print("rank gini %.4f" % (np.abs(r[:, None] - r[None, :]).sum() / (2 * n * n * r.mean())))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
