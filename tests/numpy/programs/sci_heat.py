# 1-D heat equation (explicit finite differences) and linear advection
# (first-order upwind) on a periodic rod; prints energy and profile checks.
import sys

import numpy as np


def heat(n, steps):
    x = np.linspace(0.0, 1.0, n)
    dx = x[1] - x[0]
    alpha = 0.01
    dt = 0.4 * dx * dx / alpha
    u = np.exp(-200.0 * (x - 0.3) ** 2) + 0.5 * np.exp(-400.0 * (x - 0.7) ** 2)
    r = alpha * dt / (dx * dx)
    for step in range(steps):
        u[1:-1] = u[1:-1] + r * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        u[0] = 0.0
        u[-1] = 0.0
    return x, u, dt * steps


def advect(n, steps):
    x = np.linspace(0.0, 1.0, n, endpoint=False)
    dx = 1.0 / n
    c = 1.0
    dt = 0.5 * dx / c
    u = np.where((x > 0.1) & (x < 0.3), 1.0, 0.0)
    for step in range(steps):
        u = u - c * dt / dx * (u - np.roll(u, 1))
    return x, u


def main(n):
    steps = max(50, n // 20)
    x, u, t = heat(n, steps)
    print("heat: n=%d steps=%d t=%.6f" % (n, steps, t))
    print("  max %.8f at x=%.6f" % (u.max(), x[u.argmax()]))
    print("  heat content %.8f" % (u.sum() * (x[1] - x[0])))
    print("  mean %.8f std %.8f" % (u.mean(), u.std()))
    q = np.percentile(u, [10, 50, 90])
    print("  percentiles", np.round(q, 8))
    x2, v = advect(n, steps)
    print("advect: mass %.8f max %.8f centre %.6f" % (v.sum() / n, v.max(), (x2 * v).sum() / v.sum()))
    print("  above half:", int(np.count_nonzero(v > 0.5)))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
