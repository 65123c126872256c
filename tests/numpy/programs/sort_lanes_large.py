# Sorts along an axis of arrays large enough to run their lanes on several
# threads: NaN lanes, strided and reversed lanes, ties in argsort,
# partition, integer lanes and empty ones (NumPy's default sorts do not
# keep ties in order: ties are argsorted with kind="stable").
import numpy as np

rng = np.random.RandomState(3)
m = np.round(rng.standard_normal((300, 200)), 1)
m[5, ::7] = np.nan
m[9, :] = np.nan
s = np.sort(m, axis=1)
print(s.shape, np.isnan(s).sum(axis=1)[:12], s[5, :3], s[5, -30:-26], s[9, :2])
print(float(np.nansum(s)), s[:4, :5])
c = np.sort(m, axis=0)
print(c[:3, :4], np.isnan(c[-1]).sum(), float(np.nansum(c[:150])))
r = np.sort(m[::-2, ::3], axis=1)
print(r.shape, r[:3, :5])
u = rng.standard_normal((300, 200))
u[5, ::7] = np.nan
a = np.argsort(u, axis=1)
print(a[:3, :8], a[5, :5], np.argsort(m, axis=1, kind="stable")[9, :6])
t = np.argsort(np.round(m, 0), axis=1, kind="stable")
print(t[:2, :10])
p = np.partition(m[10:] + 0.0, 100, axis=1)
print(p[:, 100][:6], bool((p[:, :100] <= p[:, 100:101]).all()), bool((p[:, 101:] >= p[:, 100:101]).all()))
i = rng.randint(-50, 50, size=(400, 160))
print(np.sort(i, axis=1)[:2, :10], np.sort(i, axis=0)[-1, :10], np.argsort(i, axis=1, kind="stable")[:1, :10])
z = np.sort(m, axis=1) - np.sort(m.copy(), axis=-1)
print(np.nansum(np.abs(z)))
print(np.sort(np.zeros((0, 5)), axis=1).shape, np.sort(np.zeros((40000, 0)), axis=1).shape, np.sort(np.ones((3, 0, 2)), axis=1).shape)
print(np.median(m[10:], axis=1)[:5], np.percentile(m[10:], [10, 90], axis=1)[:, :3])
