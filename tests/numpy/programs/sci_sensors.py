# A daily report over temperature sensor logs: gaps as NaN, per-sensor
# percentiles and histograms, outlier flags by the interquartile range, and
# hourly means.
import sys

import numpy as np


def main(n):
    sensors = 8
    np.random.seed(99)
    hours = np.arange(n) % 24
    base = 18.0 + 6.0 * np.sin((hours - 9) / 24.0 * 2 * np.pi)
    data = base[:, None] + np.random.normal(0.0, 0.8, (n, sensors)) + np.arange(sensors) * 0.25
    spikes = np.random.random_sample((n, sensors)) < 0.004
    data[spikes] += 15.0
    gaps = np.random.random_sample((n, sensors)) < 0.01
    data[gaps] = np.nan
    print("readings %d x %d sensors, missing %d" % (n, sensors, np.isnan(data).sum()))
    q1, med, q3 = np.nanpercentile(data, [25, 50, 75], axis=0)
    iqr = q3 - q1
    hi = q3 + 1.5 * iqr
    lo = q1 - 1.5 * iqr
    with np.errstate(invalid="ignore"):
        out = (data > hi) | (data < lo)
    print("sensor   median     iqr  outliers   mean(clean)")
    for s in range(sensors):
        col = data[:, s]
        ok = ~np.isnan(col) & ~out[:, s]
        print("%6d %8.3f %7.3f %9d %12.4f" % (s, med[s], iqr[s], out[:, s].sum(), col[ok].mean()))
    clean = np.where(out, np.nan, data)
    allv = clean[~np.isnan(clean)]
    hist, edges = np.histogram(allv, bins=10)
    print("histogram edges", np.round(edges, 2))
    print("histogram counts", hist.tolist())
    hourly = np.array([np.nanmean(clean[hours == h]) for h in range(24)])
    print("warmest hour %d (%.3f), coldest hour %d (%.3f)" % (hourly.argmax(), hourly.max(), hourly.argmin(), hourly.min()))
    print("p1/p99 %.4f %.4f" % tuple(np.percentile(allv, [1, 99])))
    print("daily ranges", np.round(np.ptp(np.nanmean(clean, axis=1)[: (n // 24) * 24].reshape(-1, 24), axis=1)[:5], 3))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 480)
