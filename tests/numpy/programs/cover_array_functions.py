# Array functions without a test of their own elsewhere: apply_over_axes,
# asanyarray, asfortranarray, astype, atleast_3d, broadcast_arrays,
# diag_indices_from, diagonal, dsplit, vsplit, isfortran, ix_,
# mask_indices, tril/triu_indices_from, ndenumerate, place, put,
# put_along_axis, putmask, require, row_stack, setxor1d, unique_values,
# matvec, vecmat, vecdot, matrix_transpose, poly and polyadd/sub/mul/div.
import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(np.apply_over_axes(np.sum, a, [0, 2]))
print(np.apply_over_axes(np.max, a, 1).shape)
b = np.asanyarray([1, 2, 3])
print(b, np.asanyarray(b) is b, np.asanyarray([1.5], dtype=np.float32))
f = np.asfortranarray(np.arange(6).reshape(2, 3))
print(f, f.flags["F_CONTIGUOUS"], f.flags["C_CONTIGUOUS"], np.isfortran(f), np.isfortran(np.arange(6).reshape(2, 3)))
print(np.astype(np.array([1.7, -2.2]), np.int32), np.astype(np.arange(3), np.float64, copy=False))
print(np.atleast_3d(5).shape, np.atleast_3d(np.arange(3)).shape, np.atleast_3d(np.ones((2, 3))).shape)
x, y = np.broadcast_arrays(np.array([[1], [2]]), np.array([10, 20, 30]))
print(x, y, x.shape == y.shape)
m = np.arange(16).reshape(4, 4)
print(np.diag_indices_from(m), m[np.diag_indices_from(m)])
print(np.diagonal(m, 1), np.diagonal(m, 1), np.diagonal(m[:, :3]))
print(np.dsplit(a, 2)[1], np.vsplit(m, 2)[0], np.vsplit(m, [1, 3])[1])
ix = np.ix_([0, 2], [1, 3])
print(ix, m[ix])
iu = np.mask_indices(3, np.triu)
print(iu, np.mask_indices(3, np.tril, -1))
print(np.tril_indices_from(m), np.triu_indices_from(m, k=2))
for idx, v in np.ndenumerate(np.array([[1, 2], [3, 4]])):
    print(idx, v)
p = np.arange(6)
np.place(p, p % 2 == 1, [44, 55])
print(p)
q = np.arange(5)
np.put(q, [0, 2], [-1, -2])
np.put(q, 7, 9, mode="clip")
print(q)
g = np.array([[10, 30, 20], [60, 40, 50]])
np.put_along_axis(g, np.argmax(g, axis=1, keepdims=True), 0, axis=1)
print(g)
h = np.arange(6).reshape(2, 3)
np.putmask(h, h > 2, h ** 2)
print(h)
z = np.putmask(np.zeros(4), np.array([True, False, True, False]), [7, 8])
r2 = np.require(np.arange(4), dtype=np.float32, requirements=["C", "A", "W"])
print(z, r2, r2.dtype, r2.flags["WRITEABLE"])
import warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(np.row_stack([np.arange(3), np.arange(3, 6)]))
print(np.setxor1d([1, 2, 3, 4], [3, 4, 5, 6]), np.setxor1d(np.array([5, 1, 1]), np.array([1, 7])))
print(np.sort(np.unique_values(np.array([3, 1, 3, 2, 1]))))  # NumPy leaves the order unspecified
mat = np.arange(6.0).reshape(2, 3)
print(np.matvec(mat, np.array([1.0, 0.0, 2.0])), np.vecmat(np.array([1.0, 2.0]), mat))
print(np.vecdot(mat, np.array([1.0, 1.0, 1.0])), np.vecdot(np.arange(3), np.arange(3)))
print(np.matrix_transpose(a).shape, np.matrix_transpose(mat))
print(np.poly([1, 2, 3]), np.poly(np.array([[1.0, 2.0], [3.0, 4.0]])))
print(np.polyadd([1, 2], [9, 5, 4]), np.polysub([1, 2, 3], [1, 1]), np.polymul([1, 2], [1, -3]))
quo, rem = np.polydiv([1.0, -3.0, 2.0], [1.0, -1.0])
print(quo, rem, np.polydiv(np.array([3.0, 5.0, 2.0]), np.array([2.0, 1.0])))
