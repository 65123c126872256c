# Bootstrap confidence intervals for the mean, the trimmed mean and the
# standard deviation of a skewed sample (legacy seeded resampling indices),
# with the percentile and the basic intervals and the bias estimate.
import sys

import numpy as np


def main(n):
    np.random.seed(5)
    sample = np.random.lognormal(1.0, 0.6, 400)
    idx = np.random.randint(0, sample.shape[0], size=(n, sample.shape[0]))
    boot = sample[idx]
    means = boot.mean(axis=1)
    sds = boot.std(axis=1, ddof=1)
    ordered = np.sort(boot, axis=1)
    k = sample.shape[0] // 10
    trimmed = ordered[:, k:-k].mean(axis=1)
    k0 = sample.shape[0] // 10
    stats = [("mean", sample.mean(), means),
             ("trimmed mean", np.sort(sample)[k0:-k0].mean(), trimmed),
             ("sd", sample.std(ddof=1), sds)]
    print("resamples %d of %d" % (n, sample.shape[0]))
    for name, est, dist in stats:
        lo, hi = np.percentile(dist, [2.5, 97.5])
        print("%-12s %.5f  bias %+.5f  se %.5f  percentile [%.4f, %.4f]  basic [%.4f, %.4f]"
              % (name, est, dist.mean() - est, dist.std(ddof=1), lo, hi, 2 * est - hi, 2 * est - lo))
    print("P(mean > 3.3) = %.4f" % (means > 3.3).mean())
    counts, edges = np.histogram(means, bins=8)
    print("mean histogram", counts, np.round(edges, 3))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
