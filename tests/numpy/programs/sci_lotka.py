# An ensemble of Lotka-Volterra predator-prey systems with varied rates,
# integrated by classic fourth-order Runge-Kutta, with per-step population
# bounds and the ensemble's statistics at the end.
import sys

import numpy as np


def rates(x, y, a, b, c, d):
    return a * x - b * x * y, d * x * y - c * y


def main(n):
    rng = np.random.default_rng(7)
    a = rng.uniform(0.8, 1.2, n)
    b = rng.uniform(0.3, 0.5, n)
    c = rng.uniform(0.8, 1.2, n)
    d = rng.uniform(0.2, 0.4, n)
    x = rng.uniform(1.0, 3.0, n)
    y = rng.uniform(0.5, 1.5, n)
    h = 0.01
    peak_prey = x.copy()
    low_pred = y.copy()
    for step in range(300):
        k1x, k1y = rates(x, y, a, b, c, d)
        k2x, k2y = rates(x + 0.5 * h * k1x, y + 0.5 * h * k1y, a, b, c, d)
        k3x, k3y = rates(x + 0.5 * h * k2x, y + 0.5 * h * k2y, a, b, c, d)
        k4x, k4y = rates(x + h * k3x, y + h * k3y, a, b, c, d)
        x = x + (h / 6.0) * (k1x + 2.0 * k2x + 2.0 * k3x + k4x)
        y = y + (h / 6.0) * (k1y + 2.0 * k2y + 2.0 * k3y + k4y)
        np.maximum(peak_prey, x, out=peak_prey)
        np.minimum(low_pred, y, out=low_pred)
    # The conserved quantity of each system, to check the integration.
    v = d * x - c * np.log(x) + b * y - a * np.log(y)
    print("systems %d, t = %.2f" % (n, 300 * h))
    print("prey mean %.6f sd %.6f, predators mean %.6f sd %.6f" % (x.mean(), x.std(), y.mean(), y.std()))
    print("peak prey max %.5f, lowest predators %.5f" % (peak_prey.max(), low_pred.min()))
    print("invariant mean %.8f, range %.3e" % (v.mean(), v.max() - v.min()))
    print("prey quantiles", np.round(np.quantile(x, [0.1, 0.5, 0.9]), 4))
    print("predators above prey: %d" % np.count_nonzero(y > x))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
