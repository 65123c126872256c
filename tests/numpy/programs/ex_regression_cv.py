# Regression with k-fold cross-validation: choose a polynomial degree with
# polyfit/polyval, then fit a linear model on several features with lstsq.
import numpy as np

rng = np.random.default_rng(42)
n = 60
x = np.sort(rng.uniform(-3, 3, size=n))
y = 0.5 * x ** 3 - x ** 2 + 2 * x + 1 + rng.normal(0, 2.0, size=n)

k = 5
folds = np.array_split(np.argsort(rng.random(n)), k)
print([f.shape[0] for f in folds])
results = []
for deg in range(1, 7):
    errs = []
    for i in range(k):
        test = folds[i]
        train = np.concatenate([folds[j] for j in range(k) if j != i])
        c = np.polyfit(x[train], y[train], deg)
        pred = np.polyval(c, x[test])
        errs.append(np.mean((pred - y[test]) ** 2))
    results.append(np.mean(errs))
    print("degree", deg, "cv mse", round(float(results[-1]), 6))
best = int(np.argmin(results)) + 1
print("best degree", best)
coef = np.polyfit(x, y, best)
print("coefficients", np.round(coef, 4))
resid = y - np.polyval(coef, x)
print("residual std", round(float(resid.std()), 4), "r2", round(float(1 - resid.var() / y.var()), 4))

# A multivariate linear model.
X = np.column_stack([np.ones(n), x, np.sin(x), x ** 2])
beta, res, rank, sv = np.linalg.lstsq(X, y, rcond=None)
print("beta", np.round(beta, 4), "rank", rank, "residual", np.round(res, 3), "singular values", np.round(sv, 4))
beta2 = np.linalg.solve(X.T @ X, X.T @ y)
print("normal equations agree:", np.allclose(beta, beta2))
print("condition number", round(float(np.linalg.cond(X)), 3), "norm", round(float(np.linalg.norm(X)), 4))
inv = np.linalg.inv(X.T @ X)
print("inverse check", np.allclose(inv @ (X.T @ X), np.eye(4)), "det>0", np.linalg.det(X.T @ X) > 0)
