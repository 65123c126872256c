# numpy.linalg's array-API names (NumPy 2): matrix_norm, vector_norm,
# svdvals, matrix_transpose, diagonal, trace, outer, cross, matmul,
# vecdot, tensordot, tensorinv, tensorsolve.
import numpy as np

LA = np.linalg
a = np.array([[3.0, 1.0, 2.0], [1.0, 4.0, 0.5], [2.0, 0.5, 5.0]])
b = np.arange(12.0).reshape(2, 2, 3)
print(LA.matrix_norm(a), LA.matrix_norm(a, ord=1), LA.matrix_norm(a, ord=np.inf))
print(LA.matrix_norm(b, keepdims=True))
print(LA.vector_norm(a), LA.vector_norm(a, axis=0), LA.vector_norm(a, ord=1, axis=1))
print(LA.vector_norm(np.array([3, 4])), LA.vector_norm(a, ord=np.inf), LA.vector_norm(a, axis=(0, 1), keepdims=True))
print(np.round(LA.svdvals(np.array([[2.0, 0.0], [0.0, 3.0]])), 12))
print(LA.svdvals(np.diag([4.0, 1.0, 9.0])))
print(LA.matrix_transpose(b))
print(LA.diagonal(b), LA.diagonal(a, offset=1))
print(LA.trace(a), LA.trace(b), LA.trace(a, offset=-1))
print(LA.outer(np.array([1, 2, 3]), np.array([4, 5])))
print(LA.cross(np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])))
print(LA.cross(np.array([[1, 2, 3], [4, 5, 6]]), np.array([[7, 8, 9], [1, 0, 1]])))
print(LA.matmul(a, a), LA.matmul(b, a).shape)
print(LA.vecdot(a, a), LA.vecdot(np.array([1, 2, 3]), np.array([4, 5, 6])))
print(LA.tensordot(b, b, axes=([1, 2], [1, 2])))
print(LA.tensordot(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2), axes=1))
m = np.eye(6).reshape(6, 2, 3) * 2.0
inv = LA.tensorinv(m, ind=1)
print(inv.shape, inv[0])
t = np.eye(6).reshape(2, 3, 6) * 4.0
x = LA.tensorsolve(t, np.arange(6.0).reshape(2, 3))
print(x.shape, x)
for bad in [lambda: LA.cross(np.array([1, 2]), np.array([3, 4])),
            lambda: LA.matrix_norm(np.array([1.0, 2.0])),
            lambda: LA.svdvals(np.array([1.0, 2.0]))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
