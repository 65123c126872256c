import os
import tempfile

import numpy as np

a = np.arange(6).reshape(2, 3)
v = a.view()
v[0, 0] = 99
print(a[0, 0], a.view(np.int64).shape, a.flags["C_CONTIGUOUS"], a.flags.f_contiguous, a.T.flags.c_contiguous, a.T.flags["F"])
print(bytes(a.data)[:8], a.strides, a.T.strides, a[:, ::2].strides)
d = tempfile.mkdtemp()
a.tofile(os.path.join(d, "a.bin"))
print(np.fromfile(os.path.join(d, "a.bin"), dtype=np.int64))
a.tofile(os.path.join(d, "a.txt"), sep=",")
print(open(os.path.join(d, "a.txt")).read())
print(a.nonzero(), a.take([0, 4]), a.repeat(2), a.swapaxes(0, 1).shape, a.diagonal(), a.trace(), np.arange(5).searchsorted(3))
b = np.array([3, 1, 2])
b.partition(1)
print(b, np.array([9, 2, 5]).argpartition(0)[0], np.array([0, 1]).choose([[1, 2], [3, 4]]), a.compress([True, False], axis=0), a.conj())
c = np.zeros(4)
c.put([0, 2], [5, 6])
print(c, np.float64(2.567).round(1), np.int8(5).any(), np.float32(3.5).reshape(1), np.float64(4.0).sum())
