import numpy as np
# The same expression built again and again while one thing changes between
# iterations: a reused optimized plan must never serve a different graph.
# dtype changes (int division, float32 rounding, bool arithmetic)
n = 6000
for dt in ["float64", "float32", "int64", "int32", "float64", "int16", "bool", "float64", "uint8"]:
    a = (np.arange(n) % 7).astype(dt)
    b = (np.arange(n) % 5).astype(dt)
    c = (a * 3 + b) // 2 - a
    print(dt, c.dtype, c[:6], c[-4:], c.max(), c.min())
# shape changes, 1-D and 2-D, with broadcasting
for shape in [(6000,), (6001,), (5000,), (100, 60), (60, 100), (100, 60), (6000,), (1, 6000)]:
    x = np.arange(np.prod(shape), dtype=float).reshape(shape)
    y = x * 0.5 + np.sqrt(x) - x.T.T
    row = x[..., :1] if x.ndim == 2 else x[:1]
    z = y - row
    print(shape, z.shape, z.ravel()[:3], z.ravel()[-2:], round(float(z.sum()), 6))
# a broadcast operand that is a splat in one iteration and not in the next
base = np.arange(6000.0)
for k in range(6):
    other = np.full(6000, 2.0) if k % 2 else np.arange(6000.0)[::-1].copy()
    r = base * other + 1.0
    print(k, r[:3], r[-3:])
# the same shape with different strides (a view with a step, a transposed view)
m = np.arange(12000.0).reshape(120, 100)
for view in [m[:, :50], m[::2, :], m.T[:50], m[:, ::2], m[:60, :]]:
    w = view * 2.0 + view
    print(view.shape, w[0, :3], w[-1, -3:], w.sum())
