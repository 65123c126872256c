# histogram2d and histogramdd: counts, explicit edges, ranges, density, weights, errors.
import numpy as np
x = np.sin(np.arange(500) * 0.3) * 2
y = np.cos(np.arange(500) * 0.7) + np.arange(500) * 0.001
def t(label, f):
    try:
        r = f()
        print(label, repr(r))
    except Exception as e:
        print(label, "EXC", type(e).__name__, e)
t("h2", lambda: np.histogram2d(x, y, bins=4))
t("h2 bins list", lambda: np.histogram2d(x, y, bins=[3, 2]))
t("h2 edges", lambda: np.histogram2d(x, y, bins=[-2, 0, 1, 2]))
t("h2 range", lambda: np.histogram2d(x, y, bins=3, range=[[-1, 1], [0, 1]]))
t("h2 density", lambda: np.histogram2d(x, y, bins=3, density=True)[0])
t("h2 weights", lambda: np.histogram2d(x, y, bins=2, weights=x * y)[0])
t("hdd", lambda: np.histogramdd(np.stack([x, y, x * y], axis=1), bins=(2, 3, 2)))
t("hdd seq", lambda: np.histogramdd([x, y], bins=2)[0])
t("hdd 1d", lambda: np.histogramdd(x, bins=5))
t("hdd err", lambda: np.histogramdd(np.stack([x, y], axis=1), bins=[2, 0]))
t("hdd int", lambda: np.histogramdd(np.arange(12).reshape(6, 2), bins=2))
