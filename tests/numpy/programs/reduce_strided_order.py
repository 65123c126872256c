import numpy as np
# Float sums, means and products of strided views round exactly as NumPy's:
# NumPy visits the data in memory order (largest stride outermost), sums
# pieces of the innermost reduced axes pairwise (whole runs longer than its
# 8192-element buffer, else buffers of whole rows) and adds kept-axis
# elements one reduced index at a time. Printed with every digit.
rng = np.random.default_rng(1)


def show(*xs):
    print(*[x.tolist() if hasattr(x, "tolist") else x for x in xs])


a = rng.random(1001) * 1e3
show(a[::-1].sum(), a[::3].sum(), a[::-7].mean())
b = rng.random((300, 7)) * 1e3
show(b.T.sum(axis=1)[:3], b[::-1].sum(axis=0)[:3], b.T.mean(axis=1)[:2])
c = rng.random((7, 300)) * 1e3
show(c[:, ::-1].sum(axis=1)[:3], c.T.sum(axis=0)[:3], c.T.sum(), c[:, ::2].sum())
d = rng.random((40, 50, 60))
show(d.transpose(1, 2, 0).sum(axis=(0, 2))[:2], d.transpose(2, 0, 1).sum(axis=2)[0, :2])
show(d[::-1, :, ::-1].sum(axis=(0, 2))[:2], d.transpose(1, 2, 0).mean(axis=1)[0, :2])
show(d.T.sum(), d[::-1].sum(), d[:, :, ::-1].sum(), d[:, 1:-1, 1:-1].sum())
# The interior of a grid: rows of 398 out of 400 go through the buffer
# 20 at a time; rows longer than the buffer are summed whole.
g = rng.random((300, 400)) * 10
show(g[1:-1, 1:-1].sum(), g[1:-1, 1:-1].mean(), g[:, ::3].sum(), g[::2, 1:].sum(axis=1)[:2])
long = rng.random((3, 9000))
show(long[:, 1:].sum(), long[:, ::2].sum(), long.T[1:].sum(axis=0))
# Views of pending arrays are stored first, then reduced the same way.
p = g * 1.5
show(p[1:-1, 1:-1].sum(), p.reshape(400, 300)[:, ::3].mean(), p.T.sum(axis=1)[:2])
# Products multiply in memory order too; float32 sums stay float32.
q = rng.random((30, 40)) + 0.5
show(q.T.prod(axis=1)[:3], q[::-1, ::2].prod(), q.T.prod())
f = (rng.random((200, 300)) * 100).astype(np.float32)
show(f.T.sum(axis=1)[:3], f[1:-1, 1:-1].sum(), f[::2, ::-3].mean(axis=0)[:2], f.T.sum())
# Random views: transposes, steps, negative steps; any axes.
for trial in range(40):
    nd = int(rng.integers(1, 4))
    shape = [int(rng.integers(1, 30)) for _ in range(nd)]
    if rng.random() < 0.3:
        shape[int(rng.integers(nd))] = int(rng.integers(100, 400))
    v = rng.random(shape) * 100 - 30
    if rng.random() < 0.5:
        v = v.transpose(np.argsort(rng.random(nd)))
    steps = [[1, 1, 2, 3, -1, -2][int(rng.integers(0, 6))] for _ in range(nd)]
    v = v[tuple(slice(None, None, s) for s in steps)]
    k = int(rng.integers(0, nd + 1))
    axes = None if k == 0 else tuple(sorted(np.argsort(rng.random(nd))[:k].tolist()))
    r = v.sum(axis=axes)
    show(trial, v.shape, axes, np.asarray(r).ravel()[:3], v.mean(axis=axes) if axes is None else r.size)
