import numpy as np
# Views of pending arrays are graph nodes; they share memory with their base
# once it is computed, exactly as NumPy's views do.
n = 6000
a = np.arange(n, dtype=np.float64)
p = a * 2.0 + 1.0          # pending
v = p[::3]                 # a view of a pending array
print(v.shape, v[:4], v[-2:])
w = p[::-7]
print(w.shape, w[:3])
q = p.reshape(60, 100)
print(q.shape, q[1, :3], q.T.shape, q.T[2, :3])
r = p.reshape(60, 100).T[::5, 1::9]
print(r.shape, r[0], r.sum())
print(p[None, ..., None].shape, p[..., 10:13])
s = np.swapaxes(p.reshape(30, 2, 100), 0, 2)
print(s.shape, s[0, 1, :4])
t = p.reshape(60, 100).transpose(1, 0)
print(t.ravel()[:5], t.ravel().shape)
print(q.ravel()[100:104])
# A write through a view of a pending array is seen by the base and the
# other views; a write to the base is seen by the views.
b = a + 0.5
bv = b[10:20]
bw = b[::2]
bv[0] = -1.0
print(b[9:12], bw[5], bw[4:7])
b[12] = -2.0
print(bv[:4])
# x = a[::2]; a[0] = 5; print(x): x is a view, it sees the write.
c = np.arange(10.0) + 100.0
x = c[::2]
c[0] = 5
print(x)
# A pending expression reads the old values of a view written later.
d = np.arange(8000.0) * 1.0
dv = d[::2]
e = dv * 10.0
dv[:] = 0.0
print(e[:4], d[:4], e.sum())
# Fused reductions of views of pending data.
f = np.linspace(0.0, 1.0, 9000) ** 2
print(f[::2].sum(), f[1::2].max(), f.reshape(90, 100)[:, ::3].mean())
print(f.reshape(90, 100).sum(axis=0)[:3], f.reshape(90, 100)[::-1, ::2].sum(axis=1)[:3])
