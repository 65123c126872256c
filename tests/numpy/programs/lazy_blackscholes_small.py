import numpy as np
def erf_approx(x):
    s = np.sign(x)
    ax = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * ax)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-ax * ax)
    return s * y
def cnd(d):
    return 0.5 * (1.0 + erf_approx(d / np.sqrt(2.0)))
n = 40000
i = np.arange(n, dtype=np.float64)
S = 50.0 + (i % 50.0)
K = 40.0 + (i % 37.0)
T = 0.5 + (i % 5.0) / 4.0
r, v = 0.02, 0.3
sqrt_t = np.sqrt(T)
d1 = (np.log(S / K) + (r + 0.5 * v * v) * T) / (v * sqrt_t)
d2 = d1 - v * sqrt_t
call = S * cnd(d1) - K * np.exp(-r * T) * cnd(d2)
put = K * np.exp(-r * T) * cnd(-d2) - S * cnd(-d1)
print("%.4f %.4f" % (float(call.sum()) / n, float(put.sum()) / n))
print(call[:3], put[-3:])
