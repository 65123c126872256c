# np.where whose branches call the C library (exp, log, sin, ...): hipy's
# fused loops compute such a branch only where it is taken; the values must
# be those of computing everything.
import numpy as np

x = (np.arange(5000, dtype=np.float64) * 0.6180339887498949) % 1.0 * 4.0 - 2.0

# One level, the two branches costly.
a = np.where(x < 0.0, np.exp(x), np.log(x + 3.0))
print(a.dtype, a.shape, float(a.sum()), [float(v).hex() for v in a[:4]])

# Nested, with a value shared by two branches and by the condition.
e = np.exp(x)
b = np.where(x < -1.0, np.sin(x), np.where(e < 2.0, np.cos(e), np.tanh(e) * 2.0))
print(float(b.sum()), float(b.min()), float(b.max()))

# A costly value that is also stored (printed afterwards) is computed everywhere.
s = np.cosh(x)
c = np.where(x > 1.5, s, 0.0)
print(float(c.sum()), float(s.sum()))

# The condition computed after the branch values; a branch used twice.
t = np.exp(x)
u = np.where(np.abs(x) > 0.5, t, -t)
v = np.where(np.abs(x) > 0.5, t * 2.0, t)
print(float(u.sum()), float(v.sum()))

# A condition that is all true or all false in parts of the array.
w = np.where(np.arange(5000) < 2500, np.expm1(x), np.log1p(x + 2.5))
print(float(w.sum()), [float(v).hex() for v in w[2498:2502]])

# Reductions of a select of costly branches, and a scalar condition.
# (the same select with its branches computed everywhere first: equal)
r = np.where(x > 0.0, np.log(x + 1.0), np.exp(x))
full_log, full_exp = np.log(x + 1.0), np.exp(x)
print(float(full_log[-1]), float(full_exp[0]))
print(bool((r == np.where(x > 0.0, full_log, full_exp)).all()), float(r.max()))
print(float(np.where(True, np.log(x + 2.5), np.exp(x)).sum()))

# Nested three deep, with nan and inf from the untaken lanes.
z = np.where(x > 1.0, np.log(x - 1.0), np.where(x > 0.0, np.sqrt(x), np.where(x > -1.0, np.arcsin(x), np.arccos(x / 2.0))))
print(bool(np.isnan(z).any()), bool(np.isinf(z).any()), float(z.sum()))
