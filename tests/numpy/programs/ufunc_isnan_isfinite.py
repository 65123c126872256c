import numpy as np
x = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(np.isnan(x), np.isfinite(x), np.isinf(x))
print(np.isnan(np.arange(3)), np.isfinite(np.arange(3)))
print(x[~np.isnan(x)], np.isnan(x).sum())
print(np.isnan(np.float64('nan')), np.isfinite(1.0))
