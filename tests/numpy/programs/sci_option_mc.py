# Monte-Carlo pricing of European and Asian call options under geometric
# Brownian motion, with the legacy seeded API and antithetic variates,
# against the Black-Scholes formula.
import math
import sys

import numpy as np


def black_scholes_call(s0, k, r, sigma, t):
    d1 = (math.log(s0 / k) + (r + 0.5 * sigma * sigma) * t) / (sigma * math.sqrt(t))
    d2 = d1 - sigma * math.sqrt(t)
    cdf = lambda x: 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
    return s0 * cdf(d1) - k * math.exp(-r * t) * cdf(d2)


def main(n):
    s0, k, r, sigma, t = 100.0, 105.0, 0.03, 0.25, 1.0
    steps = 12
    dt = t / steps
    np.random.seed(2024)
    z = np.random.standard_normal((n, steps))
    z = np.concatenate([z, -z])
    increments = (r - 0.5 * sigma ** 2) * dt + sigma * math.sqrt(dt) * z
    paths = s0 * np.exp(np.cumsum(increments, axis=1))
    disc = math.exp(-r * t)
    euro = disc * np.maximum(paths[:, -1] - k, 0.0)
    asian = disc * np.maximum(paths.mean(axis=1) - k, 0.0)
    m = euro.shape[0]
    print("paths %d x %d steps" % (m, steps))
    print("european %.4f +- %.4f (black-scholes %.4f)" % (euro.mean(), 1.96 * euro.std(ddof=1) / math.sqrt(m),
                                                        black_scholes_call(s0, k, r, sigma, t)))
    print("asian    %.4f +- %.4f" % (asian.mean(), 1.96 * asian.std(ddof=1) / math.sqrt(m)))
    itm = (paths[:, -1] > k).mean()
    print("in the money %.4f" % itm)
    final = paths[:, -1]
    print("terminal quantiles", np.round(np.quantile(final, [0.05, 0.25, 0.5, 0.75, 0.95]), 3))
    print("max drawdown mean %.5f" % (1.0 - (paths / np.maximum.accumulate(paths, axis=1)).min(axis=1)).mean())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
