import numpy as np
# In-place operators on slices: `u[r] += x` is `v = u[r]; v += x; u[r] = v`,
# and the last store writes the region's own values back (a no-op, also for
# views other arrays and pending expressions still read).
u = np.arange(36.0).reshape(6, 6)
keep = u[1:-1, 1:-1] * 1.0          # pending: reads the old values
old_view = u[::2, ::2]
u[1:-1, 1:-1] += 0.5 * u[1:-1, 1:-1]
print(u)
print(keep.sum(), old_view)
u[1:-1, 1:-1] *= u[:-2, 2:]          # reads a region it overlaps
print(u)
u[::-2, 1::2] -= u[::2, ::2]         # negative steps
print(u)
v = u[2:5, ::3]
v /= 4
u[2:5, ::3] = v                       # the same region, written back
print(u, v.base is u or v.shape)
u[1:, :] = u[:-1, :]                  # overlapping: still copies
print(u)
u.T[::2] += 1                         # through a transpose
print(u)
w = np.linspace(0.0, 1.0, 5000)
w[10:-10] += w[10:-10] ** 2           # a large region
print(w[8:13], w[-12:-8], w.sum())
w[::3] = w[::3]                       # a view assigned onto itself
print(w[:4], w.sum())
# transpose takes its axes as any sequence of ints (an index array too).
t = np.arange(24).reshape(2, 3, 4)
print(t.transpose(np.array([2, 0, 1])).shape, np.transpose(t, range(3)).shape, t.transpose((1, 2, 0))[0, 0])
