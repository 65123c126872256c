import numpy as np
rng = np.random.default_rng(7)
x = np.linspace(0, 10, 50)
y = 2.5 * x + 1.0 + rng.normal(0, 0.5, size=50)
xm, ym = x.mean(), y.mean()
slope = ((x - xm) * (y - ym)).sum() / ((x - xm) ** 2).sum()
intercept = ym - slope * xm
print(round(float(slope), 6), round(float(intercept), 6))
pred = slope * x + intercept
ss_res = ((y - pred) ** 2).sum()
ss_tot = ((y - ym) ** 2).sum()
print(round(float(1 - ss_res / ss_tot), 6))
X = np.stack([x, np.ones_like(x)], axis=1)
XtX = X.T @ X
Xty = X.T @ y
det = XtX[0, 0] * XtX[1, 1] - XtX[0, 1] * XtX[1, 0]
a = (XtX[1, 1] * Xty[0] - XtX[0, 1] * Xty[1]) / det
print(round(float(a), 6))
