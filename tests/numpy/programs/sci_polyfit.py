# Least-squares fitting of noisy measurements: polynomial fits of rising
# degree (polyfit / polyval), a design-matrix fit with lstsq, and model
# selection by held-out error.
import sys

import numpy as np


def main(n):
    rng = np.random.default_rng(11)
    x = np.sort(rng.uniform(-2.0, 2.0, n))
    truth = 0.5 * x ** 3 - x ** 2 + 2.0 * np.sin(1.5 * x)
    y = truth + rng.normal(0.0, 0.3, n)
    train = np.arange(n) % 4 != 0
    test = ~train
    print("samples %d (train %d, test %d)" % (n, train.sum(), test.sum()))
    best = None
    for deg in range(1, 9):
        coef = np.polyfit(x[train], y[train], deg)
        fit = np.polyval(coef, x)
        tr = np.sqrt(np.mean((fit[train] - y[train]) ** 2))
        te = np.sqrt(np.mean((fit[test] - y[test]) ** 2))
        print("degree %d: train rms %.5f  test rms %.5f" % (deg, tr, te))
        if best is None or te < best[1]:
            best = (deg, te)
    print("best degree", best[0])
    A = np.column_stack([x ** 3, x ** 2, np.sin(1.5 * x), np.ones_like(x)])
    sol, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
    print("lstsq coefficients", np.round(sol, 4), "rank", rank)
    print("residual rms %.5f" % np.sqrt(res[0] / n))
    V = np.vander(x[:: n // 8][:8], 4)
    print("vander shape", V.shape, "cond %.6e" % np.linalg.cond(V))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
