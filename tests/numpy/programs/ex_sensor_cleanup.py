# Sensor-log clean-up: a temperature log with dropouts (NaN), spikes and a
# stuck sensor; detect, mask, fill, smooth and summarize.
import numpy as np

rng = np.random.default_rng(11)
n = 200
t = np.arange(n)
temp = 20 + 5 * np.sin(2 * np.pi * t / 96) + rng.normal(0, 0.3, n)
temp[rng.integers(0, n, 12)] = np.nan            # dropouts
spikes = rng.integers(0, n, 6)
temp[spikes] += np.where(np.arange(6) % 2 == 0, 30.0, -25.0)
temp[150:160] = temp[149]                        # stuck sensor
print("nan count", np.count_nonzero(np.isnan(temp)), "raw range", np.nanmin(temp).round(3), np.nanmax(temp).round(3))

med = np.nanmedian(temp)
q1, q3 = np.nanpercentile(temp, [25, 75])
iqr = q3 - q1
lo, hi = q1 - 3 * iqr, q3 + 3 * iqr
print("median", round(float(med), 4), "iqr", round(float(iqr), 4), "bounds", round(float(lo), 3), round(float(hi), 3))
outlier = (temp < lo) | (temp > hi)
print("outliers at", np.flatnonzero(outlier))
clean = np.where(outlier, np.nan, temp)

stuck = np.concatenate([[False], np.diff(clean) == 0])
print("stuck samples", np.count_nonzero(stuck))
clean[stuck] = np.nan

valid = ~np.isnan(clean)
idx = np.where(valid, t, 0)
idx = np.maximum.accumulate(idx)
filled = clean[idx]
filled = np.nan_to_num(filled, nan=float(med))
print("filled nan count", np.count_nonzero(np.isnan(filled)), "first values", np.round(filled[:5], 3))

kernel = np.ones(5) / 5
smooth = np.convolve(filled, kernel, mode="same")
print("smoothed", np.round(smooth[::25], 3))
daily = filled[: (n // 24) * 24].reshape(-1, 24)
print("daily mean", np.round(daily.mean(axis=1), 3))
print("daily max-min", np.round(np.ptp(daily, axis=1), 3))
print("quantiles", np.round(np.quantile(filled, [0.05, 0.5, 0.95]), 4))
ranks = np.argsort(np.argsort(filled))
print("rank of hottest", ranks.max(), "index", int(np.argmax(filled)))
deriv = np.gradient(smooth)
print("fastest rise", round(float(deriv.max()), 4), "at", int(deriv.argmax()))
print(np.round(np.histogram(filled, bins=6)[0], 0), np.round(np.histogram(filled, bins=6)[1], 3))
